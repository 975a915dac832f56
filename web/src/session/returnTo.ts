/**
 * Return after sign-in (AUTH-RETURN): a page that sends a visitor to /auth passes where they were
 * as `?next=<path>` (`signInPath`); after a password or social sign-in or a registration /auth
 * lands there (`safeNextPath`), else on the profile. Only a path on this site is followed — one
 * leading `/`, never `//` or a backslash (another host to a browser), no scheme, no control
 * characters, also once percent-decoded (repeatedly, so `%252F` cannot smuggle a `/`) — and never
 * /auth or /loading themselves (a loop). Anything else, or anything that fails to decode, is null.
 */
import { stripLocale } from '@studio/site/locales';

/** The query parameter of /auth that names the page to return to. */
export const NEXT_PARAM = 'next';

const MAX_LENGTH = 2048;
const BASE = 'https://studio.invalid';
// Browsers drop tabs and newlines inside URLs, which could turn `/\t/evil.test` into `//evil.test`.
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

/** Whether `path` is, on its face, a local path: `/` not followed by `/`, no backslash or control character. */
function looksLocal(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !UNSAFE.test(path);
}

/**
 * `raw` when it is a safe same-site path to return to after signing in (query and fragment kept),
 * else null. Pass the parameter's value as `URLSearchParams.get` gives it.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!looksLocal(raw)) return null;
  // Every decoding of it must look local too (a server or proxy may decode once more).
  let decoded = raw;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null; // Malformed escapes: not something a page of ours produced.
    }
    if (!looksLocal(next) || /^\/?[a-z][a-z0-9+.-]*:/i.test(next.slice(1))) return null;
    if (next === decoded) break;
    decoded = next;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const page = stripLocale(url.pathname);
  if (/^\/(auth|loading)(\/|$)/.test(page)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The /auth path (without locale prefix, for the localizing links) that returns to `currentPath` after sign-in. */
export function signInPath(currentPath: string, mode?: 'register'): string {
  const params = new URLSearchParams();
  if (mode) params.set('mode', mode);
  const next = safeNextPath(currentPath);
  if (next && stripLocale(new URL(next, BASE).pathname) !== '/') params.set(NEXT_PARAM, next);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}
