/**
 * "Security activity" on /profile (ACC-TIMELINE): the account's security timeline, newest first,
 * 20 entries and "Load more" (a Relay connection) for the next 20 — sign-ins with their method, failed attempts, password, e-mail, two-factor, passkey and
 * payout-method changes, sessions ended — each in words (what and how), with the device, network and time. An entry whose
 * session is still signed in offers "This wasn't me" (asks first): every session ends, a
 * password-reset link is mailed, and this browser signs out. The card loads its own query in the
 * browser (like the Devices card), inside its own Suspense and error boundary, so the profile's
 * query stays within the cost limit (GRAPHQL-LIMITS).
 */
import { AlertDialog, Button, Skeleton, Stack } from '@studio/ui';
import { Suspense, useState, useTransition } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, useMutation, usePaginationFragment } from 'react-relay';
import type { SecurityTimelineBlockQuery as TimelineQueryType } from './__generated__/SecurityTimelineBlockQuery.graphql';
import { LoadErrorBoundary } from '../../account/LoadErrorBoundary';
import { ListFooter } from '../admin';
import { localDeviceLabel } from './deviceLabel';
import { runMutation } from '../../forms/runMutation';
import { useSession } from '../../session/SessionProvider';
import type { SecurityTimelineBlock_user$data, SecurityTimelineBlock_user$key } from './__generated__/SecurityTimelineBlock_user.graphql';
import type { SecurityTimelineBlockReportMutation } from './__generated__/SecurityTimelineBlockReportMutation.graphql';
import { ProfileSection } from '../../account/ProfileSection';
import styles from '../../account/blocks.module.css';

/** The kinds this page has words for (SecurityEventKind); a newer one is shown as the server names it. */
const KINDS = new Set([
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'TWO_FACTOR_FAILED',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'EMAIL_CHANGED',
  'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED',
  'RECOVERY_CODES_REGENERATED',
  'RECOVERY_CODE_USED',
  'PASSKEY_ADDED',
  'PASSKEY_REMOVED',
  'PAYOUT_METHOD_CHANGED',
  'SESSION_ENDED',
  'REPORTED_NOT_ME',
  'PROVIDER_UNLINKED',
  'TWO_FACTOR_RECOVERY_REQUESTED',
  'TWO_FACTOR_RECOVERY_CANCELLED',
]);

/**
 * The words for an entry's `method` (how it happened, as the api records it); anything else — a
 * passkey's own name, a method newer than this page — is shown as it came.
 */
const METHODS: Record<string, string> = {
  administrator: 'administrator',
  'all other devices': 'allOthers',
  // ACC-2FA-RECOVERY: asked for (`email`), carried out (`email-recovery`), cancelled by the mail's `link`.
  email: 'emailRecovery',
  'email-recovery': 'emailRecovery',
  link: 'mail',
  mail: 'mail',
  'one device': 'oneDevice',
  passkey: 'passkey',
  password: 'password',
  'password-reset': 'passwordReset',
  'password+recovery': 'passwordRecovery',
  'password+totp': 'passwordTotp',
  reauthenticate: 'reauthenticate',
  registration: 'registration',
  'sign-in': 'signIn',
  social: 'social',
  'social+recovery': 'socialRecovery',
  'social+totp': 'socialTotp',
  'this device': 'thisDevice',
  totp: 'totp',
};

const TimelineQuery = graphql`
  query SecurityTimelineBlockQuery {
    viewer {
      id
      ...SecurityTimelineBlock_user
    }
  }
`;

const ReportMutation = graphql`
  mutation SecurityTimelineBlockReportMutation($id: ID!) {
    reportSecurityEvent(id: $id) {
      signedOutSessions
    }
  }
`;

/** The card: its title, then the entries once its own query answered. */
export function SecurityTimelineBlock(props: { className?: string }) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <ProfileSection title={<FormattedMessage id="profile.timeline.title" />} className={props.className}>
      <LoadErrorBoundary what="Security activity" title={<FormattedMessage id="profile.timeline.failed" />} onRetry={() => setFetchKey((k) => k + 1)}>
        <Suspense fallback={<Skeleton />}>
          <TimelineContent fetchKey={fetchKey} />
        </Suspense>
      </LoadErrorBoundary>
    </ProfileSection>
  );
}

function TimelineContent(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<TimelineQueryType>(TimelineQuery, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  return data.viewer ? <TimelineList user={data.viewer} /> : null;
}

/** How many entries the card shows first, and how many more each "Load more" adds (ACC-TIMELINE). */
const TIMELINE_PAGE = 20;

type SecurityEvent = NonNullable<SecurityTimelineBlock_user$data['securityEvents']>['edges'][number]['node'];

/** One entry: what and how, then device, network and time; "This wasn't me" while its session is signed in. */
function TimelineEntry(props: { event: SecurityEvent; onNotMe: () => void }) {
  const { event } = props;
  const intl = useIntl();
  return (
    <li className={styles.row}>
      <Stack gap={1} className={styles.rowMain}>
        <p className={styles.value}>
          {KINDS.has(event.kind) ? <FormattedMessage id={`profile.timeline.kind.${event.kind}`} /> : event.kind}
          {event.method
            ? ` · ${Object.hasOwn(METHODS, event.method) ? intl.formatMessage({ id: `profile.timeline.method.${METHODS[event.method]}` }) : event.method}`
            : ''}
        </p>
        <p className={styles.note}>
          {event.deviceLabel
            ? localDeviceLabel(event.deviceLabel, intl.formatMessage({ id: 'profile.devices.on' }))
            : intl.formatMessage({ id: 'profile.timeline.unknownDevice' })}
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
          <Button variant="secondary" size="sm" onClick={props.onNotMe}>
            <FormattedMessage id="profile.timeline.notMe" />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * "This wasn't me" for the entry asked about (open while there is one): every session ends, a
 * password-reset link is mailed, and this browser signs out; a failure stays in the dialog.
 */
function NotMeDialog(props: { eventId: string | null; onClose: () => void }) {
  const intl = useIntl();
  const session = useSession();
  const [commit] = useMutation<SecurityTimelineBlockReportMutation>(ReportMutation);
  const [error, setError] = useState<string | null>(null);
  return (
    <AlertDialog
      open={props.eventId !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={<FormattedMessage id="profile.timeline.notMeTitle" />}
      description={<FormattedMessage id="profile.timeline.notMeText" />}
      cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}
      confirmLabel={<FormattedMessage id="profile.timeline.notMeConfirm" />}
      error={error}
      onConfirm={async () => {
        setError(null);
        const { response } = await runMutation(commit, { variables: { id: props.eventId! } });
        if (!response) {
          setError(intl.formatMessage({ id: 'profile.timeline.failed' }));
          throw new Error('report failed');
        }
        props.onClose();
        // Every session ended, this one too (AUTH-LOGOUT still clears the HttpOnly cookie).
        void session.signOut({ local: true });
      }}
    />
  );
}

function TimelineList(props: { user: SecurityTimelineBlock_user$key }) {
  const {
    data: user,
    loadNext,
    hasNext,
    isLoadingNext,
  } = usePaginationFragment(
    graphql`
      fragment SecurityTimelineBlock_user on User
      @refetchable(queryName: "SecurityTimelineBlockPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        securityEvents(first: $count, after: $cursor) @connection(key: "SecurityTimelineBlock_securityEvents") {
          totalCount
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
  const [reporting, setReporting] = useState<string | null>(null);
  const [loadingMore, startLoadingMore] = useTransition();
  const events = user.securityEvents?.edges.map((e) => e.node) ?? [];

  return (
    <>
      {events.length === 0 ? (
        <p className={styles.note}>
          <FormattedMessage id="profile.timeline.empty" />
        </p>
      ) : (
        <ul className={styles.events} data-testid="security-timeline">
          {events.map((event) => (
            <TimelineEntry key={event.id} event={event} onNotMe={() => setReporting(event.id)} />
          ))}
        </ul>
      )}
      {/* "Showing N of M" only for a timeline longer than one page. */}
      {(user.securityEvents?.totalCount ?? 0) > TIMELINE_PAGE ? (
        <ListFooter
          shown={events.length}
          total={user.securityEvents?.totalCount ?? events.length}
          hasNext={hasNext}
          isLoadingNext={isLoadingNext || loadingMore}
          onLoadMore={() => startLoadingMore(() => void loadNext(TIMELINE_PAGE))}
        />
      ) : null}
      <NotMeDialog eventId={reporting} onClose={() => setReporting(null)} />
    </>
  );
}
