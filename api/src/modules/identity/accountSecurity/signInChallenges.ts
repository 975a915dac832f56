/**
 * The second step of a sign-in of an account with two-factor authentication (ACC-2FA): after the
 * password (or a social sign-in) the server answers `{ twoFactorRequired: true, challengeToken }`
 * instead of credentials; `POST /api/auth/login/2fa` with the token and an authenticator or
 * recovery code completes it. A token is 256 random bits stored as its SHA-256, bound to the
 * device token of the first step, valid `CHALLENGE_TTL_MS` (5 minutes), single use, and dies after
 * `CHALLENGE_MAX_ATTEMPTS` codes evaluated (counted atomically, however many arrive at once); every
 * code also counts against the account's `twoFactor` limit (SEC-LIMITS).
 */
import { type Db, nowIso } from '../../../platform/db/index.js';
import { HttpError } from '../../../platform/http/errors.js';
import { hashToken, newOpaqueToken } from '../auth/tokens.js';
import type { SecondFactor, TwoFactorService } from './twoFactor.js';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

/** What a completed challenge gives the route to start the session with. */
export interface PassedChallenge {
  userId: string;
  deviceToken: string;
  /** The first factor (`password`, `social:<provider>`) joined with the second (`totp`, `recovery`). */
  method: string;
  returnPath: string | null;
}

export const invalidChallenge = () => new HttpError(401, 'TWO_FACTOR_CHALLENGE_INVALID', 'This sign-in has expired or was already completed; sign in again.');

export class SignInChallenges {
  constructor(
    private readonly db: Db,
    private readonly twoFactor: TwoFactorService,
    private readonly ttlMs = CHALLENGE_TTL_MS,
  ) {}

  /**
   * Issues a challenge token for `userId` on `deviceToken` after the first factor `method` (ACC-2FA);
   * answers what the sign-in route sends instead of credentials, with the stored expiry.
   */
  async issue(
    userId: string,
    deviceToken: string,
    method: string,
    returnPath: string | null = null,
  ): Promise<{ twoFactorRequired: true; challengeToken: string; expiresAt: string }> {
    const token = newOpaqueToken();
    const now = Date.now();
    const expiresAt = nowIso(now + this.ttlMs);
    await this.db.deleteFrom('twoFactorChallenges').where('expiresAt', '<', nowIso(now)).execute();
    await this.db
      .insertInto('twoFactorChallenges')
      .values({ id: hashToken(token), userId, deviceToken, method, returnPath, expiresAt, created: nowIso(now) })
      .execute();
    return { twoFactorRequired: true, challengeToken: token, expiresAt };
  }

  /**
   * The account of live challenge `token` on `deviceToken` without using it (ACC-2FA-RECOVERY: the
   * first factor was passed), or null when it is unknown, expired, spent, of another device or out
   * of tries — what `complete` would refuse as TWO_FACTOR_CHALLENGE_INVALID.
   */
  async peek(token: string, deviceToken: string): Promise<{ userId: string } | null> {
    const row = await this.db
      .selectFrom('twoFactorChallenges')
      .select('userId')
      .where('id', '=', hashToken(token))
      .where('deviceToken', '=', deviceToken)
      .where('expiresAt', '>', nowIso())
      .where('attempts', '<', CHALLENGE_MAX_ATTEMPTS)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Completes challenge `token` with a second factor (ACC-2FA); the token is spent on success.
   * @throws HttpError 401 TWO_FACTOR_CHALLENGE_INVALID (unknown, expired, used, another device, too
   *   many wrong codes), 401 TWO_FACTOR_CODE_INVALID with `attemptsLeft`, 429 TOO_MANY_REQUESTS.
   * `onFailure` runs for each wrong code (the timeline entry).
   */
  async complete(token: string, deviceToken: string, factor: SecondFactor, onFailure: (userId: string) => Promise<void>): Promise<PassedChallenge> {
    const id = hashToken(token);
    // Taking a try and checking the cap are one statement, so parallel codes cannot all pass a
    // check made before any of them was counted (ACC-2FA: at most CHALLENGE_MAX_ATTEMPTS evaluated).
    const row = await this.db
      .updateTable('twoFactorChallenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('deviceToken', '=', deviceToken)
      .where('expiresAt', '>', nowIso())
      .where('attempts', '<', CHALLENGE_MAX_ATTEMPTS)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw invalidChallenge();
    let kind: Awaited<ReturnType<TwoFactorService['verify']>>;
    try {
      kind = await this.twoFactor.verify(row.userId, factor);
    } catch (error) {
      // Not evaluated (the account's rate limit, a fault): the try is given back.
      await this.db
        .updateTable('twoFactorChallenges')
        .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
        .where('id', '=', id)
        .execute();
      throw error;
    }
    if (!kind) {
      await onFailure(row.userId);
      const attemptsLeft = Math.max(0, CHALLENGE_MAX_ATTEMPTS - row.attempts);
      const field = 'recoveryCode' in factor ? 'recoveryCode' : 'code';
      throw new HttpError(401, 'TWO_FACTOR_CODE_INVALID', `${field}: this code is not valid`, { field, attemptsLeft });
    }
    const spent = await this.db.deleteFrom('twoFactorChallenges').where('id', '=', id).executeTakeFirst();
    if (Number(spent.numDeletedRows) !== 1) throw invalidChallenge();
    return { userId: row.userId, deviceToken, method: `${row.method}+${kind}`, returnPath: row.returnPath };
  }
}
