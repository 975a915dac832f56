/**
 * The REST auth calls against `{api}` (`/api` on the site's origin): register, login, refresh and
 * logout (AUTH-REGISTER, AUTH-LOGIN, SESSION-TOKENS, AUTH-LOGOUT), and the password-reset calls
 * (ACC-RESET; `/auth/reset`, `/auth/reset/check`, `/auth/reset/confirm`), and passkey sign-in
 * (ACC-PASSKEYS; `/auth/passkey/options`, `/auth/passkey/login`).
 * Every failure becomes an `AuthApiError` whose `code` is the server's error code, or
 * `NETWORK` when the server could not be reached; a 429 carries the `Retry-After` seconds.
 * Register, login and reset requests send the page's `locale`: the language of the account's mails.
 * Social sign-in (AUTH-SOCIAL) adds the provider URLs (`/auth/{provider}/login`, a
 * browser redirect, and `/auth/{provider}/get-login-url`, a GET with the bearer token) and the
 * exchange of the one-time code the /loading page receives.
 * Every call asks for cookie mode (`X-Session-Transport: cookie`; SESSION-COOKIES, decision 0026):
 * the server keeps the refresh token in its HttpOnly cookie and answers `{ accessToken }` alone, so
 * no script on the page ever holds the refresh token.
 */
import { type Locale, localePrefix } from '../i18n/locales';
import { SESSION_TRANSPORT_COOKIE, SESSION_TRANSPORT_HEADER } from '@studio/site/cookies';
import type { Credentials } from './cookies';
import { getDeviceToken } from './deviceToken';

export const API_BASE = '/api';

export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before trying again (the `Retry-After` header of a 429), when the server said. */
    readonly retryAfterSeconds: number | null = null,
    /** The field the server named (e.g. `password`), when it did. */
    readonly field: string | null = null,
    /** The message id of the shared rule that refused the field (e.g. `passwords.error.context`), when the server said. */
    readonly problem: string | null = null,
    /** The proofs the account can give (`REAUTHENTICATION_REQUIRED`, ACC-SUDO), when the server named them. */
    readonly methods: readonly string[] | null = null,
  ) {
    super(message);
    this.name = 'AuthApiError';
  }
}

/** Sends one request to `{api}`; answers the JSON body (undefined for 204) or throws an AuthApiError. */
async function send<T>(path: string, init: { method: 'GET' | 'POST'; body?: unknown; accessToken?: string | undefined }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method,
      headers: {
        ...(init.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        [SESSION_TRANSPORT_HEADER]: SESSION_TRANSPORT_COOKIE,
        ...(init.accessToken ? { authorization: `Bearer ${init.accessToken}` } : {}),
      },
      ...(init.method === 'POST' ? { body: JSON.stringify(init.body) } : {}),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new AuthApiError(0, 'NETWORK', (error as Error).message);
  }
  if (response.status === 204) return undefined as T;
  const json = (await response.json().catch(() => null)) as {
    error?: { code: string; message: string; field?: unknown; problem?: unknown; retryAfterSeconds?: unknown; methods?: unknown };
  } | null;
  if (!response.ok) {
    const error = json?.error;
    // Retry-After first; a proxy may drop it, the body's retryAfterSeconds then still tells the wait.
    const wait =
      retryAfter(response.headers.get('retry-after')) ??
      (typeof error?.retryAfterSeconds === 'number' && error.retryAfterSeconds > 0 ? error.retryAfterSeconds : null);
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const methods = Array.isArray(error?.methods) ? error.methods.filter((m): m is string => typeof m === 'string') : null;
    throw new AuthApiError(
      response.status,
      error?.code ?? 'UNKNOWN',
      error?.message ?? response.statusText,
      wait,
      text(error?.field),
      text(error?.problem),
      methods,
    );
  }
  return json as T;
}

function call<T>(path: string, body: unknown, accessToken?: string): Promise<T> {
  return send(path, { method: 'POST', body, accessToken });
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
  deviceToken: string;
  /** The language of the account's mails (the verification code first). */
  locale?: Locale;
  /** The solved proof-of-work payload, after the server answered CHALLENGE_REQUIRED (SEC-CHALLENGE). */
  challenge?: string | undefined;
}

/**
 * Registers; sends username and fullName derived as AUTH-REGISTER says (the server makes the
 * username unique).
 */
export function register(input: RegisterInput): Promise<Credentials> {
  const username = input.email.split('@')[0] ?? '';
  return call('/auth/register', { ...input, username, fullName: input.name.trim() });
}

/** The answer of a sign-in that needs its second factor (ACC-2FA): complete it with `loginSecondFactor`. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challengeToken: string;
  expiresAt: string;
  /** Where a social sign-in returns afterwards. */
  returnPath?: string;
}

/** Whether a sign-in answer asks for the second factor (ACC-2FA). */
export function needsSecondFactor(answer: unknown): answer is TwoFactorChallenge {
  return typeof answer === 'object' && answer !== null && (answer as { twoFactorRequired?: unknown }).twoFactorRequired === true;
}

/**
 * Signs in; `challenge` is the solved proof-of-work payload once the server asked for one (SEC-CHALLENGE).
 * An account with two-factor authentication answers a `TwoFactorChallenge` instead of credentials (ACC-2FA).
 */
export function login(input: {
  email: string;
  password: string;
  deviceToken: string;
  locale?: Locale;
  challenge?: string | undefined;
}): Promise<Credentials | TwoFactorChallenge> {
  return call('/auth/login', input);
}

/**
 * WebAuthn request options for signing in with a passkey, as JSON text (ACC-PASSKEYS;
 * `POST /api/auth/passkey/options`): no e-mail address is needed, the browser offers the site's
 * passkeys itself. Fails with `RATE_LIMITED` or `NETWORK`.
 */
export async function passkeyOptions(): Promise<string> {
  const answer = await call<{ options?: unknown }>('/auth/passkey/options', {});
  if (typeof answer?.options !== 'string') throw new AuthApiError(200, 'UNKNOWN', 'The server answered no passkey options');
  return answer.options;
}

/**
 * Signs in with the browser's passkey answer (JSON text) to `passkeyOptions` (ACC-PASSKEYS;
 * `POST /api/auth/passkey/login`): the same answer as `login`; a passkey counts as both factors.
 * Fails with 400 `PASSKEY_INVALID` (unknown passkey, spent challenge), `RATE_LIMITED` or `NETWORK`.
 */
export function loginWithPasskey(input: { response: string; deviceToken: string; locale?: Locale }): Promise<Credentials | TwoFactorChallenge> {
  return call('/auth/passkey/login', input);
}

/**
 * Completes a sign-in with an authenticator code or a recovery code (ACC-2FA, `POST /api/auth/login/2fa`).
 * Fails with 401 `TWO_FACTOR_CODE_INVALID` (try again), `TWO_FACTOR_CHALLENGE_INVALID` (start over), 429.
 */
export function loginSecondFactor(input: {
  challengeToken: string;
  deviceToken: string;
  code?: string;
  recoveryCode?: string;
}): Promise<Credentials & { returnPath?: string }> {
  return call('/auth/login/2fa', input);
}

/**
 * Asks for a password-reset link. The server answers the same for known and unknown addresses
 * (AUTH-LOGIN: nothing reveals whether an e-mail exists), so this resolves whenever the request was accepted; `RATE_LIMITED` otherwise.
 */
export async function requestPasswordReset(email: string, locale: Locale): Promise<void> {
  await call('/auth/reset', { email, locale });
}

/** What a reset link is worth before it is used (ACC-RESET): it works, was used, is over its hour, or is unknown or replaced. */
export type ResetLinkStatus = 'valid' | 'used' | 'expired' | 'invalid';

/**
 * Asks the server whether the reset link's `token` still works, without using it (ACC-RESET;
 * `POST /auth/reset/check`, the token in the body, never in a URL). Any answer the page does not
 * know reads as `valid`: the form's own request then decides. Fails with `RATE_LIMITED` or `NETWORK`.
 */
export async function checkResetLink(token: string): Promise<ResetLinkStatus> {
  const answer = await call<{ data?: { status?: unknown } } | undefined>('/auth/reset/check', { token });
  const status = answer?.data?.status;
  return status === 'used' || status === 'expired' || status === 'invalid' ? status : 'valid';
}

/** A sign-in method a reset disconnected (ACC-LINKED): the account's `serviceType` and its name at the provider, if known. */
export interface RemovedLink {
  service: string;
  name: string | null;
}

/**
 * Sets a new password with the token from the reset link; every session of the account ends, and
 * the sign-in methods connected while the address was unverified are disconnected (ACC-LINKED):
 * answers those. Fails with `RESET_TOKEN_INVALID` (unknown, expired, used or replaced link),
 * `VALIDATION_FAILED`, `PASSWORD_UNCHANGED` (the account's current password) or `RATE_LIMITED`.
 */
export async function confirmPasswordReset(token: string, password: string): Promise<RemovedLink[]> {
  const answer = await call<{ data?: { removedLinks?: RemovedLink[] } } | undefined>('/auth/reset/confirm', { token, password });
  return answer?.data?.removedLinks ?? [];
}

/**
 * Rotates the refresh token of the HttpOnly cookie (the browser sends it) and answers the new access
 * token; the server sets the successor cookie. `legacyToken` — a script-readable refresh token left
 * by an earlier version — is sent in the body once, to move that session to the cookie. Sent
 * without Authorization (SESSION-TOKENS). Fails with 401 `INVALID_REFRESH_TOKEN`,
 * `REFRESH_TOKEN_REUSED` or `SESSION_EXPIRED` (the session ended), 409 `REFRESH_TOKEN_RACE`.
 */
export function refresh(legacyToken?: string | null): Promise<Credentials> {
  return call('/auth/refresh', legacyToken ? { refreshToken: legacyToken } : {});
}

/**
 * Signs out this device (AUTH-LOGOUT): the server revokes the family of the refresh cookie and
 * clears it; the access token, when there is one, is sent too.
 */
export function logout(deviceToken: string, accessToken?: string | null): Promise<void> {
  return call('/auth/logout', { deviceToken }, accessToken ?? undefined);
}

/** Where a social provider sends the browser back to: the /loading page of the locale (AUTH-SOCIAL). */
export function socialCallbackUrl(locale: Locale, origin: string): string {
  return `${origin}${localePrefix(locale)}/loading`;
}

export interface SocialUrlOptions {
  /** The /loading page to come back to: an absolute URL (`socialCallbackUrl`) or a site path such as `/ru/loading`. */
  callbackUrl: string;
  /** A local path to land on afterwards (the provider round trip carries it as `state`), e.g. `/ru/profile`. */
  returnPath: string;
  /**
   * This browser's device token; defaults to `getDeviceToken()` in the browser. `null` leaves it
   * out (server rendering, where there is no device yet).
   */
  deviceToken?: string | null;
}

/** The query of both provider URLs: `callbackUrl`, `deviceToken` (when known) and `state`. */
function socialQuery(options: SocialUrlOptions): string {
  const deviceToken = options.deviceToken === undefined ? getDeviceToken() : options.deviceToken;
  const query = new URLSearchParams({ callbackUrl: options.callbackUrl });
  if (deviceToken) query.set('deviceToken', deviceToken);
  query.set('state', options.returnPath);
  return query.toString();
}

/**
 * The address that starts a social sign-in (AUTH-SOCIAL; `GET {api}/auth/{provider}/login`, done as
 * a browser redirect): `/api/auth/<id>/login?callbackUrl=…&deviceToken=…&state=<returnPath>`.
 * The server answers 302 to the provider, or 400 `CALLBACK_URL_INVALID` / 404 `PROVIDER_NOT_FOUND`.
 */
export function socialLoginUrl(providerId: string, options: SocialUrlOptions): string {
  return `${API_BASE}/auth/${encodeURIComponent(providerId)}/login?${socialQuery(options)}`;
}

/**
 * Trades the one-time code of `/loading?code=…` for a session (AUTH-SOCIAL): POST
 * `/auth/social/exchange` `{ code, deviceToken }` → `{ accessToken, returnPath }` (the refresh
 * token arrives as the HttpOnly cookie).
 * Fails with `SOCIAL_CODE_INVALID` (unknown, used, expired after 60 s, or issued to another
 * device), `RATE_LIMITED` or `NETWORK`.
 */
export function exchangeSocialCode(code: string, deviceToken: string): Promise<Credentials & { returnPath: string }> {
  return call('/auth/social/exchange', { code, deviceToken });
}

/**
 * The provider's sign-in page for linking it to the signed-in user (AUTH-SOCIAL, ACC-LINKED;
 * `GET {api}/auth/{provider}/get-login-url` with the bearer token; `data` is the URL). The
 * provider then returns to `/loading?success=success&state=<returnPath>`. Fails with 401
 * (token refused), 403 `REAUTHENTICATION_REQUIRED` (no recent proof, ACC-SUDO; `methods` names
 * the proofs that count), 403 `SOCIAL_EMAIL_NOT_VERIFIED`, `PROVIDER_NOT_FOUND`, `CALLBACK_URL_INVALID`, `RATE_LIMITED` or `NETWORK`.
 */
export async function getLinkUrl(providerId: string, accessToken: string, options: SocialUrlOptions): Promise<string> {
  const answer = await send<{ data?: unknown } | null>(`/auth/${encodeURIComponent(providerId)}/get-login-url?${socialQuery(options)}`, {
    method: 'GET',
    accessToken,
  });
  if (typeof answer?.data !== 'string') throw new AuthApiError(200, 'UNKNOWN', 'The server answered no provider URL');
  return answer.data;
}
