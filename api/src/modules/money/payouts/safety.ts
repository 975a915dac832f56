/**
 * The two safeties of payouts (PAYOUT-REAUTH, PAYOUT-COOLDOWN):
 * - a recent proof: changing the payout method or requesting a payout needs the session to have
 *   signed in or proved itself within 10 minutes (accountSecurity/window.ts, ACC-SUDO);
 * - a cool-down: after a password, e-mail or payout method change, payouts pause for
 *   `PAYOUT_COOLDOWN_HOURS` (`users.payouts_paused_until`), so someone who took over an account
 *   cannot send its money away at once; the change's own mail tells the account's address.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../../platform/db/index.js';
import type { Database } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';

/** Pauses user `userId`'s payouts for `cooldownMs` from now, in `trx` (PAYOUT-COOLDOWN); answers the end. */
export async function pausePayouts(trx: Kysely<Database>, userId: string, cooldownMs: number): Promise<string> {
  const until = nowIso(Date.now() + cooldownMs);
  if (cooldownMs > 0) await trx.updateTable('users').set({ payoutsPausedUntil: until }).where('id', '=', userId).execute();
  return until;
}

/** PAYOUTS_PAUSED (409) with `until`, when user's payouts are paused now. */
export function assertNotPaused(pausedUntil: string | null, now = Date.now()): void {
  if (pausedUntil && Date.parse(pausedUntil) > now) {
    throw new HttpError(409, 'PAYOUTS_PAUSED', `Payouts are paused until ${pausedUntil} after a security change of the account.`, { until: pausedUntil });
  }
}
