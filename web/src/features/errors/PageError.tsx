/**
 * Page errors inside the layout (SITE-PAGES): a 404 shows "Page not found: <path>", any
 * other error the generic Internal Server Error page; both lead back home. A failed page-chunk
 * load hands over to the build watcher, which reloads once when a newer build is deployed.
 */
import { Container, Heading, Text } from '@studio/ui';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { getBuildWatcher, isChunkLoadError } from '../../app/buildWatcher';
import { ButtonLink } from '../layout/links';
import styles from '../pages/Page.module.css';

export function PageError() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Route validation (bad slug or id) names the full path, query included (SITE-PAGES).
  const invalid = notFound && typeof error.data === 'string' && error.data.startsWith('Page Not Found: ');
  if (!notFound && typeof window !== 'undefined') console.error(error);
  // A page chunk of an older build could not load: reload once onto the new build (SITE-BUILD).
  useEffect(() => {
    if (isChunkLoadError(error)) void getBuildWatcher()?.onChunkError();
  }, [error]);
  return (
    <Container className={styles.page}>
      <Heading level={1} size="2xl">
        <FormattedMessage id={notFound ? 'notFound.title' : 'error.title'} />
      </Heading>
      <Text size="lg" tone="muted" className={styles.lead}>
        {invalid ? (
          <FormattedMessage id="notFound.invalid" values={{ path: pathname + search }} />
        ) : notFound ? (
          <FormattedMessage id="notFound.message" values={{ path: pathname }} />
        ) : (
          <FormattedMessage id="error.message" />
        )}
      </Text>
      <ButtonLink to="/">
        <FormattedMessage id={notFound ? 'notFound.home' : 'error.home'} />
      </ButtonLink>
    </Container>
  );
}
