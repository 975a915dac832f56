/**
 * /profile: the signed-in user's account (ACC-FIELDS). Account pages render a shell on the
 * server (SITE-PAGES); in the browser the viewer is fetched fresh (network-only) with the bearer
 * token. Loading, error (with retry) and signed-out states are shown in the user's language.
 *
 * The page is a responsive grid of cards, each a component with its own fragment: photo, identity
 * (name, username, e-mail), about (bio, phone, Telegram), sign-in (password, sign out), two-factor
 * authentication, passkeys (ACC-PASSKEYS), the
 * earnings' summary (the referral code and link are on /profile/earnings), linked accounts,
 * devices (SESSION-DEVICES: its own query) and the danger zone, under the e-mail confirmation
 * banner and the links to the user's requests (REQ-CLIENT-AREA), earnings (LEDGER-EARNINGS-PAGE)
 * and, for administrators, the back office.
 * `ProfilePage_user` gathers their fragments; the query and the `viewerUpdated` subscription both
 * select it, so a change from any tab or device refreshes every card; the `refetch-transactions`
 * app event (LEDGER-LIVE) refetches it too.
 *
 * Deleting the account signs this tab out locally and tells the other tabs (SessionProvider: the
 * server has already ended every session, so a failing logout request does not matter), then
 * goes to the home page in the page's language.
 */
import { Callout, Container, Heading, Skeleton, VisuallyHidden } from '@studio/ui';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useFragment, useLazyLoadQuery, useRelayEnvironment, useSubscription } from 'react-relay';
import { useNavigate } from 'react-router';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import type { ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import type { ProfilePageViewerUpdatedSubscription } from './__generated__/ProfilePageViewerUpdatedSubscription.graphql';
import { onAppEvent } from '../../app/events';
import { useHydrated } from '../../app/useHydrated';
import { useLocalizePath } from '../../i18n/useLocale';
import { hasSubscriptions, onSubscriptionsReconnected } from '../../relay/environment';
import { useSession } from '../../session/SessionProvider';
import { AboutBlock } from './AboutBlock';
import { ACCOUNT_DELETED_STATE } from './AccountDeletedNotice';
import { AvatarBlock } from './AvatarBlock';
import { BalanceBlock } from './BalanceBlock';
import { DangerZone } from './DangerZone';
import { DevicesBlock } from './DevicesBlock';
import { EmailVerificationBanner } from './EmailVerificationBanner';
import { LinkedAccountsBlock } from './LinkedAccountsBlock';
import { LoadErrorBoundary } from '../../account/LoadErrorBoundary';
import { ProfileCard } from './ProfileCard';
import { RequestsShortcut } from '../requests';
import { SecurityBlock } from './SecurityBlock';
import { SecurityTimelineBlock } from './SecurityTimelineBlock';
import { TwoFactorBlock } from './TwoFactorBlock';
import { PasskeysBlock } from './PasskeysBlock';
import { SignedOut } from '../../account/SignedOut';
import styles from './ProfilePage.module.css';
import { refreshAfterRefusal } from '../../session/authorizedFetch';

/** Everything the profile shows: the fragments of its cards. */
const ProfileFragment = graphql`
  fragment ProfilePage_user on User {
    ...EmailVerificationBanner_user
    ...AvatarBlock_user
    ...ProfileCard_user
    ...AboutBlock_user
    ...SecurityBlock_user
    ...TwoFactorBlock_user
    ...PasskeysBlock_user
    ...BalanceBlock_user
    ...LinkedAccountsBlock_user
    ...DangerZone_user
    ...RequestsShortcut_user
  }
`;

const ProfilePageQuery = graphql`
  query ProfilePageQuery {
    viewer {
      id
      ...ProfilePage_user
    }
  }
`;

/** The signed-in user's record after any change, from any tab or device (schema 1.1), with every card's fields. */
const ViewerUpdatedSubscription = graphql`
  subscription ProfilePageViewerUpdatedSubscription {
    viewerUpdated {
      id
      ...ProfilePage_user
    }
  }
`;

/**
 * Keeps the profile live (rendered only when the environment has a WebSocket): records from `viewerUpdated` update the store (Relay merges them by id),
 * and after a lost connection comes back the profile is refetched quietly, since notices sent meanwhile
 * are not replayed.
 */
function LiveViewer() {
  // Bumped to subscribe again after a refused token was refreshed.
  const [attempt, setAttempt] = useState(0);
  const config = useMemo<GraphQLSubscriptionConfig<ProfilePageViewerUpdatedSubscription>>(
    () => ({
      subscription: ViewerUpdatedSubscription,
      variables: {},
      onError: (error) => {
        if (!/UNAUTHENTICATED|access token is/i.test(String(error))) {
          console.warn('Live profile updates stopped', error);
          return;
        }
        // The session ended elsewhere (password changed on another device, account deleted) or the
        // token aged: one refresh decides. Refused → tokens.ts signs every tab out; renewed → resubscribe.
        void refreshAfterRefusal()
          .then((renewed) => renewed && setAttempt((n) => n + 1))
          .catch((refreshError: unknown) => console.warn('Live profile updates stopped', refreshError));
      },
    }),
    // A new config object is what makes useSubscription subscribe again: `attempt` is that trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attempt],
  );
  useSubscription(config);
  const environment = useRelayEnvironment();
  useEffect(
    () =>
      onSubscriptionsReconnected(environment, () => {
        // Quietly, into the store: the page keeps showing the profile while it refreshes.
        fetchQuery(environment, ProfilePageQuery, {}, { fetchPolicy: 'network-only' }).subscribe({
          error: (error: unknown) => console.warn('Profile refetch failed', error),
        });
      }),
    [environment],
  );
  return null;
}

/** The shell while the profile loads: the grid's shape in skeleton cards. */
function Loading() {
  return (
    <div role="status" className={styles.grid}>
      <VisuallyHidden>
        <FormattedMessage id="profile.loading" />
      </VisuallyHidden>
      <Skeleton height={200} radius="lg" />
      <Skeleton height={200} radius="lg" className={styles.wide} />
      <Skeleton height={160} radius="lg" className={styles.wide} />
      <Skeleton height={160} radius="lg" />
    </div>
  );
}

/** The cards, in reading order; the grid places them (ProfilePage.module.css). */
function ProfileBlocks(props: { user: ProfilePage_user$key; onDeleted: () => Promise<void> }) {
  const user = useFragment(ProfileFragment, props.user);
  return (
    <>
      <EmailVerificationBanner user={user} />
      <RequestsShortcut user={user} />
      <div className={styles.grid}>
        <AvatarBlock user={user} />
        <ProfileCard user={user} className={styles.wide} />
        <AboutBlock user={user} className={styles.wide} />
        <SecurityBlock user={user} />
        <TwoFactorBlock user={user} />
        <PasskeysBlock user={user} />
        <BalanceBlock user={user} />
        <LinkedAccountsBlock user={user} className={styles.accounts} />
        <DevicesBlock className={styles.full} />
        <SecurityTimelineBlock className={styles.full} />
        <DangerZone user={user} onDeleted={props.onDeleted} className={styles.full} />
      </div>
    </>
  );
}

/**
 * Another tab — or the earnings page's live view in this one — learnt that the earnings changed
 * (`refetch-transactions`, LEDGER-LIVE): the profile is refetched quietly, for the balance card.
 */
function useRefetchOnEarnings() {
  const environment = useRelayEnvironment();
  useEffect(
    () =>
      onAppEvent('refetch-transactions', () => {
        fetchQuery(environment, ProfilePageQuery, {}, { fetchPolicy: 'network-only' }).subscribe({
          error: (error: unknown) => console.warn('Profile refetch failed', error),
        });
      }),
    [environment],
  );
}

function ProfileContent(props: { fetchKey: number; onDeleted: () => Promise<void> }) {
  useRefetchOnEarnings();
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  const live = hasSubscriptions(useRelayEnvironment());
  if (!data.viewer) return <SignedOut />;
  return (
    <>
      {live ? <LiveViewer /> : null}
      <ProfileBlocks user={data.viewer} onDeleted={props.onDeleted} />
    </>
  );
}

/** The /profile route: a shell on the server; in the browser the signed-in user's live profile. */
export function ProfilePage() {
  const hydrated = useHydrated();
  const session = useSession();
  const navigate = useNavigate();
  const to = useLocalizePath();
  const [fetchKey, setFetchKey] = useState(0);
  const [deleted, setDeleted] = useState(false);

  /** After `deleteUser`: say so, sign out here and in other tabs, and leave for the home page. */
  async function onDeleted() {
    setDeleted(true);
    // The server already ended every session of the account: clear here and in other tabs only.
    await session.signOut({ local: true });
    await navigate(to('/'), { replace: true, state: ACCOUNT_DELETED_STATE });
  }

  return (
    <Container className={styles.page}>
      <Heading level={1} size="2xl" className={styles.title}>
        <FormattedMessage id="profile.title" />
      </Heading>
      {deleted ? (
        <Callout tone="success" title={<FormattedMessage id="profile.delete.done.title" />} data-testid="profile-deleted">
          <FormattedMessage id="profile.delete.done.text" />
        </Callout>
      ) : !hydrated ? (
        <Loading />
      ) : !session.signedIn ? (
        <SignedOut />
      ) : (
        <LoadErrorBoundary what="Profile" title={<FormattedMessage id="profile.loadError" />} onRetry={() => setFetchKey((k) => k + 1)}>
          <Suspense fallback={<Loading />}>
            <ProfileContent fetchKey={fetchKey} onDeleted={onDeleted} />
          </Suspense>
        </LoadErrorBoundary>
      )}
    </Container>
  );
}
