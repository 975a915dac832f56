/**
 * /admin/payouts (PAYOUT-QUEUE): the payout requests, newest first, as a Relay connection, filtered
 * by status and method (`status` / `method` in the address; by default the bank-transfer queue:
 * REQUESTED bank transfers; `all` lifts a filter). Each row: the user (name, e-mail, a link to
 * their page), the amount, method, masked destination, status and when it was requested; a
 * Stripe payout being checked with Stripe and a reversed one say so; a
 * REQUESTED bank transfer offers "Mark sent" and "Mark failed" (PayoutActionDialog). "Load more"
 * appends the next page; after a VERSION_CONFLICT, Reload refetches the list.
 */
import { NativeSelect, Text } from '@studio/ui';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { TextLink } from '../../../app/links';
import { formatMoney } from '../../../account/payoutErrors';
import { PAYOUT_STATUSES, PayoutMethodText, PayoutStatusBadge, isCheckingWithStripe } from '../../../account/payoutLabels';
import { AdminShell } from '../AdminShell';
import list from '../adminList.module.css';
import { PagedList } from '../PagedList';
import { useRefetchOnChange } from '../useRefetchOnChange';
import { useUrlSearch } from '../useUrlSearch';
import type { AdminPayoutsPageQuery as AdminPayoutsPageQueryType, PayoutStatus, WithdrawalMethods } from './__generated__/AdminPayoutsPageQuery.graphql';
import type { AdminPayoutsPage_query$data, AdminPayoutsPage_query$key } from './__generated__/AdminPayoutsPage_query.graphql';
import { PayoutActionDialog } from './PayoutActionDialog';
import styles from './AdminPayouts.module.css';

/** Payouts per page (first page and every "Load more"). */
export const ADMIN_PAYOUTS_PAGE_SIZE = 20;

const AdminPayoutsPageQuery = graphql`
  query AdminPayoutsPageQuery($count: Int!, $status: PayoutStatus, $method: WithdrawalMethods) {
    ...AdminPayoutsPage_query @arguments(count: $count, status: $status, method: $method)
  }
`;

const METHODS = ['BANK_TRANSFER', 'STRIPE'] as const;

type Payout = AdminPayoutsPage_query$data['payouts']['edges'][number]['node'];

/** The address's `status`: absent → REQUESTED (the queue), `all` → null, else the status if known. */
function statusOf(value: string | null): PayoutStatus | null {
  if (value === null) return 'REQUESTED';
  return (PAYOUT_STATUSES as readonly string[]).includes(value) ? (value as PayoutStatus) : null;
}

/** The address's `method`: absent → BANK_TRANSFER (the queue), `all` → null, else the method if known. */
function methodOf(value: string | null): WithdrawalMethods | null {
  if (value === null) return 'BANK_TRANSFER';
  return (METHODS as readonly string[]).includes(value) ? (value as WithdrawalMethods) : null;
}

function PayoutList(props: { query: AdminPayoutsPage_query$key; status: PayoutStatus | null; method: WithdrawalMethods | null }) {
  const intl = useIntl();
  const { data, refetch, ...paging } = usePaginationFragment(
    graphql`
      fragment AdminPayoutsPage_query on Query
      @refetchable(queryName: "AdminPayoutsPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, status: { type: "PayoutStatus" }, method: { type: "WithdrawalMethods" }) {
        payouts(first: $count, after: $cursor, status: $status, method: $method) @connection(key: "AdminPayoutsPage_payouts", filters: ["status", "method"]) {
          totalCount
          edges {
            node {
              id
              amount {
                amount
                currency
              }
              method
              destination
              status
              failureReason
              reference
              created
              version
              user {
                id
                fullName
                email
              }
            }
          }
        }
      }
    `,
    props.query,
  );
  const variables = { count: ADMIN_PAYOUTS_PAGE_SIZE, status: props.status, method: props.method };
  const refetching = useRefetchOnChange(variables, refetch);
  const reload = () => refetch(variables, { fetchPolicy: 'network-only' });

  const edges = data.payouts.edges;
  if (edges.length === 0) {
    return (
      <Text className={list.empty} role="status">
        <FormattedMessage id="admin.payouts.empty" />
      </Text>
    );
  }
  return (
    <PagedList
      className={list.list}
      label={intl.formatMessage({ id: 'admin.payouts.listLabel' })}
      busy={refetching}
      paging={paging}
      pageSize={ADMIN_PAYOUTS_PAGE_SIZE}
      shown={edges.length}
      total={data.payouts.totalCount}
      rows={edges.map(({ node }) => (
        <PayoutRow key={node.id} payout={node} onReload={reload} />
      ))}
    />
  );
}

/** One payout of the list; a REQUESTED bank transfer offers "Mark sent" and "Mark failed". */
function PayoutRow(props: { payout: Payout; onReload: () => void }) {
  const intl = useIntl();
  const node = props.payout;
  const reload = props.onReload;
  const amount = formatMoney(intl, node.amount.amount, node.amount.currency);
  const summary = intl.formatMessage(
    { id: 'admin.payouts.summary' },
    { amount, destination: node.destination, name: node.user?.fullName ?? intl.formatMessage({ id: 'admin.payouts.deletedUser' }) },
  );
  return (
    <li className={list.row} data-testid="admin-payout-row">
      <div className={styles.main}>
        {node.user ? (
          <TextLink to={`/admin/users/${encodeURIComponent(node.user.id)}`} className={list.name}>
            <span dir="auto">{node.user.fullName}</span>
          </TextLink>
        ) : (
          <span className={list.name}>
            <FormattedMessage id="admin.payouts.deletedUser" />
          </span>
        )}
        <span className={styles.meta}>
          {node.user?.email ? <span>{node.user.email}</span> : null}
          <span>
            <PayoutMethodText method={node.method} />
          </span>
          <span className={styles.destination}>{node.destination}</span>
          <FormattedDate value={node.created} dateStyle="medium" timeStyle="short" />
        </span>
        {node.reference ? (
          <span className={styles.meta}>
            <FormattedMessage id="payouts.history.reference" values={{ reference: node.reference }} />
          </span>
        ) : null}
        {isCheckingWithStripe(node) ? (
          <span className={styles.meta} data-testid="admin-payout-checking">
            <FormattedMessage id="admin.payouts.checking" />
          </span>
        ) : null}
        {node.status === 'REVERSED' ? (
          <span className={styles.meta}>
            <FormattedMessage id="admin.payouts.reversed" />
          </span>
        ) : null}
        {node.failureReason ? (
          <span className={styles.meta}>
            <FormattedMessage id="payouts.history.failure" values={{ reason: node.failureReason }} />
          </span>
        ) : null}
      </div>
      <span className={styles.amount} data-testid="admin-payout-amount">
        {amount}
      </span>
      <PayoutStatusBadge status={node.status} />
      {node.status === 'REQUESTED' && node.method === 'BANK_TRANSFER' ? (
        <span className={styles.actions}>
          <PayoutActionDialog action="sent" payout={node} summary={summary} onReload={reload} />
          <PayoutActionDialog action="failed" payout={node} summary={summary} onReload={reload} />
        </span>
      ) : null}
    </li>
  );
}

function Payouts(props: { fetchKey: number }) {
  const intl = useIntl();
  const { param, setParam } = useUrlSearch();
  const status = statusOf(param('status'));
  const method = methodOf(param('method'));
  const [initial] = useState({ status, method });
  const data = useLazyLoadQuery<AdminPayoutsPageQueryType>(
    AdminPayoutsPageQuery,
    { count: ADMIN_PAYOUTS_PAGE_SIZE, ...initial },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  const all = intl.formatMessage({ id: 'admin.payouts.filter.all' });
  return (
    <div className={list.page}>
      <div className={list.toolbar}>
        <NativeSelect
          className={list.filter}
          label={intl.formatMessage({ id: 'admin.payouts.filter.status' })}
          value={status ?? 'all'}
          onValueChange={(value) => setParam('status', value === 'REQUESTED' ? null : value)}
          options={[{ value: 'all', label: all }, ...PAYOUT_STATUSES.map((value) => ({ value, label: intl.formatMessage({ id: `payouts.status.${value}` }) }))]}
        />
        <NativeSelect
          className={list.filter}
          label={intl.formatMessage({ id: 'admin.payouts.filter.method' })}
          value={method ?? 'all'}
          onValueChange={(value) => setParam('method', value === 'BANK_TRANSFER' ? null : value)}
          options={[{ value: 'all', label: all }, ...METHODS.map((value) => ({ value, label: intl.formatMessage({ id: `payouts.method.${value}` }) }))]}
        />
      </div>
      <PayoutList query={data} status={status} method={method} />
    </div>
  );
}

export function AdminPayoutsPage() {
  return <AdminShell title={<FormattedMessage id="page.adminPayouts.title" />} lead={<FormattedMessage id="admin.payouts.lead" />} content={Payouts} />;
}
