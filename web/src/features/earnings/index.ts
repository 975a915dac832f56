/** The earnings feature's door: what other features use from it (they import nothing else of it). */
export { EarningsLive, announceTransactionsChanged } from './EarningsLive';
export { EarningsSummary } from './EarningsSummary';
export { useQuietRefetch } from './useQuietRefetch';
