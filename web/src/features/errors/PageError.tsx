/**
 * Page errors inside the layout (SPEC.md §2, §8): a 404 shows "Page not found: <path>", any
 * other error the generic Internal Server Error page; both lead back home.
 */
import { Button, Container } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import styles from '../pages/Page.module.css';

export function PageError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const to = useLocalizePath();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof window !== 'undefined') console.error(error);
  return (
    <Container className={styles.page}>
      <h1>
        <FormattedMessage id={notFound ? 'notFound.title' : 'error.title'} />
      </h1>
      <p className={styles.lead}>
        {notFound ? <FormattedMessage id="notFound.message" values={{ path: pathname }} /> : <FormattedMessage id="error.message" />}
      </p>
      <Button asChild>
        <Link to={to('/')}>
          <FormattedMessage id={notFound ? 'notFound.home' : 'error.home'} />
        </Link>
      </Button>
    </Container>
  );
}
