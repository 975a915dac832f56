/**
 * The session cookies as the browser sees them (SESSION-COOKIES; decisions 0003, 0026, 0048):
 * - the refresh token lives only in the server's HttpOnly cookie `__Host-studio.refresh`: no script
 *   here reads or writes it; the auth calls send it by themselves (same origin) and the server
 *   clears it on sign-out;
 * - `studio.session=1`, set and cleared by the server with it, says a session may exist, so a fresh
 *   page knows a refresh is worth a try (the access token itself lives in memory: ./credentials.ts);
 * - cookies of earlier versions: the access token in `studio.credentials` (adopted into memory once
 *   and deleted) and a script-readable refresh token (`apollo:default.token`, or `refreshToken`
 *   inside `studio.credentials`), which `legacyRefreshToken` reads once so the session moves to the
 *   HttpOnly cookie.
 * Parsing and serialising go through the `cookie` package.
 */
import { parse, serialize } from 'cookie';
import { CREDENTIALS_COOKIE, LEGACY_TOKEN_COOKIE, SESSION_COOKIES } from '@studio/site/cookies';

/** What a tab keeps of a session: the access token (a JWT, 15 minutes), in memory only. */
export interface Credentials {
  accessToken: string;
}

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Secure unless the page is plain http on a non-local host (where a Secure cookie would be dropped). */
function secure(): boolean {
  return location.protocol === 'https:' || isLocalhost(location.hostname);
}

/** The credentials cookie's JSON, or null when absent or damaged. */
function credentialsJson(jar: Record<string, string | undefined>): { accessToken?: unknown; refreshToken?: unknown } | null {
  const raw = jar[CREDENTIALS_COOKIE];
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null; // A damaged cookie counts as absent.
  }
}

/** The access token an earlier version left in `studio.credentials` (a Cookie header or `document.cookie`); null when there is none. */
export function parseCredentials(cookieHeader: string): Credentials | null {
  const value = credentialsJson(parse(cookieHeader));
  return typeof value?.accessToken === 'string' ? { accessToken: value.accessToken } : null;
}

/**
 * A refresh token an earlier version left readable by script (`apollo:default.token`, or
 * `refreshToken` in the credentials cookie), to be traded once for the HttpOnly cookie; else null.
 */
export function legacyRefreshToken(cookieHeader: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  const jar = parse(cookieHeader);
  const inCredentials = credentialsJson(jar)?.refreshToken;
  if (typeof inCredentials === 'string' && inCredentials) return inCredentials;
  return jar[LEGACY_TOKEN_COOKIE] || null;
}

/** Deletes a cookie this script can see (path /). */
export function deleteCookie(name: string): void {
  document.cookie = serialize(name, '', { path: '/', sameSite: 'lax', maxAge: 0, secure: secure() });
}

/** Deletes what earlier versions kept readable by script: the access-token and refresh-token cookies. */
export function deleteLegacyCookies(): void {
  deleteCookie(CREDENTIALS_COOKIE);
  deleteCookie(LEGACY_TOKEN_COOKIE);
}

/**
 * Whether a Cookie header holds a session cookie — any of `SESSION_COOKIES`, the HttpOnly refresh
 * cookie included — so SSR sees a session. In the browser (`document.cookie`, where the HttpOnly
 * cookie is invisible) it is the session marker or a cookie of an earlier version.
 */
export function hasSession(cookieHeader: string): boolean {
  const jar = parse(cookieHeader);
  return parseCredentials(cookieHeader) !== null || SESSION_COOKIES.some((name) => name !== CREDENTIALS_COOKIE && !!jar[name]);
}
