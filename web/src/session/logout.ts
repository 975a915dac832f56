/**
 * Sign-out (AUTH-LOGOUT, SESSION-TABS): post the device token to `/api/auth/logout`, then always
 * clear local data, whatever the server answered; a sign-out already running is awaited, not
 * repeated. The request runs even when the server already ended the session (`local`): only the
 * server can delete the HttpOnly refresh cookie (decision 0026).
 */
export interface SignOutSteps {
  /**
   * Tells the server (may fail: offline, server down, token already revoked); with `local` the
   * session is already over and the call only makes the server clear its cookie.
   */
  request(options: SignOutOptions): Promise<void>;
  /** Clears credentials, user and store here and tells other tabs. Runs exactly once per sign-out. */
  clearLocal(): void;
  /** Reports a failed server call (the sign-out still completes locally). */
  onRequestError?(error: unknown): void;
}

/** Options of one sign-out. */
export interface SignOutOptions {
  /** The server already ended the session (account deleted, password reset): no access token is sent. */
  local?: boolean;
}

/** A sign-out function that joins a running sign-out instead of starting a second one. */
export function createSignOut(steps: SignOutSteps): (options?: SignOutOptions) => Promise<void> {
  let running: Promise<void> | null = null;
  return (options = {}) => {
    running ??= (async () => {
      try {
        await steps.request(options);
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
