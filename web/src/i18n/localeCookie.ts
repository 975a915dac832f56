/**
 * The visitor's language choice (SITE-LOCALES): the `i18n_redirected` cookie, 365 days, which the
 * root redirect reads first. Written by the app's language select and by the islands of HTML-first
 * pages when a language link is followed.
 */
import { serialize } from 'cookie';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '@studio/site/cookies';
import type { Locale } from '@studio/site/locales';

/** Remembers `locale` as the visitor's language choice. */
export function rememberLocale(locale: Locale): void {
  document.cookie = serialize(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' });
}
