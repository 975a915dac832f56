/**
 * Where a social sign-in may send the browser back to (AUTH-SOCIAL; OWASP Unvalidated Redirects
 * and Forwards Cheat Sheet): the `/loading` page in one of the site's languages, on the
 * site's own origin or one of `ALLOWED_CALLBACK_ORIGINS`. Everything else is refused rather than
 * repaired: other hosts, protocol-relative `//host`, userinfo (`https://site@evil`), backslashes,
 * control characters and whitespace (the URL parser silently drops tabs and newlines, so
 * `/\t/evil.com` would otherwise turn into `//evil.com`), any query or fragment, and encoded
 * characters in the path.
 *
 * The return path (the `state=/` query parameter) must be a path on this site.
 */
import { type Locale, localeFromPath } from '@studio/site/locales';
import { localizedPaths } from '@studio/site/pages';

const LOADING_PATHS = new Set(Object.values(localizedPaths('/loading')));
// C0 controls, DEL, whitespace (incl. Unicode spaces), backslash.
const FORBIDDEN = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

/**
 * The normalised callback URL (`origin + path`), or null when `raw` is not allowed.
 * @param raw the client's `callbackUrl`: absolute (`https://site/ru/loading`) or a site path (`/ru/loading`).
 * @param siteOrigin the site's public origin; @param allowedOrigins the extra allowed origins.
 */
export function checkCallbackUrl(raw: string, siteOrigin: string, allowedOrigins: readonly string[]): string | null {
  if (!raw || raw.length > 2048 || FORBIDDEN.test(raw) || raw.includes('@') || raw.includes('%')) return null;
  if (raw.startsWith('//')) return null;
  let url: URL;
  try {
    url = raw.startsWith('/') ? new URL(raw, siteOrigin) : new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.origin !== siteOrigin && !allowedOrigins.includes(url.origin)) return null;
  if (!LOADING_PATHS.has(url.pathname)) return null;
  return `${url.origin}${url.pathname}`;
}

/**
 * The return path if `raw` is a path on this site (`/`, `/profile?tab=1`), else null:
 * one leading slash, no `//` or `/\`, no control characters or whitespace, at most 512 characters.
 */
export function checkReturnPath(raw: string): string | null {
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.length > 512 || FORBIDDEN.test(raw)) return null;
  try {
    const base = 'http://return.invalid';
    const url = new URL(raw, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The site language a callback URL belongs to (`/ru/loading` → ru), for the account's mails. */
export function callbackLocale(callbackUrl: string): Locale {
  return localeFromPath(new URL(callbackUrl).pathname);
}
