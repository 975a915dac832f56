/**
 * `GET /api/challenge` (SEC-CHALLENGE): a fresh proof-of-work challenge for the ALTCHA widget,
 * never cached (`Cache-Control: no-store`), limited per IP like the /api/auth routes
 * (`RATE_LIMIT_AUTH_MAX` per `RATE_LIMIT_WINDOW_MS`, counted in Redis when configured).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { CHALLENGE_PATH, type Challenges } from './challenge.js';

/** Registers the challenge route. */
export async function challengeRoutes(fastify: FastifyInstance, opts: { challenges: Challenges; config: Pick<Config, 'rateLimit'> }): Promise<void> {
  const rateLimit = { max: opts.config.rateLimit.authMax, timeWindow: opts.config.rateLimit.windowMs };
  fastify.get(CHALLENGE_PATH, { config: { rateLimit } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return opts.challenges.issue();
  });
}
