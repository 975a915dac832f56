/**
 * The query of /profile/earnings (LEDGER-EARNINGS-PAGE), in a module of its own so the page and
 * its quiet refetch (EarningsTransactions) share it: the viewer's summary, referral code and the
 * first `$count` movements, and the programme's terms for the empty state.
 */
import { graphql } from 'react-relay';

export const EarningsPageQuery = graphql`
  query EarningsPageQuery($count: Int!) {
    viewer {
      id
      ...EarningsSummary_user
      ...ReferralBlock_user
      ...EarningsTransactions_user @arguments(count: $count)
    }
    referralProgram {
      commissionPercent
      holdDays
    }
  }
`;

/** Movements per page (the first page and every "Load more"). */
export const TRANSACTIONS_PAGE_SIZE = 10;
