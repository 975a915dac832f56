/**
 * The frame of the account editing pages (/profile/change-email, /profile/set-password,
 * /profile/change-password): heading and lead, then — as account pages do (SITE-PAGES) — a
 * skeleton on the server and until hydration, the SignedOut note for a visitor, and otherwise the
 * page's content under Suspense (a skeleton while its network-only query runs) and an error
 * boundary that offers to try again (a new fetch key refetches).
 */
import { Button, Callout, Container, FormActions, Heading, Skeleton, Text, VisuallyHidden } from '@studio/ui';
import { Component, type ReactNode, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useHydrated } from '../../app/useHydrated';
import { useLocalizePath } from '../../i18n/useLocale';
import { useSession } from '../../session/SessionProvider';
import { SignedOut } from './SignedOut';
import styles from './AccountShell.module.css';

class LoadErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('Account page failed to load', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Callout
        tone="danger"
        title={<FormattedMessage id="passwords.loadError" />}
        action={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              this.setState({ failed: false });
              this.props.onRetry();
            }}
          >
            <FormattedMessage id="profile.retry" />
          </Button>
        }
      />
    );
  }
}

/** A form-sized skeleton, announced as loading. */
/** An account form's buttons: submit (its label `children`, spinning while `saving`) and Cancel back to the profile. */
export function AccountFormActions(props: { saving: boolean; children: ReactNode }) {
  const to = useLocalizePath();
  return (
    <FormActions>
      <Button type="submit" loading={props.saving}>
        {props.children}
      </Button>
      <Button asChild variant="ghost">
        <Link to={to('/profile')}>
          <FormattedMessage id="profile.changeName.cancel" />
        </Link>
      </Button>
    </FormActions>
  );
}

export function FormSkeleton() {
  return (
    <div role="status" className={styles.loading}>
      <VisuallyHidden>
        <FormattedMessage id="passwords.loading" />
      </VisuallyHidden>
      <Skeleton height={44} />
      <Skeleton height={44} />
      <Skeleton height={40} width={160} />
    </div>
  );
}

export function AccountShell(props: {
  /** The page's heading (its `page.<id>.title` message, the document title too). */
  title: ReactNode;
  lead?: ReactNode;
  /** The signed-in content; `fetchKey` changes on "try again" (pass it to the query). */
  children: (fetchKey: number) => ReactNode;
}) {
  const hydrated = useHydrated();
  const session = useSession();
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Container size="narrow" className={styles.page}>
      <Heading level={1} size="2xl" className={styles.title}>
        {props.title}
      </Heading>
      {props.lead ? <Text tone="muted">{props.lead}</Text> : null}
      {!hydrated ? (
        <FormSkeleton />
      ) : !session.signedIn ? (
        <SignedOut />
      ) : (
        <LoadErrorBoundary key={fetchKey} onRetry={() => setFetchKey((k) => k + 1)}>
          <Suspense fallback={<FormSkeleton />}>{props.children(fetchKey)}</Suspense>
        </LoadErrorBoundary>
      )}
    </Container>
  );
}
