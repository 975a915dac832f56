/** What the /api/auth route groups share: the Fastify instance with zod schemas and the per-IP limit (SEC-LIMITS). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../../platform/config.js';

/** The Fastify instance with zod route schemas. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** A route's rate limit: `max` requests per `timeWindow` ms. */
export type RateLimit = { max: number; timeWindow: number };

/** Every /api/auth route's limit per IP: `RATE_LIMIT_AUTH_MAX` per `RATE_LIMIT_WINDOW_MS` (SEC-LIMITS). */
export function authRateLimit(config: Pick<Config, 'rateLimit'>): RateLimit {
  return { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs };
}
