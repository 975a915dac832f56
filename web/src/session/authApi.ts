/**
 * The REST auth calls of SPEC.md §7 against `{api}` (`/api` on the site's origin), plus the
 * password-reset calls of issue 6 (`/auth/reset`, `/auth/reset/confirm`).
 * Every failure becomes an `AuthApiError` whose `code` is the server's error code, or
 * `NETWORK` when the server could not be reached; a 429 carries the `Retry-After` seconds.
 * Register, login and reset requests send the page's `locale`: the language of the account's mails.
 */
import type { Locale } from '../i18n/locales';
import type { Credentials } from './cookies';

export const API_BASE = '/api';

export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before trying again (the `Retry-After` header of a 429), when the server said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'AuthApiError';
  }
}

async function call<T>(path: string, body: unknown, accessToken?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new AuthApiError(0, 'NETWORK', (error as Error).message);
  }
  if (response.status === 204) return undefined as T;
  const json = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!response.ok) {
    throw new AuthApiError(response.status, json?.error?.code ?? 'UNKNOWN', json?.error?.message ?? response.statusText, retryAfter(response.headers.get('retry-after')));
  }
  return json as T;
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
}

/**
 * Registers; sends username and fullName derived as SPEC.md §5 says (the server makes the
 * username unique).
 */
export function register(input: RegisterInput): Promise<Credentials> {
  const username = input.email.split('@')[0] ?? '';
  return call('/auth/register', { ...input, username, fullName: input.name.trim() });
}

export function login(input: { email: string; password: string; deviceToken: string; locale?: Locale }): Promise<Credentials> {
  return call('/auth/login', input);
}

/**
 * Asks for a password-reset link. The server answers the same for known and unknown addresses
 * (DESIGN.md §7), so this resolves whenever the request was accepted; `RATE_LIMITED` otherwise.
 */
export async function requestPasswordReset(email: string, locale: Locale): Promise<void> {
  await call('/auth/reset', { email, locale });
}

/**
 * Sets a new password with the token from the reset link; every session of the account ends.
 * Fails with `RESET_TOKEN_INVALID` (unknown, expired, used or replaced link), `VALIDATION_FAILED`
 * or `RATE_LIMITED`.
 */
export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  await call('/auth/reset/confirm', { token, password });
}

/** Rotates the refresh token; sent without Authorization (SPEC.md §6). */
export function refresh(refreshToken: string): Promise<Credentials> {
  return call('/auth/refresh', { refreshToken });
}

export function logout(deviceToken: string, accessToken: string): Promise<void> {
  return call('/auth/logout', { deviceToken }, accessToken);
}
