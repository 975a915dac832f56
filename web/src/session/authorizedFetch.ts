/**
 * "Call with the token; when the server refuses it, refresh once and replay once"
 * (SESSION-REFRESH), written once. Used by the Relay network layer (through the environment's
 * token provider, `tokenProvider`), the avatar upload, the provider link URL and sign-out; features
 * call these and never the token functions of session/tokens.ts.
 */
import type { TokenProvider } from '../relay/environment';
import { forceRefresh, getAccessToken } from './tokens';

/** Where an authorized call gets its tokens. */
export interface TokenSource {
  /** A usable access token (refreshed first when about to expire), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Rotates after the server refused `rejectedToken`; the new access token, or null when the session ended. */
  forceRefresh(rejectedToken: string): Promise<string | null>;
}

/**
 * Whether an answer or an error says the server refused the token: anything whose `status` is 401
 * (a `Response`, an upload answer, an `AuthApiError`).
 */
export function isUnauthorized(outcome: unknown): boolean {
  return typeof outcome === 'object' && outcome !== null && (outcome as { status?: unknown }).status === 401;
}

/**
 * Calls `send` with the access token (null when signed out). When a token was sent and
 * `refused(answer or error)` holds (default: `isUnauthorized`), rotates the credentials once and, if
 * the session goes on, calls `send` once more with the new token; otherwise the first outcome
 * stands. Answers `send`'s answer or throws its error; a refresh that cannot reach the server throws.
 */
export type AuthorizedFetch = <R>(send: (token: string | null) => Promise<R>, refused?: (outcome: unknown) => boolean) => Promise<R>;

type Outcome<R> = { ok: true; answer: R } | { ok: false; error: unknown };

/** An `AuthorizedFetch` over `tokens` (tests give fakes; the app uses `authorizedFetch`). */
export function createAuthorizedFetch(tokens: TokenSource): AuthorizedFetch {
  return async <R>(send: (token: string | null) => Promise<R>, refused: (outcome: unknown) => boolean = isUnauthorized) => {
    const attempt = (token: string | null): Promise<Outcome<R>> =>
      send(token).then(
        (answer) => ({ ok: true, answer }),
        (error: unknown) => ({ ok: false, error }),
      );
    const token = await tokens.getAccessToken();
    let outcome = await attempt(token);
    if (token && refused(outcome.ok ? outcome.answer : outcome.error)) {
      const renewed = await tokens.forceRefresh(token);
      if (renewed) outcome = await attempt(renewed);
    }
    if (!outcome.ok) throw outcome.error;
    return outcome.answer;
  };
}

/** The session's tokens: this tab's access token in memory, refreshed by the HttpOnly cookie single-flight across tabs (session/tokens.ts). */
const sessionTokens: TokenSource = {
  getAccessToken: () => getAccessToken(),
  forceRefresh: (rejectedToken) => forceRefresh(rejectedToken),
};

/** The app's authorized call, over the session's tokens. */
export const authorizedFetch: AuthorizedFetch = createAuthorizedFetch(sessionTokens);

/** The session as the Relay environment's token provider (relay/environment.ts `TokenProvider`). */
export const tokenProvider: TokenProvider = { getAccessToken: sessionTokens.getAccessToken, authorizedFetch };

/**
 * For a refusal outside `authorizedFetch` — a live subscription, whose socket reads the token by
 * itself when it connects: rotates once. Answers true when the session goes on with a new token
 * (subscribe again), false when it ended (session/tokens.ts then signs every tab out).
 */
export async function refreshAfterRefusal(tokens: TokenSource = sessionTokens): Promise<boolean> {
  const token = await tokens.getAccessToken();
  return token ? (await tokens.forceRefresh(token)) !== null : false;
}
