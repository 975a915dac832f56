/**
 * The earnings card of a user's admin page (LEDGER-MOVEMENTS, LEDGER-ADJUSTMENT): the user's
 * balances per currency (available, pending, in payout; minor units formatted in the page's
 * locale), their latest movements (`USER_TRANSACTIONS_PAGE` at a time, newest first, with "Load
 * more") — kind, signed amount, status badge, date, the request it is about (a link to its admin
 * page), an adjustment's reason, a pending commission's end of hold — and "Adjust balance"
 * (AdjustBalanceForm.tsx). After a posted adjustment the card says so and reloads its movements.
 */
import { Button, Card, Heading, Text, VisuallyHidden } from '@studio/ui';
import { useEffect, useRef, useState, useTransition } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, usePaginationFragment } from 'react-relay';
import { TextLink } from '../../../app/links';
import { ListFooter } from '../ListFooter';
import type { Paging } from '../PagedList';
import { CONTRACT_CURRENCIES } from '../requests/contractValue';
import type { UserEarningsCard_user$data, UserEarningsCard_user$key } from './__generated__/UserEarningsCard_user.graphql';
import { AdjustBalanceForm } from './AdjustBalanceForm';
import { ColumnHeads } from '../../../account/ColumnHeads';
import { Money } from '../../../account/Money';
import { TransactionKindText, TransactionStatusBadge } from '../../../account/ledgerLabels';
import styles from './Users.module.css';

/** How many movements the card asks for at a time (the fragment's `count`). */
export const USER_TRANSACTIONS_PAGE = 10;

type Balance = NonNullable<UserEarningsCard_user$data['balances']>[number];
type Movement = NonNullable<UserEarningsCard_user$data['transactions']>['edges'][number]['node'];
type AdjustedUser = { id: string; fullName: string; email: string | null };

/** The adjustment form's currencies: the user's own first (the default), then those with earnings, then the usual ones. */
export function adjustmentCurrencies(balanceCurrency: string | null | undefined, balances: readonly { currency: string }[]): string[] {
  return [...new Set([...(balanceCurrency ? [balanceCurrency] : []), ...balances.map((b) => b.currency), ...CONTRACT_CURRENCIES])];
}

export function UserEarningsCard(props: { user: UserEarningsCard_user$key; onChanged: () => void }) {
  const { data, refetch, ...paging } = usePaginationFragment(
    graphql`
      fragment UserEarningsCard_user on User
      @refetchable(queryName: "UserEarningsCardRefetchQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        id
        fullName
        email
        balanceCurrency
        balances {
          currency
          available
          pending
          inPayout
        }
        transactions(first: $count, after: $cursor) @connection(key: "UserEarningsCard_transactions") {
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
  const [reloading, startTransition] = useTransition();
  const balances = data.balances ?? [];
  const edges = data.transactions?.edges ?? [];

  function onPosted() {
    // The movements and the history reload in a transition: what is shown stays until they arrive.
    startTransition(() => void refetch({ count: USER_TRANSACTIONS_PAGE }, { fetchPolicy: 'network-only' }));
    props.onChanged();
  }

  return (
    <Card asChild className={`${styles.card} ${styles.wide}`}>
      <section aria-labelledby="admin-user-earnings">
        <Heading level={2} size="lg" className={styles.cardTitle} id="admin-user-earnings">
          <FormattedMessage id="admin.earnings.title" />
        </Heading>
        {balances.length === 0 ? (
          <Text tone="muted">
            <FormattedMessage id="admin.earnings.balances.empty" />
          </Text>
        ) : (
          <BalancesTable balances={balances} />
        )}
        <AdjustBalance
          user={{ id: data.id, fullName: data.fullName, email: data.email ?? null }}
          currencies={adjustmentCurrencies(data.balanceCurrency, balances)}
          onPosted={onPosted}
        />
        <Heading level={3} size="md" className={styles.cardTitle}>
          <FormattedMessage id="admin.earnings.transactions.title" />
        </Heading>
        {edges.length === 0 ? (
          <Text tone="muted">
            <FormattedMessage id="admin.earnings.transactions.empty" />
          </Text>
        ) : (
          <Movements movements={edges.map((edge) => edge.node)} total={data.transactions?.totalCount ?? edges.length} reloading={reloading} paging={paging} />
        )}
      </section>
    </Card>
  );
}

/** The balances per currency: available, pending, in payout. */
function BalancesTable(props: { balances: readonly Balance[] }) {
  return (
    <table className={styles.balances}>
      <caption>
        <VisuallyHidden>
          <FormattedMessage id="admin.earnings.balances.caption" />
        </VisuallyHidden>
      </caption>
      <ColumnHeads
        ids={['admin.earnings.balances.currency', 'admin.earnings.balances.available', 'admin.earnings.balances.pending', 'admin.earnings.balances.inPayout']}
      />
      <tbody>
        {props.balances.map((balance) => (
          <tr key={balance.currency} data-testid={`balance-${balance.currency}`}>
            <th scope="row">{balance.currency}</th>
            <td>
              <Money minor={balance.available} currency={balance.currency} />
            </td>
            <td>
              <Money minor={balance.pending} currency={balance.currency} />
            </td>
            <td>
              <Money minor={balance.inPayout} currency={balance.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "Adjust balance" and its form (AdjustBalanceForm.tsx); once posted, the card says so. Once the
 * form closes (posted or cancelled), the focus goes back to "Adjust balance".
 */
function AdjustBalance(props: { user: AdjustedUser; currencies: string[]; onPosted: () => void }) {
  const [adjusting, setAdjusting] = useState(false);
  const [posted, setPosted] = useState<{ amount: number; currency: string } | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (closed && !adjusting) openButton.current?.focus();
  }, [closed, adjusting]);

  function onPosted(adjustment: { amount: number; currency: string }) {
    setAdjusting(false);
    setClosed(true);
    setPosted(adjustment);
    props.onPosted();
  }

  return (
    <>
      <div aria-live="polite">
        {posted ? (
          <p className={styles.status}>
            <FormattedMessage
              id="admin.earnings.adjust.posted"
              values={{ amount: <Money minor={posted.amount} currency={posted.currency} signDisplay="exceptZero" /> }}
            />
          </p>
        ) : null}
      </div>
      {adjusting ? (
        <AdjustBalanceForm
          user={props.user}
          currencies={props.currencies}
          onPosted={onPosted}
          onCancel={() => {
            setAdjusting(false);
            setClosed(true);
          }}
        />
      ) : (
        <div>
          <Button
            ref={openButton}
            variant="secondary"
            onClick={() => {
              setPosted(null);
              setClosed(false);
              setAdjusting(true);
            }}
          >
            <FormattedMessage id="admin.earnings.adjust.open" />
          </Button>
        </div>
      )}
    </>
  );
}

/** The movements shown, newest first, with "Load more". */
function Movements(props: { movements: readonly Movement[]; total: number; reloading: boolean; paging: Paging }) {
  const intl = useIntl();
  const [loading, startLoading] = useTransition();
  const { hasNext, isLoadingNext, loadNext } = props.paging;
  return (
    <>
      <ul
        className={styles.movements}
        aria-busy={props.reloading || isLoadingNext}
        aria-label={intl.formatMessage({ id: 'admin.earnings.transactions.title' })}
      >
        {props.movements.map((node) => (
          <MovementItem key={node.id} movement={node} />
        ))}
      </ul>
      <ListFooter
        shown={props.movements.length}
        total={props.total}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext || loading}
        onLoadMore={() => startLoading(() => void loadNext(USER_TRANSACTIONS_PAGE))}
      />
    </>
  );
}

/** One movement: kind, signed amount, status, date, the request it is about, its end of hold, an adjustment's reason. */
function MovementItem(props: { movement: Movement }) {
  const node = props.movement;
  return (
    <li className={styles.movement} data-testid="movement">
      <div className={styles.movementHead}>
        <Text as="span" weight="medium">
          <TransactionKindText kind={node.kind} />
        </Text>
        <Text as="span" weight="semibold">
          <Money minor={node.amount.amount} currency={node.amount.currency} signDisplay="exceptZero" />
        </Text>
        <TransactionStatusBadge status={node.status} />
      </div>
      <Text as="span" size="sm" tone="muted">
        <FormattedDate value={node.created} dateStyle="medium" timeStyle="short" />
        {node.orderReference ? (
          <>
            {' · '}
            <TextLink to={`/admin/requests/${encodeURIComponent(node.orderReference)}`}>{node.orderReference}</TextLink>
          </>
        ) : null}
        {node.status === 'PENDING' && node.availableAt ? (
          <>
            {' · '}
            <FormattedMessage
              id="admin.requests.detail.commissionAvailableAt"
              values={{ date: <FormattedDate value={node.availableAt} dateStyle="medium" /> }}
            />
          </>
        ) : null}
      </Text>
      {node.reason ? (
        <Text size="sm" className={styles.reason}>
          {node.reason}
        </Text>
      ) : null}
    </li>
  );
}
