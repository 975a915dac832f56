/**
 * Access-token freshness and refresh (SESSION-TOKENS, SESSION-REFRESH):
 * - a token that is expired or within 2 s of expiry is refreshed before it is used;
 * - the access token is in this tab's memory only (decision 0048): a fresh page has none and, when
 *   the session marker cookie says a session may exist, gets one with a refresh;
 * - one refresh at a time in a tab (callers share one promise) and across tabs (a Web Lock,
 *   `studio-refresh`); inside the lock the access token is read again, so a tab that waited uses
 *   the token another tab just handed over (`refresh` event) instead of rotating again;
 * - a definite rejection (the server answers 4xx) clears the credentials, tells this tab's
 *   listeners (who clear the user and the Relay store) and raises `sign-out` for other tabs;
 *   a network failure keeps the credentials and throws.
 * A successful rotation raises `refresh` with the new access token for other tabs. The refresh
 * token itself never passes through here: it is the server's HttpOnly cookie (decision 0026).
 */
import { decodeJwt } from 'jose';
import pRetry from 'p-retry';
import { emitAppEvent } from '../app/events';
import { AuthApiError, refresh } from './authApi';
import { type Credentials, hasSession, legacyRefreshToken } from './cookies';
import { clearCredentials, readCredentials, writeCredentials } from './credentials';

/** Token expiry margin (SESSION-REFRESH), in milliseconds. */
export const EXPIRY_MARGIN_MS = 2000;
/** Name of the Web Lock that serialises rotations across the tabs of the site. */
export const REFRESH_LOCK = 'studio-refresh';

/** Whether `accessToken` is expired or expires within the margin at `now` (ms). */
export function isExpiring(accessToken: string, now: number = Date.now()): boolean {
  try {
    const { exp } = decodeJwt(accessToken);
    return typeof exp !== 'number' || exp * 1000 - now <= EXPIRY_MARGIN_MS;
  } catch {
    return true;
  }
}

/** Refresh answers that end the session; others (429, 5xx, network) leave the credentials alone. */
const DEFINITE_REJECTIONS: ReadonlySet<number> = new Set([400, 401, 403]);

let inflight: Promise<Credentials | null> | null = null;

/** Whether this page sees a session cookie (the marker, or one of an earlier version). */
const sessionVisible = () => typeof document !== 'undefined' && hasSession(document.cookie);
const listeners = new Set<() => void>();

/** Subscribes to the end of the session caused by a rejected refresh; answers an unsubscribe function. */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Clears the credentials and tells this tab's listeners and, through the app channel, other tabs. */
function endSession(): void {
  clearCredentials();
  listeners.forEach((listener) => listener());
  emitAppEvent({ type: 'sign-out' }, { crossTab: true });
}

/** Runs `task` holding the cross-tab refresh lock (directly where Web Locks are missing). */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task();
}

/** Options of `refreshCredentials`. */
export interface RefreshOptions {
  /**
   * Try the HttpOnly refresh cookie even when this tab sees no session cookie: the server rendered
   * the page signed in (it saw the cookie) but the marker is gone.
   */
  probe?: boolean;
}

/**
 * Rotates the session once, however many callers ask at the same time. The refresh token is the
 * HttpOnly cookie's (the browser sends it; SESSION-COOKIES, decision 0026); a script-readable one
 * left by an earlier version is sent once instead, moving the session to the cookie.
 * `rejectedToken` is the access token the server just refused (replay after 401/403/Forbidden):
 * then a stored token that differs from it and is fresh counts as already rotated by another tab.
 * Without it, a stored token that is still fresh is used as it is.
 * Answers the current credentials, or null when signed out or the session ended.
 */
export function refreshCredentials(rejectedToken?: string, options: RefreshOptions = {}): Promise<Credentials | null> {
  inflight ??= withRefreshLock(async () => {
    const legacy = legacyRefreshToken();
    const stored = readCredentials();
    if (!stored && !legacy && !options.probe && !sessionVisible()) return null;
    if (stored && !isExpiring(stored.accessToken) && stored.accessToken !== rejectedToken) return stored;
    try {
      const next = await refresh(legacy);
      writeCredentials(next);
      // Other tabs take the new access token at once (each keeps its own in memory).
      emitAppEvent({ type: 'refresh', accessToken: next.accessToken });
      return next;
    } catch (error) {
      if (error instanceof AuthApiError && error.code === 'REFRESH_TOKEN_RACE') {
        // Another tab rotated just before us (without Web Locks, or its new refresh cookie reached
        // this tab's requests a moment late). Use the access token it hands over on the app channel.
        return waitForRotated(stored?.accessToken ?? null);
      }
      if (error instanceof AuthApiError && DEFINITE_REJECTIONS.has(error.status)) {
        endSession();
        return null;
      }
      throw error;
    }
  }).finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Another tab rotated the session and announced `accessToken` (the `refresh` app event): store it
 * unless this tab already holds a token that lives at least as long, so a late message never
 * replaces a newer token (SESSION-TABS).
 */
export function adoptRotatedToken(accessToken: string): void {
  const stored = readCredentials();
  if (stored && expiresAt(stored.accessToken) >= expiresAt(accessToken)) return;
  writeCredentials({ accessToken });
}

/** The `exp` of a JWT in seconds; 0 when unreadable. */
function expiresAt(accessToken: string): number {
  try {
    const { exp } = decodeJwt(accessToken);
    return typeof exp === 'number' ? exp : 0;
  } catch {
    return 0;
  }
}

/** Polls this tab's access token (up to ~1 s) until another tab's `refresh` brought a fresh one other than `spent`; null if none arrives. */
async function waitForRotated(spent: string | null): Promise<Credentials | null> {
  try {
    return await pRetry(
      () => {
        const latest = readCredentials();
        if (latest && latest.accessToken !== spent && !isExpiring(latest.accessToken)) return latest;
        throw new Error('the rotated credentials are not visible in this tab yet');
      },
      { retries: 10, minTimeout: 100, factor: 1 },
    );
  } catch {
    return null;
  }
}

/**
 * A usable access token: this tab's when fresh, otherwise a refreshed one (also on a fresh page
 * whose session marker says a session may exist); null when signed out. Throws only when the
 * refresh could not reach the server.
 */
export async function getAccessToken(now: number = Date.now()): Promise<string | null> {
  const stored = readCredentials();
  if (!stored && !legacyRefreshToken() && !sessionVisible()) return null;
  if (stored && !isExpiring(stored.accessToken, now)) return stored.accessToken;
  const next = await refreshCredentials();
  return next?.accessToken ?? null;
}

/** Rotates after the server refused `rejectedToken`; answers the new access token or null. */
export async function forceRefresh(rejectedToken: string | null): Promise<string | null> {
  const next = await refreshCredentials(rejectedToken ?? undefined);
  return next?.accessToken ?? null;
}
