/**
 * The session as React sees it: whether someone is signed in, and sign-in / sign-out actions.
 * Sign-in and sign-out each create a new Relay environment (no data of the previous user stays
 * in memory) and revalidate the routes (SPEC.md §4). A sign-out already running is awaited,
 * not repeated; the server call's failure is only logged and local data is cleared anyway.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { useRevalidator } from 'react-router';
import type { Environment } from 'relay-runtime';
import { createClientEnvironment } from '../relay/environment';
import { logout } from './authApi';
import { type Credentials, clearCredentials, readCredentials, writeCredentials } from './cookies';
import { getDeviceToken } from './deviceToken';
import { getAccessToken, onSessionEnded } from './tokens';

export interface Session {
  signedIn: boolean;
  signIn(credentials: Credentials): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('SessionProvider is missing');
  return session;
}

export function SessionProvider(props: { initialSignedIn: boolean; environmentRef: { current: Environment }; children: ReactNode }) {
  const { environmentRef } = props;
  const [signedIn, setSignedIn] = useState(props.initialSignedIn);
  const [environment, setEnvironment] = useState(environmentRef.current);
  const revalidator = useRevalidator();
  const signingOut = useRef<Promise<void> | null>(null);

  const resetEnvironment = useCallback(() => {
    const next = createClientEnvironment();
    environmentRef.current = next;
    setEnvironment(next);
  }, [environmentRef]);

  // The server decided from the same cookies; re-check in case they changed since the page was cached.
  useEffect(() => {
    setSignedIn(readCredentials() !== null);
    return onSessionEnded(() => {
      setSignedIn(false);
      resetEnvironment();
    });
  }, [resetEnvironment]);

  const signIn = useCallback(
    (credentials: Credentials) => {
      writeCredentials(credentials);
      resetEnvironment();
      setSignedIn(true);
      void revalidator.revalidate();
    },
    [resetEnvironment, revalidator],
  );

  const signOut = useCallback(() => {
    signingOut.current ??= (async () => {
      try {
        const token = await getAccessToken().catch(() => null);
        if (token) await logout(getDeviceToken(), token);
      } catch (error) {
        console.warn('Sign-out request failed; local data is cleared anyway.', error);
      } finally {
        clearCredentials();
        resetEnvironment();
        setSignedIn(false);
        signingOut.current = null;
        void revalidator.revalidate();
      }
    })();
    return signingOut.current;
  }, [resetEnvironment, revalidator]);

  const session = useMemo(() => ({ signedIn, signIn, signOut }), [signedIn, signIn, signOut]);
  return (
    <SessionContext.Provider value={session}>
      <RelayEnvironmentProvider environment={environment}>{props.children}</RelayEnvironmentProvider>
    </SessionContext.Provider>
  );
}
