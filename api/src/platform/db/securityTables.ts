/**
 * Table shapes of the account security centre (migration 0017, decision 0040): authenticator
 * secrets, recovery codes, second-factor sign-in challenges, passkeys, WebAuthn ceremony
 * challenges and the append-only security timeline; the e-mail recoveries of a lost authenticator
 * (migration 0023, decision 0047).
 */
import type { Generated, Selectable } from 'kysely';

/** One user's authenticator (ACC-2FA). */
export interface TotpSecretsTable {
  userId: string;
  /** The base32 secret sealed with the secret box (purpose `totp`). */
  secretSealed: string;
  /** When the first code confirmed it; null while the enrolment is pending. */
  confirmedAt: string | null;
  /** The TOTP step (unix seconds / 30) of the last accepted code: never accepted again. */
  lastUsedStep: number | string | null;
  created: string;
  /** The session that added it and what vouched for it then (ACC-RESET, migration 0021; null before). */
  addedSessionId: Generated<string | null>;
  addedProof: Generated<string | null>;
}

/** A single-use recovery code, stored as HMAC-SHA-256 (ACC-2FA). */
export interface RecoveryCodesTable {
  id: string;
  userId: string;
  codeHash: string;
  usedAt: string | null;
  created: string;
}

/** A sign-in waiting for its second factor; `id` is the SHA-256 of the challenge token (ACC-2FA). */
export interface TwoFactorChallengesTable {
  id: string;
  userId: string;
  deviceToken: string;
  /** How the first factor was given: `password` or `social:<provider>`. */
  method: string;
  /** Where a social sign-in returns afterwards. */
  returnPath: string | null;
  attempts: Generated<number>;
  expiresAt: string;
  created: string;
}

/** A WebAuthn credential (ACC-PASSKEYS); `id` is the credential id, base64url. */
export interface PasskeysTable {
  id: string;
  userId: string;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: Generated<number | string>;
  /** JSON array of transports the authenticator named. */
  transports: string | null;
  created: string;
  lastUsed: string | null;
  /** The session that added it and what vouched for it then (ACC-RESET, migration 0021; null before). */
  addedSessionId: Generated<string | null>;
  addedProof: Generated<string | null>;
}

/** A single-use WebAuthn ceremony challenge (`id` is the challenge itself, base64url). */
export interface WebauthnChallengesTable {
  id: string;
  /** The user registering or re-authenticating; null for a sign-in (the passkey names the user). */
  userId: string | null;
  purpose: 'register' | 'login' | 'reauth';
  expiresAt: string;
}

/** One entry of the security timeline (ACC-TIMELINE), append-only. */
export interface SecurityEventsTable {
  id: string;
  userId: string;
  kind: string;
  method: string | null;
  sessionId: string | null;
  userAgent: string | null;
  network: string | null;
  created: string;
}

/**
 * An e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY, migration 0023): 2FA is removed at
 * `dueAt` unless cancelled first; `cancelTokenHash` is the SHA-256 of the mailed link's token.
 */
export interface TwoFactorRecoveriesTable {
  id: string;
  userId: string;
  cancelTokenHash: string;
  status: Generated<'pending' | 'cancelled' | 'done'>;
  dueAt: string;
  /** The device that asked (User-Agent and approximate network), for the mails and the timeline. */
  userAgent: string | null;
  network: string | null;
  created: string;
  finishedAt: string | null;
  /** How it was cancelled: `link` (the mail's), `sign-in` (a sign-in that passed the second factor) or `new-authenticator` (2FA turned on anew meanwhile). */
  cancelledBy: string | null;
}

export type SecurityEventRow = Selectable<SecurityEventsTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
