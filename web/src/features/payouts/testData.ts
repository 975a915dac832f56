/**
 * Payouts as the schema answers them to their owner (PAYOUT-PAGE), for the payout tests: Anna with
 * $123.45 available and a bank account, the server's settings (Stripe in a few countries, minimums
 * of $20.00 / 20,00 €) and payouts in each status, amounts in minor units, dates in UTC.
 */
import type { MockResolvers } from 'relay-test-utils';

export interface PayoutFixture {
  id: string;
  amount: { amount: number; currency: string };
  method: 'STRIPE' | 'BANK_TRANSFER';
  destination: string;
  status: 'REQUESTED' | 'PROCESSING' | 'PAID' | 'FAILED' | 'REVERSED';
  failureReason: string | null;
  reference: string | null;
  created: string;
  updated: string;
  version: number;
  user?: { id: string; fullName: string; email: string } | null;
}

/** A bank transfer sent by the studio, with the bank's reference. */
export const PAID_BANK: PayoutFixture = {
  id: 'UGF5b3V0OjE',
  amount: { amount: 50000, currency: 'USD' },
  method: 'BANK_TRANSFER',
  destination: 'Anna Petrova, IBAN DE89 •••• •••• 3000',
  status: 'PAID',
  failureReason: null,
  reference: 'TRX-2026-11-0042',
  created: '2026-11-02T10:00:00.000Z',
  updated: '2026-11-04T09:00:00.000Z',
  version: 2,
};

/** A bank transfer that failed, with the reason the user is told. */
export const FAILED_BANK: PayoutFixture = {
  id: 'UGF5b3V0OjI',
  amount: { amount: 3000, currency: 'EUR' },
  method: 'BANK_TRANSFER',
  destination: 'Anna Petrova, IBAN DE89 •••• •••• 3000',
  status: 'FAILED',
  failureReason: 'The bank returned the transfer: account closed.',
  reference: null,
  created: '2026-10-10T10:00:00.000Z',
  updated: '2026-10-12T10:00:00.000Z',
  version: 2,
};

/** A bank transfer waiting for the studio. */
export const REQUESTED_BANK: PayoutFixture = {
  id: 'UGF5b3V0OjM',
  amount: { amount: 12345, currency: 'USD' },
  method: 'BANK_TRANSFER',
  destination: 'Anna Petrova, IBAN DE89 •••• •••• 3000',
  status: 'REQUESTED',
  failureReason: null,
  reference: null,
  created: '2026-11-20T12:00:00.000Z',
  updated: '2026-11-20T12:00:00.000Z',
  version: 1,
  user: { id: 'VXNlcjox', fullName: 'Anna Petrova', email: 'anna@example.com' },
};

/** A Stripe payout whose transfer is being checked with Stripe (its answer was lost, decision 0041). */
export const PROCESSING_STRIPE: PayoutFixture = {
  id: 'UGF5b3V0OjQ',
  amount: { amount: 2500, currency: 'USD' },
  method: 'STRIPE',
  destination: 'Stripe account …K2Qd',
  status: 'PROCESSING',
  failureReason: null,
  reference: null,
  created: '2026-11-21T12:00:00.000Z',
  updated: '2026-11-21T12:00:00.000Z',
  version: 1,
  user: { id: 'VXNlcjoy', fullName: 'Boris Ivanov', email: 'boris@example.com' },
};

/** A Stripe payout whose transfer Stripe took back after it was paid. */
export const REVERSED_STRIPE: PayoutFixture = {
  id: 'UGF5b3V0OjU',
  amount: { amount: 4000, currency: 'USD' },
  method: 'STRIPE',
  destination: 'Stripe account …K2Qd',
  status: 'REVERSED',
  failureReason: null,
  reference: null,
  created: '2026-11-15T12:00:00.000Z',
  updated: '2026-11-18T12:00:00.000Z',
  version: 3,
  user: { id: 'VXNlcjoy', fullName: 'Boris Ivanov', email: 'boris@example.com' },
};

/** Anna: $123.45 available, a German bank account, no pause. */
export const ANNA_PAYOUTS = {
  id: 'VXNlcjox',
  balances: [{ currency: 'USD', available: 12345, pending: 2500, inPayout: 0 }],
  withdrawalMethod: 'BANK_TRANSFER',
  withdrawalMethodDetails: 'Anna Petrova, IBAN DE89 •••• •••• 3000',
  stripeAccountId: null,
  stripeOnboardingCompleted: false,
  payoutsPausedUntil: null,
};

/** The server's settings: Stripe in Germany, France and the US; minimums of $20.00 and 20,00 €. */
export const SETTINGS = {
  stripeAvailable: true,
  stripeCountries: ['US', 'DE', 'FR'],
  minimums: [
    { amount: 2000, currency: 'USD' },
    { amount: 2000, currency: 'EUR' },
  ],
  cooldownHours: 48,
};

/** The page's answer: the viewer (`ANNA_PAYOUTS` changed by `viewer`), `payouts` as one page, the `settings`. */
export function payoutsResolvers(
  payouts: PayoutFixture[],
  options: { viewer?: Record<string, unknown>; settings?: Record<string, unknown>; page?: { totalCount?: number; hasNextPage?: boolean } } = {},
): MockResolvers {
  return {
    User: () => ({ ...ANNA_PAYOUTS, ...options.viewer }),
    PayoutSettings: () => ({ ...SETTINGS, ...options.settings }),
    PayoutConnection: () => ({
      totalCount: options.page?.totalCount ?? payouts.length,
      edges: payouts.map((node) => ({ cursor: node.id, node })),
      pageInfo: { hasNextPage: options.page?.hasNextPage ?? false, endCursor: payouts.at(-1)?.id ?? null },
    }),
  };
}
