/**
 * Every cookie the site sets, with its lifetime in seconds — the one place their names are written
 * (the server reads them for SSR and sets the social binding; the browser writes the others; e2e
 * inspects them). Attributes are chosen where each is written; see product rules SESSION-COOKIES,
 * SITE-LOCALES, SITE-THEME and AUTH-SOCIAL.
 */

/** `{ accessToken, refreshToken }` as JSON, readable by script; lives as long as the access token. */
export const CREDENTIALS_COOKIE = 'studio.credentials';
export const CREDENTIALS_MAX_AGE = 900;

/** The refresh token alone, so a session outlives the credentials cookie (7 days). */
export const TOKEN_COOKIE = 'apollo:default.token';
export const TOKEN_MAX_AGE = 604800;

/** Both session cookies: a request carrying either is treated as signed in by SSR. */
export const SESSION_COOKIES = [CREDENTIALS_COOKIE, TOKEN_COOKIE] as const;

/** The visitor's chosen language (365 days); read first by locale detection. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The visitor's theme choice, "light" | "dark" (365 days). */
export const THEME_COOKIE = 'studio.theme';
export const THEME_MAX_AGE = 365 * 24 * 60 * 60;

/** The HttpOnly browser binding of a social sign-in flow (path /api/auth, 10 minutes). */
export const SOCIAL_BINDING_COOKIE = 'studio.social';
export const SOCIAL_BINDING_MAX_AGE = 10 * 60;
