/**
 * Locale detection for the root redirect (SPEC.md §2, issue 5): the `i18n_redirected` cookie
 * first, then the browser's languages (`Accept-Language`, negotiated by `negotiator` and matched
 * with `@formatjs/intl-localematcher`'s best-fit algorithm), then the route. Only `/` redirects,
 * and never for a bot (search engines must see every language at its own address).
 */
import { match } from '@formatjs/intl-localematcher';
import { isbot } from 'isbot';
import Negotiator from 'negotiator';

export const SITE_LOCALES = ['en', 'ru', 'es'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];
/** The locale cookie of SPEC.md §2 (web/src/i18n/locales.ts LOCALE_COOKIE). */
export const LOCALE_COOKIE = 'i18n_redirected';

const isSiteLocale = (value: unknown): value is SiteLocale => typeof value === 'string' && (SITE_LOCALES as readonly string[]).includes(value);

/**
 * The visitor's language: the cookie when it names a site locale, else the best match of the
 * `Accept-Language` header, else null (no preference: the route decides).
 */
export function detectLocale(cookieValue: string | undefined, acceptLanguage: string | undefined): SiteLocale | null {
  if (isSiteLocale(cookieValue)) return cookieValue;
  if (!acceptLanguage) return null;
  let requested: string[];
  try {
    requested = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages();
  } catch {
    return null;
  }
  const valid = requested.filter((tag) => tag !== '*' && isValidTag(tag));
  if (valid.length === 0) return null;
  const best = match(valid, SITE_LOCALES, 'en');
  return isSiteLocale(best) ? best : null;
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
 * Where a request for the root `/` goes: `/ru` or `/es` (plus the query) for a person whose
 * language is Russian or Spanish, else null (stay on the English home page).
 */
export function rootRedirect(url: string, headers: { acceptLanguage?: string | undefined; userAgent?: string | undefined }, cookieValue: string | undefined): string | null {
  const [path, query] = splitUrl(url);
  if (path !== '/' || isBot(headers.userAgent)) return null;
  const locale = detectLocale(cookieValue, headers.acceptLanguage);
  if (!locale || locale === 'en') return null;
  return `/${locale}${query}`;
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}
