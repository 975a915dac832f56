/**
 * The social sign-in routes of SPEC.md §7 and DESIGN.md §5 (issue 7), under /api/auth:
 * - `GET /api/auth/{provider}/login?callbackUrl&deviceToken&state=/` → 302 to the provider
 *   (a browser navigation). 400 CALLBACK_URL_INVALID / VALIDATION_FAILED, 404 PROVIDER_NOT_FOUND;
 *   without a deviceToken (a click before hydration) the browser goes back to the allowed
 *   callback with `error=SOCIAL_STATE_INVALID`;
 *   an unreachable provider sends the browser to `callbackUrl?error=SOCIAL_PROVIDER_UNAVAILABLE`.
 * - `GET /api/auth/{provider}/get-login-url?callbackUrl&deviceToken&state` + bearer →
 *   200 `{ data: url }` to link the provider to the signed-in user; 401 without a valid token,
 *   503 SOCIAL_PROVIDER_UNAVAILABLE.
 * - `GET /api/auth/{provider}/callback?code&state` (the provider's redirect) → 302 to the callback
 *   URL with `code=` (one-time), `success=success` or `error=` (service.ts).
 * - `POST /api/auth/social/exchange` `{ code, deviceToken }` → 200 `{ accessToken, refreshToken,
 *   returnPath }`; 400 SOCIAL_CODE_INVALID.
 * Starting sets the HttpOnly cookie `studio.social` (path /api/auth, SameSite=Lax, 10 minutes), a
 * per-browser secret whose hash the state record keeps; the callback must bring it back.
 * Every route is rate limited per IP like the other auth routes. Redirects are `no-store` and
 * carry `Referrer-Policy: no-referrer` (their URLs hold codes).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { HttpError, parseRequest } from '../../http/errors.js';
import * as rules from '@studio/site/fields';
import { requireBearer } from '../routes.js';
import type { SessionService } from '../sessions.js';
import { newOpaqueToken } from '../tokens.js';
import { checkCallbackUrl, checkReturnPath } from './callbackUrl.js';
import { SocialError } from './providers.js';
import { STATE_TTL_MS, type SocialAuthService } from './service.js';

const startQuery = z.object({
  callbackUrl: z.string({ error: 'callbackUrl is required' }).max(2048, 'callbackUrl: use at most 2048 characters'),
  deviceToken: rules.deviceToken,
  state: z.string().max(512, 'state: use at most 512 characters').default('/'),
});
const callbackQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const exchangeBody = z.object({
  code: z.string().trim().min(1, 'code is required').max(200, 'Use at most 200 characters'),
  deviceToken: rules.deviceToken,
});

/** Reads and checks the start query (callback URL allow-list, local return path). */
function startInput(query: unknown, config: Pick<Config, 'publicUrl' | 'social'>) {
  const q = parseRequest(startQuery, query, 'query');
  const callbackUrl = checkCallbackUrl(q.callbackUrl, config.publicUrl, config.social.allowedCallbackOrigins);
  if (!callbackUrl) {
    throw new HttpError(400, 'CALLBACK_URL_INVALID', 'callbackUrl must be the /loading page of this site or of an allowed origin.', { field: 'callbackUrl' });
  }
  const returnPath = checkReturnPath(q.state);
  if (!returnPath) throw new HttpError(400, 'VALIDATION_FAILED', 'state: the return path must be a path on this site, e.g. /profile', { field: 'state' });
  return { callbackUrl, deviceToken: q.deviceToken, returnPath };
}

/** The browser-binding cookie: one random secret per browser, sent only to /api/auth, 10 minutes. */
const BINDING_COOKIE = 'studio.social';

/** This browser's binding secret (reused if it already has one, so parallel tabs share it), set on `reply`. */
function bindBrowser(request: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'publicUrl'>): string {
  const existing = request.cookies[BINDING_COOKIE];
  const binding = existing && /^[\w-]{43}$/.test(existing) ? existing : newOpaqueToken();
  reply.setCookie(BINDING_COOKIE, binding, {
    path: '/api/auth',
    httpOnly: true,
    // Lax: sent on the provider's top-level redirect back to the callback.
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: STATE_TTL_MS / 1000,
  });
  return binding;
}

function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
}

/** Registers the routes above. */
export async function socialRoutes(app: FastifyInstance, opts: { social: SocialAuthService; sessions: SessionService; config: Config }): Promise<void> {
  const { social, sessions, config } = opts;
  const rateLimit = { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs };
  type Params = { Params: { provider: string } };

  app.get<Params>('/api/auth/:provider/login', { config: { rateLimit } }, async (request, reply) => {
    const provider = social.provider(request.params.provider);
    const query = (request.query ?? {}) as Record<string, unknown>;
    // A click on a server-rendered button before the page hydrated carries no device token yet
    // (it lives in the browser): send the person back to start again instead of showing JSON.
    if (!query['deviceToken'] && typeof query['callbackUrl'] === 'string') {
      const back = checkCallbackUrl(query['callbackUrl'], config.publicUrl, config.social.allowedCallbackOrigins);
      if (back) return redirect(reply, `${back}?error=SOCIAL_STATE_INVALID`);
    }
    const input = startInput(query, config);
    try {
      const url = await social.begin(provider, { ...input, mode: 'login', userId: null, browserBinding: bindBrowser(request, reply, config) });
      return redirect(reply, url.toString());
    } catch (error) {
      if (!(error instanceof SocialError)) throw error;
      request.log.warn({ err: error, provider: provider.id }, 'social sign-in could not start');
      const back = new URL(input.callbackUrl);
      back.searchParams.set('error', error.code);
      return redirect(reply, back.toString());
    }
  });

  app.get<Params>('/api/auth/:provider/get-login-url', { config: { rateLimit } }, async (request, reply) => {
    const provider = social.provider(request.params.provider);
    const claims = await requireBearer(request, sessions);
    const input = startInput(request.query, config);
    try {
      const url = await social.begin(provider, { ...input, mode: 'link', userId: claims.userId, browserBinding: bindBrowser(request, reply, config) });
      return reply.header('cache-control', 'no-store').send({ data: url.toString() });
    } catch (error) {
      if (error instanceof SocialError) throw new HttpError(503, error.code, `${provider.name} cannot be reached right now. Please try again later.`);
      throw error;
    }
  });

  app.get<Params>('/api/auth/:provider/callback', { config: { rateLimit } }, async (request, reply) => {
    const provider = social.provider(request.params.provider);
    // A repeated parameter is not an answer any provider sends: treat it as a missing one.
    const raw = parseRequest(callbackQuery, request.query, 'query');
    const query = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
    const current = new URL(`${config.publicUrl}${request.url}`);
    return redirect(reply, await social.callback(provider, query, current, request.cookies[BINDING_COOKIE]));
  });

  app.post('/api/auth/social/exchange', { config: { rateLimit } }, async (request) => {
    const body = parseRequest(exchangeBody, request.body);
    return social.exchange(body.code, body.deviceToken);
  });
}
