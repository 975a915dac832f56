/**
 * Sign-out (AUTH-LOGOUT, SESSION-TABS): post the device token to `/api/auth/logout`, then always
 * clear local data, whatever the server answered; a sign-out already running is awaited, not
 * repeated.
 */
export interface SignOutSteps {
  /** Tells the server (may fail: offline, server down, token already revoked). */
  request(): Promise<void>;
  /** Clears credentials, user and store here and tells other tabs. Runs exactly once per sign-out. */
  clearLocal(): void;
  /** Reports a failed server call (the sign-out still completes locally). */
  onRequestError?(error: unknown): void;
}

/** Options of one sign-out. */
export interface SignOutOptions {
  /** The server already ended the session (account deleted, password reset): skip the request. */
  local?: boolean;
}

/** A sign-out function that joins a running sign-out instead of starting a second one. */
export function createSignOut(steps: SignOutSteps): (options?: SignOutOptions) => Promise<void> {
  let running: Promise<void> | null = null;
  return (options = {}) => {
    running ??= (async () => {
      try {
        if (!options.local) await steps.request();
      } catch (error) {
        steps.onRequestError?.(error);
      } finally {
        steps.clearLocal();
        running = null;
      }
    })();
    return running;
  };
}
