/**
 * The user's payouts on /profile/payouts (PAYOUT-PAGE), newest first, as a Relay connection
 * (`payouts`): amount, method, where it went (masked), status in words, a failure's reason, a bank
 * transfer's reference, when it was requested and last changed; "Load more" appends the next page.
 */
import { Text } from '@studio/ui';
import { type RefObject, useEffect, useTransition } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { graphql, usePaginationFragment } from 'react-relay';
import { Money } from '../../account/Money';
import type { PayoutHistory_user$data, PayoutHistory_user$key } from './__generated__/PayoutHistory_user.graphql';
import { PAYOUTS_PAGE_SIZE } from './PayoutsPageQuery';
import { PayoutMethodText, PayoutStatusBadge, isCheckingWithStripe } from '../../account/payoutLabels';
import { LoadMoreFooter } from '../../account/LoadMoreFooter';
import blocks from '../../account/blocks.module.css';
import styles from './payouts.module.css';

/** `shownRef` is kept at the number of payouts shown, for the page's quiet refetch. */
export function PayoutHistory(props: { user: PayoutHistory_user$key; shownRef: RefObject<number> }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment PayoutHistory_user on User
      @refetchable(queryName: "PayoutHistoryPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        payouts(first: $count, after: $cursor) @connection(key: "PayoutHistory_payouts") {
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
              updated
            }
          }
        }
      }
    `,
    props.user,
  );
  const [, startTransition] = useTransition();
  const edges = data.payouts?.edges ?? [];
  const { shownRef } = props;
  useEffect(() => {
    shownRef.current = edges.length;
  });
  if (edges.length === 0) {
    return (
      <Text tone="muted" data-testid="payouts-history-empty">
        <FormattedMessage id="payouts.history.empty" />
      </Text>
    );
  }
  return (
    <>
      <ul className={blocks.entries} aria-busy={isLoadingNext}>
        {edges.map(({ node }) => (
          <PayoutEntry key={node.id} payout={node} />
        ))}
      </ul>
      <LoadMoreFooter
        className={blocks.more}
        shownId="payouts.history.shown"
        loadMoreId="payouts.history.loadMore"
        shown={edges.length}
        total={data.payouts?.totalCount ?? edges.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => startTransition(() => void loadNext(PAYOUTS_PAGE_SIZE))}
      />
    </>
  );
}

type Payout = NonNullable<PayoutHistory_user$data['payouts']>['edges'][number]['node'];

/** One payout: amount and status, then method, destination and dates, and what there is to know about it. */
function PayoutEntry(props: { payout: Payout }) {
  const node = props.payout;
  return (
    <li className={blocks.entry} data-testid="payout-row">
      <div className={blocks.entryHead}>
        <span className={blocks.amount}>
          <Money minor={node.amount.amount} currency={node.amount.currency} />
        </span>
        <PayoutStatusBadge status={node.status} />
      </div>
      <p className={styles.meta}>
        <span>
          <PayoutMethodText method={node.method} />
        </span>
        <span>{node.destination}</span>
        <span>
          <FormattedMessage id="payouts.history.requested" values={{ date: <FormattedDate value={node.created} dateStyle="medium" /> }} />
        </span>
        {node.updated !== node.created ? (
          <span>
            <FormattedMessage id="payouts.history.updated" values={{ date: <FormattedDate value={node.updated} dateStyle="medium" /> }} />
          </span>
        ) : null}
      </p>
      {node.reference ? (
        <p className={styles.meta} data-testid="payout-reference">
          <FormattedMessage id="payouts.history.reference" values={{ reference: node.reference }} />
        </p>
      ) : null}
      {isCheckingWithStripe(node) ? (
        <p className={styles.meta} data-testid="payout-checking">
          <FormattedMessage id="payouts.history.checking" />
        </p>
      ) : null}
      {node.status === 'REVERSED' ? (
        <p className={styles.meta} data-testid="payout-reversed">
          <FormattedMessage id="payouts.history.reversed" />
        </p>
      ) : null}
      {node.status === 'FAILED' && node.failureReason ? (
        <p className={styles.reason} data-testid="payout-failure">
          <FormattedMessage id="payouts.history.failure" values={{ reason: node.failureReason }} />
        </p>
      ) : null}
    </li>
  );
}
