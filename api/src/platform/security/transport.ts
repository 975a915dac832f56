/**
 * Transport rules of the API (SEC-TRANSPORT; OWASP ASVS 5.0 V3 and V4):
 *
 * - Allowed origins: the site's own (`PUBLIC_URL`) and `ALLOWED_ORIGINS`. Only they get CORS on
 *   `/api/*`: `Access-Control-Allow-Origin` is that exact origin with credentials; any other
 *   origin, `null` included, gets no CORS header at all (the browser then keeps the answer from
 *   the page), never a reflected origin. Own code rather than @fastify/cors: that plugin adds
 *   `Vary: Origin` to every answer of the app, pages included, whose Vary the SSR sets itself.
 *   Preflights (OPTIONS with Access-Control-Request-Method) of allowed origins answer 204 here.
 * - The GraphQL WebSocket accepts an upgrade only from an allowed origin or with no `Origin`
 *   (non-browser clients; cross-site WebSocket hijacking needs a browser, which always sends one);
 *   other origins get HTTP 403 (`verifyWebSocketOrigin`). Messages are at most 64 KiB
 *   (`WS_MAX_PAYLOAD_BYTES`); a larger one closes the socket with 1009 before it is buffered whole.
 * - `Cache-Control: no-store` on every `/api/auth/*` answer (tokens, one-time codes) and on GraphQL
 *   answers to requests that carry a bearer token (private data); anonymous GraphQL keeps its own.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The largest WebSocket message the server takes, in bytes (64 KiB, SEC-TRANSPORT); ws closes with 1009 beyond it. */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

/** How long browsers may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** Methods the API answers cross-origin. */
const CORS_METHODS = 'GET, POST, OPTIONS';

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

/** Registers CORS for `/api/*` and the `no-store` rule on `app` (before the routes). */
export function registerTransportRules(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'allowedOrigins'>): void {
  const origins = allowedOrigins(config);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    // Answers of /api differ by Origin from here on, for allowed and refused origins alike.
    reply.header('vary', 'Origin');
    if (!origins.has(origin)) return;
    reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
    const preflightMethod = request.headers['access-control-request-method'];
    if (request.method !== 'OPTIONS' || preflightMethod === undefined) return;
    reply.header('access-control-allow-methods', CORS_METHODS).header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    const requestedHeaders = request.headers['access-control-request-headers'];
    if (requestedHeaders) reply.header('access-control-allow-headers', requestedHeaders).header('vary', 'Origin, Access-Control-Request-Headers');
    return reply.status(204).header('content-length', '0').send();
  });
  app.addHook('onSend', async (request, reply) => {
    if (mustNotStore(request)) reply.header('cache-control', 'no-store');
  });
}
