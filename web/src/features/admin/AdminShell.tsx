/**
 * The frame of every administrators' page (ADMIN-AREA): the back-office navigation (overview,
 * requests, news, products, users, payouts, audit log, analytics; the current section marked with `aria-current`), the
 * page heading with optional actions, and the page's `content` — a skeleton on the server and until
 * hydration (admin data is fetched in the browser with the bearer token, network-only), then the
 * content under Suspense (`fallback`, a list skeleton by default) and an error boundary that offers
 * to try again with a new `fetchKey`. The route gate (adminGate.ts) has already sent everyone but
 * administrators to the 404 page.
 */
import { Container, Heading, Skeleton, Text, VisuallyHidden } from '@studio/ui';
import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useHydrated } from '../../app/useHydrated';
import { useLocalizePath } from '../../i18n/useLocale';
import { LoadErrorBoundary } from '../../account/LoadErrorBoundary';
import styles from './AdminShell.module.css';

/** The back-office sections, in navigation order: path (without locale) and message id. */
export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'admin.nav.overview', end: true },
  { to: '/admin/requests', label: 'admin.nav.requests', end: false },
  { to: '/admin/news', label: 'admin.nav.news', end: false },
  { to: '/admin/products', label: 'admin.nav.products', end: false },
  { to: '/admin/users', label: 'admin.nav.users', end: false },
  { to: '/admin/payouts', label: 'admin.payouts.nav', end: false },
  { to: '/admin/audit', label: 'admin.nav.audit', end: false },
  { to: '/admin/analytics', label: 'admin.nav.analytics', end: false },
] as const;

/** A list-shaped skeleton, announced as loading. */
export function AdminSkeleton(props: { rows?: number }) {
  return (
    <div role="status" className={styles.skeleton}>
      <VisuallyHidden>
        <FormattedMessage id="admin.loading" />
      </VisuallyHidden>
      {Array.from({ length: props.rows ?? 5 }, (_, i) => (
        <Skeleton key={i} height={56} />
      ))}
    </div>
  );
}

/** The back-office navigation: a row of links that scrolls sideways on a phone. */
function AdminNav() {
  const intl = useIntl();
  const localize = useLocalizePath();
  return (
    <nav aria-label={intl.formatMessage({ id: 'admin.nav.label' })} className={styles.nav}>
      <ul className={styles.navList}>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={localize(section.to)} end={section.end} className={styles.navLink}>
              <FormattedMessage id={section.label} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminShell(props: {
  /** The page heading (usually its `page.<id>.title` message). */
  title: ReactNode;
  lead?: ReactNode;
  /** Buttons beside the heading (e.g. "New item"). */
  actions?: ReactNode;
  /** Shown while the content's query runs; a list skeleton when omitted. */
  fallback?: ReactNode;
  /** The page's data-backed content; `fetchKey` changes on "try again" (pass it to the query). */
  content: ComponentType<{ fetchKey: number }>;
}) {
  const Content = props.content;
  const hydrated = useHydrated();
  const [fetchKey, setFetchKey] = useState(0);
  const fallback = props.fallback ?? <AdminSkeleton />;
  return (
    <Container className={styles.page}>
      <AdminNav />
      <div className={styles.header}>
        <div className={styles.heading}>
          <Heading level={1} size="2xl" className={styles.title}>
            {props.title}
          </Heading>
          {props.lead ? <Text tone="muted">{props.lead}</Text> : null}
        </div>
        {props.actions ? <div className={styles.actions}>{props.actions}</div> : null}
      </div>
      {!hydrated ? (
        fallback
      ) : (
        <LoadErrorBoundary key={fetchKey} what="Admin page" title={<FormattedMessage id="admin.loadError" />} onRetry={() => setFetchKey((k) => k + 1)}>
          <Suspense fallback={fallback}>
            <Content fetchKey={fetchKey} />
          </Suspense>
        </LoadErrorBoundary>
      )}
    </Container>
  );
}
