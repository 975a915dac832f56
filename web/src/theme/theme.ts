/**
 * The visitor's theme choice (SITE-THEME): the theme cookie of @studio/site/cookies ("light" |
 * "dark", 365 days, path /, SameSite=Lax). Without it the page follows the system (`color-scheme: light dark` in
 * @studio/ui tokens). A cookie, not localStorage, so the server renders `<html data-theme>` and
 * the first paint is already right without an inline script (CSP).
 */
import type { Theme } from '@studio/ui';
import { parse, serialize } from 'cookie';
import { THEME_COOKIE, THEME_MAX_AGE } from '@studio/site/cookies';

/** The stored choice in a Cookie header value, or null when none (or an unknown value) is stored. */
export function parseTheme(cookieHeader: string): Theme | null {
  const value = parse(cookieHeader)[THEME_COOKIE];
  return value === 'light' || value === 'dark' ? value : null;
}

/** Stores the choice for a year. */
export function writeTheme(theme: Theme): void {
  document.cookie = serialize(THEME_COOKIE, theme, { path: '/', sameSite: 'lax', maxAge: THEME_MAX_AGE });
}
