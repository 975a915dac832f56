/**
 * The current locale (from the locale route's loader data) and a helper that localizes paths
 * (SITE-LOCALES). The locale routes of routes/table.tsx answer `loadLocaleData(locale)`; the
 * hooks find that data among the matched routes by its shape, so i18n needs no route module.
 * Outside a router (an island of an HTML-first page, SITE-DELIVERY) `LocaleDataContext` gives it.
 */
import { createContext, useCallback, useContext } from 'react';
import { UNSAFE_DataRouterStateContext } from 'react-router';
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

/** The locale data of a component tree rendered without a router (an island); null inside the app. */
export const LocaleDataContext = createContext<LocaleData | null>(null);

/**
 * The locale route's loader data (undefined above it), or `LocaleDataContext`'s. Reads the router's
 * state context (not `useMatches`, which throws outside a router); the same matches either way.
 */
export function useLocaleData(): LocaleData | undefined {
  const given = useContext(LocaleDataContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  if (given) return given;
  return state?.matches.map((match) => state.loaderData[match.route.id] as unknown).find(isLocaleData);
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
