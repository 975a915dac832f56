/**
 * The REST calls of the e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY): asking for it
 * on the second sign-in step (`POST /api/auth/login/2fa/recovery` with the challenge token) and
 * cancelling it with the mailed link's token (`POST /api/auth/2fa/recovery/cancel`). Failures are
 * `AuthApiError`s like the other auth calls: the server's code, `NETWORK` when it could not be
 * reached, and the `Retry-After` seconds of a 429.
 */
import { SESSION_TRANSPORT_COOKIE, SESSION_TRANSPORT_HEADER } from '@studio/site/cookies';
import { API_BASE, AuthApiError, retryAfter } from '../../session/authApi';

async function post<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SESSION_TRANSPORT_HEADER]: SESSION_TRANSPORT_COOKIE },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new AuthApiError(0, 'NETWORK', (error as Error).message);
  }
  const json = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string; retryAfterSeconds?: unknown } } | null;
  if (!response.ok) {
    const error = json?.error;
    const wait =
      retryAfter(response.headers.get('retry-after')) ??
      (typeof error?.retryAfterSeconds === 'number' && error.retryAfterSeconds > 0 ? error.retryAfterSeconds : null);
    throw new AuthApiError(response.status, error?.code ?? 'UNKNOWN', error?.message ?? response.statusText, wait);
  }
  return json as T;
}

/**
 * Asks for the e-mail recovery of the sign-in of `challengeToken` (its first factor passed): answers
 * when two-factor authentication will be turned off (ISO 8601). Asking again while one is pending
 * answers the same time. Fails with 401 `TWO_FACTOR_CHALLENGE_INVALID` (sign in again), 429, `NETWORK`.
 */
export async function requestTwoFactorRecovery(input: { challengeToken: string; deviceToken: string }): Promise<string> {
  const answer = await post<{ dueAt?: unknown }>('/auth/login/2fa/recovery', input);
  if (typeof answer?.dueAt !== 'string') throw new AuthApiError(202, 'UNKNOWN', 'The server answered no time');
  return answer.dueAt;
}

/**
 * Cancels a pending recovery with the mailed link's `token`: two-factor authentication stays on.
 * Fails with 404 `RECOVERY_LINK_INVALID`, 409 `RECOVERY_ALREADY_CANCELLED` or `RECOVERY_ALREADY_DONE`, 429, `NETWORK`.
 */
export async function cancelTwoFactorRecovery(token: string): Promise<void> {
  await post('/auth/2fa/recovery/cancel', { token });
}
