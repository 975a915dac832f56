/**
 * /profile/earnings (LEDGER-EARNINGS-PAGE): the signed-in user's referral earnings — the balance
 * available and held with their currency (EarningsSummary) with a link to the payouts (PAYOUT-PAGE), the referral code and order link with
 * Copy buttons (ReferralBlock), and the movements with "Load more" or, before the first one, the
 * programme's terms (EarningsTransactions). The page follows changes live and across tabs
 * (EarningsLive, LEDGER-LIVE). Account page: a shell on the server, the data fetched fresh
 * (network-only) in the browser; signed out, load errors (with "Try again") and the frame are
 * AccountShell's, the skeleton is the page's own shape.
 */
import { Skeleton, VisuallyHidden } from '@studio/ui';
import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLazyLoadQuery } from 'react-relay';
import type { EarningsPageQuery as EarningsPageQueryType } from './__generated__/EarningsPageQuery.graphql';
import { ButtonLink } from '../../app/links';
import { AccountShell } from '../../account/AccountShell';
import { ProfileSection } from '../../account/ProfileSection';
import { SignedOut } from '../../account/SignedOut';
import { EarningsPageQuery, TRANSACTIONS_PAGE_SIZE } from './EarningsPageQuery';
import { EarningsSummary } from './EarningsSummary';
import { EarningsTransactions } from './EarningsTransactions';
import { ReferralBlock } from './ReferralBlock';
import styles from './earnings.module.css';

function Earnings(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<EarningsPageQueryType>(
    EarningsPageQuery,
    { count: TRANSACTIONS_PAGE_SIZE },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  if (!data.viewer) return <SignedOut />;
  return (
    <div className={styles.layout}>
      <ProfileSection
        title={<FormattedMessage id="profile.balance.title" />}
        data-testid="earnings-summary"
        aside={
          <ButtonLink to="/profile/payouts" variant="secondary" size="sm">
            <FormattedMessage id="payouts.link" />
          </ButtonLink>
        }
      >
        <EarningsSummary user={data.viewer} />
      </ProfileSection>
      <ReferralBlock user={data.viewer} />
      <ProfileSection title={<FormattedMessage id="earnings.movements.title" />} className={styles.full} data-testid="earnings-movements">
        <EarningsTransactions user={data.viewer} terms={data.referralProgram} />
      </ProfileSection>
    </div>
  );
}

/** The page's shape in skeletons while its query runs, announced as loading. */
function EarningsLoading() {
  return (
    <div role="status" className={styles.layout}>
      <VisuallyHidden>
        <FormattedMessage id="earnings.loading" />
      </VisuallyHidden>
      <Skeleton height={150} radius="lg" />
      <Skeleton height={150} radius="lg" />
      <Skeleton height={260} radius="lg" className={styles.full} />
    </div>
  );
}

function Content(props: { fetchKey: number }) {
  return (
    <Suspense fallback={<EarningsLoading />}>
      <Earnings fetchKey={props.fetchKey} />
    </Suspense>
  );
}

export function EarningsPage() {
  return (
    <AccountShell
      title={<FormattedMessage id="page.profileEarnings.title" />}
      lead={<FormattedMessage id="earnings.lead" />}
      pageClassName={styles.page}
      content={Content}
    />
  );
}
