/**
 * The query of /profile/payouts (PAYOUT-PAGE), in a module of its own so the page and its quiet
 * refetch share it: the viewer's balances, method, Stripe onboarding and cool-down, the first
 * `$count` payouts, and the server's payout settings (Stripe offered where, the minimums).
 */
import { graphql } from 'react-relay';

export const PayoutsPageQuery = graphql`
  query PayoutsPageQuery($count: Int!) {
    viewer {
      id
      ...PayoutBalances_user
      ...PayoutMethod_user
      ...StripeOnboarding_user
      ...PayoutHistory_user @arguments(count: $count)
    }
    payoutSettings {
      ...PayoutBalances_settings
      ...PayoutMethod_settings
    }
  }
`;

/** Payouts per page (the first page and every "Load more"). */
export const PAYOUTS_PAGE_SIZE = 10;
