/**
 * Locale detection for the root redirect (SITE-LOCALES): the locale cookie first, then the
 * browser's languages (`Accept-Language`, negotiated by `negotiator` and matched with
 * `@formatjs/intl-localematcher`'s best-fit algorithm), then the route. Only `/` redirects, and
 * never for a bot (search engines must see every language at its own address).
 */
import { match } from '@formatjs/intl-localematcher';
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale, localizePath } from '@studio/site/locales';
import { isbot } from 'isbot';
import Negotiator from 'negotiator';

/**
 * The visitor's language: the cookie when it names a site locale, else the best match of the
 * `Accept-Language` header, else null (no preference: the route decides).
 */
export function detectLocale(cookieValue: string | undefined, acceptLanguage: string | undefined): Locale | null {
  if (isLocale(cookieValue)) return cookieValue;
  if (!acceptLanguage) return null;
  let requested: string[];
  try {
    requested = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages();
  } catch {
    return null;
  }
  const valid = requested.filter((tag) => tag !== '*' && isValidTag(tag));
  if (valid.length === 0) return null;
  const best = match(valid, LOCALES, DEFAULT_LOCALE);
  return isLocale(best) ? best : null;
}

function isValidTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** Whether `userAgent` is a crawler or another bot (isbot's list). */
export function isBot(userAgent: string | undefined): boolean {
  return !!userAgent && isbot(userAgent);
}

/**
 * Where a request for the root `/` goes: the home page of the visitor's language (`/ru`, `/es`,
 * plus the query) when it is not the default one, else null (stay on the English home page).
 */
export function rootRedirect(
  url: string,
  headers: { acceptLanguage?: string | undefined; userAgent?: string | undefined },
  cookieValue: string | undefined,
): string | null {
  const [path, query] = splitUrl(url);
  if (path !== '/' || isBot(headers.userAgent)) return null;
  const locale = detectLocale(cookieValue, headers.acceptLanguage);
  if (!locale || locale === DEFAULT_LOCALE) return null;
  return `${localizePath('/', locale)}${query}`;
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}
