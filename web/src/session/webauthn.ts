/**
 * The browser's side of passkeys (ACC-PASSKEYS), shared by the profile's Passkeys card and the
 * /auth page: the `@simplewebauthn/browser` calls behind one object, and what a failed ceremony
 * means for the page.
 *
 * The calls sit on an object (`webauthn`) rather than being imported one by one so that unit tests
 * can replace a single call with `vi.spyOn(webauthn, …)` and restore it afterwards: the web suite
 * shares one module graph between files (vitest `isolate: false`), where a `vi.mock` of the library
 * would leak into, or miss, other files depending on the order they run in.
 */
import {
  WebAuthnAbortService,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';

/** The WebAuthn calls the site makes; replace one in a test with `vi.spyOn(webauthn, name)`. */
export const webauthn = {
  /** Whether the browser can create and use passkeys at all. */
  supported: (): boolean => browserSupportsWebAuthn(),
  /** Whether the browser offers passkeys in a field's autofill (conditional UI). */
  autofillSupported: (): Promise<boolean> => browserSupportsWebAuthnAutofill(),
  /** Creates a passkey for the server's creation options (JSON text); answers the browser's answer as JSON text. */
  async register(optionsJSON: string): Promise<string> {
    return JSON.stringify(await startRegistration({ optionsJSON: JSON.parse(optionsJSON) as Parameters<typeof startRegistration>[0]['optionsJSON'] }));
  },
  /**
   * Asks for a passkey for the server's request options (JSON text), in a browser prompt or, with
   * `autofill`, in the e-mail field's suggestions; answers the browser's answer as JSON text. A new
   * call cancels the one still waiting (WebAuthnAbortService), so only one ceremony runs at a time.
   */
  async authenticate(optionsJSON: string, autofill = false): Promise<string> {
    const options = JSON.parse(optionsJSON) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
    return JSON.stringify(await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill }));
  },
  /** Ends the ceremony still waiting, if any (leaving the page). */
  cancel: (): void => WebAuthnAbortService.cancelCeremony(),
};

/**
 * What a failed ceremony means: `cancelled` — the person closed the prompt or chose nothing
 * (NotAllowedError, which browsers also answer for a timeout) or another ceremony replaced it
 * (AbortError); `exists` — this authenticator already holds a passkey of the account; `failed` —
 * anything else (no authenticator, a broken answer).
 */
export function ceremonyFailure(error: unknown): 'cancelled' | 'exists' | 'failed' {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'exists';
  return 'failed';
}
