/**
 * The balance card of /profile (ACC-REFERRAL): the referral balance available for payout and
 * the amount still on hold, stored in minor units of `balanceCurrency` and shown
 * as money in the page's language (money.ts gives the currency's own decimals).
 */
import type { ReactNode } from 'react';
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

/** One labelled amount of the block; `testId` marks the amount. */
function Amount(props: { label: ReactNode; testId: string; minor: number | null | undefined; currency: string | null | undefined }) {
  return (
    <div>
      <dt className={styles.label}>{props.label}</dt>
      <dd className={styles.amount} data-testid={props.testId}>
        <Money minor={props.minor} currency={props.currency} />
      </dd>
    </div>
  );
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
        <Amount label={<FormattedMessage id="profile.balance.available" />} testId="profile-balance" minor={user.balance} currency={user.balanceCurrency} />
        <Amount label={<FormattedMessage id="profile.balance.held" />} testId="profile-held" minor={user.held} currency={user.balanceCurrency} />
      </dl>
    </ProfileSection>
  );
}
