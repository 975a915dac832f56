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
import { CONTRACT_CURRENCIES } from '../requests/contractValue';
import type { UserEarningsCard_user$key } from './__generated__/UserEarningsCard_user.graphql';
import { AdjustBalanceForm } from './AdjustBalanceForm';
import { Money } from '../../../account/Money';
import { TransactionKindText, TransactionStatusBadge } from '../../../account/ledgerLabels';
import styles from './Users.module.css';

/** How many movements the card asks for at a time (the fragment's `count`). */
export const USER_TRANSACTIONS_PAGE = 10;

/** The adjustment form's currencies: the user's own first (the default), then those with earnings, then the usual ones. */
export function adjustmentCurrencies(balanceCurrency: string | null | undefined, balances: readonly { currency: string }[]): string[] {
  return [...new Set([...(balanceCurrency ? [balanceCurrency] : []), ...balances.map((b) => b.currency), ...CONTRACT_CURRENCIES])];
}

export function UserEarningsCard(props: { user: UserEarningsCard_user$key; onChanged: () => void }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
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
  const intl = useIntl();
  const [adjusting, setAdjusting] = useState(false);
  const [posted, setPosted] = useState<{ amount: number; currency: string } | null>(null);
  const [reloading, startTransition] = useTransition();
  const [loading, startLoading] = useTransition();
  /** Once the form closes (posted or cancelled), the focus goes back to "Adjust balance". */
  const openButton = useRef<HTMLButtonElement>(null);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (closed && !adjusting) openButton.current?.focus();
  }, [closed, adjusting]);
  const balances = data.balances ?? [];
  const edges = data.transactions?.edges ?? [];

  function onPosted(adjustment: { amount: number; currency: string }) {
    setAdjusting(false);
    setClosed(true);
    setPosted(adjustment);
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
          <table className={styles.balances}>
            <caption>
              <VisuallyHidden>
                <FormattedMessage id="admin.earnings.balances.caption" />
              </VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="admin.earnings.balances.currency" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.earnings.balances.available" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.earnings.balances.pending" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.earnings.balances.inPayout" />
                </th>
              </tr>
            </thead>
            <tbody>
              {balances.map((balance) => (
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
        )}
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
            user={{ id: data.id, fullName: data.fullName, email: data.email ?? null }}
            currencies={adjustmentCurrencies(data.balanceCurrency, balances)}
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
        <Heading level={3} size="md" className={styles.cardTitle}>
          <FormattedMessage id="admin.earnings.transactions.title" />
        </Heading>
        {edges.length === 0 ? (
          <Text tone="muted">
            <FormattedMessage id="admin.earnings.transactions.empty" />
          </Text>
        ) : (
          <>
            <ul
              className={styles.movements}
              aria-busy={reloading || isLoadingNext}
              aria-label={intl.formatMessage({ id: 'admin.earnings.transactions.title' })}
            >
              {edges.map(({ node }) => (
                <li key={node.id} className={styles.movement} data-testid="movement">
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
              ))}
            </ul>
            <ListFooter
              shown={edges.length}
              total={data.transactions?.totalCount ?? edges.length}
              hasNext={hasNext}
              isLoadingNext={isLoadingNext || loading}
              onLoadMore={() => startLoading(() => void loadNext(USER_TRANSACTIONS_PAGE))}
            />
          </>
        )}
      </section>
    </Card>
  );
}
