/**
 * The user's earnings in short (LEDGER-DERIVED, LEDGER-EARNINGS-PAGE): what is available for payout
 * and what is still held, as money in the page's language. One currency (the usual case):
 * `balance` and `held` in `balanceCurrency`, as two labelled amounts. Earnings in several
 * currencies (`balances` has more than one): a table with a row per currency, held being
 * `pending` + `inPayout` as the server counts it. Used by /profile/earnings and the profile's
 * balance card; the amounts carry `data-testid`s `earnings-available` / `earnings-held`
 * (per-currency rows: `earnings-row-<CODE>`).
 */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { EarningsSummary_user$key } from './__generated__/EarningsSummary_user.graphql';
import { ColumnHeads } from '../../account/ColumnHeads';
import { Money } from '../../account/Money';
import blocks from '../../account/blocks.module.css';
import styles from './earnings.module.css';

/** One labelled amount; `testId` marks the amount. */
function Amount(props: { label: ReactNode; testId: string; minor: number | null | undefined; currency: string | null | undefined }) {
  return (
    <div>
      <dt className={blocks.label}>{props.label}</dt>
      <dd className={styles.amount} data-testid={props.testId}>
        <Money minor={props.minor} currency={props.currency} />
      </dd>
    </div>
  );
}

export function EarningsSummary(props: { user: EarningsSummary_user$key }) {
  const user = useFragment(
    graphql`
      fragment EarningsSummary_user on User {
        balance
        held
        balanceCurrency
        balances {
          currency
          available
          pending
          inPayout
        }
      }
    `,
    props.user,
  );
  const intl = useIntl();
  const balances = user.balances ?? [];
  if (balances.length > 1) {
    // data-label: the column's name beside each value when the table reflows on phones.
    const availableLabel = intl.formatMessage({ id: 'profile.balance.available' });
    const heldLabel = intl.formatMessage({ id: 'profile.balance.held' });
    return (
      <table className={styles.table}>
        <ColumnHeads ids={['earnings.summary.currency', 'profile.balance.available', 'profile.balance.held']} />
        <tbody>
          {balances.map((row) => (
            <tr key={row.currency} data-testid={`earnings-row-${row.currency}`}>
              <th scope="row" className={styles.currency}>
                {row.currency}
              </th>
              <td data-label={availableLabel}>
                <Money minor={row.available} currency={row.currency} />
              </td>
              <td data-label={heldLabel}>
                <Money minor={row.pending + row.inPayout} currency={row.currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <dl className={blocks.amounts}>
      <Amount label={<FormattedMessage id="profile.balance.available" />} testId="earnings-available" minor={user.balance} currency={user.balanceCurrency} />
      <Amount label={<FormattedMessage id="profile.balance.held" />} testId="earnings-held" minor={user.held} currency={user.balanceCurrency} />
    </dl>
  );
}
