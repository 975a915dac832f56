/**
 * /profile/payouts (PAYOUT-PAGE): the signed-in user's available balances with "Request payout"
 * (PayoutBalances), the payout method (PayoutMethod) and Stripe onboarding (StripeOnboarding), and
 * the payout history (PayoutHistory). It follows changes live: the server publishes
 * `transactionsUpdated` on every payout change, read through the earnings page's EarningsLive (one
 * subscription, the `refetch-transactions` app event both ways); each change refetches the page's
 * query quietly. Account page: AccountShell gives the frame, signed-out state and load errors.
 */
import { Skeleton, VisuallyHidden } from '@studio/ui';
import { Suspense, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLazyLoadQuery } from 'react-relay';
import { useQuietRefetch, EarningsLive, announceTransactionsChanged } from '../earnings';
import { ButtonLink } from '../../app/links';
import { AccountShell } from '../../account/AccountShell';
import { ProfileSection } from '../../account/ProfileSection';
import { SignedOut } from '../../account/SignedOut';
import type { PayoutsPageQuery as PayoutsPageQueryType } from './__generated__/PayoutsPageQuery.graphql';
import { PayoutBalances } from './PayoutBalances';
import { PayoutHistory } from './PayoutHistory';
import { PayoutMethod } from './PayoutMethod';
import { PAYOUTS_PAGE_SIZE, PayoutsPageQuery } from './PayoutsPageQuery';
import { StripeOnboarding } from './StripeOnboarding';
import styles from './payouts.module.css';

function Payouts(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<PayoutsPageQueryType>(
    PayoutsPageQuery,
    { count: PAYOUTS_PAGE_SIZE },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  const shownRef = useRef(0);
  // Every payout shown (at least a page, at most 50, the server's limit).
  const refetch = useQuietRefetch<PayoutsPageQueryType>(
    PayoutsPageQuery,
    () => ({ count: Math.min(50, Math.max(PAYOUTS_PAGE_SIZE, shownRef.current)) }),
    'Payouts',
  );
  if (!data.viewer) return <SignedOut />;
  return (
    <div className={styles.layout}>
      <EarningsLive refetch={refetch} />
      <ProfileSection
        title={<FormattedMessage id="payouts.balances.title" />}
        data-testid="payouts-balances"
        aside={
          <ButtonLink to="/profile/earnings" variant="ghost" size="sm">
            <FormattedMessage id="page.profileEarnings.title" />
          </ButtonLink>
        }
      >
        <PayoutBalances
          user={data.viewer}
          settings={data.payoutSettings}
          onRequested={() => {
            refetch();
            announceTransactionsChanged();
          }}
        />
      </ProfileSection>
      <ProfileSection title={<FormattedMessage id="payouts.method.title" />} data-testid="payouts-method">
        <PayoutMethod user={data.viewer} settings={data.payoutSettings} />
        <StripeOnboarding user={data.viewer} />
      </ProfileSection>
      <ProfileSection title={<FormattedMessage id="payouts.history.title" />} data-testid="payouts-history">
        <PayoutHistory user={data.viewer} shownRef={shownRef} />
      </ProfileSection>
    </div>
  );
}

/** The page's shape in skeletons while its query runs, announced as loading. */
function PayoutsLoading() {
  return (
    <div role="status" className={styles.layout}>
      <VisuallyHidden>
        <FormattedMessage id="payouts.loading" />
      </VisuallyHidden>
      <Skeleton height={150} radius="lg" />
      <Skeleton height={260} radius="lg" />
      <Skeleton height={200} radius="lg" />
    </div>
  );
}

function Content(props: { fetchKey: number }) {
  return (
    <Suspense fallback={<PayoutsLoading />}>
      <Payouts fetchKey={props.fetchKey} />
    </Suspense>
  );
}

export function PayoutsPage() {
  return <AccountShell title={<FormattedMessage id="page.profilePayouts.title" />} lead={<FormattedMessage id="payouts.lead" />} content={Content} />;
}
