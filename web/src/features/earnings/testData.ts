/**
 * Referral earnings as the schema answers them to their owner (LEDGER-MOVEMENTS,
 * LEDGER-EARNINGS-PAGE), for the earnings tests: movements of each kind and status with realistic
 * amounts in minor units, request references and dates in UTC, and the programme's terms.
 */
import type { MockResolvers } from 'relay-test-utils';

export interface MovementFixture {
  id: string;
  kind: 'COMMISSION' | 'REVERSAL' | 'ADJUSTMENT' | 'PAYOUT' | 'PAYOUT_REVERSED';
  amount: { amount: number; currency: string };
  status: 'PENDING' | 'AVAILABLE' | 'REVERSED' | 'COMPLETED';
  orderReference: string | null;
  reason: string | null;
  created: string;
  availableAt: string | null;
}

/** A commission of $1,250.00 on hold until 20 December 2026. */
export const PENDING_COMMISSION: MovementFixture = {
  id: 'TGVkZ2VyVHJhbnNhY3Rpb246Mw',
  kind: 'COMMISSION',
  amount: { amount: 125000, currency: 'USD' },
  status: 'PENDING',
  orderReference: 'ST-2M8P4X',
  reason: null,
  created: '2026-11-20T12:00:00.000Z',
  availableAt: '2026-12-20T12:00:00.000Z',
};

/** An administrator's correction taking $30.00 away, with its reason. */
export const ADJUSTMENT: MovementFixture = {
  id: 'TGVkZ2VyVHJhbnNhY3Rpb246Mg',
  kind: 'ADJUSTMENT',
  amount: { amount: -3000, currency: 'USD' },
  status: 'COMPLETED',
  orderReference: null,
  reason: 'Duplicate commission for ST-7K3Q9D',
  created: '2026-11-10T09:30:00.000Z',
  availableAt: null,
};

/** A commission of $500.00 whose hold ended. */
export const AVAILABLE_COMMISSION: MovementFixture = {
  id: 'TGVkZ2VyVHJhbnNhY3Rpb246MQ',
  kind: 'COMMISSION',
  amount: { amount: 50000, currency: 'USD' },
  status: 'AVAILABLE',
  orderReference: 'ST-7K3Q9D',
  reason: null,
  created: '2026-09-01T08:00:00.000Z',
  availableAt: '2026-10-01T08:00:00.000Z',
};

/** A refunded request's commission (REVERSED) and the reversal that took it back. */
export const REVERSED_COMMISSION: MovementFixture = {
  id: 'TGVkZ2VyVHJhbnNhY3Rpb246NA',
  kind: 'COMMISSION',
  amount: { amount: 80000, currency: 'EUR' },
  status: 'REVERSED',
  orderReference: 'ST-9Q4W2E',
  reason: null,
  created: '2026-08-03T10:00:00.000Z',
  availableAt: '2026-09-02T10:00:00.000Z',
};
export const REVERSAL: MovementFixture = {
  id: 'TGVkZ2VyVHJhbnNhY3Rpb246NQ',
  kind: 'REVERSAL',
  amount: { amount: -80000, currency: 'EUR' },
  status: 'COMPLETED',
  orderReference: 'ST-9Q4W2E',
  reason: null,
  created: '2026-08-20T16:00:00.000Z',
  availableAt: null,
};

/** A paid payout of $400.00, and Stripe taking its transfer back (decision 0041). */
export const PAYOUT: MovementFixture = {
  id: 'TGVkZ2VyVHJhbnNhY3Rpb246Ng',
  kind: 'PAYOUT',
  amount: { amount: -40000, currency: 'USD' },
  status: 'COMPLETED',
  orderReference: null,
  reason: null,
  created: '2026-11-15T12:00:00.000Z',
  availableAt: null,
};
export const PAYOUT_REVERSED: MovementFixture = {
  id: 'TGVkZ2VyVHJhbnNhY3Rpb246Nw',
  kind: 'PAYOUT_REVERSED',
  amount: { amount: 40000, currency: 'USD' },
  status: 'COMPLETED',
  orderReference: null,
  reason: null,
  created: '2026-11-18T12:00:00.000Z',
  availableAt: null,
};

/** The programme's default terms (REFERRAL_COMMISSION_PERCENT, REFERRAL_HOLD_DAYS). */
export const TERMS = { commissionPercent: 10, holdDays: 30 };

/** Anna's earnings: $123.45 available, $25.00 on hold, in US dollars only. */
export const ANNA_EARNINGS = {
  id: 'VXNlcjox',
  balance: 12345,
  held: 2500,
  balanceCurrency: 'USD',
  balances: [{ currency: 'USD', available: 12345, pending: 2500, inPayout: 0 }],
  defaultReferralCode: { id: 'UmVmZXJyYWxDb2RlOjE', code: 'ANNA2024' },
};

/** The viewer (`ANNA_EARNINGS` changed by `viewer`) with `movements` as one page of `transactions`, and the programme's `terms`. */
export function earningsResolvers(
  movements: MovementFixture[],
  page: { totalCount?: number; hasNextPage?: boolean } = {},
  viewer: Record<string, unknown> = {},
  terms: { commissionPercent: number; holdDays: number } = TERMS,
): MockResolvers {
  return {
    User: () => ({ ...ANNA_EARNINGS, ...viewer }),
    ReferralProgram: () => terms,
    LedgerTransactionConnection: () => ({
      totalCount: page.totalCount ?? movements.length,
      edges: movements.map((node) => ({ cursor: node.id, node })),
      pageInfo: { hasNextPage: page.hasNextPage ?? false, endCursor: movements.at(-1)?.id ?? null },
    }),
  };
}
