/**
 * Every cookie the site sets, with its lifetime in seconds — the one place their names are written
 * (the server reads them for SSR and sets the refresh cookie and the social binding; the browser
 * writes the others; e2e inspects them). Attributes are chosen where each is written; see product rules SESSION-COOKIES,
 * SITE-LOCALES, SITE-THEME and AUTH-SOCIAL.
 */

/**
 * `{ accessToken }` as JSON, readable by script: where earlier versions kept the access token
 * (decision 0048 moved it to the tab's memory). Never written now; the browser adopts a token left
 * here once and deletes the cookie, and SSR still counts it as a session. Versions before decision
 * 0026 also held `refreshToken` here; the browser reads it once to move that session to the
 * HttpOnly cookie.
 */
export const CREDENTIALS_COOKIE = 'studio.credentials';
/** The access token's lifetime in seconds (the default of `ACCESS_TOKEN_TTL_SECONDS`). */
export const CREDENTIALS_MAX_AGE = 900;

/**
 * The refresh token: set only by the server, HttpOnly, Secure, SameSite=Strict, Path=/, no Domain
 * (the `__Host-` prefix makes the browser enforce the last three), so no script can read it and SSR
 * page requests see that a session exists (SESSION-COOKIES, decision 0026). Its Max-Age is the
 * refresh token's lifetime, never beyond the session's absolute end (SESSION-MAX-AGE).
 */
export const REFRESH_COOKIE = '__Host-studio.refresh';
/** The refresh token's lifetime in seconds (7 days; the default of `REFRESH_TOKEN_TTL_SECONDS`). */
export const TOKEN_MAX_AGE = 604800;

/**
 * The script-readable refresh-token cookie of earlier versions: no longer written; the browser
 * reads it once to move its session to `REFRESH_COOKIE` and deletes it (decision 0026).
 */
export const LEGACY_TOKEN_COOKIE = 'apollo:default.token';

/**
 * The request header by which a browser asks the auth routes for cookie mode: the refresh token
 * travels only in `REFRESH_COOKIE`, never in a response body (SESSION-COOKIES, decision 0026).
 */
export const SESSION_TRANSPORT_HEADER = 'x-session-transport';
export const SESSION_TRANSPORT_COOKIE = 'cookie';

/**
 * Says that a session may exist, and nothing else: value `1`, no secret. Set and cleared by the
 * server with `REFRESH_COOKIE` and living as long, but readable by script (SameSite=Lax, Path=/,
 * Secure), so a page whose access token is only in another tab's memory, or in none, knows that a
 * refresh is worth a try (SESSION-COOKIES, decision 0048).
 */
export const SESSION_MARKER_COOKIE = 'studio.session';

/** The session cookies: a request carrying any of them is treated as signed in by SSR. */
export const SESSION_COOKIES = [SESSION_MARKER_COOKIE, REFRESH_COOKIE, CREDENTIALS_COOKIE, LEGACY_TOKEN_COOKIE] as const;

/** The visitor's chosen language (365 days); read first by locale detection. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The visitor's theme choice, "light" | "dark" (365 days). */
export const THEME_COOKIE = 'studio.theme';
export const THEME_MAX_AGE = 365 * 24 * 60 * 60;

/** The HttpOnly browser binding of a social sign-in flow (path /api/auth, 10 minutes). */
export const SOCIAL_BINDING_COOKIE = 'studio.social';
export const SOCIAL_BINDING_MAX_AGE = 10 * 60;
