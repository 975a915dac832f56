/**
 * Access-token freshness and the single-flight refresh (SPEC.md §4, §9: refresh when the token
 * is expired or within 2 s of expiry; one refresh at a time, others wait for it).
 * The full cross-tab session layer (Web Locks, BroadcastChannel) is its own issue.
 */
import { decodeJwt } from 'jose';
import { refresh } from './authApi';
import { AuthApiError } from './authApi';
import { type Credentials, clearCredentials, readCredentials, writeCredentials } from './cookies';

/** Token expiry margin of SPEC.md §9, in milliseconds. */
export const EXPIRY_MARGIN_MS = 2000;

/** Whether `accessToken` is expired or expires within the margin at `now` (ms). */
export function isExpiring(accessToken: string, now: number = Date.now()): boolean {
  try {
    const { exp } = decodeJwt(accessToken);
    return typeof exp !== 'number' || exp * 1000 - now <= EXPIRY_MARGIN_MS;
  } catch {
    return true;
  }
}

let inflight: Promise<Credentials | null> | null = null;
const listeners = new Set<(signedIn: boolean) => void>();

/** Subscribes to sign-outs caused by a rejected refresh; answers an unsubscribe function. */
export function onSessionEnded(listener: (signedIn: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Refreshes the credentials once, however many callers ask at the same time.
 * A definite rejection (401) clears the credentials and tells listeners; a network error
 * keeps them and throws.
 */
export function refreshCredentials(refreshToken: string): Promise<Credentials | null> {
  inflight ??= (async () => {
    try {
      const next = await refresh(refreshToken);
      writeCredentials(next);
      return next;
    } catch (error) {
      if (error instanceof AuthApiError && error.code === 'REFRESH_TOKEN_RACE') {
        // Another request rotated it first; its result is in the cookies.
        const stored = readCredentials();
        return stored?.accessToken && stored.refreshToken !== refreshToken ? stored : null;
      }
      if (error instanceof AuthApiError && error.status === 401) {
        clearCredentials();
        listeners.forEach((l) => l(false));
        return null;
      }
      throw error;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/**
 * A usable access token: the stored one when fresh, otherwise a refreshed one; null when
 * signed out. Throws only on network failure of the refresh.
 */
export async function getAccessToken(now: number = Date.now()): Promise<string | null> {
  const stored = readCredentials();
  if (!stored) return null;
  if (stored.accessToken && !isExpiring(stored.accessToken, now)) return stored.accessToken;
  const next = await refreshCredentials(stored.refreshToken);
  return next?.accessToken ?? null;
}
