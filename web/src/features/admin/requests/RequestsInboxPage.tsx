/**
 * /admin/requests: the requests inbox (ADMIN-AREA, REQ-WORKFLOW) — every request from the order
 * form, newest first, as a Relay connection: reference (a link to the request), client, interest,
 * budget, status, assignee and date, with the total and "Load more". The filters (status, search,
 * "assigned to me") live in the address (inboxFilters.ts); changing them refetches in a transition,
 * so the old list stays (dimmed) until the new one arrives. Empty states say whether nothing
 * matches the filters or there is nothing at all.
 */
import { Button, Text } from '@studio/ui';
import { useState, useTransition } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/useLocale';
import { AdminShell } from '../AdminShell';
import { useRefetchOnChange } from '../useRefetchOnChange';
import type { RequestsInboxPage_query$key } from './__generated__/RequestsInboxPage_query.graphql';
import type { RequestsInboxPageQuery as RequestsInboxPageQueryType } from './__generated__/RequestsInboxPageQuery.graphql';
import type { RequestsInboxPageViewerQuery as RequestsInboxPageViewerQueryType } from './__generated__/RequestsInboxPageViewerQuery.graphql';
import { INBOX_COLUMNS, InboxRow } from './InboxRow';
import { InboxFilters, useInboxFilters } from './InboxFilters';
import { type InboxFilters as Filters, inboxVariables } from './inboxFilters';
import styles from './Inbox.module.css';

/** Requests per page (the first and every "Load more"). */
export const INBOX_PAGE_SIZE = 20;

/** The signed-in administrator's id, for "assigned to me" (the admin gate has usually stored it already). */
const ViewerQuery = graphql`
  query RequestsInboxPageViewerQuery {
    viewer {
      id
    }
  }
`;

const InboxQuery = graphql`
  query RequestsInboxPageQuery($locale: Locale!, $count: Int!, $status: OrderStatus, $search: String, $assigneeId: ID) {
    ...RequestsInboxPage_query @arguments(locale: $locale, count: $count, status: $status, search: $search, assigneeId: $assigneeId)
  }
`;

function InboxList(props: { query: RequestsInboxPage_query$key; filters: Filters; viewerId: string | null }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment RequestsInboxPage_query on Query
      @refetchable(queryName: "RequestsInboxPagePaginationQuery")
      @argumentDefinitions(
        locale: { type: "Locale!" }
        count: { type: "Int!" }
        cursor: { type: "String" }
        status: { type: "OrderStatus" }
        search: { type: "String" }
        assigneeId: { type: "ID" }
      ) {
        orders(first: $count, after: $cursor, status: $status, search: $search, assigneeId: $assigneeId)
          @connection(key: "RequestsInboxPage_orders", filters: ["status", "search", "assigneeId"]) {
          totalCount
          edges {
            node {
              id
              ...InboxRow_order @arguments(locale: $locale)
            }
          }
        }
      }
    `,
    props.query,
  );
  const intl = useIntl();
  const [, startLoadMore] = useTransition();
  // The filters in the address changed (a control, the back button): refetch, keeping the list meanwhile.
  const refetching = useRefetchOnChange({ ...inboxVariables(props.filters, props.viewerId), count: INBOX_PAGE_SIZE }, refetch);

  const edges = data.orders.edges;
  const filtered = props.filters.status !== null || props.filters.search !== '' || props.filters.mine;
  return (
    <div className={styles.list} aria-busy={refetching || isLoadingNext}>
      {edges.length === 0 ? (
        <Text tone="muted" className={styles.empty} role="status">
          <FormattedMessage id={filtered ? 'admin.requests.empty.filtered' : 'admin.requests.empty.none'} />
        </Text>
      ) : (
        <>
          <table className={styles.table} aria-label={intl.formatMessage({ id: 'admin.requests.tableLabel' })}>
            <thead>
              <tr>
                {INBOX_COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    <FormattedMessage id={`admin.requests.column.${column}`} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {edges.map((edge) => (
                <InboxRow key={edge.node.id} order={edge.node} />
              ))}
            </tbody>
          </table>
          <div className={styles.more}>
            <Text size="sm" tone="muted" role="status">
              <FormattedMessage id="admin.requests.shown" values={{ shown: edges.length, total: data.orders.totalCount }} />
            </Text>
            {hasNext ? (
              <Button variant="secondary" loading={isLoadingNext} disabled={isLoadingNext} onClick={() => startLoadMore(() => void loadNext(INBOX_PAGE_SIZE))}>
                <FormattedMessage id="admin.requests.loadMore" />
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function InboxContent(props: { fetchKey: number }) {
  const locale = useLocale();
  const [filters] = useInboxFilters();
  const viewer = useLazyLoadQuery<RequestsInboxPageViewerQueryType>(ViewerQuery, {}, { fetchPolicy: 'store-or-network' }).viewer;
  const viewerId = viewer?.id ?? null;
  // The first page is fetched for the filters of the address at mount; later changes refetch (InboxList).
  const [initial] = useState(() => ({ ...inboxVariables(filters, viewerId), locale: GRAPHQL_LOCALE[locale], count: INBOX_PAGE_SIZE }));
  const data = useLazyLoadQuery<RequestsInboxPageQueryType>(InboxQuery, initial, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  return <InboxList query={data} filters={filters} viewerId={viewerId} />;
}

/** Filters above the list; the list (with its own loading and error states) below. */
function Inbox(props: { fetchKey: number }) {
  return (
    <>
      <InboxFilters />
      <InboxContent fetchKey={props.fetchKey} />
    </>
  );
}

/** The /admin/requests route: the back-office frame around the inbox. */
export function RequestsInboxPage() {
  return <AdminShell title={<FormattedMessage id="page.adminRequests.title" />} lead={<FormattedMessage id="admin.requests.lead" />} content={Inbox} />;
}
