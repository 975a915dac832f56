/**
 * E-mail codes (ACC-EMAIL): 8 characters from a 32-letter alphabet without look-alikes (40 bits),
 * mailed, valid `EMAIL_CODE_TTL_MINUTES` (20), void after `CODE_MAX_ATTEMPTS` (5) wrong tries; one
 * live code per user and purpose (`verify`, `change`, `delete` — ACC-DELETE for accounts without a
 * password, `reauth` — ACC-SUDO's mailed proof), a new one replaces it. Only an HMAC-SHA256
 * of the code (keyed with the server secret) is stored, and it is compared in constant time.
 * Entering codes is limited per user (`codeEntry`, security/limits.ts, SEC-LIMITS).
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE_ALPHABET, EMAIL_CODE_LENGTH, normalizeEmailCode } from '@studio/site/fields';
import type { Config } from '../../../platform/config.js';
import { type Db, isUniqueViolation, nowIso } from '../../../platform/db/index.js';
import type { EmailCodeRow, UserRow } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';
import { EMAIL_CODE_TTL_MINUTES, type MailService, mailLocale } from '../../../platform/mail/index.js';
import type { RateLimits } from '../../../platform/security/limits.js';

/** Wrong tries after which a code is void (ACC-EMAIL). */
export const CODE_MAX_ATTEMPTS = 5;
/** The characters of a code: A–Z except I and O, 2–9 (the shared rule of @studio/site/fields). */
export const CODE_ALPHABET = EMAIL_CODE_ALPHABET;
export const CODE_LENGTH = EMAIL_CODE_LENGTH;

/** How often `issue` runs its transaction when concurrent issues collide on the unique index. */
const ISSUE_ATTEMPTS = 8;

export type CodePurpose = EmailCodeRow['purpose'];

/** 429 TOO_MANY_REQUESTS with the seconds to wait. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'TOO_MANY_REQUESTS', `Too many attempts; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
}

/** 400 PASSWORD_UNCHANGED on `field`: the new password is the account's current one (ACC-PASSWORD). */
export function passwordUnchanged(field: string): HttpError {
  return new HttpError(400, 'PASSWORD_UNCHANGED', `${field}: the new password is the same as the current one; choose another`, { field });
}

/** Upper-cases and drops spaces and dashes, so "abcd efgh" and "ABCD-EFGH" are the same code (the browser's rule too). */
export const normalizeCode = normalizeEmailCode;

/** 400 CODE_EXPIRED on `field` (`code` unless told) with `message` (none live, expired, used up, or sent to another address). */
export function codeExpired(message?: string, field = 'code'): HttpError {
  return new HttpError(400, 'CODE_EXPIRED', message ?? `${field}: this code has expired or was used up; ask for a new one`, { field });
}

/** Voids a pending e-mail change and its code (after a cancel, a password change or reset). */
export async function voidEmailChange(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('emailCodes').where('userId', '=', userId).where('purpose', '=', 'change').execute();
  await db.updateTable('users').set({ pendingEmail: null }).where('id', '=', userId).where('pendingEmail', 'is not', null).execute();
}

export interface EmailCodesDeps {
  db: Db;
  mail: MailService;
  limits: RateLimits;
  config: Pick<Config, 'jwtSecret'>;
}

/** Issuing and checking e-mail codes. */
export class EmailCodes {
  constructor(private readonly deps: EmailCodesDeps) {}

  private hash(userId: string, purpose: CodePurpose, code: string): string {
    return createHmac('sha256', this.deps.config.jwtSecret).update(`email-code:${userId}:${purpose}:${code}`).digest('base64url');
  }

  /**
   * Creates the user's new code for `purpose` (replacing any earlier one) and queues its mail to
   * `email`, in one transaction. Not rate limited: callers decide.
   */
  async issue(user: Pick<UserRow, 'id' | 'locale'>, purpose: CodePurpose, email: string): Promise<{ expiresAt: string }> {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    const id = randomUUID();
    const now = Date.now();
    const expiresAt = nowIso(now + EMAIL_CODE_TTL_MINUTES * 60_000);
    // Concurrent issues for one user race between the delete and the insert: the loser's insert
    // hits the unique (user, purpose) index once the winner commits. It then simply runs again and
    // replaces the winner's code — one live code, never a 500 (API-ERRORS).
    for (let attempt = 1; ; attempt++) {
      try {
        await this.deps.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('emailCodes').where('userId', '=', user.id).where('purpose', '=', purpose).execute();
          await trx
            .insertInto('emailCodes')
            .values({ id, userId: user.id, purpose, email, codeHash: this.hash(user.id, purpose, code), attempts: 0, expiresAt, created: nowIso(now) })
            .execute();
          const locale = mailLocale(user.locale);
          if (purpose === 'verify')
            await this.deps.mail.send({ to: email, template: 'emailVerificationCode', locale, params: { code }, key: `code:${id}` }, { db: trx });
          else if (purpose === 'reauth')
            await this.deps.mail.send({ to: email, template: 'reauthenticationCode', locale, params: { code }, key: `code:${id}` }, { db: trx });
          else if (purpose === 'delete')
            await this.deps.mail.send({ to: email, template: 'accountDeletionCode', locale, params: { code }, key: `code:${id}` }, { db: trx });
          else await this.deps.mail.send({ to: email, template: 'emailChangeCode', locale, params: { code, newEmail: email }, key: `code:${id}` }, { db: trx });
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= ISSUE_ATTEMPTS) throw error;
      }
    }
    return { expiresAt };
  }

  /**
   * Checks `input` against the user's live code for `purpose` and, when right, consumes it.
   * `field` names the argument in the errors (`code` unless told).
   * @returns the consumed code's row.
   * @throws HttpError CODE_EXPIRED (none, expired or used up), CODE_INVALID (wrong; with
   *   attemptsLeft), TOO_MANY_REQUESTS (codeEntry limit).
   */
  async consume(userId: string, purpose: CodePurpose, input: string, field = 'code'): Promise<EmailCodeRow> {
    const wait = await this.deps.limits.consume('codeEntry', userId);
    if (wait !== null) throw tooManyRequests(wait);
    const { db } = this.deps;
    const row = await db.selectFrom('emailCodes').selectAll().where('userId', '=', userId).where('purpose', '=', purpose).executeTakeFirst();
    if (!row || row.expiresAt <= nowIso() || row.attempts >= CODE_MAX_ATTEMPTS) throw codeExpired(undefined, field);
    const given = Buffer.from(this.hash(userId, purpose, normalizeCode(input)));
    const stored = Buffer.from(row.codeHash);
    if (given.length === stored.length && timingSafeEqual(given, stored)) {
      // Only one of two concurrent right answers consumes the row.
      const deleted = await db.deleteFrom('emailCodes').where('id', '=', row.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) throw codeExpired(undefined, field);
      return row;
    }
    // Counted with a conditional update, so concurrent wrong tries cannot exceed the limit.
    const updated = await db
      .updateTable('emailCodes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw codeExpired(undefined, field);
    const attemptsLeft = Math.max(0, CODE_MAX_ATTEMPTS - row.attempts - 1);
    throw new HttpError(400, 'CODE_INVALID', `${field}: this code is not right; ${attemptsLeft} tries left`, { field, attemptsLeft });
  }
}
