/**
 * The social sign-in routes under /api/auth (AUTH-SOCIAL):
 * - `GET /api/auth/{provider}/login?callbackUrl&deviceToken&state=/` → 302 to the provider
 *   (a browser navigation). 400 CALLBACK_URL_INVALID / VALIDATION_FAILED, 404 PROVIDER_NOT_FOUND;
 *   without a deviceToken (a click before hydration) the browser goes back to the allowed
 *   callback with `error=SOCIAL_STATE_INVALID`;
 *   an unreachable provider sends the browser to `callbackUrl?error=SOCIAL_PROVIDER_UNAVAILABLE`.
 * - `GET /api/auth/{provider}/get-login-url?callbackUrl&deviceToken&state` + bearer →
 *   200 `{ data: url }` to link the provider to the signed-in user; 401 without a valid token,
 *   403 SOCIAL_EMAIL_NOT_VERIFIED while the user's address is unverified (ACC-LINKED),
 *   403 REAUTHENTICATION_REQUIRED without a recent proof (ACC-SUDO, accountSecurity/policy.ts; the
 *   callback links only when that session's proof counted when it started and it is still live),
 *   503 SOCIAL_PROVIDER_UNAVAILABLE.
 * - `GET /api/auth/{provider}/callback?code&state` (the provider's redirect) → 302 to the callback
 *   URL with `code=` (one-time), `success=success` or `error=` (service.ts).
 * - `POST /api/auth/social/exchange` `{ code, deviceToken }` → 200 `{ accessToken, refreshToken,
 *   returnPath }` and the HttpOnly refresh cookie; with `X-Session-Transport: cookie` (the web
 *   client) the body leaves `refreshToken` out (SESSION-COOKIES, decision 0026); 400 SOCIAL_CODE_INVALID.
 *   For an account with two-factor authentication it answers `{ twoFactorRequired: true,
 *   challengeToken, expiresAt, returnPath }` instead, completed at `POST /api/auth/login/2fa` (ACC-2FA).
 * Query strings and bodies are checked by route schemas; the provider (404) and, for linking, the
 * bearer token (401) are checked before them. Starting sets the HttpOnly browser-binding cookie
 * (`SOCIAL_BINDING_COOKIE`, path /api/auth, SameSite=Lax, 10 minutes), a per-browser secret whose
 * hash the state record keeps; the callback must bring it back. Every route is rate limited per IP
 * like the other auth routes (SEC-LIMITS). Redirects are `no-store` and carry
 * `Referrer-Policy: no-referrer` (their URLs hold codes).
 */
import { SOCIAL_BINDING_COOKIE, SOCIAL_BINDING_MAX_AGE } from '@studio/site/cookies';
import * as fields from '@studio/site/fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type App, type RateLimit, authRateLimit } from '../routeKit.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../../platform/config.js';
import { deviceOf } from '../../../../platform/http/device.js';
import { HttpError } from '../../../../platform/http/errors.js';
import { requireBearer } from '../routes.js';
import { sessionDeviceOf } from '../sessionList.js';
import { answerWithCookie, refreshCookieMaxAge, wantsCookieMode } from '../sessionCookie.js';
import type { SessionService } from '../sessions.js';
import { newOpaqueToken } from '../tokens.js';
import { checkCallbackUrl, checkReturnPath } from './callbackUrl.js';
import { SocialError } from './providers.js';
import type { SocialAuthService } from './service.js';
import type { AccountSecurity } from '../../accountSecurity/service.js';
import { recordSecurityEvent } from '../../accountSecurity/events.js';
import { recordSessionProof } from '../../accountSecurity/provenance.js';
import type { Db } from '../../../../platform/db/index.js';

const providerParams = z.object({ provider: z.string() });
const startQuery = z.object({
  callbackUrl: z.string({ error: 'validation.required' }).max(2048, 'validation.tooLong'),
  deviceToken: fields.deviceToken,
  state: z.string().max(512, 'validation.tooLong').default('/'),
});
// A repeated parameter is not an answer any provider sends: it is read as a missing one.
const callbackQuery = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .transform((query) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : undefined])));
const exchangeBody = z.object({
  code: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  deviceToken: fields.deviceToken,
});

/** Checks the start query's callback URL (allow-list) and return path (local). */
function startInput(query: z.output<typeof startQuery>, config: Pick<Config, 'publicUrl' | 'social'>) {
  const callbackUrl = checkCallbackUrl(query.callbackUrl, config.publicUrl, config.social.allowedCallbackOrigins);
  if (!callbackUrl) {
    throw new HttpError(400, 'CALLBACK_URL_INVALID', 'callbackUrl must be the /loading page of this site or of an allowed origin.', { field: 'callbackUrl' });
  }
  const returnPath = checkReturnPath(query.state);
  if (!returnPath) throw new HttpError(400, 'VALIDATION_FAILED', 'state: the return path must be a path on this site, e.g. /profile', { field: 'state' });
  return { callbackUrl, deviceToken: query.deviceToken, returnPath };
}

/** This browser's binding secret (reused if it already has one, so parallel tabs share it), set on `reply`. */
function bindBrowser(request: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'publicUrl'>): string {
  const existing = request.cookies[SOCIAL_BINDING_COOKIE];
  const binding = existing && /^[\w-]{43}$/.test(existing) ? existing : newOpaqueToken();
  reply.setCookie(SOCIAL_BINDING_COOKIE, binding, {
    path: '/api/auth',
    httpOnly: true,
    // Lax: sent on the provider's top-level redirect back to the callback.
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: SOCIAL_BINDING_MAX_AGE,
  });
  return binding;
}

function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
}

/** What the social routes are built over. */
interface SocialRouteOptions {
  social: SocialAuthService;
  sessions: SessionService;
  config: Config;
  db: Db;
  security: AccountSecurity;
}

/** Registers the routes above. */
export async function socialRoutes(fastify: FastifyInstance, opts: SocialRouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rateLimit = authRateLimit(opts.config);
  // Run before the schemas: an unknown provider is a 404 whatever the query holds.
  const knownProvider = async (request: FastifyRequest) => {
    opts.social.provider((request.params as { provider: string }).provider);
  };
  startRoutes(app, opts, rateLimit, knownProvider);
  returnRoutes(app, opts, rateLimit, knownProvider);
}

/** Starting a sign-in, and a link from a signed-in account (its bearer checked before the query: 401 before 400). */
function startRoutes(app: App, opts: SocialRouteOptions, rateLimit: RateLimit, knownProvider: (request: FastifyRequest) => Promise<void>): void {
  const { social, sessions, config } = opts;
  const claimsOf = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof requireBearer>>>();
  app.get(
    '/api/auth/:provider/login',
    {
      config: { rateLimit },
      schema: { params: providerParams, querystring: startQuery },
      preValidation: async (request, reply) => {
        await knownProvider(request);
        // A click on a server-rendered button before the page hydrated carries no device token yet
        // (it lives in the browser): send the person back to start again instead of showing JSON.
        const query = request.query as Record<string, unknown>;
        if (!query['deviceToken'] && typeof query['callbackUrl'] === 'string') {
          const back = checkCallbackUrl(query['callbackUrl'], config.publicUrl, config.social.allowedCallbackOrigins);
          if (back) return redirect(reply, `${back}?error=SOCIAL_STATE_INVALID`);
        }
      },
    },
    async (request, reply) => {
      const provider = social.provider(request.params.provider);
      const input = startInput(request.query, config);
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
    },
  );

  app.get(
    '/api/auth/:provider/get-login-url',
    {
      config: { rateLimit },
      schema: { params: providerParams, querystring: startQuery },
      preValidation: async (request) => {
        await knownProvider(request);
        claimsOf.set(request, await requireBearer(request, sessions));
      },
    },
    async (request, reply) => {
      const provider = social.provider(request.params.provider);
      const claims = claimsOf.get(request)!;
      const input = startInput(request.query, config);
      await social.assertCanLink(claims.userId);
      try {
        const url = await social.begin(provider, {
          ...input,
          mode: 'link',
          userId: claims.userId,
          sessionId: claims.sessionId,
          browserBinding: bindBrowser(request, reply, config),
        });
        return reply.header('cache-control', 'no-store').send({ data: url.toString() });
      } catch (error) {
        if (error instanceof SocialError) throw new HttpError(503, error.code, `${provider.name} cannot be reached right now. Please try again later.`);
        throw error;
      }
    },
  );
}

/** The provider's callback and the exchange of its one-time code for a session (AUTH-SOCIAL). */
function returnRoutes(app: App, opts: SocialRouteOptions, rateLimit: RateLimit, knownProvider: (request: FastifyRequest) => Promise<void>): void {
  const { social, sessions, config, db, security } = opts;
  app.get(
    '/api/auth/:provider/callback',
    { config: { rateLimit }, schema: { params: providerParams, querystring: callbackQuery }, preValidation: knownProvider },
    async (request, reply) => {
      const provider = social.provider(request.params.provider);
      const current = new URL(`${config.publicUrl}${request.url}`);
      return redirect(reply, await social.callback(provider, request.query, current, request.cookies[SOCIAL_BINDING_COOKIE], deviceOf(request)));
    },
  );

  app.post('/api/auth/social/exchange', { config: { rateLimit }, schema: { body: exchangeBody } }, async (request, reply) => {
    const { deviceToken } = request.body;
    const { userId, returnPath } = await social.redeem(request.body.code, deviceToken);
    // ACC-2FA: a social sign-in of an account with an authenticator asks for its code too
    // (decision 0040); the challenge keeps the return path for the second step.
    if (await security.twoFactor.isEnabled(userId)) {
      reply.header('cache-control', 'no-store');
      return { ...(await security.challenges.issue(userId, deviceToken, 'social', returnPath)), returnPath };
    }
    const device = sessionDeviceOf(request);
    const { sessionId, ...credentials } = await sessions.start(userId, deviceToken, device);
    await recordSessionProof(db, sessionId, 'social'); // ACC-RESET
    await recordSecurityEvent(db, { userId, kind: 'SIGN_IN', method: 'social', sessionId, device });
    const maxAge = refreshCookieMaxAge(config, Date.now() + config.sessionMaxAge * 1000);
    return answerWithCookie(reply, { ...credentials, returnPath }, { cookieMode: wantsCookieMode(request), maxAge });
  });
}
