/**
 * REST auth of DESIGN.md §5 under /api/auth: register, login, refresh, logout, and the password
 * reset of issue 6 item 4:
 * - `POST /api/auth/reset` `{ email, locale? }` → 202 `{ data: 'sent' }`, the same answer for
 *   every address (the link is mailed only when an account exists);
 * - `POST /api/auth/reset/confirm` `{ token, password }` → 204; 400 RESET_TOKEN_INVALID or
 *   VALIDATION_FAILED. Every session of the account is revoked.
 * JSON in and out; errors are `{ error: { code, message, ...details } }`. Every route is rate
 * limited per IP (`RATE_LIMIT_AUTH_MAX` per `RATE_LIMIT_WINDOW_MS`); failed sign-ins also per
 * account (`loginAccount`), reset requests per address and e-mail (security/limits.ts).
 * `locale` (en, ru, es) on register and login sets the language of the account's mails.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { HttpError, parseRequest } from '../http/errors.js';
import { createUser, findUserByEmail } from '../users/service.js';
import * as rules from '@studio/site/fields';
import { type CredentialService as AccountService, mailLocale, tooManyRequests } from '../credentials/service.js';
import type { RateLimits } from '../security/limits.js';
import { hashPassword, needsRehash, newPassword, verifyPassword } from './passwords.js';
import type { SessionService } from './sessions.js';

const locale = z.enum(['en', 'ru', 'es']).optional();

const registerBody = z.object({
  email: rules.email,
  password: newPassword,
  name: rules.fullName.optional(),
  username: z.string().max(64, 'Use at most 64 characters').optional(),
  fullName: rules.fullName.optional(),
  deviceToken: rules.deviceToken,
  locale,
});
const loginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, 'email is required').max(254, 'Use at most 254 characters'),
  password: z.string().min(1, 'password is required').max(1024, 'Use at most 1024 characters'),
  deviceToken: rules.deviceToken,
  locale,
});
const resetBody = z.object({ email: rules.email, locale });
const resetConfirmBody = z.object({
  token: z.string().trim().min(1, 'token is required').max(200, 'Use at most 200 characters'),
  password: z.string().max(1024, 'Use at most 1024 characters'),
});
const refreshBody = z.object({ refreshToken: z.string().min(1, 'refreshToken is required').max(200, 'Use at most 200 characters') });
const logoutBody = z.object({ deviceToken: rules.deviceToken });

/**
 * Reads and authenticates the bearer token of `request`.
 * @throws HttpError 401 when it is missing, invalid, expired or its session was revoked.
 */
export async function requireBearer(request: FastifyRequest, sessions: SessionService) {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw new HttpError(401, 'UNAUTHENTICATED', 'A bearer access token is required.');
  const claims = await sessions.authenticate(token);
  if (typeof claims === 'string') throw new HttpError(401, 'UNAUTHENTICATED', `The access token is ${claims}.`);
  return claims;
}

/** Registers the /api/auth routes. */
export async function authRoutes(
  app: FastifyInstance,
  opts: { db: Db; sessions: SessionService; config: Config; accounts: AccountService; limits: RateLimits },
): Promise<void> {
  const { db, sessions, config, accounts, limits } = opts;
  const rateLimit = { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs };

  app.post('/api/auth/register', { config: { rateLimit } }, async (request, reply) => {
    const body = parseRequest(registerBody, request.body);
    const fullName = body.fullName ?? body.name;
    if (!fullName) throw new HttpError(400, 'VALIDATION_FAILED', 'name: The name must not be empty');
    const user = await createUser(db, {
      email: body.email,
      passwordHash: await hashPassword(body.password),
      fullName,
      username: body.username,
      locale: mailLocale(body.locale),
    });
    request.log.info({ userId: user.id }, 'user registered');
    await accounts.startVerification(user);
    return reply.status(201).send(await sessions.start(user.id, body.deviceToken));
  });

  app.post('/api/auth/login', { config: { rateLimit } }, async (request) => {
    const body = parseRequest(loginBody, request.body);
    // Counted per e-mail whether or not it has an account, so the limit tells nothing either, and
    // before the password is checked, so a burst of parallel guesses cannot slip past the count.
    const wait = await limits.consume('loginAccount', body.email);
    if (wait !== null) throw tooManyRequests(wait);
    const user = await findUserByEmail(db, body.email);
    // Same answer, and the same hashing time, for an unknown e-mail and a wrong password.
    const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
    if (!user || !ok) throw new HttpError(401, 'INVALID_CREDENTIALS', 'The e-mail or password is incorrect.');
    await limits.reset('loginAccount', body.email);
    const patch: { passwordHash?: string; locale?: string } = {};
    if (user.passwordHash && needsRehash(user.passwordHash)) patch.passwordHash = await hashPassword(body.password);
    if (body.locale && body.locale !== user.locale) patch.locale = body.locale;
    if (Object.keys(patch).length > 0) {
      // Only if the hash is still the one just verified: a concurrent password change wins.
      await db.updateTable('users').set(patch).where('id', '=', user.id).where('passwordHash', '=', user.passwordHash).execute();
      if (patch.passwordHash) request.log.info({ userId: user.id }, 'password re-hashed with the current parameters');
    }
    return sessions.start(user.id, body.deviceToken);
  });

  app.post('/api/auth/reset', { config: { rateLimit } }, async (request, reply) => {
    const body = parseRequest(resetBody, request.body);
    await accounts.requestPasswordReset(body.email, mailLocale(body.locale), request.ip);
    return reply.status(202).send({ data: 'sent' });
  });

  app.post('/api/auth/reset/confirm', { config: { rateLimit } }, async (request, reply) => {
    const body = parseRequest(resetConfirmBody, request.body);
    await accounts.confirmPasswordReset(body.token, body.password);
    return reply.status(204).send();
  });

  app.post('/api/auth/refresh', { config: { rateLimit: { ...rateLimit, max: rateLimit.max * 3 } } }, async (request) => {
    const body = parseRequest(refreshBody, request.body);
    return sessions.rotate(body.refreshToken);
  });

  app.post('/api/auth/logout', { config: { rateLimit } }, async (request, reply) => {
    const body = parseRequest(logoutBody, request.body);
    const claims = await requireBearer(request, sessions);
    await sessions.revokeDevice(claims.userId, body.deviceToken, claims.sessionId);
    return reply.status(204).send();
  });
}
