/**
 * Where a tab keeps its access token: in memory only (SESSION-COOKIES, decision 0048). No cookie or
 * storage a script could read later holds it, so what an extension, a cookie dump or a copied
 * profile finds is no token at all; a fresh page gets one from the HttpOnly refresh cookie
 * (./tokens.ts), and other tabs hand theirs over on the app channel (`refresh` events).
 * The first read adopts a token an earlier version left in the `studio.credentials` cookie and
 * deletes that cookie.
 */
import { type Credentials, deleteLegacyCookies, legacyRefreshToken, parseCredentials } from './cookies';

let current: Credentials | null = null;
let adopted = false;

/** This tab's access token, or null. */
export function readCredentials(): Credentials | null {
  if (!adopted && typeof document !== 'undefined') {
    adopted = true;
    const left = parseCredentials(document.cookie);
    if (left && !current) current = left;
    // A refresh token of an earlier version stays until the refresh that moves it to the HttpOnly cookie.
    if (left && !legacyRefreshToken()) deleteLegacyCookies();
  }
  return current;
}

/** Keeps the access token (after register, login or refresh) and deletes what earlier versions left readable. */
export function writeCredentials(credentials: Credentials): void {
  adopted = true;
  current = { accessToken: credentials.accessToken };
  if (typeof document !== 'undefined') deleteLegacyCookies();
}

/** Forgets the access token (logout, failed refresh); the server clears the HttpOnly cookie and the marker. */
export function clearCredentials(): void {
  adopted = true;
  current = null;
  if (typeof document !== 'undefined') deleteLegacyCookies();
}
