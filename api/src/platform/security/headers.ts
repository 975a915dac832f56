/**
 * Security headers on every response (SEC-HEADERS), set by `helmet` (one middleware built at start,
 * run in an `onRequest` hook: @fastify/helmet built a new one per request) and the
 * `permissions-policy` package:
 *
 * - Content-Security-Policy, strict and nonce-based (OWASP CSP Cheat Sheet): scripts only from the
 *   site itself or carrying this response's nonce (a fresh 128-bit value per response,
 *   `cspNonce(reply)`; API answers, which are never documents, get none), never `unsafe-inline` or
 *   `unsafe-eval` script; `object-src 'none'`,
 *   `base-uri 'none'`, `frame-ancestors 'none'`, `form-action 'self'`. The built app has no inline
 *   script at all (page data travels in a JSON data block), so cached pages need no per-response
 *   nonce; in development Vite's inline preamble gets the nonce (ssr/index.ts). Styles allow
 *   inline `style` attributes and elements (Radix positions popovers with them); CSS cannot run
 *   script. Images also from `data:` and `blob:` (the avatar preview before upload).
 * - Strict-Transport-Security in production only (a year, subdomains), so plain-http local runs
 *   are not pinned to https; `upgrade-insecure-requests` only when `PUBLIC_URL` is https.
 * - Referrer-Policy `strict-origin-when-cross-origin`; pages whose URL holds a secret (the
 *   password-reset token, the social one-time code) are sent with `no-referrer` (ssr/index.ts).
 * - X-Frame-Options DENY (for browsers without frame-ancestors), X-Content-Type-Options nosniff,
 *   Cross-Origin-Opener-Policy same-origin, Cross-Origin-Resource-Policy same-origin.
 * - Permissions-Policy: every powerful feature the site does not use is off for it and any frame.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import permissionsPolicy from 'permissions-policy';
import type { Config } from '../config.js';

type WithNonce = ServerResponse & { cspNonce?: string };

function nonceOf(res: WithNonce): string {
  res.cspNonce ??= randomBytes(16).toString('base64');
  return res.cspNonce;
}

/** Whether `req` asks the API (whose answers are never documents with scripts). */
function isApiRequest(req: IncomingMessage): boolean {
  return req.url?.startsWith('/api/') ?? false;
}

/** This response's CSP nonce (base64, 128 bits, the one in its header), for inline scripts that must run. */
export function cspNonce(reply: FastifyReply): string {
  return nonceOf(reply.raw as WithNonce);
}

/** Features the site never uses: denied to itself and to any frame (only names Chromium knows, or it warns). */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'displayCapture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xrSpatialTracking',
  'browsingTopics',
] as const;

/** Registers the headers on `app` (before any route). */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'env' | 'publicUrl' | 'publicWsUrl'>): Promise<void> {
  const production = config.env === 'production';
  const connectSrc = ["'self'"];
  if (config.publicWsUrl && /^wss?:\/\//.test(config.publicWsUrl)) connectSrc.push(new URL(config.publicWsUrl).origin);
  if (!production) connectSrc.push('ws:'); // Vite's HMR socket in `pnpm dev`

  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (req, res) => (isApiRequest(req) ? '' : `'nonce-${nonceOf(res as WithNonce)}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc,
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => applyHelmet(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)));

  // Passkeys (ACC-PASSKEYS): WebAuthn get and create for our own origin only, never a frame's.
  const setPermissionsPolicy = permissionsPolicy({
    features: { ...Object.fromEntries(DENIED_FEATURES.map((f) => [f, []])), publickeyCredentialsGet: ['self'], publickeyCredentialsCreate: ['self'] },
  });
  app.addHook('onRequest', (request, reply, done) => setPermissionsPolicy(request.raw, reply.raw, done));

  if (!production) {
    // GraphiQL (development only) is an HTML page with inline script from a CDN.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/graphql') && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
        reply.removeHeader('content-security-policy');
      }
    });
  }
}
