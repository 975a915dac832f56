/**
 * The current locale (from the locale route's loader data) and a helper that localizes paths.
 */
import { useCallback } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../routes/pages';
import { DEFAULT_LOCALE, type Locale, localizePath } from './locales';
import type { Messages } from './messages';

/** The locale route's loader data: its locale and message catalogue (undefined above it). */
export function useLocaleData(): { locale: Locale; messages: Messages } | undefined {
  const match = useMatches().find((m) => (m.handle as RouteHandle | undefined)?.kind === 'locale');
  return match?.loaderData as { locale: Locale; messages: Messages } | undefined;
}

export function useLocale(): Locale {
  return useLocaleData()?.locale ?? DEFAULT_LOCALE;
}

/** `(path) => path in the current locale`, e.g. '/profile' → '/ru/profile'. */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
