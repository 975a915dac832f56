/**
 * The REST side of the one proof table (ACC-SUDO, decision 0044, policy.ts): every route under
 * /api/auth must be classified in `REST_PROOF` (else the server does not start), and a protected
 * one gets a preHandler that asks `AccountSecurity.requireProof` for the bearer's session — after
 * the route's own checks of the bearer (401) and the query (400), before its handler.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { requireBearer } from '../auth/routes.js';
import type { SessionService } from '../auth/sessions.js';
import { REST_PROOF, assertClassified, needsProof, restKey } from './policy.js';
import type { AccountSecurity } from './service.js';

/** The /api/auth routes `fastify` registered, as `METHOD url` (what the proof table test enumerates). */
export const AUTH_ROUTES = Symbol('authRoutes');

/**
 * Adds the `onRoute` hook above to `fastify`; register it before the /api/auth routes. The keys of
 * the routes it saw are kept in `fastify[AUTH_ROUTES]` (a Set).
 * @throws Error (at start-up, from the hook) for a route under /api/auth the table does not classify.
 */
export function guardAuthRoutes(fastify: FastifyInstance, deps: { sessions: SessionService; security: AccountSecurity }): void {
  const seen = new Set<string>();
  (fastify as unknown as Record<symbol, Set<string>>)[AUTH_ROUTES] = seen;
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/auth/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = restKey(method, route.url);
      seen.add(key);
      assertClassified(REST_PROOF, [key], 'REST routes');
      const rule = REST_PROOF[key]!;
      if (!needsProof(rule, {})) continue;
      const check = async (request: Parameters<Extract<RouteOptions['preHandler'], (...a: never[]) => unknown>>[0]) => {
        const claims = await requireBearer(request, deps.sessions);
        await deps.security.requireProof(claims.userId, claims.sessionId);
      };
      const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
      route.preHandler = [...existing, check] as RouteOptions['preHandler'];
    }
  });
}

/** The /api/auth routes `fastify` registered (see `guardAuthRoutes`). */
export function authRoutesOf(fastify: FastifyInstance): string[] {
  return [...((fastify as unknown as Record<symbol, Set<string>>)[AUTH_ROUTES] ?? [])];
}
