/**
 * The two safeties of payouts (PAYOUT-REAUTH, PAYOUT-COOLDOWN):
 * - a recent proof: changing the payout method or requesting a payout needs the session to have
 *   signed in or proved its password within `REAUTH_WINDOW_MS` (10 minutes); `reauthenticate`
 *   checks the password under the account's growing delay (SEC-LIMITS passwordGuess) and stamps
 *   the session;
 * - a cool-down: after a password, e-mail or payout method change, payouts pause for
 *   `PAYOUT_COOLDOWN_HOURS` (`users.payouts_paused_until`), so someone who took over an account
 *   cannot send its money away at once; the change's own mail tells the account's address.
 */
import type { Kysely } from 'kysely';
import { type Db, nowIso } from '../db/index.js';
import type { Database } from '../db/types.js';
import { HttpError } from '../http/errors.js';

/** How long a sign-in or a password proof counts as recent, in ms. */
export const REAUTH_WINDOW_MS = 10 * 60_000;

/** REAUTHENTICATION_REQUIRED (403): prove the password again (`reauthenticate`), then repeat. */
export function reauthenticationRequired(): HttpError {
  return new HttpError(403, 'REAUTHENTICATION_REQUIRED', 'Confirm it is you (password, authenticator code or passkey) to continue: this needs a recent sign-in (ACC-SUDO).');
}

/** When session `sessionId`'s last proof stops counting (ISO), or null when it has none that counts now. */
export async function recentProofUntil(db: Db, sessionId: string, now = Date.now()): Promise<string | null> {
  const session = await db.selectFrom('sessions').select(['created', 'reauthenticatedAt', 'revokedAt']).where('id', '=', sessionId).executeTakeFirst();
  if (!session || session.revokedAt) return null;
  const last = Math.max(Date.parse(session.created), session.reauthenticatedAt ? Date.parse(session.reauthenticatedAt) : 0);
  return last + REAUTH_WINDOW_MS > now ? nowIso(last + REAUTH_WINDOW_MS) : null;
}

/** @throws HttpError REAUTHENTICATION_REQUIRED unless session `sessionId` proved itself recently. */
export async function requireRecentProof(db: Db, sessionId: string): Promise<void> {
  if (!(await recentProofUntil(db, sessionId))) throw reauthenticationRequired();
}

/** Stamps session `sessionId` as proved now; answers until when it counts. */
export async function stampProof(db: Db, sessionId: string): Promise<string> {
  const now = Date.now();
  await db.updateTable('sessions').set({ reauthenticatedAt: nowIso(now) }).where('id', '=', sessionId).execute();
  return nowIso(now + REAUTH_WINDOW_MS);
}

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
