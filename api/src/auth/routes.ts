/**
 * REST auth of DESIGN.md §5 under /api/auth: register, login, refresh, logout.
 * JSON in and out; errors are `{ error: { code, message } }`. Every route is rate limited
 * per IP (`RATE_LIMIT_AUTH_MAX` per `RATE_LIMIT_WINDOW_MS`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { HttpError, validationError } from '../http/errors.js';
import { createUser, findUserByEmail } from '../users/service.js';
import * as rules from '../users/validation.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionService } from './sessions.js';

const registerBody = z.object({
  email: rules.email,
  password: rules.password,
  name: rules.fullName.optional(),
  username: z.string().max(64, 'Use at most 64 characters').optional(),
  fullName: rules.fullName.optional(),
  deviceToken: rules.deviceToken,
});
const loginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, 'email is required').max(254, 'Use at most 254 characters'),
  password: z.string().min(1, 'password is required').max(1024, 'Use at most 1024 characters'),
  deviceToken: rules.deviceToken,
});
const refreshBody = z.object({ refreshToken: z.string().min(1, 'refreshToken is required').max(200, 'Use at most 200 characters') });
const logoutBody = z.object({ deviceToken: rules.deviceToken });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  if (body === undefined || body === null || typeof body !== 'object') {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

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
export async function authRoutes(app: FastifyInstance, opts: { db: Db; sessions: SessionService; config: Config }): Promise<void> {
  const { db, sessions, config } = opts;
  const rateLimit = { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs };

  app.post('/api/auth/register', { config: { rateLimit } }, async (request, reply) => {
    const body = parse(registerBody, request.body);
    const fullName = body.fullName ?? body.name;
    if (!fullName) throw new HttpError(400, 'VALIDATION_FAILED', 'name: The name must not be empty');
    const user = await createUser(db, {
      email: body.email,
      passwordHash: await hashPassword(body.password),
      fullName,
      username: body.username,
    });
    request.log.info({ userId: user.id }, 'user registered');
    return reply.status(201).send(await sessions.start(user.id, body.deviceToken));
  });

  app.post('/api/auth/login', { config: { rateLimit } }, async (request) => {
    const body = parse(loginBody, request.body);
    const user = await findUserByEmail(db, body.email);
    // Same answer, and the same hashing time, for an unknown e-mail and a wrong password.
    const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
    if (!user || !ok) throw new HttpError(401, 'INVALID_CREDENTIALS', 'The e-mail or password is incorrect.');
    return sessions.start(user.id, body.deviceToken);
  });

  app.post('/api/auth/refresh', { config: { rateLimit: { ...rateLimit, max: rateLimit.max * 3 } } }, async (request) => {
    const body = parse(refreshBody, request.body);
    return sessions.rotate(body.refreshToken);
  });

  app.post('/api/auth/logout', { config: { rateLimit } }, async (request, reply) => {
    const body = parse(logoutBody, request.body);
    const claims = await requireBearer(request, sessions);
    await sessions.revokeDevice(claims.userId, body.deviceToken, claims.sessionId);
    return reply.status(204).send();
  });
}
