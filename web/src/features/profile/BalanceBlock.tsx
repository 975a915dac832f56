/**
 * The balance card of /profile (ACC-REFERRAL, LEDGER-EARNINGS-PAGE): a summary of the referral
 * earnings — available for payout and still held, with their currency, as EarningsSummary shows
 * them (a row per currency when there are several) — and the link to /profile/earnings, where the
 * referral code and link and every movement are. The profile's `viewerUpdated` subscription
 * selects this fragment, so a change of the earnings shows here live (LEDGER-LIVE).
 */
import { FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { BalanceBlock_user$key } from './__generated__/BalanceBlock_user.graphql';
import { EarningsSummary } from '../earnings';
import { TextLink } from '../../app/links';
import { ProfileSection } from '../../account/ProfileSection';
import styles from '../../account/blocks.module.css';

export function BalanceBlock(props: { user: BalanceBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment BalanceBlock_user on User {
        ...EarningsSummary_user
      }
    `,
    props.user,
  );
  return (
    <ProfileSection title={<FormattedMessage id="profile.balance.title" />} className={props.className}>
      <p className={styles.note}>
        <FormattedMessage id="profile.balance.lead" />
      </p>
      <EarningsSummary user={user} />
      <p className={styles.note}>
        <TextLink to="/profile/earnings">
          <FormattedMessage id="profile.balance.details" />
        </TextLink>
      </p>
    </ProfileSection>
  );
}
