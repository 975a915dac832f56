/**
 * Two-factor authentication with an authenticator app (ACC-2FA):
 * - enrolment: `start` makes a fresh secret (sealed at rest with the secret box, purpose `totp`)
 *   and answers it as text and as an `otpauth://` URI for the QR code; `confirm` with a first code
 *   turns it on and answers ten recovery codes, shown once and stored as HMAC-SHA-256;
 * - codes: RFC 6238, SHA-1, 6 digits, 30 s, accepted within ±1 step, and never twice — the step of
 *   the last accepted code is stored and no code of that step or an earlier one is accepted again;
 * - recovery codes: single use (`used_at`), `regenerateRecoveryCodes` replaces all ten;
 * - every code entered counts against `RATE_LIMIT_TWO_FACTOR` per account (SEC-LIMITS `twoFactor`).
 * Turning it off and regenerating the codes need a recent proof (ACC-SUDO, ./sudo.ts), checked by the callers.
 */
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp';
import type { Kysely } from 'kysely';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { Database } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import type { SecretBox } from '../../../platform/security/secretBox.js';
import type { AddedProof } from './provenance.js';
import { tooManyRequests } from '../credentials/codes.js';

export const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const;
/** How many recovery codes a user holds (ACC-2FA). */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code as typed: case, spaces and dashes ignored. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** Ten fresh recovery codes written `XXXXX-XXXXX` (50 bits each). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The current TOTP step (unix seconds / period). */
export function currentStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP.period);
}

/**
 * Deletes `userId`'s confirmed authenticator and every recovery code in `trx` (turning 2FA off,
 * ACC-2FA; also the e-mail recovery, ACC-2FA-RECOVERY). Answers whether an authenticator was on.
 */
export async function removeTwoFactor(trx: Kysely<Database>, userId: string): Promise<boolean> {
  const removed = await trx.deleteFrom('totpSecrets').where('userId', '=', userId).where('confirmedAt', 'is not', null).executeTakeFirst();
  await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  return Number(removed.numDeletedRows) > 0;
}

export interface TwoFactorDeps {
  db: Db;
  /** Purpose `totp`. */
  box: SecretBox;
  limits: RateLimits;
  /** The server secret: recovery codes are HMAC-SHA-256 under a key derived from it. */
  jwtSecret: Uint8Array;
  siteName: string;
}

/** What `start` answers: the secret as text and the URI an authenticator app reads from the QR code. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
}

/** Whether a code given as the second factor was an authenticator code or a recovery code. */
export type SecondFactor = { code: string } | { recoveryCode: string };

export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  private hash(code: string): string {
    return createHmac('sha256', this.deps.jwtSecret)
      .update(`recovery-code:${normalizeRecoveryCode(code)}`)
      .digest('hex');
  }

  /** Whether `userId` has a confirmed authenticator (a password or social sign-in then asks for a code). */
  async isEnabled(userId: string, db: Kysely<Database> = this.deps.db): Promise<boolean> {
    const row = await db.selectFrom('totpSecrets').select('confirmedAt').where('userId', '=', userId).executeTakeFirst();
    return !!row?.confirmedAt;
  }

  /** `userId`'s state: on or off, and how many unused recovery codes are left. */
  async status(userId: string): Promise<{ enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number }> {
    const [row, left] = await Promise.all([
      this.deps.db.selectFrom('totpSecrets').select('confirmedAt').where('userId', '=', userId).executeTakeFirst(),
      this.deps.db
        .selectFrom('recoveryCodes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return { enabled: !!row?.confirmedAt, enabledAt: row?.confirmedAt ?? null, recoveryCodesLeft: row?.confirmedAt ? Number(left.n) : 0 };
  }

  /**
   * Starts (or restarts) enrolment: a new secret replaces a pending one (ACC-2FA).
   * @throws HttpError 409 TWO_FACTOR_ALREADY_ENABLED.
   */
  async start(userId: string, accountName: string): Promise<TotpEnrolment> {
    if (await this.isEnabled(userId))
      throw new HttpError(409, 'TWO_FACTOR_ALREADY_ENABLED', 'Two-factor authentication is already on; turn it off first to use another authenticator.');
    const { secret } = await generateTOTP(TOTP);
    const sealed = await this.deps.box.seal(secret);
    const created = nowIso();
    // One statement: a second "Turn on" racing this one replaces the pending secret instead of
    // failing on the key; a secret confirmed meanwhile is left alone.
    const stored = await this.deps.db
      .insertInto('totpSecrets')
      .values({ userId, secretSealed: sealed, confirmedAt: null, lastUsedStep: null, created })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ secretSealed: sealed, lastUsedStep: null, created }).where('totpSecrets.confirmedAt', 'is', null))
      .executeTakeFirst();
    if (Number(stored.numInsertedOrUpdatedRows ?? 0n) === 0) throw new HttpError(409, 'TWO_FACTOR_ALREADY_ENABLED', 'Two-factor authentication is already on.');
    return { secret, uri: getTOTPAuthUri({ ...TOTP, secret, accountName, issuer: this.deps.siteName }) };
  }

  /**
   * Confirms the pending enrolment with a first code and answers the recovery codes (shown once).
   * `onEnabled` runs in the same transaction (the timeline entry).
   * @throws HttpError 409 TWO_FACTOR_NOT_STARTED / TWO_FACTOR_ALREADY_ENABLED, 400 CODE_INVALID, 429 TOO_MANY_REQUESTS.
   */
  async confirm(
    userId: string,
    code: string,
    onEnabled: (trx: Kysely<Database>) => Promise<void>,
    provenance: { addedSessionId: string | null; addedProof: AddedProof } = { addedSessionId: null, addedProof: 'none' },
  ): Promise<string[]> {
    const row = await this.deps.db.selectFrom('totpSecrets').selectAll().where('userId', '=', userId).executeTakeFirst();
    if (!row) throw new HttpError(409, 'TWO_FACTOR_NOT_STARTED', 'Start setting up the authenticator first.');
    if (row.confirmedAt) throw new HttpError(409, 'TWO_FACTOR_ALREADY_ENABLED', 'Two-factor authentication is already on.');
    const step = await this.checkCode(userId, row.secretSealed, null, code);
    if (step === null) throw new HttpError(400, 'CODE_INVALID', 'code: this code is not the authenticator’s current one', { field: 'code' });
    const codes = newRecoveryCodes();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('totpSecrets')
        .set({ confirmedAt: nowIso(), lastUsedStep: step, ...provenance })
        .where('userId', '=', userId)
        .execute();
      await this.storeRecoveryCodes(trx, userId, codes);
      await onEnabled(trx);
    });
    return codes;
  }

  /** Turns two-factor authentication off: the secret and the recovery codes are deleted (ACC-2FA). */
  async disable(userId: string, onDisabled: (trx: Kysely<Database>) => Promise<void>): Promise<boolean> {
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await removeTwoFactor(trx, userId))) return false;
      await onDisabled(trx);
      return true;
    });
  }

  /**
   * Replaces every recovery code with ten new ones, answered once (ACC-2FA).
   * @throws HttpError 409 TWO_FACTOR_NOT_ENABLED.
   */
  async regenerateRecoveryCodes(userId: string, onDone: (trx: Kysely<Database>) => Promise<void>): Promise<string[]> {
    if (!(await this.isEnabled(userId))) throw new HttpError(409, 'TWO_FACTOR_NOT_ENABLED', 'Two-factor authentication is off.');
    const codes = newRecoveryCodes();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
      await this.storeRecoveryCodes(trx, userId, codes);
      await onDone(trx);
    });
    return codes;
  }

  private async storeRecoveryCodes(trx: Kysely<Database>, userId: string, codes: string[]): Promise<void> {
    const created = nowIso();
    await trx
      .insertInto('recoveryCodes')
      .values(codes.map((code) => ({ id: randomUUID(), userId, codeHash: this.hash(code), usedAt: null, created })))
      .execute();
  }

  /**
   * Checks a second factor of `userId` (sign-in or re-authentication), counted against the
   * account's `twoFactor` limit: an authenticator code (±1 step, later than the last one
   * accepted, which it then becomes) or an unused recovery code (then used).
   * @returns `totp` or `recovery` when accepted, null when not.
   * @throws HttpError 429 TOO_MANY_REQUESTS.
   */
  async verify(userId: string, factor: SecondFactor): Promise<'totp' | 'recovery' | null> {
    const row = await this.deps.db.selectFrom('totpSecrets').selectAll().where('userId', '=', userId).executeTakeFirst();
    if (!row?.confirmedAt) return null;
    if ('recoveryCode' in factor) {
      await this.countAttempt(userId);
      const used = await this.deps.db
        .updateTable('recoveryCodes')
        .set({ usedAt: nowIso() })
        .where('userId', '=', userId)
        .where('codeHash', '=', this.hash(factor.recoveryCode))
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1 ? 'recovery' : null;
    }
    const last = row.lastUsedStep === null ? null : Number(row.lastUsedStep);
    const step = await this.checkCode(userId, row.secretSealed, last, factor.code);
    if (step === null) return null;
    // Only if no concurrent request took this step (or a later one) first: a code works once.
    const taken = await this.deps.db
      .updateTable('totpSecrets')
      .set({ lastUsedStep: step })
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? 'totp' : null;
  }

  private async countAttempt(userId: string): Promise<void> {
    const wait = await this.deps.limits.consume('twoFactor', userId);
    if (wait !== null) throw tooManyRequests(wait);
  }

  /** The step of `code` under the sealed secret within ±1 step of now and after `lastStep`, or null. Counts the attempt. */
  private async checkCode(userId: string, sealed: string, lastStep: number | null, code: string): Promise<number | null> {
    await this.countAttempt(userId);
    const otp = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(otp)) return null;
    const now = currentStep();
    const result = await verifyTOTP({ ...TOTP, otp, secret: await this.deps.box.open(sealed), window: 1 });
    if (!result) return null;
    const step = now + result.delta;
    return lastStep !== null && step <= lastStep ? null : step;
  }
}
