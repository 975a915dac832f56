/**
 * At most one order confirmation per address an hour (ORDER-MAIL, decision 0029): the anonymous
 * order form must not let anyone send our mail to an address again and again.
 *
 * `claimConfirmation` runs in the order's transaction: an upsert on `order_confirmations` (keyed by
 * the lower-cased address) that inserts, or moves `sent` forward only when the last confirmation
 * is at least `CONFIRMATION_INTERVAL_MS` old. One row changed = this order confirms. Two concurrent
 * orders for one address: PostgreSQL makes the second upsert wait for the first transaction and
 * then re-checks the condition against the committed row (no change → no confirmation); SQLite
 * runs write transactions one at a time. Either way exactly one of them confirms.
 */
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../platform/db/index.js';
import type { Database } from '../../platform/db/types.js';

/** One confirmation per address within this many milliseconds (an hour). */
export const CONFIRMATION_INTERVAL_MS = 3_600_000;

/**
 * Claims the confirmation of `email` at `nowMs` inside `trx`.
 * @returns true when this order's confirmation may be queued, false when one went out within the hour.
 */
export async function claimConfirmation(trx: Transaction<Database>, email: string, nowMs: number = Date.now()): Promise<boolean> {
  const now = nowIso(nowMs);
  const cutoff = nowIso(nowMs - CONFIRMATION_INTERVAL_MS);
  const result = await trx
    .insertInto('orderConfirmations')
    .values({ email: email.trim().toLowerCase(), sent: now })
    .onConflict((oc) => oc.column('email').doUpdateSet({ sent: now }).where('orderConfirmations.sent', '<=', cutoff))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Forgets the addresses whose last confirmation is more than an hour old (they may be confirmed
 * again anyway). Called after an order, outside its transaction; best effort.
 */
export async function pruneConfirmations(db: Kysely<Database>, nowMs: number = Date.now()): Promise<void> {
  await db
    .deleteFrom('orderConfirmations')
    .where('sent', '<', nowIso(nowMs - CONFIRMATION_INTERVAL_MS))
    .execute();
}
