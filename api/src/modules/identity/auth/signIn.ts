/**
 * Registration and sign-in with an e-mail address and a password, the service behind
 * `POST /api/auth/register` and `POST /api/auth/login` (routes.ts):
 * - `registerWithPassword` (AUTH-REGISTER): creates the account (argon2id hash, ACC-PASSWORD) and
 *   mails the verification code (ACC-EMAIL);
 * - `signInWithPassword` (AUTH-LOGIN): the one place sign-in checks run — the password under the
 *   account's growing delay (SEC-LIMITS passwordGuess, ./passwordGuard.ts) and, after repeated
 *   failures, a proof-of-work challenge (SEC-CHALLENGE); re-hashes a hash made with older
 *   parameters and remembers the mail language.
 * Both answer the user row; the route starts the session.
 */
import type { DomainEvents } from '../../../platform/events.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@studio/site/locales';
import type { CredentialService } from '../credentials/service.js';
import type { Db } from '../../../platform/db/index.js';
import type { UserRow } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';
import { type Challenges, demandChallenge } from '../../../platform/security/challenge.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import { createUser, findUserByEmail } from '../users/service.js';
import { accountGuessKey, addressGuessKey, checkPasswordGuarded } from './passwordGuard.js';
import { hashPassword, needsRehash, refuseNewPassword, rehashPassword } from './passwords.js';

/**
 * Creates a password account and queues its verification code. Input is already validated by the
 * route's field rules; here the password is also refused when it is mostly the e-mail address, the
 * username or the site's name (ACC-PASSWORD).
 * @throws HttpError 400 VALIDATION_FAILED (field `password`), 409 EMAIL_TAKEN, 429 SERVER_BUSY.
 */
export async function registerWithPassword(
  deps: { db: Db; credentials: CredentialService; siteName: string },
  input: { email: string; password: string; fullName: string; username?: string | undefined; locale: Locale },
): Promise<UserRow> {
  const refused = refuseNewPassword('VALIDATION_FAILED', 'password', input.password, { email: input.email, username: input.username, siteName: deps.siteName });
  if (refused) throw refused;
  const user = await createUser(deps.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    fullName: input.fullName,
    username: input.username,
    locale: input.locale,
  });
  await deps.credentials.startVerification(user);
  return user;
}

/**
 * The user whose e-mail and password these are.
 * @throws HttpError 429 TOO_MANY_REQUESTS while the account (or the address, when it has none) must
 *   wait after repeated failures (passwordGuard.ts; the wait is shared with the token operations),
 *   429 SERVER_BUSY when the password-hashing line is full (SEC-HASHING),
 *   428 CHALLENGE_REQUIRED / 400 CHALLENGE_INVALID once the key has `challengeAfterFailures`
 *   failures and no valid solved challenge came with the attempt (SEC-CHALLENGE),
 *   401 INVALID_CREDENTIALS for an unknown e-mail and a wrong password alike.
 */
export async function signInWithPassword(
  deps: {
    db: Db;
    limits: RateLimits;
    log: FastifyBaseLogger;
    challenges?: Challenges;
    challengeAfterFailures?: number;
    /** Runs after a wrong password for an existing account (the timeline entry, ACC-TIMELINE). */
    onWrongPassword?: (userId: string) => Promise<void>;
    /** Raises `emailVerified` at the sign-in of a verified user (REQ-CLAIM). */
    events: DomainEvents;
  },
  input: { email: string; password: string; locale?: Locale | undefined; challenge?: string | undefined },
): Promise<UserRow> {
  const { db, limits } = deps;
  const user = await findUserByEmail(db, input.email);
  // Counted per account — together with the password checks of the token operations — or per
  // address when there is no account, so the limit tells nothing either.
  const key = user ? accountGuessKey(user.id) : addressGuessKey(input.email);
  // After repeated failures each further guess also costs a proof of work (decision 0030); the
  // owner's browser solves it by itself. Asked only once the delay lets the attempt through, so a
  // solved challenge is not spent on a 429.
  const { challenges, challengeAfterFailures } = deps;
  const beforeCheck =
    challenges && challengeAfterFailures !== undefined
      ? async (priorFailures: number) => {
          if (priorFailures >= challengeAfterFailures) await demandChallenge(challenges, input.challenge);
        }
      : undefined;
  // Same answer, and the same hashing time, for an unknown e-mail and a wrong password.
  const ok = await checkPasswordGuarded(limits, key, user?.passwordHash ?? null, input.password, beforeCheck);
  if (user && !ok) await deps.onWrongPassword?.(user.id);
  if (!user || !ok) throw new HttpError(401, 'INVALID_CREDENTIALS', 'The e-mail or password is incorrect.');
  const patch: { passwordHash?: string; locale?: string } = {};
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    // The sign-in stands when the line is full; the re-hash waits for a later one.
    const rehashed = await rehashPassword(input.password);
    if (rehashed) patch.passwordHash = rehashed;
  }
  if (input.locale && input.locale !== user.locale) patch.locale = input.locale;
  if (Object.keys(patch).length > 0) {
    // Only if the hash is still the one just verified: a concurrent password change wins.
    await db.updateTable('users').set(patch).where('id', '=', user.id).where('passwordHash', '=', user.passwordHash).execute();
    if (patch.passwordHash) deps.log.info({ userId: user.id }, 'password re-hashed with the current parameters');
  }
  // REQ-CLAIM: orders placed signed out with a verified user's address since their last sign-in.
  if (user.isVerified === 1) await deps.events.raise(db, { type: 'emailVerified', userId: user.id });
  return user;
}
