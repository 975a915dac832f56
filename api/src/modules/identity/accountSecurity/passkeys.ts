/**
 * Passkeys (ACC-PASSKEYS): WebAuthn credentials through @simplewebauthn/server.
 * - The relying party id is the host of `PUBLIC_URL`; accepted origins are `PUBLIC_URL` and
 *   `ALLOWED_ORIGINS` (SEC-TRANSPORT).
 * - Every ceremony's challenge is stored (`webauthn_challenges`, 5 minutes) and taken out when the
 *   answer is checked, so it works once; registration and re-authentication challenges are bound
 *   to the user, sign-in ones to nobody (a discoverable credential names its user: no e-mail needed).
 * - Registration asks for a resident key and user verification; a sign-in with a passkey is
 *   verified (user verification required) and counts as two factors (no authenticator code asked).
 * - The signature counter is stored and must grow when the authenticator keeps one (a clone is refused).
 * Adding and removing passkeys need a recent proof (ACC-SUDO), checked by the callers.
 */
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Config } from '../../../platform/config.js';
import type { AddedProof } from './provenance.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { Database, PasskeyRow } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';
import { controlCharPath } from '../../../platform/security/controlChars.js';

const CEREMONY_TTL_MS = 5 * 60_000;
/** At most this many passkeys per account. */
export const PASSKEY_MAX = 20;

const passkeyInvalid = (message = 'passkey: this passkey answer could not be verified') => new HttpError(400, 'PASSKEY_INVALID', message, { field: 'passkey' });

/**
 * Parses a browser answer sent as JSON text. An answer with a control character in any string, or
 * any at all in the credential id, is no WebAuthn answer (API-TEXT): the id is looked up, and
 * PostgreSQL text cannot hold NUL. @throws HttpError 400 PASSKEY_INVALID.
 */
function parseJson<T>(text: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    value = null;
  }
  const id = (value as { id?: unknown } | null)?.id;
  if (value && typeof value === 'object' && typeof id === 'string' && typeof (value as { response?: unknown }).response === 'object') {
    if (controlCharPath(value) !== null || /[\u0000-\u001f\u007f]/.test(id)) throw passkeyInvalid('passkey: the answer holds control characters');
    return value as T;
  }
  throw passkeyInvalid('passkey: the answer is not a WebAuthn credential in JSON');
}

export class PasskeyService {
  private readonly rpID: string;
  private readonly origins: string[];

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'siteName'>,
  ) {
    const url = new URL(config.publicUrl);
    this.rpID = url.hostname;
    this.origins = [url.origin, ...config.allowedOrigins];
  }

  /** `userId`'s passkeys, oldest first. */
  list(userId: string): Promise<PasskeyRow[]> {
    return this.db.selectFrom('passkeys').selectAll().where('userId', '=', userId).orderBy('created').orderBy('id').execute();
  }

  /** How many passkeys `userId` has. */
  async count(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private async storeChallenge(challenge: string, purpose: 'register' | 'login' | 'reauth', userId: string | null): Promise<void> {
    const now = Date.now();
    await this.db.deleteFrom('webauthnChallenges').where('expiresAt', '<', nowIso(now)).execute();
    await this.db
      .insertInto('webauthnChallenges')
      .values({ id: challenge, userId, purpose, expiresAt: nowIso(now + CEREMONY_TTL_MS) })
      .execute();
  }

  /** Takes challenge `challenge` of `purpose` (and `userId`) out; whether it was live. */
  private async takeChallenge(challenge: string, purpose: 'register' | 'login' | 'reauth', userId: string | null): Promise<boolean> {
    let q = this.db.deleteFrom('webauthnChallenges').where('id', '=', challenge).where('purpose', '=', purpose).where('expiresAt', '>', nowIso());
    q = userId ? q.where('userId', '=', userId) : q.where('userId', 'is', null);
    return Number((await q.executeTakeFirst()).numDeletedRows) === 1;
  }

  /** Creation options for a new passkey of `user` (ACC-PASSKEYS). @throws HttpError 409 PASSKEY_LIMIT. */
  async registrationOptions(user: { id: string; email: string; fullName: string }): Promise<string> {
    const existing = await this.list(user.id);
    if (existing.length >= PASSKEY_MAX) throw new HttpError(409, 'PASSKEY_LIMIT', `An account holds at most ${PASSKEY_MAX} passkeys; remove one first.`);
    const options = await generateRegistrationOptions({
      rpName: this.config.siteName,
      rpID: this.rpID,
      userName: user.email,
      userDisplayName: user.fullName,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, ...(p.transports ? { transports: JSON.parse(p.transports) as string[] } : {}) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.storeChallenge(options.challenge, 'register', user.id);
    return JSON.stringify(options);
  }

  /**
   * Verifies and stores the passkey the browser created (ACC-PASSKEYS); `onAdded` runs in the same transaction.
   * @throws HttpError 400 PASSKEY_INVALID (bad JSON, unknown or used challenge, wrong origin or RP), 409 PASSKEY_EXISTS.
   */
  async register(
    userId: string,
    responseJson: string,
    name: string,
    onAdded: (trx: Kysely<Database>) => Promise<void>,
    provenance: { addedSessionId: string | null; addedProof: AddedProof } = { addedSessionId: null, addedProof: 'none' },
  ): Promise<PasskeyRow> {
    const response = parseJson<RegistrationResponseJSON>(responseJson);
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => this.takeChallenge(challenge, 'register', userId),
        expectedOrigin: this.origins,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      });
    } catch (error) {
      throw passkeyInvalid(`passkey: ${(error as Error).message}`);
    }
    if (!verification.verified) throw passkeyInvalid();
    const { credential } = verification.registrationInfo;
    const row: PasskeyRow = {
      id: credential.id,
      userId,
      name,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ? JSON.stringify(credential.transports) : null,
      created: nowIso(),
      lastUsed: null,
      ...provenance, // ACC-RESET
    };
    const taken = await this.db.selectFrom('passkeys').select('id').where('id', '=', row.id).executeTakeFirst();
    if (taken) throw new HttpError(409, 'PASSKEY_EXISTS', 'This passkey is already registered.');
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('passkeys').values(row).execute();
      await onAdded(trx);
    });
    return row;
  }

  /** Removes passkey `id` of `userId`; false when the user has no such passkey. */
  async remove(userId: string, id: string, onRemoved: (trx: Kysely<Database>) => Promise<void>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('passkeys').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) return false;
      await onRemoved(trx);
      return true;
    });
  }

  /**
   * Request options for a passkey sign-in (no user: discoverable credentials, conditional UI) or,
   * with `userId`, a re-authentication limited to that user's passkeys.
   */
  async authenticationOptions(userId: string | null): Promise<string> {
    const allow = userId ? await this.list(userId) : [];
    if (userId && allow.length === 0) throw new HttpError(409, 'NO_PASSKEY', 'This account has no passkey.');
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: 'required',
      allowCredentials: allow.map((p) => ({ id: p.id, ...(p.transports ? { transports: JSON.parse(p.transports) as never } : {}) })),
    });
    await this.storeChallenge(options.challenge, userId ? 'reauth' : 'login', userId);
    return JSON.stringify(options);
  }

  /**
   * Verifies a passkey answer to options of `authenticationOptions(userId)` and answers its user
   * (ACC-PASSKEYS): the challenge is spent, the counter must grow, and `lastUsed` is stamped.
   * @throws HttpError 400 PASSKEY_INVALID.
   */
  async authenticate(responseJson: string, userId: string | null): Promise<{ userId: string; passkeyId: string }> {
    const response = parseJson<AuthenticationResponseJSON>(responseJson);
    const passkey = await this.db.selectFrom('passkeys').selectAll().where('id', '=', response.id).executeTakeFirst();
    if (!passkey || (userId && passkey.userId !== userId)) throw passkeyInvalid('passkey: this passkey is not registered here');
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.takeChallenge(challenge, userId ? 'reauth' : 'login', userId),
        expectedOrigin: this.origins,
        expectedRPID: this.rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: Number(passkey.counter),
          ...(passkey.transports ? { transports: JSON.parse(passkey.transports) as never } : {}),
        },
      });
    } catch (error) {
      throw passkeyInvalid(`passkey: ${(error as Error).message}`);
    }
    if (!verification.verified) throw passkeyInvalid();
    const { newCounter } = verification.authenticationInfo;
    // Guarded by the counter read: of two answers with one counter value only one is accepted.
    const updated = await this.db
      .updateTable('passkeys')
      .set({ counter: newCounter, lastUsed: nowIso() })
      .where('id', '=', passkey.id)
      .where('counter', '=', passkey.counter)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw passkeyInvalid('passkey: this answer was already used');
    return { userId: passkey.userId, passkeyId: passkey.id };
  }
}
