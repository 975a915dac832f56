/**
 * The frame of the account editing pages (/profile/change-name, /profile/change-email,
 * /profile/set-password, /profile/change-password; ACC-FIELDS, ACC-EMAIL, ACC-PASSWORD): heading
 * and lead, then — account pages render a shell on the server (SITE-PAGES) — a skeleton on the
 * server and until hydration, the SignedOut note for a visitor, and otherwise the page's `content`
 * under Suspense (a skeleton while its network-only query runs) and an error boundary that offers
 * to try again (a new fetch key refetches). AccountFormActions are the buttons of its forms.
 */
import { Container, FormActions, Heading, Skeleton, Text, VisuallyHidden } from '@studio/ui';
import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHydrated } from '../app/useHydrated';
import { SubmitButton } from '../forms/SubmitButton';
import { useSession } from '../session/SessionProvider';
import { ButtonLink } from '../app/links';
import { LoadErrorBoundary } from './LoadErrorBoundary';
import { SignedOut } from './SignedOut';
import styles from './AccountShell.module.css';

/** An account form's buttons: submit (SubmitButton: `busyLabel` while `busy`) and Cancel back to the profile. */
export function AccountFormActions(props: { busy: boolean; label: ReactNode; busyLabel: ReactNode }) {
  return (
    <FormActions>
      <SubmitButton {...props} />
      <ButtonLink to="/profile" variant="ghost">
        <FormattedMessage id="profile.changeName.cancel" />
      </ButtonLink>
    </FormActions>
  );
}

/** A form-sized skeleton, announced as loading. */
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
  /** Replaces the frame's page class (its padding and gaps). */
  pageClassName?: string;
  /** The signed-in content; `fetchKey` changes on "try again" (pass it to the query). */
  content: ComponentType<{ fetchKey: number }>;
}) {
  const Content = props.content;
  const hydrated = useHydrated();
  const session = useSession();
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Container size="narrow" className={props.pageClassName ?? styles.page}>
      <Heading level={1} size="2xl" className={styles.title}>
        {props.title}
      </Heading>
      {props.lead ? <Text tone="muted">{props.lead}</Text> : null}
      {!hydrated ? (
        <FormSkeleton />
      ) : !session.signedIn ? (
        <SignedOut />
      ) : (
        <LoadErrorBoundary key={fetchKey} what="Account page" title={<FormattedMessage id="passwords.loadError" />} onRetry={() => setFetchKey((k) => k + 1)}>
          <Suspense fallback={<FormSkeleton />}>
            <Content fetchKey={fetchKey} />
          </Suspense>
        </LoadErrorBoundary>
      )}
    </Container>
  );
}
