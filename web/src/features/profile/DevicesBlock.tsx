/**
 * The Devices card of /profile (SESSION-DEVICES): the signed-in user's live sessions, this device
 * first, each with what the device is (the server's label from its User-Agent, "Unknown device"
 * without one), its approximate network, when it signed in and when it was last active, "This
 * device" on the current one and a "Sign out" button on every other one (`revokeSession`). "Sign out
 * of all other devices" asks first in an AlertDialog (`revokeOtherSessions`). Both answers carry the
 * user's remaining sessions (`...DevicesBlock_user`), so the list updates from the store at once;
 * focus then moves to the card's heading and a status line says what happened.
 *
 * The card loads its own query (network-only, only in the browser: the profile is client-rendered)
 * inside its own Suspense and error boundary, so a slow or failed session list leaves the rest of
 * the profile alone: skeleton rows while loading, an error with "Try again", and "Only this device"
 * when nothing else is signed in.
 */
import { AlertDialog, Badge, Button, Skeleton, VisuallyHidden } from '@studio/ui';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useLazyLoadQuery, useMutation } from 'react-relay';
import { localDeviceLabel } from './deviceLabel';
import type { DevicesBlock_user$data, DevicesBlock_user$key } from './__generated__/DevicesBlock_user.graphql';
import type { DevicesBlockQuery as DevicesBlockQueryType } from './__generated__/DevicesBlockQuery.graphql';
import type { DevicesBlockRevokeMutation } from './__generated__/DevicesBlockRevokeMutation.graphql';
import type { DevicesBlockRevokeOthersMutation } from './__generated__/DevicesBlockRevokeOthersMutation.graphql';
import { genericProblem } from '../../forms/serverErrors';
import { runMutation } from '../../forms/runMutation';
import { useReauthentication } from '../../account/ReauthDialog';
import { LoadErrorBoundary } from '../../account/LoadErrorBoundary';
import { ProfileSection } from '../../account/ProfileSection';
import { formatLastActive } from './relativeTime';
import blocks from '../../account/blocks.module.css';
import styles from './DevicesBlock.module.css';

/** At most this many sessions are listed (the server's page limit); a user rarely has more than a few. */
const SESSIONS_SHOWN = 50;

const DevicesQuery = graphql`
  query DevicesBlockQuery($first: Int!) {
    viewer {
      id
      ...DevicesBlock_user @arguments(first: $first)
    }
  }
`;

const RevokeMutation = graphql`
  mutation DevicesBlockRevokeMutation($id: ID!, $first: Int!) {
    revokeSession(id: $id) {
      revokedSessionId
      user {
        id
        ...DevicesBlock_user @arguments(first: $first)
      }
    }
  }
`;

const RevokeOthersMutation = graphql`
  mutation DevicesBlockRevokeOthersMutation($first: Int!) {
    revokeOtherSessions {
      revokedCount
      user {
        id
        ...DevicesBlock_user @arguments(first: $first)
      }
    }
  }
`;

type Session = NonNullable<DevicesBlock_user$data['sessions']>['edges'][number]['node'];

/** What happened last, for the status line. */
type Done = { kind: 'one'; device: string } | { kind: 'others'; count: number };

/** One session: device, network, dates, and the badge or the Sign out button. */
function SessionItem(props: { session: Session; now: number; onSignedOut: (device: string) => void; onError: (message: ReactNode) => void }) {
  const { session } = props;
  const intl = useIntl();
  const [commit, pending] = useMutation<DevicesBlockRevokeMutation>(RevokeMutation);
  // The label's one English word ("Chrome 131 on macOS") in the page's language, as the security
  // mails do (MAIL-SECURITY); browser and system names stay as they are.
  const device = session.deviceLabel
    ? localDeviceLabel(session.deviceLabel, intl.formatMessage({ id: 'profile.devices.on' }))
    : intl.formatMessage({ id: 'profile.devices.unknown' });
  const lastActive = formatLastActive(intl, session.lastUsed, props.now);

  async function signOut() {
    props.onError(null);
    const { errors } = await runMutation(commit, { variables: { id: session.id, first: SESSIONS_SHOWN } });
    if (!errors.length) return props.onSignedOut(device);
    const problem = genericProblem(errors);
    props.onError(intl.formatMessage({ id: problem.id }, problem.values));
  }

  return (
    <li className={blocks.account} data-testid="profile-session" data-current={session.current || undefined}>
      <div className={blocks.rowMain}>
        <span className={styles.device}>
          <span className={blocks.accountName} dir="auto">
            {device}
          </span>
          {session.current ? (
            <Badge tone="success">
              <FormattedMessage id="profile.devices.thisDevice" />
            </Badge>
          ) : null}
        </span>
        {session.network ? (
          <span className={blocks.note}>
            <FormattedMessage id="profile.devices.network" values={{ network: <span className={styles.network}>{session.network}</span> }} />
          </span>
        ) : null}
        <span className={blocks.note}>
          <FormattedMessage id="profile.devices.signedIn" values={{ date: <FormattedDate value={session.created} dateStyle="medium" /> }} />
          {' · '}
          {session.current || lastActive === null ? (
            <FormattedMessage id="profile.devices.activeNow" />
          ) : (
            <FormattedMessage id="profile.devices.lastActive" values={{ time: <time dateTime={session.lastUsed}>{lastActive}</time> }} />
          )}
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          loading={pending}
          onClick={() => void signOut()}
          aria-label={intl.formatMessage({ id: 'profile.devices.signOutLabel' }, { device })}
        >
          <FormattedMessage id="profile.devices.signOut" />
        </Button>
      )}
    </li>
  );
}

/** "Sign out of all other devices", confirmed in an AlertDialog. */
function SignOutOthers(props: { count: number; onDone: (count: number) => void }) {
  const intl = useIntl();
  const [commit] = useMutation<DevicesBlockRevokeOthersMutation>(RevokeOthersMutation);
  const [error, setError] = useState<ReactNode>(null);
  // ACC-SUDO: signing the other devices out needs a recent proof, asked on top of the confirmation.
  const { withReauthentication, dialog } = useReauthentication();

  async function confirm() {
    setError(null);
    const result = await withReauthentication(() => runMutation(commit, { variables: { first: SESSIONS_SHOWN } }));
    // Cancelled proof: the confirmation stays open, nothing was signed out.
    if (!result) throw new Error('The other sessions were not signed out');
    const { response, errors } = result;
    if (response) return props.onDone(response.revokeOtherSessions.revokedCount);
    const problem = genericProblem(errors);
    setError(intl.formatMessage({ id: problem.id }, problem.values));
    // Keeps the dialog open with the message.
    throw new Error('The other sessions were not signed out');
  }

  return (
    <>
      {dialog}
      <AlertDialog
        trigger={
          <Button variant="secondary" className={styles.others}>
            <FormattedMessage id="profile.devices.signOutOthers" />
          </Button>
        }
        onOpenChange={(open) => {
          if (!open) setError(null);
        }}
        title={<FormattedMessage id="profile.devices.confirm.title" />}
        description={<FormattedMessage id="profile.devices.confirm.description" values={{ count: props.count }} />}
        cancelLabel={<FormattedMessage id="profile.devices.confirm.cancel" />}
        confirmLabel={<FormattedMessage id="profile.devices.confirm.confirm" />}
        onConfirm={confirm}
        error={error}
      />
    </>
  );
}

/** The current time (ms since the epoch), renewed every `intervalMs`, for "last active" to stay true while the page is open. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The list of one user's sessions, from `DevicesBlock_user`. */
function SessionList(props: { user: DevicesBlock_user$key; onDone: (done: Done) => void }) {
  const user = useFragment(
    graphql`
      fragment DevicesBlock_user on User @argumentDefinitions(first: { type: "Int!" }) {
        id
        sessions(first: $first) {
          totalCount
          edges {
            node {
              id
              deviceLabel
              network
              created
              lastUsed
              current
            }
          }
        }
      }
    `,
    props.user,
  );
  const [error, setError] = useState<ReactNode>(null);
  const now = useNow(60_000);
  const sessions = (user.sessions?.edges ?? []).map((edge) => edge.node);
  // This device first; the others as the server ordered them (most recently used first).
  const ordered = [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
  const others = ordered.length - sessions.filter((s) => s.current).length;

  return (
    <>
      <ul className={blocks.accounts}>
        {ordered.map((session) => (
          <SessionItem key={session.id} session={session} now={now} onError={setError} onSignedOut={(device) => props.onDone({ kind: 'one', device })} />
        ))}
      </ul>
      {error ? (
        <p role="alert" className={blocks.error}>
          {error}
        </p>
      ) : null}
      {others > 0 ? (
        <SignOutOthers count={others} onDone={(count) => props.onDone({ kind: 'others', count })} />
      ) : (
        <p className={blocks.note} data-testid="profile-devices-only">
          <FormattedMessage id="profile.devices.only" />
        </p>
      )}
    </>
  );
}

/** The card's content: the viewer's sessions through the card's own query. */
function DevicesContent(props: { fetchKey: number; onDone: (done: Done) => void }) {
  const data = useLazyLoadQuery<DevicesBlockQueryType>(DevicesQuery, { first: SESSIONS_SHOWN }, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  return data.viewer ? <SessionList user={data.viewer} onDone={props.onDone} /> : null;
}

/** Skeleton rows while the sessions load. */
function DevicesLoading() {
  return (
    <div role="status" className={styles.loading}>
      <VisuallyHidden>
        <FormattedMessage id="profile.devices.loading" />
      </VisuallyHidden>
      <Skeleton height={44} radius="sm" />
      <Skeleton height={44} radius="sm" />
    </div>
  );
}

export function DevicesBlock(props: { className?: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [fetchKey, setFetchKey] = useState(0);
  const [done, setDone] = useState<(Done & { at: number }) | null>(null);

  useEffect(() => {
    if (!done) return;
    // After the button (or the dialog's trigger) has gone: keep focus in the card.
    const timer = setTimeout(() => headingRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [done]);

  return (
    <ProfileSection title={<FormattedMessage id="profile.devices.title" />} className={props.className} headingRef={headingRef} data-testid="profile-devices">
      <p className={blocks.note}>
        <FormattedMessage id="profile.devices.lead" />
      </p>
      <LoadErrorBoundary what="Devices" title={<FormattedMessage id="profile.devices.loadError" />} onRetry={() => setFetchKey((k) => k + 1)}>
        <Suspense fallback={<DevicesLoading />}>
          <DevicesContent fetchKey={fetchKey} onDone={(next) => setDone({ ...next, at: Date.now() })} />
        </Suspense>
      </LoadErrorBoundary>
      <p role="status" className={blocks.status}>
        {done?.kind === 'one' ? (
          <FormattedMessage id="profile.devices.signedOut" values={{ device: done.device }} />
        ) : done?.kind === 'others' ? (
          <FormattedMessage id="profile.devices.othersSignedOut" values={{ count: done.count }} />
        ) : null}
      </p>
    </ProfileSection>
  );
}
