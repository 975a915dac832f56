/**
 * The one guard of every password check (SEC-LIMITS passwordGuess, AUTH-LOGIN, ACC-PASSWORD,
 * ACC-DELETE; decision 0030): sign-in, `updatePassword(oldPassword)`, `updateUser(checkPassword)`
 * and `deleteUser(confirmation)` all count their attempts against the same key of the account, so
 * a stolen access token gives no more guesses than the sign-in form does.
 *
 * A check runs only when the account's growing delay lets it (security/limits.ts
 * `passwordGuesses`): the first few failures are free, then each attempt must wait 1 s, 2 s, 4 s …
 * up to a minute after the one before. The owner is never locked out for longer than that delay;
 * a right password forgets the failures. Nothing is counted when the hashing line is full
 * (SEC-HASHING, 429 SERVER_BUSY): a busy server is not a guess.
 */
import { tooManyRequests } from '../credentials/codes.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import { assertHashingRoom, isServerBusy, verifyPassword } from './passwords.js';

/** The guard's key of an account: its id, so a changed e-mail address does not start a new count. */
export function accountGuessKey(userId: string): string {
  return `user:${userId}`;
}

/** The guard's key of a sign-in for an address without an account: the address, so the limit tells nothing either. */
export function addressGuessKey(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

/**
 * The failures counted for `key` now (0 when none), without counting one. Sign-in can use it to
 * ask for more than a password after repeated failures (e.g. a proof-of-work challenge).
 */
export function passwordFailures(limits: RateLimits, key: string): Promise<number> {
  return limits.passwordGuesses.failures(key);
}

/**
 * Checks `password` against `storedHash` (null: an unknown account or no password; still costs
 * one verification and answers false) under the growing delay of `key`.
 * @returns whether the password is right; a right one forgets the key's failures.
 * @param beforeCheck runs once the delay lets the attempt through and before the password is
 *   checked, with the failures counted before this attempt (sign-in demands a challenge there);
 *   when it throws, the attempt is not counted.
 * @throws HttpError 429 TOO_MANY_REQUESTS with `retryAfterSeconds` while the key must wait (nothing
 *   checked or counted), 429 SERVER_BUSY when the hashing line is full (nothing counted), and
 *   whatever `beforeCheck` throws.
 */
export async function checkPasswordGuarded(
  limits: RateLimits,
  key: string,
  storedHash: string | null,
  password: string,
  beforeCheck?: (priorFailures: number) => Promise<void>,
): Promise<boolean> {
  // A full hashing line refuses before the attempt is counted.
  assertHashingRoom();
  // Counted before the password is checked, so a burst of parallel guesses cannot slip past.
  const ticket = await limits.passwordGuesses.begin(key);
  if (!ticket.allowed) throw tooManyRequests(ticket.retryAfterSeconds);
  if (beforeCheck) {
    try {
      await beforeCheck(ticket.attempt - 1);
    } catch (error) {
      await limits.passwordGuesses.withdraw(key, ticket);
      throw error;
    }
  }
  let ok: boolean;
  try {
    ok = await verifyPassword(storedHash, password.slice(0, 1024));
  } catch (error) {
    // The line filled up meanwhile: nothing was checked, so nothing counts.
    if (isServerBusy(error)) await limits.passwordGuesses.withdraw(key, ticket);
    throw error;
  }
  if (ok) await limits.passwordGuesses.succeed(key);
  return ok;
}
