/**
 * The REST auth calls of SPEC.md §7 against `{api}` (`/api` on the site's origin).
 * Every failure becomes an `AuthApiError` whose `code` is the server's error code, or
 * `NETWORK` when the server could not be reached.
 */
import type { Credentials } from './cookies';

export const API_BASE = '/api';

export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
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
    throw new AuthApiError(response.status, json?.error?.code ?? 'UNKNOWN', json?.error?.message ?? response.statusText);
  }
  return json as T;
}

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
  deviceToken: string;
}

/**
 * Registers; sends username and fullName derived as SPEC.md §5 says (the server makes the
 * username unique).
 */
export function register(input: RegisterInput): Promise<Credentials> {
  const username = input.email.split('@')[0] ?? '';
  return call('/auth/register', { ...input, username, fullName: input.name.trim() });
}

export function login(input: { email: string; password: string; deviceToken: string }): Promise<Credentials> {
  return call('/auth/login', input);
}

/** Rotates the refresh token; sent without Authorization (SPEC.md §6). */
export function refresh(refreshToken: string): Promise<Credentials> {
  return call('/auth/refresh', { refreshToken });
}

export function logout(deviceToken: string, accessToken: string): Promise<void> {
  return call('/auth/logout', { deviceToken }, accessToken);
}
