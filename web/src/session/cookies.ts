/**
 * Where the browser keeps credentials (SESSION-COOKIES; decisions 0003 and 0026), by the names and
 * lifetimes of @studio/site/cookies:
 * - the refresh token lives only in the server's HttpOnly cookie `__Host-studio.refresh`: no script
 *   here reads or writes it; the auth calls send it by themselves (same origin) and the server
 *   clears it on sign-out;
 * - the credentials cookie: `{ accessToken }` as JSON, readable by script so every tab shares it
 *   (SESSION-TABS), path /, SameSite=Lax, Secure except on plain http to a non-local host. It lives
 *   as long as a refresh token (7 days): once the 15-minute access token inside has expired, its
 *   presence says "a session may go on; refresh to find out".
 * Cookies of earlier versions held the refresh token readable by script (`apollo:default.token`, and
 * `refreshToken` inside the credentials cookie): `legacyRefreshToken` reads it once so the session
 * moves to the HttpOnly cookie, and every write or clear deletes the old cookie.
 * Pages carry no inline script (page data is a JSON script element) and are served with a strict
 * nonce-free CSP. Parsing and serialising go through the `cookie` package.
 */
import { parse, serialize } from 'cookie';
import { CREDENTIALS_COOKIE, LEGACY_TOKEN_COOKIE, SESSION_COOKIES, TOKEN_MAX_AGE } from '@studio/site/cookies';

/** What the browser keeps of a session: the access token (a JWT, 15 minutes). */
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

/** Parses the credentials from a Cookie header value or `document.cookie`; null when there are none. */
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

export function readCredentials(): Credentials | null {
  return typeof document === 'undefined' ? null : parseCredentials(document.cookie);
}

function deleteCookie(name: string): void {
  document.cookie = serialize(name, '', { path: '/', sameSite: 'lax', maxAge: 0, secure: secure() });
}

/** Writes the access token (after register, login or refresh) and deletes a leftover script-readable refresh token. */
export function writeCredentials(credentials: Credentials): void {
  const value = JSON.stringify({ accessToken: credentials.accessToken });
  document.cookie = serialize(CREDENTIALS_COOKIE, value, { path: '/', sameSite: 'lax', maxAge: TOKEN_MAX_AGE, secure: secure() });
  deleteCookie(LEGACY_TOKEN_COOKIE);
}

/** Deletes the script-readable session cookies (logout, failed refresh); the server clears the HttpOnly one. */
export function clearCredentials(): void {
  deleteCookie(CREDENTIALS_COOKIE);
  deleteCookie(LEGACY_TOKEN_COOKIE);
}

/**
 * Whether a Cookie header holds a session cookie — any of `SESSION_COOKIES`, the HttpOnly refresh
 * cookie included — so SSR sees a session whose access token has expired. In the browser
 * (`document.cookie`, where the HttpOnly cookie is invisible) it is the credentials cookie or a
 * leftover refresh token.
 */
export function hasSession(cookieHeader: string): boolean {
  const jar = parse(cookieHeader);
  return parseCredentials(cookieHeader) !== null || SESSION_COOKIES.some((name) => name !== CREDENTIALS_COOKIE && !!jar[name]);
}
