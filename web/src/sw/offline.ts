/**
 * The offline pages the service worker keeps (SITE-SW): one per locale, `/offline`, `/ru/offline`
 * and `/es/offline`, and which of them answers a navigation that failed.
 */
import { LOCALES, localeFromPath, localizePath } from '@studio/site/locales';

/** The offline page's path without locale prefix (the `offline` page of @studio/site/pages). */
export const OFFLINE_PATH = '/offline';

/** Every locale's offline page, in LOCALES order: `['/offline', '/ru/offline', '/es/offline']`. */
export const OFFLINE_URLS: readonly string[] = LOCALES.map((locale) => localizePath(OFFLINE_PATH, locale));

/**
 * The offline page for a navigation to `pathname` (SITE-SW): the locale of the path's first
 * segment (`/ru/...` → `/ru/offline`, `/es/...` → `/es/offline`), else English (`/offline`).
 */
export function offlineUrlFor(pathname: string): string {
  return localizePath(OFFLINE_PATH, localeFromPath(pathname));
}
