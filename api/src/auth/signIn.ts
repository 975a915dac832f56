/**
 * Registration and sign-in with an e-mail address and a password, the service behind
 * `POST /api/auth/register` and `POST /api/auth/login` (routes.ts):
 * - `registerWithPassword` (AUTH-REGISTER): creates the account (argon2id hash, ACC-PASSWORD) and
 *   mails the verification code (ACC-EMAIL);
 * - `signInWithPassword` (AUTH-LOGIN): checks the password, counts failures per account
 *   (SEC-LIMITS `loginAccount`), re-hashes a hash made with older parameters and remembers the
 *   mail language.
 * Both answer the user row; the route starts the session.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@studio/site/locales';
import { type CredentialService, tooManyRequests } from '../credentials/service.js';
import type { Db } from '../db/index.js';
import type { UserRow } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import type { RateLimits } from '../security/limits.js';
import { createUser, findUserByEmail } from '../users/service.js';
import { assertHashingRoom, hashPassword, isServerBusy, needsRehash, rehashPassword, verifyPassword } from './passwords.js';

/** Creates a password account and queues its verification code. Input is already validated. */
export async function registerWithPassword(
  deps: { db: Db; credentials: CredentialService },
  input: { email: string; password: string; fullName: string; username?: string | undefined; locale: Locale },
): Promise<UserRow> {
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
 * @throws HttpError 429 TOO_MANY_REQUESTS after too many failures for this e-mail,
 *   429 SERVER_BUSY when the password-hashing line is full (SEC-HASHING),
 *   401 INVALID_CREDENTIALS for an unknown e-mail and a wrong password alike.
 */
export async function signInWithPassword(
  deps: { db: Db; limits: RateLimits; log: FastifyBaseLogger },
  input: { email: string; password: string; locale?: Locale | undefined },
): Promise<UserRow> {
  const { db, limits } = deps;
  // A full hashing line refuses before the attempt is counted: a busy server is not a failed guess.
  assertHashingRoom();
  // Counted per e-mail whether or not it has an account, so the limit tells nothing either, and
  // before the password is checked, so a burst of parallel guesses cannot slip past the count.
  const wait = await limits.consume('loginAccount', input.email);
  if (wait !== null) throw tooManyRequests(wait);
  const user = await findUserByEmail(db, input.email);
  // Same answer, and the same hashing time, for an unknown e-mail and a wrong password.
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password).catch(async (error: unknown) => {
    // The line filled up meanwhile: nothing was checked, so nothing counts.
    if (isServerBusy(error)) await limits.refund('loginAccount', input.email);
    throw error;
  });
  if (!user || !ok) throw new HttpError(401, 'INVALID_CREDENTIALS', 'The e-mail or password is incorrect.');
  await limits.reset('loginAccount', input.email);
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
  return user;
}
