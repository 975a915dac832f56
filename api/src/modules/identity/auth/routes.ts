/**
 * The REST auth routes under /api/auth (AUTH-REGISTER, AUTH-LOGIN, SESSION-TOKENS, ACC-RESET):
 * - `POST /api/auth/register` `{ email, password, name | fullName, username?, deviceToken, locale?, challenge? }`
 *   → 201 credentials (the verification code is mailed); after many registrations from one address
 *   428 CHALLENGE_REQUIRED / 400 CHALLENGE_INVALID (SEC-CHALLENGE, security/challenge.ts);
 * - `POST /api/auth/login` `{ email, password, deviceToken, locale?, challenge? }` → credentials; 401
 *   INVALID_CREDENTIALS for an unknown e-mail and a wrong password alike; once the account has
 *   `CHALLENGE_AFTER_PASSWORD_FAILURES` failures, 428 CHALLENGE_REQUIRED / 400 CHALLENGE_INVALID;
 *   For an account with two-factor authentication (ACC-2FA) the answer is instead
 *   `{ twoFactorRequired: true, challengeToken, expiresAt }` and no session starts yet;
 * - `POST /api/auth/login/2fa` `{ challengeToken, deviceToken, code | recoveryCode }` → the same
 *   credentials as login; 401 TWO_FACTOR_CHALLENGE_INVALID (unknown, expired after 5 minutes, used,
 *   another device, 5 wrong codes), 401 TWO_FACTOR_CODE_INVALID with `attemptsLeft`, 429
 *   TOO_MANY_REQUESTS (RATE_LIMIT_TWO_FACTOR per account);
 * - `POST /api/auth/passkey/options` → `{ options }` (WebAuthn request options, no e-mail needed,
 *   also for conditional UI) and `POST /api/auth/passkey/login` `{ response, deviceToken }` →
 *   credentials; 400 PASSKEY_INVALID (ACC-PASSKEYS; a passkey counts as both factors);
 * - `POST /api/auth/refresh` `{ refreshToken? }` → rotated credentials; without `refreshToken` in
 *   the body the refresh cookie's token is rotated; 401 INVALID_REFRESH_TOKEN (none, unknown,
 *   revoked), REFRESH_TOKEN_REUSED or SESSION_EXPIRED (SESSION-MAX-AGE; the cookie is cleared),
 *   409 REFRESH_TOKEN_RACE;
 * - `POST /api/auth/logout` `{ deviceToken }` + the refresh cookie or a bearer token → 204
 *   (AUTH-LOGOUT): the cookie's family (and the device's) is revoked and the cookie cleared; without
 *   the cookie the bearer is required (401 UNAUTHENTICATED).
 * Register, login and refresh set the HttpOnly refresh cookie (`__Host-studio.refresh`,
 * sessionCookie.ts; SESSION-COOKIES, decision 0026). "TokenPair" is `{ accessToken, refreshToken }`
 * for API clients; in cookie mode — the request header `X-Session-Transport: cookie`, which the web
 * client always sends, or a refresh by the cookie — it is `{ accessToken }` alone, so the refresh
 * token never reaches a script.
 * - `POST /api/auth/reset` `{ email, locale? }` → 202 `{ data: 'sent' }`, the same answer for
 *   every address (the link is mailed only when an account exists);
 * - `POST /api/auth/reset/check` `{ token }` → 200 `{ data: { status } }`, `valid`, `used`,
 *   `expired` or `invalid` (unknown or replaced), without using the link, so the page says a dead
 *   link is dead before anything is typed; limited per IP like every auth route;
 * - `POST /api/auth/reset/confirm` `{ token, password }` → 200 `{ data: { removedLinks:
 *   [{ service, name }], removedPasskeys: [name], twoFactorRemoved } }` (the ways in no trusted
 *   proof vouched for, now removed: ACC-RESET, decision 0045); 400 RESET_TOKEN_INVALID or
 *   VALIDATION_FAILED. Every session of the account is revoked.
 * JSON in and out. Bodies are checked by the route schemas below (400 VALIDATION_FAILED
 * "field: text"); errors are `{ error: { code, message, ...details } }` (API-ERRORS). Every route
 * is rate limited per IP (`RATE_LIMIT_AUTH_MAX` per `RATE_LIMIT_WINDOW_MS`); failed sign-ins also
 * per account, reset requests per address and e-mail (SEC-LIMITS, security/limits.ts). Register,
 * login and reset/confirm answer 429 SERVER_BUSY with Retry-After when the password-hashing line
 * is full (SEC-HASHING, passwords.ts).
 */
import type { DomainEvents } from '../../../platform/events.js';
import { DEFAULT_LOCALE } from '@studio/site/locales';
import * as fields from '@studio/site/fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type App, type RateLimit, authRateLimit } from './routeKit.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CredentialService } from '../credentials/service.js';
import type { Config } from '../../../platform/config.js';
import type { Db } from '../../../platform/db/index.js';
import { deviceOf } from '../../../platform/http/device.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import { commonPasswords } from './passwords.js';
import { sessionDeviceOf } from './sessionList.js';
import type { TokenPair, SessionService } from './sessions.js';
import { answerWithCookie, clearRefreshCookie, refreshCookieMaxAge, refreshTokenFromCookie, wantsCookieMode } from './sessionCookie.js';
import { registerWithPassword, signInWithPassword } from './signIn.js';
import { type Challenges, requireChallenge } from '../../../platform/security/challenge.js';
import type { AccountSecurity } from '../accountSecurity/service.js';
import { recordSecurityEvent } from '../accountSecurity/events.js';
import { recordSessionProof } from '../accountSecurity/provenance.js';

// Route schemas: the shared field rules (messages are message ids; the error handler turns them
// into "field: text"). `locale` sets the language of the account's mails.
const locale = fields.locale.optional();
const required = 'validation.required';
const tooLong = 'validation.tooLong';

const registerBody = z
  .object({
    email: fields.email,
    password: fields.newPasswordField(commonPasswords),
    name: fields.fullName.optional(),
    // Only a wish: createUser derives a valid, free username from it (AUTH-REGISTER).
    username: z.string().max(64, tooLong).optional(),
    fullName: fields.fullName.optional(),
    deviceToken: fields.deviceToken,
    locale,
    // The solved proof-of-work payload, needed only after many registrations from one address (SEC-CHALLENGE).
    challenge: z.string().max(4096, tooLong).optional(),
  })
  // `fullName`, or else `name`, is required (AUTH-REGISTER: fullName from name).
  .transform(({ name, fullName, ...body }, ctx) => {
    const given = fullName ?? name;
    if (given) return { ...body, fullName: given };
    ctx.addIssue({ code: 'custom', path: ['name'], message: required });
    return z.NEVER;
  });
const loginBody = z.object({
  // Any text up to the e-mail limit (RFC 5321): a malformed address is just a failed sign-in (AUTH-LOGIN).
  email: z.string().trim().toLowerCase().min(1, required).max(254, tooLong),
  password: fields.currentPassword,
  deviceToken: fields.deviceToken,
  locale,
  // The solved proof-of-work challenge, once the account has repeated failures (SEC-CHALLENGE).
  challenge: z.string().max(4096, tooLong).optional(),
});
const twoFactorBody = z
  .object({
    challengeToken: z.string().trim().min(1, required).max(200, tooLong),
    deviceToken: fields.deviceToken,
    code: z.string().trim().max(20, tooLong).optional(),
    recoveryCode: z.string().trim().max(40, tooLong).optional(),
  })
  .refine((b) => (b.code ? 1 : 0) + (b.recoveryCode ? 1 : 0) === 1, { path: ['code'], message: required });
const passkeyLoginBody = z.object({ response: z.string().min(1, required).max(16_384, tooLong), deviceToken: fields.deviceToken, locale });
const resetBody = z.object({ email: fields.email, locale });
const resetCheckBody = z.object({ token: z.string().trim().min(1, required).max(200, tooLong) });
const resetConfirmBody = z.object({
  token: z.string().trim().min(1, required).max(200, tooLong),
  // The password rules are checked by the reset itself (ACC-PASSWORD).
  password: z.string().max(1024, tooLong),
});
// Optional: a browser's refresh carries no body token (the cookie has it).
const refreshBody = z.object({ refreshToken: z.string().min(1, required).max(200, tooLong).optional() }).optional();
const logoutBody = z.object({ deviceToken: fields.deviceToken });

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

/** What the /api/auth routes are built over. */
export interface AuthRouteOptions {
  db: Db;
  sessions: SessionService;
  config: Config;
  credentials: CredentialService;
  limits: RateLimits;
  challenges: Challenges;
  security: AccountSecurity;
  /** Raises `emailVerified` at a sign-in (REQ-CLAIM). */
  events: DomainEvents;
}

/** Registers the /api/auth routes. */
export async function authRoutes(fastify: FastifyInstance, opts: AuthRouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rateLimit = authRateLimit(opts.config);
  signInRoutes(app, opts, rateLimit);
  resetRoutes(app, opts, rateLimit);
  sessionRoutes(app, opts, rateLimit);
}

/** Starts the session of a completed sign-in and answers with its tokens (and the refresh cookie). */
function sessionStarter(opts: AuthRouteOptions) {
  const { db, sessions, config } = opts;
  /** The answer of a new session: the cookie lives as long as a refresh token, at most the session's lifetime. */
  const newSession = (request: FastifyRequest, reply: FastifyReply, pair: TokenPair) =>
    answerWithCookie(reply, pair, { cookieMode: wantsCookieMode(request), maxAge: refreshCookieMaxAge(config, Date.now() + config.sessionMaxAge * 1000) });

  /** Starts the session of a completed sign-in and records it on the timeline (ACC-TIMELINE). */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, userId: string, deviceToken: string, method: string) => {
    const device = sessionDeviceOf(request);
    // ACC-SUDO: a sign-in that passed a second factor (`password+totp`, `social+recovery`) or a passkey's counts as a strong proof.
    const { sessionId, ...pair } = await sessions.start(userId, deviceToken, device, { secondFactor: method === 'passkey' || method.includes('+') });
    await recordSessionProof(db, sessionId, method); // ACC-RESET: what vouches for ways in this session adds
    await recordSecurityEvent(db, { userId, kind: 'SIGN_IN', method, sessionId, device });
    return newSession(request, reply, pair);
  };
  return signedIn;
}

/** Registration and the sign-ins: password (and its second step, ACC-2FA) and passkey. */
function signInRoutes(app: App, opts: AuthRouteOptions, rateLimit: RateLimit): void {
  const { db, config, credentials, limits, challenges, security, events } = opts;
  const signedIn = sessionStarter(opts);
  app.post('/api/auth/register', { config: { rateLimit }, schema: { body: registerBody } }, async (request, reply) => {
    const { challenge, ...body } = request.body;
    await requireChallenge(challenges, 'register', request.ip, challenge); // SEC-CHALLENGE
    const user = await registerWithPassword({ db, credentials, siteName: config.siteName }, { ...body, locale: body.locale ?? DEFAULT_LOCALE });
    request.log.info({ userId: user.id }, 'user registered');
    return reply.status(201).send(await signedIn(request, reply, user.id, body.deviceToken, 'registration'));
  });

  app.post('/api/auth/login', { config: { rateLimit }, schema: { body: loginBody } }, async (request, reply) => {
    const { body } = request;
    const device = sessionDeviceOf(request);
    const user = await signInWithPassword(
      {
        db,
        limits,
        log: request.log,
        challenges,
        challengeAfterFailures: config.challenge.afterPasswordFailures,
        onWrongPassword: (userId) => recordSecurityEvent(db, { userId, kind: 'SIGN_IN_FAILED', method: 'password', device }),
        events,
      },
      body,
    );
    // ACC-2FA: the password alone is not enough; the second step completes the sign-in.
    if (await security.twoFactor.isEnabled(user.id)) {
      reply.header('cache-control', 'no-store');
      return security.challenges.issue(user.id, body.deviceToken, 'password');
    }
    return signedIn(request, reply, user.id, body.deviceToken, 'password');
  });

  app.post('/api/auth/login/2fa', { config: { rateLimit }, schema: { body: twoFactorBody } }, async (request, reply) => {
    const { challengeToken, deviceToken, code, recoveryCode } = request.body;
    const device = sessionDeviceOf(request);
    const passed = await security.challenges.complete(challengeToken, deviceToken, code ? { code } : { recoveryCode: recoveryCode! }, (userId) =>
      recordSecurityEvent(db, { userId, kind: 'TWO_FACTOR_FAILED', method: 'sign-in', device }),
    );
    if (passed.method.endsWith('+recovery')) await recordSecurityEvent(db, { userId: passed.userId, kind: 'RECOVERY_CODE_USED', method: 'sign-in', device });
    await security.recovery.cancelBySignIn(passed.userId, device); // ACC-2FA-RECOVERY: the authenticator is not lost
    const answer = await signedIn(request, reply, passed.userId, deviceToken, passed.method);
    return passed.returnPath ? { ...answer, returnPath: passed.returnPath } : answer;
  });

  app.post('/api/auth/passkey/options', { config: { rateLimit } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { options: await security.passkeys.authenticationOptions(null) };
  });

  app.post('/api/auth/passkey/login', { config: { rateLimit }, schema: { body: passkeyLoginBody } }, async (request, reply) => {
    const { userId } = await security.signInWithPasskey(request.body.response, request.body.locale);
    return signedIn(request, reply, userId, request.body.deviceToken, 'passkey');
  });
}

/** The password reset by e-mailed link (ACC-RESET). */
function resetRoutes(app: App, opts: AuthRouteOptions, rateLimit: RateLimit): void {
  const { credentials } = opts;
  app.post('/api/auth/reset', { config: { rateLimit }, schema: { body: resetBody } }, async (request, reply) => {
    await credentials.requestPasswordReset(request.body.email, request.body.locale ?? DEFAULT_LOCALE, request.ip);
    return reply.status(202).send({ data: 'sent' });
  });

  // A POST, so the token stays out of access logs like the confirmation's (ACC-RESET).
  app.post('/api/auth/reset/check', { config: { rateLimit }, schema: { body: resetCheckBody } }, async (request) => ({
    data: { status: await credentials.resetLinkStatus(request.body.token) },
  }));

  // The answer names the links the reset removed (ACC-LINKED), for the reset-success page.
  app.post('/api/auth/reset/confirm', { config: { rateLimit }, schema: { body: resetConfirmBody } }, async (request) => ({
    data: await credentials.confirmPasswordReset(request.body.token, request.body.password, deviceOf(request)),
  }));
}

/** Refreshing the tokens and signing out (the refresh cookie, decision 0048). */
function sessionRoutes(app: App, opts: AuthRouteOptions, rateLimit: RateLimit): void {
  const { sessions, config } = opts;
  app.post('/api/auth/refresh', { config: { rateLimit: { ...rateLimit, max: rateLimit.max * 3 } }, schema: { body: refreshBody } }, async (request, reply) => {
    const fromBody = request.body?.refreshToken;
    const token = fromBody ?? refreshTokenFromCookie(request);
    if (!token) {
      // A session marker without its refresh cookie (decision 0048) is stale: the browser forgets it too.
      clearRefreshCookie(reply);
      throw new HttpError(401, 'INVALID_REFRESH_TOKEN', 'No refresh token was sent; sign in again.');
    }
    try {
      const { sessionEndsAt, ...pair } = await sessions.rotate(token);
      const cookieMode = fromBody === undefined || wantsCookieMode(request);
      return answerWithCookie(reply, pair, { cookieMode, maxAge: refreshCookieMaxAge(config, sessionEndsAt) });
    } catch (error) {
      // A cookie whose session is over is of no further use: the browser forgets it.
      if (fromBody === undefined && error instanceof HttpError && error.status === 401) clearRefreshCookie(reply);
      throw error;
    }
  });

  app.post('/api/auth/logout', { config: { rateLimit }, schema: { body: logoutBody } }, async (request, reply) => {
    const cookieToken = refreshTokenFromCookie(request);
    if (cookieToken) {
      // The cookie alone proves the session (SameSite=Strict: a cross-site request never carries it).
      clearRefreshCookie(reply);
      const family = await sessions.familyOf(cookieToken);
      if (family) await sessions.revokeDevice(family.userId, request.body.deviceToken, family.sessionId);
      if (!request.headers.authorization) return reply.status(204).send();
    }
    const claims = await requireBearer(request, sessions).catch((error: unknown) => {
      if (cookieToken) return null; // the cookie's family is already ended; a stale bearer changes nothing
      throw error;
    });
    if (claims) await sessions.revokeDevice(claims.userId, request.body.deviceToken, claims.sessionId);
    return reply.status(204).send();
  });
}
