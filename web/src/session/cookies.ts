/**
 * Where the browser keeps credentials (SPEC.md §4, §9; docs/decisions/0003-token-storage.md):
 * - `studio.credentials`: `{ accessToken, refreshToken }` as JSON, max-age 900 s (the access
 *   token's lifetime), path /, SameSite=Lax;
 * - `apollo:default.token`: the refresh token, max-age 604800 s (7 days), Secure, SameSite=Lax,
 *   so a session outlives the 15-minute credentials cookie.
 * Both are readable by script (the spec shares them across tabs), so pages carry no inline
 * script (page data is a JSON script element) and can be served with a strict nonce-free CSP.
 * Parsing and serialising go through the `cookie` package.
 */
import { parse, serialize } from 'cookie';

export const CREDENTIALS_COOKIE = 'studio.credentials';
export const CREDENTIALS_MAX_AGE = 900;
export const TOKEN_COOKIE = 'apollo:default.token';
export const TOKEN_MAX_AGE = 604800;

export interface Credentials {
  accessToken: string;
  refreshToken: string;
}

/** What the cookies hold: both tokens, only the refresh token (credentials cookie expired), or nothing. */
export type StoredCredentials = Credentials | { accessToken: null; refreshToken: string } | null;

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Secure unless the page is plain http on a non-local host (where a Secure cookie would be dropped). */
function secure(): boolean {
  return location.protocol === 'https:' || isLocalhost(location.hostname);
}

/** Parses credentials from a Cookie header value (SSR) or `document.cookie`. */
export function parseCredentials(cookieHeader: string): StoredCredentials {
  const jar = parse(cookieHeader);
  const raw = jar[CREDENTIALS_COOKIE];
  if (raw) {
    try {
      const value = JSON.parse(raw) as Partial<Credentials>;
      if (typeof value.accessToken === 'string' && typeof value.refreshToken === 'string') {
        return { accessToken: value.accessToken, refreshToken: value.refreshToken };
      }
    } catch {
      // A damaged cookie counts as absent.
    }
  }
  const refreshToken = jar[TOKEN_COOKIE];
  return refreshToken ? { accessToken: null, refreshToken } : null;
}

export function readCredentials(): StoredCredentials {
  return typeof document === 'undefined' ? null : parseCredentials(document.cookie);
}

/** Writes both cookies (after register, login or refresh). */
export function writeCredentials(credentials: Credentials): void {
  const common = { path: '/', sameSite: 'lax' as const };
  document.cookie = serialize(CREDENTIALS_COOKIE, JSON.stringify(credentials), { ...common, maxAge: CREDENTIALS_MAX_AGE, secure: secure() });
  document.cookie = serialize(TOKEN_COOKIE, credentials.refreshToken, { ...common, maxAge: TOKEN_MAX_AGE, secure: secure() });
}

/** Deletes both cookies (logout, failed refresh). */
export function clearCredentials(): void {
  for (const name of [CREDENTIALS_COOKIE, TOKEN_COOKIE]) {
    document.cookie = serialize(name, '', { path: '/', sameSite: 'lax', maxAge: 0, secure: secure() });
  }
}

/** Whether a Cookie header (or document.cookie) holds a session: the same test on server and client. */
export function hasSession(cookieHeader: string): boolean {
  return parseCredentials(cookieHeader) !== null;
}
