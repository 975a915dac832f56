/**
 * The REST routes of the e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY, decision 0047),
 * both before a sign-in (classified in policy.ts like the password-reset routes):
 * - `POST /api/auth/login/2fa/recovery` `{ challengeToken, deviceToken }` (the challenge of a sign-in
 *   that passed its first factor) → 202 `{ dueAt }`: two-factor authentication will be turned off
 *   then unless cancelled; the account's address is mailed at once. Asking again while one is
 *   pending answers the same `dueAt` and mails nothing. 401 TWO_FACTOR_CHALLENGE_INVALID as the
 *   second step answers it (unknown, expired, used, another device, out of tries).
 * - `POST /api/auth/2fa/recovery/cancel` `{ token }` (the mailed link's) → 200 `{ cancelled: true }`;
 *   404 RECOVERY_LINK_INVALID for an unknown token, 409 RECOVERY_ALREADY_CANCELLED or
 *   RECOVERY_ALREADY_DONE for a used one.
 * Both are limited per IP like every /api/auth route (`RATE_LIMIT_AUTH_MAX` per `RATE_LIMIT_WINDOW_MS`).
 */
import { authRateLimit } from '../auth/routeKit.js';
import * as fields from '@studio/site/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionDeviceOf } from '../auth/sessionList.js';
import type { Config } from '../../../platform/config.js';
import type { AccountSecurity } from './service.js';

const required = 'validation.required';
const tooLong = 'validation.tooLong';
const requestBody = z.object({ challengeToken: z.string().trim().min(1, required).max(200, tooLong), deviceToken: fields.deviceToken });
const cancelBody = z.object({ token: z.string().trim().min(1, required).max(200, tooLong) });

/** Registers the two recovery routes. */
export async function twoFactorRecoveryRoutes(fastify: FastifyInstance, opts: { config: Config; security: AccountSecurity }): Promise<void> {
  const { config, security } = opts;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rateLimit = authRateLimit(config);

  app.post('/api/auth/login/2fa/recovery', { config: { rateLimit }, schema: { body: requestBody } }, async (request, reply) => {
    const { dueAt } = await security.recovery.request(request.body.challengeToken, request.body.deviceToken, sessionDeviceOf(request));
    reply.header('cache-control', 'no-store');
    return reply.status(202).send({ dueAt });
  });

  // A POST with the token in the body, so it stays out of access logs (as the reset link's, ACC-RESET).
  app.post('/api/auth/2fa/recovery/cancel', { config: { rateLimit }, schema: { body: cancelBody } }, async (request) => {
    await security.recovery.cancel(request.body.token, sessionDeviceOf(request));
    return { cancelled: true };
  });
}
