/**
 * The site's locales and their path rules (product rule SITE-LOCALES): English has no prefix,
 * Russian lives under /ru and Spanish under /es. Pure functions, used by the router, the header,
 * SSR, mail, content and e2e — the one place the locale list is written.
 */
export const LOCALES = ['en', 'ru', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** BCP 47 tags for `<html lang>`, Intl and hreflang (en-US, ru-RU, es-ES). */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU', es: 'es-ES' };

/** The GraphQL `Locale` enum value of a locale. */
export const GRAPHQL_LOCALE = { en: 'EN', ru: 'RU', es: 'ES' } as const satisfies Record<Locale, string>;

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

/** The locale of a GraphQL `Locale` enum value: 'RU' → ru; unknown values → null. */
export function localeFromGraphQL(value: unknown): Locale | null {
  const lower = typeof value === 'string' ? value.toLowerCase() : '';
  return isLocale(lower) ? lower : null;
}
