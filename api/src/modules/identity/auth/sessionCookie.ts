/**
 * The HttpOnly refresh cookie (SESSION-COOKIES, SESSION-MAX-AGE; decision 0026).
 *
 * `__Host-studio.refresh` (`REFRESH_COOKIE`) holds the refresh token: HttpOnly (no script reads it,
 * OWASP ASVS 5.0 §3.3.1/§3.3.4), Secure, SameSite=Strict (never sent on a cross-site request, so a
 * forged POST to /api/auth/refresh or /logout carries no session), Path=/ and no Domain (required
 * by the `__Host-` prefix, which the browser enforces; Path=/ lets SSR page requests see that a
 * session exists). Secure is set whatever `PUBLIC_URL` says: browsers accept Secure cookies from
 * http://localhost, and any other host must be served over https (SEC-TRANSPORT).
 *
 * Response bodies: an auth answer carries `refreshToken` only to API clients. A browser asks for
 * cookie mode with the header `X-Session-Transport: cookie` (`SESSION_TRANSPORT_HEADER`), and a
 * refresh whose token came from the cookie is cookie mode too; then the body is `{ accessToken }`
 * (plus `returnPath` for the social exchange), so a script that calls /refresh learns nothing that
 * outlives 15 minutes.
 *
 * With it goes `studio.session=1` (`SESSION_MARKER_COOKIE`): no secret, readable by script, same
 * lifetime, so the browser — which keeps the access token in memory only (decision 0048) — knows on
 * a fresh page that a refresh is worth a try.
 */
import { REFRESH_COOKIE, SESSION_MARKER_COOKIE, SESSION_TRANSPORT_COOKIE, SESSION_TRANSPORT_HEADER } from '@studio/site/cookies';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../platform/config.js';
import type { TokenPair } from './sessions.js';

/** The attributes shared by setting and clearing, so a clear always matches the cookie it deletes. */
const ATTRIBUTES = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' } as const;
/** The marker's: readable by script, and sent on a top-level navigation from another site so SSR renders signed in. */
const MARKER_ATTRIBUTES = { path: '/', httpOnly: false, secure: true, sameSite: 'lax' } as const;

/**
 * The cookie's Max-Age in whole seconds: the refresh token's lifetime, cut to what is left of the
 * session's absolute lifetime (`sessionEndsAt`, ms since the epoch); at least 1.
 */
export function refreshCookieMaxAge(config: Pick<Config, 'refreshTokenTtl'>, sessionEndsAt: number, now: number = Date.now()): number {
  return Math.max(1, Math.min(config.refreshTokenTtl, Math.floor((sessionEndsAt - now) / 1000)));
}

/** Sets the refresh cookie on `reply` to `refreshToken`, and the session marker, living `maxAge` seconds. */
export function setRefreshCookie(reply: FastifyReply, refreshToken: string, maxAge: number): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...ATTRIBUTES, maxAge });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { ...MARKER_ATTRIBUTES, maxAge });
}

/** Deletes the refresh cookie and the session marker (sign-out, a refused refresh). */
export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, ATTRIBUTES);
  reply.clearCookie(SESSION_MARKER_COOKIE, MARKER_ATTRIBUTES);
}

/** The refresh token of the request's cookie, or undefined. */
export function refreshTokenFromCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}

/** Whether the request asks for cookie mode (`X-Session-Transport: cookie`). */
export function wantsCookieMode(request: FastifyRequest): boolean {
  return request.headers[SESSION_TRANSPORT_HEADER]?.toString().trim().toLowerCase() === SESSION_TRANSPORT_COOKIE;
}

/**
 * Sets the cookie from `credentials` and answers the body to send: without `refreshToken` in cookie
 * mode, the credentials unchanged otherwise (API clients keep the REST contract).
 */
export function answerWithCookie<T extends TokenPair>(
  reply: FastifyReply,
  credentials: T,
  options: { cookieMode: boolean; maxAge: number },
): T | Omit<T, 'refreshToken'> {
  setRefreshCookie(reply, credentials.refreshToken, options.maxAge);
  reply.header('cache-control', 'no-store');
  if (!options.cookieMode) return credentials;
  const { refreshToken: _omitted, ...body } = credentials;
  return body;
}
