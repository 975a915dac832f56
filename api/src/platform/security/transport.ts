/**
 * Transport rules of the API (SEC-TRANSPORT; OWASP ASVS 5.0 V3 and V4):
 *
 * - Allowed origins: the site's own (`PUBLIC_URL`) and `ALLOWED_ORIGINS`. Only they get CORS on
 *   `/api/*`: `Access-Control-Allow-Origin` is that exact origin with credentials; any other
 *   origin, `null` included, gets no CORS header at all (the browser then keeps the answer from
 *   the page), never a reflected origin. @fastify/cors does it (`registerApiCors`), registered in
 *   the scope that holds the API's routes only, so its `Vary: Origin` stays off the pages, whose
 *   Vary the SSR sets itself. Preflights (OPTIONS with Access-Control-Request-Method) of allowed
 *   origins answer 204.
 * - The GraphQL WebSocket accepts an upgrade only from an allowed origin or with no `Origin`
 *   (non-browser clients; cross-site WebSocket hijacking needs a browser, which always sends one);
 *   other origins get HTTP 403 (`verifyWebSocketOrigin`). Messages are at most 64 KiB
 *   (`WS_MAX_PAYLOAD_BYTES`); a larger one closes the socket with 1009 before it is buffered whole.
 * - `Cache-Control: no-store` on every `/api/auth/*` answer (tokens, one-time codes) and on GraphQL
 *   answers to requests that carry a bearer token (private data); anonymous GraphQL keeps its own.
 */
import type { IncomingMessage } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The largest WebSocket message the server takes, in bytes (64 KiB, SEC-TRANSPORT); ws closes with 1009 beyond it. */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

/** How long browsers may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** Methods the API answers cross-origin. */
const CORS_METHODS = ['GET', 'POST', 'OPTIONS'];

/** The origins allowed to call the API from a browser: `publicUrl`'s and `allowedOrigins` (exact, normalised). */
export function allowedOrigins(config: Pick<Config, 'publicUrl' | 'allowedOrigins'>): ReadonlySet<string> {
  return new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins]);
}

/**
 * Whether a WebSocket upgrade request may proceed: no `Origin` header (not a browser) or an allowed
 * one. `null` and every other origin are refused (SEC-TRANSPORT).
 */
export function webSocketOriginAllowed(request: IncomingMessage, origins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  return origin === undefined || origins.has(origin);
}

/** Whether `request` is an `/api/*` request whose answer must not be stored (SEC-TRANSPORT). */
function mustNotStore(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/api/auth/')) return true;
  return path === '/api/graphql' && /^bearer\s+\S/i.test(request.headers.authorization ?? '');
}

/**
 * Registers CORS on `api`, the encapsulated scope that holds the API's routes (SEC-TRANSPORT): an
 * allowed origin gets itself back with credentials, every other origin (and every path outside
 * `/api/`, which the plugin's catch-all OPTIONS route also sees) no CORS header.
 */
export async function registerApiCors(api: FastifyInstance, config: Pick<Config, 'publicUrl' | 'allowedOrigins'>): Promise<void> {
  const origins = allowedOrigins(config);
  await api.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const allowed = request.url.startsWith('/api/') && origin !== undefined && origins.has(origin);
      callback(null, { origin: allowed ? origin : false, credentials: true, methods: CORS_METHODS, maxAge: PREFLIGHT_MAX_AGE_SECONDS });
    },
  });
}

/** Registers the `no-store` rule on `app` (before the routes). */
export function registerTransportRules(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (mustNotStore(request)) reply.header('cache-control', 'no-store');
  });
}
