/**
 * The balance card of /profile (ACC-REFERRAL): the referral balance available for payout and
 * the amount still on hold, stored in minor units of `balanceCurrency` and shown
 * as money in the page's language (money.ts gives the currency's own decimals).
 */
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { BalanceBlock_user$key } from './__generated__/BalanceBlock_user.graphql';
import { minorToMajor } from './money';
import { ProfileSection } from './ProfileSection';
import styles from './blocks.module.css';

/** An amount in minor units as money; a dash when the amount or its currency is unknown. */
function Money(props: { minor: number | null | undefined; currency: string | null | undefined }) {
  const major = props.currency ? minorToMajor(props.minor ?? 0, props.currency) : null;
  if (major === null || !props.currency) return <>—</>;
  return <FormattedNumber value={major} style="currency" currency={props.currency} />;
}

export function BalanceBlock(props: { user: BalanceBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment BalanceBlock_user on User {
        balance
        held
        balanceCurrency
      }
    `,
    props.user,
  );
  return (
    <ProfileSection title={<FormattedMessage id="profile.balance.title" />} className={props.className}>
      <p className={styles.note}>
        <FormattedMessage id="profile.balance.lead" />
      </p>
      <dl className={styles.amounts}>
        <div>
          <dt className={styles.label}>
            <FormattedMessage id="profile.balance.available" />
          </dt>
          <dd className={styles.amount} data-testid="profile-balance">
            <Money minor={user.balance} currency={user.balanceCurrency} />
          </dd>
        </div>
        <div>
          <dt className={styles.label}>
            <FormattedMessage id="profile.balance.held" />
          </dt>
          <dd className={styles.amount} data-testid="profile-held">
            <Money minor={user.held} currency={user.balanceCurrency} />
          </dd>
        </div>
      </dl>
    </ProfileSection>
  );
}
