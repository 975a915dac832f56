/**
 * Page errors inside the layout (SITE-PAGES): a 404 shows "Page not found: <path>", any
 * other error the generic Internal Server Error page; both lead back home. The 404 also helps the
 * visitor on: a search of pages and products (a plain GET form to the catalogue, `?q=`, so it
 * works without JavaScript in the document) and the popular pages (home, catalogue, news, request
 * form, FAQ) in the page's language; the status stays 404. A failed page-chunk load hands over to
 * the build watcher, which reloads once when a newer build is deployed.
 */
import { Button, Container, Heading, Text, TextField } from '@studio/ui';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { getBuildWatcher, isChunkLoadError } from '../../app/buildWatcher';
import { useLocalizePath } from '../../i18n/useLocale';
import { ButtonLink, TextLink } from '../../app/links';
import styles from '../../styles/Page.module.css';
import help from './PageError.module.css';

/** The popular pages a 404 offers, with the message naming each. */
export const POPULAR_PAGES = [
  { to: '/', label: 'nav.home' },
  { to: '/products', label: 'nav.products' },
  { to: '/news', label: 'nav.news' },
  { to: '/order', label: 'nav.order' },
  { to: '/faq', label: 'nav.faq' },
] as const;

/** The 404's help: the search form and the popular pages (SITE-PAGES). */
function NotFoundHelp() {
  const intl = useIntl();
  const localize = useLocalizePath();
  return (
    <>
      {/* A search link, not data for the server: a plain GET form with the browser's own check, so it works without JavaScript (useSchemaForm's forms need it). */}
      <form method="get" action={localize('/products')} role="search" aria-labelledby="not-found-search" className={help.help}>
        <Heading level={2} size="lg" id="not-found-search">
          <FormattedMessage id="notFound.search.title" />
        </Heading>
        <div className={help.searchRow}>
          <TextField type="search" name="q" label={intl.formatMessage({ id: 'notFound.search.label' })} maxLength={200} required className={help.searchField} />
          <Button type="submit">
            <FormattedMessage id="notFound.search.submit" />
          </Button>
        </div>
      </form>
      <nav aria-labelledby="not-found-popular" className={help.help}>
        <Heading level={2} size="lg" id="not-found-popular">
          <FormattedMessage id="notFound.popular" />
        </Heading>
        <ul className={help.links}>
          {POPULAR_PAGES.map((page) => (
            <li key={page.to}>
              <TextLink to={page.to}>
                <FormattedMessage id={page.label} />
              </TextLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

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
      {notFound ? <NotFoundHelp /> : null}
      <ButtonLink to="/">
        <FormattedMessage id={notFound ? 'notFound.home' : 'error.home'} />
      </ButtonLink>
    </Container>
  );
}
