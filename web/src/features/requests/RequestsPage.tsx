/**
 * /profile/requests (REQ-CLIENT-AREA): the signed-in user's requests, newest first, as a Relay
 * connection (`viewer.orders`), each a RequestCard; "Load more" appends the next page in place and
 * the total is shown. No requests yet: a friendly note and "Start a project" (/order). The cards
 * update live (`orderUpdated` without an id: every request of the viewer); a request that is not
 * in the list yet shows after a reload. Signed out, loading and load errors are AccountShell's.
 */
import { Card, Skeleton, Text, VisuallyHidden } from '@studio/ui';
import { Suspense, useCallback, useTransition } from 'react';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { GRAPHQL_LOCALE } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import { ButtonLink } from '../../app/links';
import { AccountShell } from '../../account/AccountShell';
import { SignedOut } from '../../account/SignedOut';
import type { RequestsPage_user$key } from './__generated__/RequestsPage_user.graphql';
import type { RequestsPageOrderUpdatedSubscription } from './__generated__/RequestsPageOrderUpdatedSubscription.graphql';
import type { RequestsPageQuery as RequestsPageQueryType } from './__generated__/RequestsPageQuery.graphql';
import { LiveOrders } from './LiveOrders';
import { RequestCard } from './RequestCard';
import { LoadMoreFooter } from '../../account/LoadMoreFooter';
import styles from './requests.module.css';

/** Requests per page (the first page and every "Load more"). */
export const REQUESTS_PAGE_SIZE = 10;

const RequestsPageQuery = graphql`
  query RequestsPageQuery($locale: Locale!, $count: Int!) {
    viewer {
      id
      ...RequestsPage_user @arguments(locale: $locale, count: $count)
    }
  }
`;

/** Every request of the viewer after each change (status, timeline, a message), with the card's fields. */
const OrderUpdatedSubscription = graphql`
  subscription RequestsPageOrderUpdatedSubscription($locale: Locale!) {
    orderUpdated {
      id
      ...RequestCard_order @arguments(locale: $locale)
    }
  }
`;

function RequestList(props: { user: RequestsPage_user$key }) {
  const locale = useLocale();
  const environment = useRelayEnvironment();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment RequestsPage_user on User
      @refetchable(queryName: "RequestsPagePaginationQuery")
      @argumentDefinitions(locale: { type: "Locale!" }, count: { type: "Int!" }, cursor: { type: "String" }) {
        orders(first: $count, after: $cursor) @connection(key: "RequestsPage_orders") {
          totalCount
          edges {
            node {
              id
              ...RequestCard_order @arguments(locale: $locale)
            }
          }
        }
      }
    `,
    props.user,
  );
  const [, startTransition] = useTransition();
  const edges = data.orders?.edges ?? [];
  const shown = edges.length;
  // Back from a lost connection: fetch again every request shown (changes meanwhile were not sent).
  const refetchShown = useCallback(() => {
    const variables = { locale: GRAPHQL_LOCALE[locale], count: Math.min(50, Math.max(REQUESTS_PAGE_SIZE, shown)) };
    fetchQuery<RequestsPageQueryType>(environment, RequestsPageQuery, variables, { fetchPolicy: 'network-only' }).subscribe({
      error: (error: unknown) => console.warn('Requests refetch failed', error),
    });
  }, [environment, locale, shown]);
  const live = (
    <LiveOrders<RequestsPageOrderUpdatedSubscription>
      subscription={OrderUpdatedSubscription}
      variables={{ locale: GRAPHQL_LOCALE[locale] }}
      onReconnected={refetchShown}
    />
  );

  if (shown === 0) {
    return (
      <>
        {live}
        <Card padding="lg" className={styles.empty} data-testid="requests-empty">
          <Text>
            <FormattedMessage id="requests.empty" />
          </Text>
          <ButtonLink to="/order">
            <FormattedMessage id="requests.start" />
          </ButtonLink>
        </Card>
      </>
    );
  }
  return (
    <>
      {live}
      <ul className={styles.list} aria-busy={isLoadingNext}>
        {edges.map((edge) => (
          <RequestCard key={edge.node.id} order={edge.node} />
        ))}
      </ul>
      <LoadMoreFooter
        className={styles.more}
        shownId="requests.shown"
        loadMoreId="requests.loadMore"
        shown={shown}
        total={data.orders?.totalCount ?? shown}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => startTransition(() => void loadNext(REQUESTS_PAGE_SIZE))}
      />
    </>
  );
}

function Requests(props: { fetchKey: number }) {
  const locale = useLocale();
  const data = useLazyLoadQuery<RequestsPageQueryType>(
    RequestsPageQuery,
    { locale: GRAPHQL_LOCALE[locale], count: REQUESTS_PAGE_SIZE },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  if (!data.viewer) return <SignedOut />;
  return <RequestList user={data.viewer} />;
}

/** Card-shaped skeletons while the requests load. */
function RequestsLoading() {
  return (
    <div role="status" className={styles.loading}>
      <VisuallyHidden>
        <FormattedMessage id="requests.loading" />
      </VisuallyHidden>
      <Skeleton height={140} radius="lg" />
      <Skeleton height={140} radius="lg" />
    </div>
  );
}

function Content(props: { fetchKey: number }) {
  return (
    <Suspense fallback={<RequestsLoading />}>
      <Requests fetchKey={props.fetchKey} />
    </Suspense>
  );
}

export function RequestsPage() {
  return (
    <AccountShell
      title={<FormattedMessage id="page.profileRequests.title" />}
      lead={<FormattedMessage id="requests.lead" />}
      pageClassName={styles.page}
      content={Content}
    />
  );
}
