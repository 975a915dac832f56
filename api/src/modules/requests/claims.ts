/**
 * Claims (REQ-CLAIM): an order placed signed out belongs to nobody until a user proves they own its
 * e-mail address. Whenever a user's address becomes (or is found) verified — the verification
 * code, a confirmed e-mail change, a social sign-up or sign-in with an address the provider
 * vouches for, an administrator setting `isVerified`, and every sign-in of a verified user — the
 * orders with that address (compared case-insensitively) and no user become theirs. An unverified
 * account claims nothing: anyone may type any address into the order form or a registration.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/types.js';

/**
 * Gives user `userId` the orders of `email` (case-insensitive) that belong to nobody. Call it only
 * once `email` is the user's verified address, with the transaction of that change when there is one.
 * @returns the database ids of the orders claimed (empty when none).
 */
export async function claimOrders(executor: Kysely<Database>, userId: string, email: string): Promise<string[]> {
  const address = email.trim().toLowerCase();
  if (!address) return [];
  const rows = await executor
    .selectFrom('orders')
    .select('id')
    .where('userId', 'is', null)
    .where(sql<boolean>`lower(email) = ${address}`)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // `user_id is null` again: a concurrent claim by another verified owner of the address wins once.
  await executor.updateTable('orders').set({ userId }).where('id', 'in', ids).where('userId', 'is', null).execute();
  return ids;
}

/**
 * `claimOrders` for user `userId` with their current address, when it is verified; nothing for an
 * unverified (or deleted) user.
 * @returns the database ids of the orders claimed.
 */
export async function claimOrdersIfVerified(executor: Kysely<Database>, userId: string): Promise<string[]> {
  const user = await executor.selectFrom('users').select(['email', 'isVerified']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.isVerified !== 1) return [];
  return claimOrders(executor, userId, user.email);
}
