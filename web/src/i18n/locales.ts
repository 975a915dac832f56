/**
 * The site's locales and the path rules of SPEC.md §2: English has no prefix, Russian lives
 * under /ru and Spanish under /es. Pure functions, used by the router, the header and SSR.
 */
export const LOCALES = ['en', 'ru', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** BCP 47 tags for `<html lang>`, Intl and hreflang (SPEC.md §2: en-US, ru-RU, es-ES). */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU', es: 'es-ES' };

/** The GraphQL `Locale` enum value of a locale. */
export const GRAPHQL_LOCALE = { en: 'EN', ru: 'RU', es: 'ES' } as const satisfies Record<Locale, string>;

/** The locale cookie of SPEC.md §2 and §9: name and max-age (365 days, in seconds). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The path prefix of `locale`: '' for English, '/ru', '/es'. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** The locale a pathname belongs to: `/ru/faq` → ru, `/faq` → en, `/rus` → en. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The pathname without its locale prefix, always starting with '/': `/ru/faq` → `/faq`, `/ru` → `/`. */
export function stripLocale(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** `path` (unprefixed, starting with '/') in `locale`: ('/faq', 'ru') → '/ru/faq', ('/', 'es') → '/es'. */
export function localizePath(path: string, locale: Locale): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** The same page in another locale: ('/ru/faq?x=1', 'es') → '/es/faq?x=1'. */
export function switchLocalePath(pathWithSearch: string, target: Locale): string {
  const [pathname = '/', ...rest] = pathWithSearch.split('?');
  const search = rest.length ? `?${rest.join('?')}` : '';
  return localizePath(stripLocale(pathname), target) + search;
}
