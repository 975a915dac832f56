/**
 * The tables of the referral ledger (migration 0013, decision 0034), split from types.ts. Same
 * conventions: camelCase, ids and times as text. Amounts are integer minor units; PostgreSQL's
 * `bigint` arrives as a string from pg, so reads go through `toMinor` (ledger/book.ts).
 */
import type { Selectable } from 'kysely';

/** The account types: a user's three (LEDGER-ACCOUNTS) and the studio's own. */
export type LedgerAccountType = 'pending' | 'available' | 'in_payout' | 'referral_expense' | 'adjustments' | 'paid_out';

/** One account per owner (user id, `studio`, or `deleted:<uuid>`), type and currency. */
export interface LedgerAccountsTable {
  id: string;
  owner: string;
  type: LedgerAccountType;
  currency: string;
  /** The sum of the account's entries (minor units), updated with them. */
  balance: number | string | bigint;
  created: string;
}

/** What a transaction is (LEDGER-KINDS); `payout_reversed`: a paid payout's transfer that Stripe took back (PAYOUT-WEBHOOKS). */
export type LedgerKind = 'commission' | 'release' | 'reversal' | 'adjustment' | 'payout' | 'payout_paid' | 'payout_failed' | 'payout_reversed';

/** A balanced, immutable set of entries. */
export interface LedgerTransactionsTable {
  id: string;
  /** Unique: a second transaction with the same key is a replay and writes nothing. */
  idempotencyKey: string;
  kind: LedgerKind;
  currency: string;
  /** The order a commission (or its release or reversal) is for. */
  orderId: string | null;
  /** The commission a release or reversal refers to. */
  relatedId: string | null;
  /** The administrator who posted an adjustment. */
  actorId: string | null;
  /** An adjustment's reason (shown to the user). */
  reason: string | null;
  /** When a commission's hold ends (REFERRAL_HOLD_DAYS after it was credited). */
  availableAt: string | null;
  created: string;
}

/** One signed amount on one account; a transaction's entries sum to zero. */
export interface LedgerEntriesTable {
  id: string;
  transactionId: string;
  accountId: string;
  amount: number | string | bigint;
  created: string;
}

export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type LedgerTransactionRow = Selectable<LedgerTransactionsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;

/**
 * Where a payout is (PAYOUT-REQUEST, decision 0041): REQUESTED (money in payout) → PAID (Stripe made
 * the transfer, or the bank transfer was sent) or FAILED (money back); a Stripe payout whose outcome
 * Stripe left unknown waits in PROCESSING while it is checked; a PAID Stripe payout whose transfer
 * Stripe took back in full is REVERSED (money back). Rows before 0041 may be PROCESSING with a transfer id.
 */
export type PayoutStatus = 'REQUESTED' | 'PROCESSING' | 'PAID' | 'FAILED' | 'REVERSED';

/** A request to pay out a user's available earnings (migration 0014). */
export interface PayoutsTable {
  id: string;
  userId: string | null;
  method: 'STRIPE' | 'BANK_TRANSFER';
  amount: number | string | bigint;
  currency: string;
  /** Where it goes, as people see it: "Stripe account …1234", "IBAN DE•• •••• 3000". */
  destination: string;
  status: PayoutStatus;
  stripeTransferId: string | null;
  /** The administrator's bank reference of a sent bank transfer. */
  reference: string | null;
  failureReason: string | null;
  /** The language of the payout's mails. */
  locale: string;
  created: string;
  updated: string;
  version: number;
}

/** A Stripe webhook event, stored once by id. */
export interface StripeEventsTable {
  id: string;
  type: string;
  /** `platform` (/api/webhooks/stripe) or `connect` (/api/webhooks/stripe-connect). */
  endpoint: string;
  /** The id of the object the event is about (an account, a transfer). */
  objectId: string | null;
  created: string;
}

export type PayoutRow = Selectable<PayoutsTable>;
