/**
 * Referral earnings on the book (book.ts, decision 0034):
 * - attribution (LEDGER-ATTRIBUTION): which referrer an order's code names, or why it names none;
 * - commission (LEDGER-COMMISSION): a won, referred order credits `REFERRAL_COMMISSION_PERCENT` of
 *   its contract value (rounded down to whole minor units) to the referrer's `pending` account, and
 *   queues the `ledger.release` job for `REFERRAL_HOLD_DAYS` later, in the transaction of the status
 *   change;
 * - release (LEDGER-HOLD): `pending` → `available`, once per commission whatever retries or races;
 *   a reversed commission is never released;
 * - reversal (LEDGER-REFUND): a won order moved to LOST takes back its commission: from `pending`
 *   while held, from `available` once released and still there, else as a negative adjustment of
 *   `available` (the money was paid out; later earnings settle it);
 * - manual adjustments by administrators with a reason (LEDGER-ADJUSTMENT, audited by the caller).
 *
 * Idempotency keys: `commission:<order id>`, `release:<commission id>`, `reversal:<commission id>`,
 * `adjustment:<admin id>:<client key>`.
 */
import type { Kysely } from 'kysely';
import type { Database, LedgerTransactionRow, OrderRow } from '../../../platform/db/types.js';
import type { JobQueue } from '../../../platform/jobs/types.js';
import { type Posted, STUDIO, lockAccounts, post, toMinor } from './book.js';
import { type Db, nowIso } from '../../../platform/db/index.js';

type Trx = Kysely<Database>;

/** The job that ends a commission's hold. */
export const RELEASE_JOB = 'ledger.release';

export interface ReferralSettings {
  /** The commission in basis points of the contract value (10 % = 1000). */
  commissionBasisPoints: number;
  /** How long a commission stays pending, in ms. */
  holdMs: number;
}

/** Why an order's referral code credits no one (the order form's message ids name them). */
export type AttributionProblem = 'unknown' | 'own';

/**
 * The referrer `code` names for an order by `orderer` (signed-in user id or null) with e-mail
 * `email`: the code must exist and be active (any letter case), and must not be the orderer's own
 * — by account, or by the referrer's verified e-mail address being the order's. The referrer's
 * unverified address being the order's is accepted but answers `review: true`: its commission is
 * held for review (LEDGER-SELF-REFERRAL), since that address may be the orderer's or an impostor's.
 */
export async function attribute(
  db: Trx,
  code: string,
  orderer: { userId: string | null; email: string },
): Promise<{ referrerId: string; review: boolean } | { problem: AttributionProblem }> {
  const row = await db
    .selectFrom('referralCodes')
    .innerJoin('users', 'users.id', 'referralCodes.userId')
    .select(['referralCodes.userId', 'referralCodes.isActive', 'users.email', 'users.isVerified'])
    .where('referralCodes.code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!row || row.isActive !== 1) return { problem: 'unknown' };
  if (row.userId === orderer.userId) return { problem: 'own' };
  const sameAddress = row.email.toLowerCase() === orderer.email.trim().toLowerCase();
  if (row.isVerified === 1 && sameAddress) return { problem: 'own' };
  return { referrerId: row.userId, review: sameAddress };
}

/** The commission on `amount` minor units at `basisPoints`, rounded down (integer arithmetic). */
export function commissionOf(amount: number, basisPoints: number): number {
  return Number((BigInt(amount) * BigInt(basisPoints)) / 10_000n);
}

/** The commission transaction of order `orderId`, if one was credited. */
export function commissionOfOrder(db: Trx, orderId: string): Promise<LedgerTransactionRow | undefined> {
  return db.selectFrom('ledgerTransactions').selectAll().where('idempotencyKey', '=', `commission:${orderId}`).executeTakeFirst();
}

/** What happened to commission `id`: released, reversed (or settled by an adjustment), or neither. */
async function fateOf(db: Trx, id: string): Promise<{ released: boolean; reversed: boolean }> {
  const related = await db.selectFrom('ledgerTransactions').select('kind').where('relatedId', '=', id).execute();
  return { released: related.some((r) => r.kind === 'release'), reversed: related.some((r) => r.kind === 'reversal' || r.kind === 'adjustment') };
}

/** The owner of commission `commission`'s pending entry (a user id, or `deleted:…` after deletion). */
export async function beneficiaryOf(db: Trx, commission: LedgerTransactionRow): Promise<string> {
  const row = await db
    .selectFrom('ledgerEntries')
    .innerJoin('ledgerAccounts', 'ledgerAccounts.id', 'ledgerEntries.accountId')
    .select('ledgerAccounts.owner')
    .where('ledgerEntries.transactionId', '=', commission.id)
    .where('ledgerAccounts.type', '=', 'pending')
    .executeTakeFirstOrThrow();
  return row.owner;
}

/**
 * Credits the commission of `order`, just marked WON with its contract value, to its referrer
 * (pending) and queues its release, in `trx`. Nothing for an order without a referrer, whose
 * referrer became its client, or whose commission rounds to zero. Replays write nothing.
 * A commission held for review (`heldForReview`, LEDGER-SELF-REFERRAL) is credited pending with no
 * `availableAt` and no release job: it stays pending until an administrator acts (a refund takes it back).
 */
export async function creditCommission(
  trx: Trx,
  jobs: JobQueue,
  settings: ReferralSettings,
  order: OrderRow & { contractAmount: number; contractCurrency: string },
): Promise<Posted | null> {
  if (!order.referrerId || order.referrerId === order.userId) return null;
  const amount = commissionOf(order.contractAmount, settings.commissionBasisPoints);
  if (amount <= 0) return null;
  const held = await heldForReview(trx, order);
  const availableAt = held ? null : nowIso(Date.now() + settings.holdMs);
  const posted = await post(trx, {
    key: `commission:${order.id}`,
    kind: 'commission',
    currency: order.contractCurrency,
    orderId: order.id,
    availableAt,
    legs: [
      { owner: STUDIO, type: 'referral_expense', amount: -amount },
      { owner: order.referrerId, type: 'pending', amount },
    ],
  });
  const id = posted.transaction.id;
  const runAt = posted.transaction.availableAt ?? availableAt;
  if (runAt !== null) await jobs.enqueue(RELEASE_JOB, { transactionId: id }, { db: trx, key: `${RELEASE_JOB}:${id}`, runAt });
  return posted;
}

/**
 * Whether the commission of `order` is held for review (LEDGER-SELF-REFERRAL): the order was
 * placed with the referrer's own unverified address (`referralReview`), or its address is the
 * referrer's address now (verified since, or changed to it).
 */
export async function heldForReview(db: Trx, order: Pick<OrderRow, 'referrerId' | 'referralReview' | 'email'>): Promise<boolean> {
  if (!order.referrerId) return false;
  if (order.referralReview === 1) return true;
  const referrer = await db.selectFrom('users').select('email').where('id', '=', order.referrerId).executeTakeFirst();
  return !!referrer && referrer.email.toLowerCase() === order.email.trim().toLowerCase();
}

/**
 * Ends the hold of commission `transactionId`: `pending` → `available` (LEDGER-HOLD). Nothing when
 * it was released or reversed already, or is unknown. Safe to run any number of times at once.
 */
export async function releaseCommission(db: Db, transactionId: string): Promise<Posted | null> {
  return db.transaction().execute(async (trx) => {
    const commission = await trx
      .selectFrom('ledgerTransactions')
      .selectAll()
      .where('id', '=', transactionId)
      .where('kind', '=', 'commission')
      .executeTakeFirst();
    if (!commission) return null;
    const owner = await beneficiaryOf(trx, commission);
    const amount = await commissionAmount(trx, commission.id);
    let refused = false;
    const posted = await post(trx, {
      key: `release:${commission.id}`,
      kind: 'release',
      currency: commission.currency,
      orderId: commission.orderId,
      relatedId: commission.id,
      legs: [
        { owner, type: 'pending', amount: -amount },
        { owner, type: 'available', amount },
      ],
      // Under the accounts' lock: a reversal that committed first leaves nothing to release.
      check: async (locked) => {
        refused = (await fateOf(locked, commission.id)).reversed;
        if (refused) throw new ReleaseRefused();
      },
    }).catch((error: unknown) => {
      if (error instanceof ReleaseRefused) return null;
      throw error;
    });
    return refused ? null : posted;
  });
}

class ReleaseRefused extends Error {}

/** The amount commission `id` credited (its positive entry). */
async function commissionAmount(db: Trx, id: string): Promise<number> {
  const entries = await db.selectFrom('ledgerEntries').select('amount').where('transactionId', '=', id).execute();
  return Math.max(...entries.map((e) => toMinor(e.amount)));
}

/**
 * Takes back the commission of `order` (moved from WON to LOST), in `trx` (LEDGER-REFUND). Nothing
 * when the order earned none or it was taken back already.
 */
export async function reverseCommission(trx: Trx, order: OrderRow, actorId: string | null): Promise<Posted | null> {
  const commission = await commissionOfOrder(trx, order.id);
  if (!commission) return null;
  const owner = await beneficiaryOf(trx, commission);
  const amount = await commissionAmount(trx, commission.id);
  // Lock every account the reversal may touch first (in one statement, so in id order: no
  // deadlock with other postings), then read what happened: a release cannot slip in between.
  const accounts = await lockAccounts(
    trx,
    [
      { owner, type: 'pending' },
      { owner, type: 'available' },
      { owner: STUDIO, type: 'referral_expense' },
    ],
    commission.currency,
  );
  const fate = await fateOf(trx, commission.id);
  if (fate.reversed) return null;
  const available = toMinor(accounts.get(`${owner}/available`)?.balance ?? 0);
  const paidOut = fate.released && available < amount;
  return post(trx, {
    key: `reversal:${commission.id}`,
    kind: paidOut ? 'adjustment' : 'reversal',
    currency: commission.currency,
    orderId: order.id,
    relatedId: commission.id,
    actorId,
    reason: paidOut ? `refund of ${order.reference} after the commission was paid out` : null,
    allowNegative: paidOut,
    legs: [
      { owner, type: fate.released ? 'available' : 'pending', amount: -amount },
      { owner: STUDIO, type: 'referral_expense', amount },
    ],
  });
}

/**
 * An administrator's adjustment of `userId`'s available balance by `amount` (signed minor units)
 * with `reason`, in `trx` (LEDGER-ADJUSTMENT). May take the balance below zero (LEDGER-NEGATIVE).
 */
export function postAdjustment(
  trx: Trx,
  input: { actorId: string; userId: string; amount: number; currency: string; reason: string; key: string },
): Promise<Posted> {
  return post(trx, {
    key: `adjustment:${input.actorId}:${input.key}`,
    kind: 'adjustment',
    currency: input.currency,
    actorId: input.actorId,
    reason: input.reason,
    allowNegative: true,
    legs: [
      { owner: STUDIO, type: 'adjustments', amount: -input.amount },
      { owner: input.userId, type: 'available', amount: input.amount },
    ],
  });
}
