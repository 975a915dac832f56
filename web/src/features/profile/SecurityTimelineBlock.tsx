/**
 * "Security activity" on /profile (ACC-TIMELINE): the newest entries of the account's security
 * timeline — sign-ins with their method, failed attempts, password, e-mail, two-factor, passkey and
 * payout-method changes, sessions ended — each with the device, network and time. An entry whose
 * session is still signed in offers "This wasn't me" (asks first): every session ends, a
 * password-reset link is mailed, and this browser signs out.
 */
import { AlertDialog, Button, Stack } from '@studio/ui';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { runMutation } from '../../forms/runMutation';
import { useSession } from '../../session/SessionProvider';
import type { SecurityTimelineBlock_user$key } from './__generated__/SecurityTimelineBlock_user.graphql';
import type { SecurityTimelineBlockReportMutation } from './__generated__/SecurityTimelineBlockReportMutation.graphql';
import { ProfileSection } from './ProfileSection';
import styles from './blocks.module.css';

/** The kinds this page has words for (SecurityEventKind); a newer one is shown as the server names it. */
const KINDS = new Set([
  'SIGN_IN', 'SIGN_IN_FAILED', 'TWO_FACTOR_FAILED', 'PASSWORD_CHANGED', 'PASSWORD_RESET', 'EMAIL_CHANGED', 'TWO_FACTOR_ENABLED', 'TWO_FACTOR_DISABLED',
  'RECOVERY_CODES_REGENERATED', 'RECOVERY_CODE_USED', 'PASSKEY_ADDED', 'PASSKEY_REMOVED', 'PAYOUT_METHOD_CHANGED', 'SESSION_ENDED', 'REPORTED_NOT_ME',
]);

const ReportMutation = graphql`
  mutation SecurityTimelineBlockReportMutation($id: ID!) {
    reportSecurityEvent(id: $id) {
      signedOutSessions
    }
  }
`;

export function SecurityTimelineBlock(props: { user: SecurityTimelineBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment SecurityTimelineBlock_user on User {
        securityEvents(first: 20) {
          edges {
            node {
              id
              kind
              method
              deviceLabel
              network
              created
              sessionActive
            }
          }
        }
      }
    `,
    props.user,
  );
  const intl = useIntl();
  const session = useSession();
  const [commit] = useMutation<SecurityTimelineBlockReportMutation>(ReportMutation);
  const [reporting, setReporting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const events = user.securityEvents?.edges.map((e) => e.node) ?? [];

  return (
    <ProfileSection title={<FormattedMessage id="profile.timeline.title" />} className={props.className}>
      {events.length === 0 ? (
        <p className={styles.note}>
          <FormattedMessage id="profile.timeline.empty" />
        </p>
      ) : (
        <ul className={styles.events} data-testid="security-timeline">
          {events.map((event) => (
            <li key={event.id} className={styles.row}>
              <Stack gap={1} className={styles.rowMain}>
                <p className={styles.value}>
                  {KINDS.has(event.kind) ? <FormattedMessage id={`profile.timeline.kind.${event.kind}`} /> : event.kind}
                  {event.method ? ` · ${event.method}` : ''}
                </p>
                <p className={styles.note}>
                  {event.deviceLabel ?? intl.formatMessage({ id: 'profile.timeline.unknownDevice' })}
                  {event.network ? ` · ${event.network}` : ''}
                  {Number.isNaN(Date.parse(String(event.created))) ? null : (
                    <>
                      {' · '}
                      <FormattedDate value={event.created as string} dateStyle="medium" timeStyle="short" />
                    </>
                  )}
                </p>
              </Stack>
              {event.sessionActive ? (
                <div className={styles.rowAction}>
                  <Button variant="secondary" size="sm" onClick={() => setReporting(event.id)}>
                    <FormattedMessage id="profile.timeline.notMe" />
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AlertDialog
        open={reporting !== null}
        onOpenChange={(open) => {
          if (!open) setReporting(null);
        }}
        title={<FormattedMessage id="profile.timeline.notMeTitle" />}
        description={<FormattedMessage id="profile.timeline.notMeText" />}
        cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}
        confirmLabel={<FormattedMessage id="profile.timeline.notMeConfirm" />}
        error={error}
        onConfirm={async () => {
          setError(null);
          const { response } = await runMutation(commit, { variables: { id: reporting! } });
          if (!response) {
            setError(intl.formatMessage({ id: 'profile.timeline.failed' }));
            throw new Error('report failed');
          }
          setReporting(null);
          // Every session ended, this one too (AUTH-LOGOUT still clears the HttpOnly cookie).
          void session.signOut({ local: true });
        }}
      />
    </ProfileSection>
  );
}
