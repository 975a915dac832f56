/**
 * The current locale and a helper that localizes paths (SITE-LOCALES), read from
 * `LocaleDataContext`: the document provides the locale route's loader data there
 * (i18n/routeLocale.ts), an island of an HTML-first page its own (SITE-DELIVERY). So components
 * that localize need no router, and an island's bundle carries none.
 */
import { createContext, useCallback, useContext } from 'react';
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from '@studio/site/locales';
import { loadMessages, type Messages } from './messages';

/** What a locale route answers: its locale and that locale's message catalogue. */
export interface LocaleData {
  locale: Locale;
  messages: Messages;
}

/** Whether a route's loader data is a locale route's. */
export function isLocaleData(value: unknown): value is LocaleData {
  const data = value as Partial<LocaleData> | null | undefined;
  return typeof data === 'object' && data !== null && isLocale(data.locale) && typeof data.messages === 'object' && data.messages !== null;
}

/** The locale route's loader: `locale` with its catalogue (loaded once; see messages.ts). */
export async function loadLocaleData(locale: Locale): Promise<LocaleData> {
  return { locale, messages: await loadMessages(locale) };
}

/** The page's locale and catalogue: the locale route's loader data, or an island's own; null when none. */
export const LocaleDataContext = createContext<LocaleData | null>(null);

/** The page's locale data (undefined where none is provided). */
export function useLocaleData(): LocaleData | undefined {
  return useContext(LocaleDataContext) ?? undefined;
}

/** The current locale; the default (en) above the locale routes. */
export function useLocale(): Locale {
  return useLocaleData()?.locale ?? DEFAULT_LOCALE;
}

/** `(path) => path in the current locale`, e.g. '/profile' → '/ru/profile'. */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
