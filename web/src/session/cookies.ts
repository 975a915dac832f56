/**
 * Where the browser keeps credentials (SESSION-COOKIES; docs/decisions/0003-token-storage.md), by
 * the names and lifetimes of @studio/site/cookies:
 * - the credentials cookie: `{ accessToken, refreshToken }` as JSON, living as long as the access
 *   token (900 s), path /, SameSite=Lax;
 * - the token cookie: the refresh token alone (7 days), so a session outlives the credentials
 *   cookie. Both are Secure except on plain http to a non-local host.
 * Both are readable by script (every tab shares them; SESSION-TABS), so pages carry no inline
 * script (page data is a JSON script element) and can be served with a strict nonce-free CSP.
 * Parsing and serialising go through the `cookie` package.
 */
import { parse, serialize } from 'cookie';
import { CREDENTIALS_COOKIE, CREDENTIALS_MAX_AGE, SESSION_COOKIES, TOKEN_COOKIE, TOKEN_MAX_AGE } from '@studio/site/cookies';

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
  for (const name of SESSION_COOKIES) {
    document.cookie = serialize(name, '', { path: '/', sameSite: 'lax', maxAge: 0, secure: secure() });
  }
}

/** Whether a Cookie header (or document.cookie) holds a session: the same test on server and client. */
export function hasSession(cookieHeader: string): boolean {
  return parseCredentials(cookieHeader) !== null;
}
