/**
 * The session as React sees it: whether someone is signed in, and sign-in / sign-out actions
 * (SESSION-TABS).
 * - Sign-in and sign-out each create a new Relay environment — a new store and a new WebSocket —
 *   so no data of the previous user stays in memory, and revalidate the routes.
 * - Other tabs follow through the app channel: `sign-in` / `social-sign-in-done` sign them in
 *   (they share the refresh cookie and get their own access token from it), `sign-out` signs them out.
 * - A rejected refresh (session/tokens.ts) ends the session here and in other tabs; a `refresh` from
 *   another tab hands this tab its new access token (one rotation for all tabs).
 * - The refresh token is the server's HttpOnly cookie and the access token lives in memory only
 *   (SESSION-COOKIES, decisions 0026 and 0048): a fresh page that was rendered signed in or sees
 *   the session marker gets its access token with one refresh, which also tells whether the
 *   session goes on; sign-out needs no access token (the cookie identifies it).
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { useRevalidator } from 'react-router';
import type { Environment } from 'relay-runtime';
import { emitAppEvent, onAppEvent } from '../app/events';
import { createClientEnvironment, disposeClientEnvironment } from '../relay/environment';
import { logout } from './authApi';
import { tokenProvider } from './authorizedFetch';
import { type Credentials, hasSession } from './cookies';
import { clearCredentials, readCredentials, writeCredentials } from './credentials';
import { getDeviceToken } from './deviceToken';
import { type SignOutOptions, createSignOut } from './logout';
import { adoptRotatedToken, onSessionEnded, refreshCredentials } from './tokens';

export interface Session {
  signedIn: boolean;
  /** Stores fresh credentials (register, login, social sign-in) and signs every tab in. */
  signIn(credentials: Credentials, options?: { social?: boolean }): void;
  /**
   * Signs out here and in every tab; resolves when local data is gone. With `local` (the server
   * already ended every session: account deleted, password reset) the server is asked only to
   * clear the refresh cookie.
   */
  signOut(options?: SignOutOptions): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** The session of the nearest SessionProvider; throws outside one. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('SessionProvider is missing');
  return session;
}

/**
 * The current Relay environment and `switchIdentity(signedIn)`, which swaps in a new environment
 * (new store, new socket), disposes of the old one and revalidates the routes.
 */
function useIdentitySwitch(environmentRef: { current: Environment }, webSocketUrl: string | null, setSignedIn: (signedIn: boolean) => void) {
  // environmentRef is the holder the route loaders share, not a React ref: its first value is this render's environment.
  // eslint-disable-next-line react-hooks/refs
  const [environment, setEnvironment] = useState(() => environmentRef.current);
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
  }, [revalidator.revalidate]);

  const switchIdentity = useCallback(
    (nextSignedIn: boolean) => {
      const previous = environmentRef.current;
      const next = createClientEnvironment({ webSocketUrl, tokens: tokenProvider });
      environmentRef.current = next;
      setEnvironment(next);
      disposeClientEnvironment(previous);
      setSignedIn(nextSignedIn);
      void revalidateRef.current();
    },
    [environmentRef, webSocketUrl, setSignedIn],
  );
  return { environment, switchIdentity };
}

/**
 * After hydration: re-checks the session the server rendered (one refresh for a fresh page), then
 * follows other tabs (sign-in, sign-out, a rotated token) and a rejected refresh.
 */
function useSessionFollowing(initialSignedInProp: boolean, setSignedIn: (signedIn: boolean) => void, switchIdentity: (signedIn: boolean) => void) {
  const initialSignedIn = useRef(initialSignedInProp);
  useEffect(() => {
    // The server decided from the same cookies; re-check after hydration in case they changed since the page was cached.
    const visible = hasSession(document.cookie);
    setSignedIn(visible || initialSignedIn.current);
    if ((visible || initialSignedIn.current) && !readCredentials()) {
      // A fresh page has no access token: one refresh gets it and tells whether the session goes on.
      refreshCredentials(undefined, { probe: true }).then(
        (credentials) => credentials === null && setSignedIn(false),
        () => {}, // offline: keep what the server rendered; the next call retries
      );
    }
    const offs = [
      onAppEvent('refresh', (event, origin) => origin === 'other-tab' && adoptRotatedToken(event.accessToken)),
      onSessionEnded(() => switchIdentity(false)),
      onAppEvent('sign-in', (_event, origin) => origin === 'other-tab' && switchIdentity(true)),
      onAppEvent('social-sign-in-done', (_event, origin) => origin === 'other-tab' && switchIdentity(true)),
      onAppEvent('sign-out', (_event, origin) => {
        if (origin !== 'other-tab') return;
        clearCredentials();
        switchIdentity(false);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [switchIdentity, setSignedIn]);
}

/** Provides the session and the current Relay environment, replaced on every sign-in and sign-out. */
export function SessionProvider(props: {
  initialSignedIn: boolean;
  environmentRef: { current: Environment };
  webSocketUrl: string | null;
  children: ReactNode;
}) {
  const { environmentRef, webSocketUrl } = props;
  const [signedIn, setSignedIn] = useState(props.initialSignedIn);
  const { environment, switchIdentity } = useIdentitySwitch(environmentRef, webSocketUrl, setSignedIn);
  useSessionFollowing(props.initialSignedIn, setSignedIn, switchIdentity);

  const signIn = useCallback(
    (credentials: Credentials, options?: { social?: boolean }) => {
      writeCredentials(credentials);
      switchIdentity(true);
      emitAppEvent({ type: options?.social ? 'social-sign-in-done' : 'sign-in' });
    },
    [switchIdentity],
  );

  const signOut = useMemo(
    () =>
      createSignOut({
        // The refresh cookie identifies the session (and only the server can delete it); the access
        // token goes along unless the session is known to be over already.
        request: ({ local }) => logout(getDeviceToken(), local ? null : readCredentials()?.accessToken),
        onRequestError: (error) => console.warn('Sign-out request failed; local data is cleared anyway.', error),
        clearLocal: () => {
          clearCredentials();
          switchIdentity(false);
          emitAppEvent({ type: 'sign-out' });
        },
      }),
    [switchIdentity],
  );

  const session = useMemo(() => ({ signedIn, signIn, signOut }), [signedIn, signIn, signOut]);
  return (
    <SessionContext.Provider value={session}>
      <RelayEnvironmentProvider environment={environment}>{props.children}</RelayEnvironmentProvider>
    </SessionContext.Provider>
  );
}
