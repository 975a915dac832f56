/**
 * The movements of the user's earnings on /profile/earnings (LEDGER-MOVEMENTS), newest first, as a
 * Relay connection (`transactions`): each row says what the movement is (commission, reversal,
 * adjustment), its signed amount as money, its status, the request it is about, when it was made,
 * "available on <date>" for a commission on hold and an adjustment's reason. "Load more" appends
 * the next page in place; the total is shown. No movement yet: the programme's terms
 * (`referralProgram`, LEDGER-COMMISSION, LEDGER-HOLD) explain how to earn. The list follows
 * changes live (EarningsLive): each change refetches the page's query quietly, as many movements
 * as are shown, one refetch at a time.
 */
import { Heading, Text } from '@studio/ui';
import { useTransition } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, usePaginationFragment } from 'react-relay';
import type { EarningsPageQuery as EarningsPageQueryType } from './__generated__/EarningsPageQuery.graphql';
import type { EarningsTransactions_user$data, EarningsTransactions_user$key } from './__generated__/EarningsTransactions_user.graphql';
import { EarningsLive } from './EarningsLive';
import { EarningsPageQuery, TRANSACTIONS_PAGE_SIZE } from './EarningsPageQuery';
import { Money } from '../../account/Money';
import { useQuietRefetch } from './useQuietRefetch';
import { TransactionKindText, TransactionStatusBadge } from '../../account/ledgerLabels';
import { LoadMoreFooter } from '../../account/LoadMoreFooter';
import blocks from '../../account/blocks.module.css';
import styles from './earnings.module.css';

type Movement = NonNullable<EarningsTransactions_user$data['transactions']>['edges'][number]['node'];

/** The programme's terms (`referralProgram`). */
export interface ReferralTerms {
  commissionPercent: number;
  holdDays: number;
}

/** One movement; an enum value this build does not know yet reads as its raw name. */
function MovementRow(props: { movement: Movement }) {
  const { kind, status, amount, orderReference, reason, created, availableAt } = props.movement;
  return (
    <li className={blocks.entry} data-testid="earnings-movement">
      <div className={blocks.entryHead}>
        <span className={styles.kind}>
          <TransactionKindText kind={kind} />
        </span>
        <TransactionStatusBadge status={status} />
        <span className={styles.signed} data-testid="earnings-movement-amount" data-sign={amount.amount < 0 ? 'negative' : 'positive'}>
          <Money minor={amount.amount} currency={amount.currency} signDisplay="exceptZero" />
        </span>
      </div>
      <p className={blocks.meta}>
        <time dateTime={created}>
          <FormattedDate value={created} dateStyle="medium" />
        </time>
        {orderReference ? (
          <span>
            <FormattedMessage id="earnings.movement.order" values={{ reference: <span className={styles.reference}>{orderReference}</span> }} />
          </span>
        ) : null}
        {status === 'PENDING' && availableAt ? (
          <span data-testid="earnings-available-on">
            <FormattedMessage id="earnings.movement.availableOn" values={{ date: <FormattedDate value={availableAt} dateStyle="medium" /> }} />
          </span>
        ) : null}
      </p>
      {kind === 'ADJUSTMENT' && reason ? (
        <p className={styles.reason}>
          <FormattedMessage id="earnings.movement.reason" values={{ reason }} />
        </p>
      ) : null}
    </li>
  );
}

/** No movement yet: how the programme works, with its terms in the page's language. */
function EmptyState(props: { terms: ReferralTerms }) {
  const intl = useIntl();
  const percent = intl.formatNumber(props.terms.commissionPercent / 100, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <div className={styles.empty} data-testid="earnings-empty">
      <Heading level={3} size="md" className={styles.emptyTitle}>
        <FormattedMessage id="earnings.empty.title" />
      </Heading>
      <Text>
        <FormattedMessage id="earnings.empty.text" values={{ percent, days: Math.round(props.terms.holdDays) }} />
      </Text>
    </div>
  );
}

export function EarningsTransactions(props: { user: EarningsTransactions_user$key; terms: ReferralTerms }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment EarningsTransactions_user on User
      @refetchable(queryName: "EarningsTransactionsPaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }) {
        transactions(first: $count, after: $cursor) @connection(key: "EarningsTransactions_transactions") {
          totalCount
          edges {
            node {
              id
              kind
              amount {
                amount
                currency
              }
              status
              orderReference
              reason
              created
              availableAt
            }
          }
        }
      }
    `,
    props.user,
  );
  const [, startTransition] = useTransition();
  const edges = data.transactions?.edges ?? [];
  const shown = edges.length;
  // Every movement shown (at most 50, the server's page limit), at least the first page.
  const refetch = useQuietRefetch<EarningsPageQueryType>(
    EarningsPageQuery,
    () => ({ count: Math.min(50, Math.max(TRANSACTIONS_PAGE_SIZE, shown)) }),
    'Earnings',
  );
  const live = <EarningsLive refetch={refetch} />;

  if (shown === 0) {
    return (
      <>
        {live}
        <EmptyState terms={props.terms} />
      </>
    );
  }
  return (
    <>
      {live}
      <ul className={blocks.entries} aria-busy={isLoadingNext}>
        {edges.map((edge) => (
          <MovementRow key={edge.node.id} movement={edge.node} />
        ))}
      </ul>
      <LoadMoreFooter
        className={blocks.more}
        shownId="earnings.shown"
        loadMoreId="earnings.loadMore"
        shown={shown}
        total={data.transactions?.totalCount ?? shown}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => startTransition(() => void loadNext(TRANSACTIONS_PAGE_SIZE))}
      />
    </>
  );
}
