/**
 * The proofs of the re-authentication dialog (ACC-SUDO, decision 0044): which a
 * REAUTHENTICATION_REQUIRED error names, and the words that offer and ask for each (a refused proof
 * is read by forms/serverErrors.ts, `SERVER_ERRORS.reauth`).
 */

/** A proof the server accepts (`ReauthenticationMethod`). */
export type ProofMethod = 'PASSWORD' | 'TOTP' | 'PASSKEY' | 'EMAIL_CODE';

const KNOWN_METHODS: readonly string[] = ['PASSWORD', 'TOTP', 'PASSKEY', 'EMAIL_CODE'];

/** What the dialog offers when the error did not say (an older server): the password or a code. */
export const DEFAULT_METHODS: ProofMethod[] = ['PASSWORD', 'TOTP'];

/** The proofs named by a REAUTHENTICATION_REQUIRED error's `extensions.methods`. */
export function methodsOf(extensions: Record<string, unknown> | undefined): ProofMethod[] {
  const named = extensions?.['methods'];
  if (!Array.isArray(named)) return DEFAULT_METHODS;
  return named.filter((m): m is ProofMethod => typeof m === 'string' && KNOWN_METHODS.includes(m));
}

/** The message id of the button that switches to a proof. */
export const SWITCH_LABEL: Record<ProofMethod, string> = {
  PASSWORD: 'payouts.reauth.usePassword',
  TOTP: 'payouts.reauth.useCode',
  PASSKEY: 'payouts.reauth.usePasskey',
  EMAIL_CODE: 'payouts.reauth.useEmailCode',
};

/** The message id of the line that asks for a proof. */
export const LEAD: Record<ProofMethod, string> = {
  PASSWORD: 'payouts.reauth.text',
  TOTP: 'payouts.reauth.codeText',
  PASSKEY: 'payouts.reauth.passkeyLead',
  EMAIL_CODE: 'payouts.reauth.emailText',
};
