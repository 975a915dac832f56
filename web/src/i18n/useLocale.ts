/**
 * The current locale (from the locale route's loader data) and a helper that localizes paths.
 */
import { useCallback } from 'react';
import { useRouteLoaderData } from 'react-router';
import { DEFAULT_LOCALE, LOCALES, type Locale, localizePath } from './locales';

export function useLocale(): Locale {
  const en = useRouteLoaderData('en') as { locale: Locale } | undefined;
  const ru = useRouteLoaderData('ru') as { locale: Locale } | undefined;
  const es = useRouteLoaderData('es') as { locale: Locale } | undefined;
  void LOCALES;
  return ru?.locale ?? es?.locale ?? en?.locale ?? DEFAULT_LOCALE;
}

/** `(path) => path in the current locale`, e.g. '/profile' → '/ru/profile'. */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
