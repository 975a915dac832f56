/**
 * /profile: the signed-in user's profile. Account pages render a shell on the server
 * (DESIGN.md §4); in the browser the viewer is fetched fresh (network-only) with the bearer
 * token. Loading, error (with retry) and signed-out states are shown in the user's language.
 */
import { Button, Callout, Container, Heading, Link as UiLink, Skeleton, VisuallyHidden } from '@studio/ui';
import { Component, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { ProfilePageViewerUpdatedSubscription } from './__generated__/ProfilePageViewerUpdatedSubscription.graphql';
import { useHydrated } from '../../app/useHydrated';
import { hasSubscriptions, onSubscriptionsReconnected } from '../../relay/environment';
import { Link } from 'react-router';
import type { ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import { useLocalizePath } from '../../i18n/useLocale';
import { useSession } from '../../session/SessionProvider';
import { ProfileCard } from './ProfileCard';
import { SignedOut } from './SignedOut';
import styles from './ProfilePage.module.css';

const ProfilePageQuery = graphql`
  query ProfilePageQuery {
    viewer {
      id
      ...ProfileCard_user
    }
  }
`;

/** The signed-in user's record after any change, from any tab or device (schema 1.1). */
const ViewerUpdatedSubscription = graphql`
  subscription ProfilePageViewerUpdatedSubscription {
    viewerUpdated {
      id
      ...ProfileCard_user
    }
  }
`;

/**
 * Keeps the profile live (rendered only when the environment has a WebSocket): records from `viewerUpdated` update the store (Relay merges them by id),
 * and after a lost connection comes back the profile is refetched quietly, since notices sent meanwhile
 * are not replayed.
 */
function LiveViewer() {
  const config = useMemo<GraphQLSubscriptionConfig<ProfilePageViewerUpdatedSubscription>>(
    () => ({ subscription: ViewerUpdatedSubscription, variables: {}, onError: (error) => console.warn('Live profile updates stopped', error) }),
    [],
  );
  useSubscription(config);
  const environment = useRelayEnvironment();
  useEffect(
    () =>
      onSubscriptionsReconnected(environment, () => {
        // Quietly, into the store: the page keeps showing the profile while it refreshes.
        fetchQuery(environment, ProfilePageQuery, {}, { fetchPolicy: 'network-only' }).subscribe({ error: (error: unknown) => console.warn('Profile refetch failed', error) });
      }),
    [environment],
  );
  return null;
}


class LoadErrorBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('Profile failed to load', error);
  }
  override render() {
    return this.state.failed
      ? this.props.fallback(() => {
          this.setState({ failed: false });
          this.props.onRetry();
        })
      : this.props.children;
  }
}

function Loading() {
  return (
    <div role="status" className={styles.loading}>
      <VisuallyHidden>
        <FormattedMessage id="profile.loading" />
      </VisuallyHidden>
      <Skeleton height={160} radius="lg" />
    </div>
  );
}

function ProfileContent(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  const session = useSession();
  const live = hasSubscriptions(useRelayEnvironment());
  const to = useLocalizePath();
  if (!data.viewer) return <SignedOut />;
  return (
    <>
      {live ? <LiveViewer /> : null}
      <ProfileCard user={data.viewer} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void session.signOut()}>
          <FormattedMessage id="profile.signOut" />
        </Button>
        <UiLink asChild>
          <Link to={to('/profile/change-name')}>
            <FormattedMessage id="profile.edit.name" />
          </Link>
        </UiLink>
        <UiLink asChild>
          <Link to={to('/profile/change-password')}>
            <FormattedMessage id="profile.edit.password" />
          </Link>
        </UiLink>
      </div>
    </>
  );
}

/** The /profile route: a shell on the server; in the browser the signed-in user's live profile. */
export function ProfilePage() {
  const hydrated = useHydrated();
  const session = useSession();
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Container className={styles.page}>
      <Heading level={1} size="2xl" className={styles.title}>
        <FormattedMessage id="profile.title" />
      </Heading>
      {!hydrated ? (
        <Loading />
      ) : !session.signedIn ? (
        <SignedOut />
      ) : (
        <LoadErrorBoundary
          onRetry={() => setFetchKey((k) => k + 1)}
          fallback={(retry) => (
            <Callout
              tone="danger"
              title={<FormattedMessage id="profile.loadError" />}
              action={
                <Button variant="secondary" size="sm" onClick={retry}>
                  <FormattedMessage id="profile.retry" />
                </Button>
              }
            />
          )}
        >
          <Suspense fallback={<Loading />}>
            <ProfileContent fetchKey={fetchKey} />
          </Suspense>
        </LoadErrorBoundary>
      )}
    </Container>
  );
}
