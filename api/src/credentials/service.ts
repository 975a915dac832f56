/**
 * Account flows of issue 6 that involve mail or secrets, shared by REST and GraphQL:
 *
 * - E-mail codes (items 2–3): 8 characters from a 32-letter alphabet without look-alikes
 *   (40 bits), mailed, valid `EMAIL_CODE_TTL_MINUTES` (20), void after `CODE_MAX_ATTEMPTS` (5)
 *   wrong tries; one live code per user and purpose (`verify`, `change`), a new one replaces it.
 *   Only an HMAC-SHA256 of the code (keyed with the server secret) is stored (DESIGN.md §6), and
 *   it is compared in constant time. Sending is limited per user (`codeSend`), entering too
 *   (`codeEntry`, security/limits.ts).
 * - E-mail change (item 2): the new address gets a code; confirming it swaps the address, marks it
 *   verified and mails a notice to the old address in the same transaction. A password change or
 *   reset voids a pending change.
 * - Password reset (item 4): a 256-bit token, only its SHA-256 stored, single use, valid
 *   `PASSWORD_RESET_TTL_MINUTES` (60); a newer request deletes older tokens. Requests answer the
 *   same whether or not the address has an account, and the lookup and mail run after the answer,
 *   so the time taken does not tell either (OWASP ASVS 5.0 §6.3.8, §6.4.1). Completing a reset
 *   revokes every session of the account.
 *
 * Failures are `HttpError`s with optional `details` (field, attemptsLeft, retryAfterSeconds),
 * which the REST error handler sends as `{ error: { code, message, ...details } }` and the GraphQL
 * layer turns into errors with `extensions: { code, ...details }` (graphql/errors.ts `fromHttp`).
 */
import { createHash, createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, newPasswordProblem, verifyPassword } from '../auth/passwords.js';
import type { SessionService } from '../auth/sessions.js';
import { newOpaqueToken } from '../auth/tokens.js';
import type { Config } from '../config.js';
import { type Db, isUniqueViolation, nowIso } from '../db/index.js';
import type { EmailCodeRow, UserRow } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import { EMAIL_CODE_TTL_MINUTES, MAIL_LOCALES, type MailLocale, type MailService, PASSWORD_RESET_TTL_MINUTES } from '../mail/index.js';
import type { RateLimits } from '../security/limits.js';

/** Wrong tries after which a code is void (issue 6 item 2). */
export const CODE_MAX_ATTEMPTS = 5;
/** The characters of a code: A–Z and 2–9 without I, O, 0 and 1. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

/** 429 TOO_MANY_REQUESTS with the seconds to wait. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'TOO_MANY_REQUESTS', `Too many attempts; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
}

/** A user's mail language, falling back to English for anything unknown. */
export function mailLocale(value: string | null | undefined): MailLocale {
  return (MAIL_LOCALES as readonly string[]).includes(value ?? '') ? (value as MailLocale) : 'en';
}

/** Upper-cases and drops spaces and dashes, so "abcd efgh" and "ABCD-EFGH" are the same code. */
export function normalizeCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export interface AccountServiceDeps {
  db: Db;
  mail: MailService;
  sessions: SessionService;
  limits: RateLimits;
  config: Pick<Config, 'jwtSecret'>;
  log: FastifyBaseLogger;
  /** Tells live subscribers that a user's record changed (graphql/pubsub.ts). */
  userChanged(userId: string): void;
}

export type CodePurpose = EmailCodeRow['purpose'];

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  private codeHash(userId: string, purpose: CodePurpose, code: string): string {
    return createHmac('sha256', this.deps.config.jwtSecret).update(`email-code:${userId}:${purpose}:${code}`).digest('base64url');
  }

  /**
   * Creates the user's new code for `purpose` (replacing any earlier one) and queues its mail to
   * `email`, in one transaction. Not rate limited: callers decide.
   */
  async issueCode(user: Pick<UserRow, 'id' | 'locale'>, purpose: CodePurpose, email: string): Promise<{ expiresAt: string }> {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    const id = randomUUID();
    const now = Date.now();
    const expiresAt = nowIso(now + EMAIL_CODE_TTL_MINUTES * 60_000);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('emailCodes').where('userId', '=', user.id).where('purpose', '=', purpose).execute();
      await trx
        .insertInto('emailCodes')
        .values({ id, userId: user.id, purpose, email, codeHash: this.codeHash(user.id, purpose, code), attempts: 0, expiresAt, created: nowIso(now) })
        .execute();
      const locale = mailLocale(user.locale);
      if (purpose === 'verify') await this.deps.mail.send({ to: email, template: 'emailVerificationCode', locale, params: { code }, key: `code:${id}` }, { db: trx });
      else await this.deps.mail.send({ to: email, template: 'emailChangeCode', locale, params: { code, newEmail: email }, key: `code:${id}` }, { db: trx });
    });
    return { expiresAt };
  }

  /**
   * Checks `input` against the user's live code for `purpose` and, when right, consumes it.
   * @returns the consumed code's row.
   * @throws HttpError CODE_EXPIRED (none, expired or used up), CODE_INVALID (wrong; with
   *   attemptsLeft), TOO_MANY_REQUESTS (codeEntry limit).
   */
  async consumeCode(userId: string, purpose: CodePurpose, input: string): Promise<EmailCodeRow> {
    const wait = await this.deps.limits.consume('codeEntry', userId);
    if (wait !== null) throw tooManyRequests(wait);
    const { db } = this.deps;
    const row = await db.selectFrom('emailCodes').selectAll().where('userId', '=', userId).where('purpose', '=', purpose).executeTakeFirst();
    const expired = () => new HttpError(400, 'CODE_EXPIRED', 'code: this code has expired or was used up; ask for a new one', { field: 'code' });
    if (!row || row.expiresAt <= nowIso() || row.attempts >= CODE_MAX_ATTEMPTS) throw expired();
    const given = Buffer.from(this.codeHash(userId, purpose, normalizeCode(input)));
    const stored = Buffer.from(row.codeHash);
    if (given.length === stored.length && timingSafeEqual(given, stored)) {
      // Only one of two concurrent right answers consumes the row.
      const deleted = await db.deleteFrom('emailCodes').where('id', '=', row.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) throw expired();
      return row;
    }
    // Counted with a conditional update, so concurrent wrong tries cannot exceed the limit.
    const updated = await db
      .updateTable('emailCodes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw expired();
    const attemptsLeft = Math.max(0, CODE_MAX_ATTEMPTS - row.attempts - 1);
    throw new HttpError(400, 'CODE_INVALID', `code: this code is not right; ${attemptsLeft} tries left`, { field: 'code', attemptsLeft });
  }

  private async loadUser(userId: string): Promise<UserRow> {
    const user = await this.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw new HttpError(403, 'FORBIDDEN', 'Forbidden resource');
    return user;
  }

  /** After registration: mails the first verification code (not counted against resends). */
  async startVerification(user: UserRow): Promise<void> {
    await this.issueCode(user, 'verify', user.email);
  }

  /**
   * Mails a new verification code to the user's address (`sendEmailVerification`).
   * @throws HttpError ALREADY_VERIFIED, TOO_MANY_REQUESTS (codeSend limit).
   */
  async sendVerification(userId: string): Promise<{ sentTo: string; expiresAt: string }> {
    const user = await this.loadUser(userId);
    if (user.isVerified === 1) throw new HttpError(409, 'ALREADY_VERIFIED', 'This e-mail address is already verified.');
    const wait = await this.deps.limits.consume('codeSend', userId);
    if (wait !== null) throw tooManyRequests(wait);
    const { expiresAt } = await this.issueCode(user, 'verify', user.email);
    return { sentTo: user.email, expiresAt };
  }

  /** Confirms the user's address with a verification code (`verifyEmail`). */
  async verifyEmail(userId: string, code: string): Promise<void> {
    const user = await this.loadUser(userId);
    if (user.isVerified === 1) throw new HttpError(409, 'ALREADY_VERIFIED', 'This e-mail address is already verified.');
    const row = await this.consumeCode(userId, 'verify', code);
    // A code sent to an address the user has since left proves nothing about the current one.
    if (row.email !== user.email) throw new HttpError(400, 'CODE_EXPIRED', 'code: this code was sent to another address; ask for a new one', { field: 'code' });
    await this.deps.db.updateTable('users').set({ isVerified: 1, updated: nowIso() }).where('id', '=', userId).execute();
    this.deps.userChanged(userId);
  }

  /**
   * Starts an e-mail change of the user's own account: checks the current password, records the
   * new address as pending and mails it a code (`updateUser(email:, checkPassword:)`).
   * @throws HttpError WRONG_PASSWORD, PASSWORD_NOT_SET, EMAIL_TAKEN, TOO_MANY_REQUESTS.
   */
  async startEmailChange(userId: string, newEmail: string, checkPassword: string | undefined): Promise<void> {
    const user = await this.loadUser(userId);
    if (user.passwordHash === null) {
      throw new HttpError(400, 'PASSWORD_NOT_SET', 'checkPassword: set a password before changing the e-mail address', { field: 'checkPassword' });
    }
    if (!checkPassword || !(await verifyPassword(user.passwordHash, checkPassword))) {
      throw new HttpError(400, 'WRONG_PASSWORD', 'checkPassword: the current password is required to change the e-mail and did not match', {
        field: 'checkPassword',
      });
    }
    const taken = await this.deps.db.selectFrom('users').select('id').where('email', '=', newEmail).where('id', '!=', userId).executeTakeFirst();
    if (taken) throw new HttpError(409, 'EMAIL_TAKEN', 'email: an account with this e-mail already exists', { field: 'email' });
    const wait = await this.deps.limits.consume('codeSend', userId);
    if (wait !== null) throw tooManyRequests(wait);
    await this.deps.db.updateTable('users').set({ pendingEmail: newEmail, updated: nowIso() }).where('id', '=', userId).execute();
    await this.issueCode(user, 'change', newEmail);
    this.deps.userChanged(userId);
  }

  /**
   * Completes the pending e-mail change with its code: the address changes, counts as verified,
   * and the old address gets a notice (`confirmEmailChange`).
   * @throws HttpError CODE_INVALID, CODE_EXPIRED, EMAIL_TAKEN, TOO_MANY_REQUESTS.
   */
  async confirmEmailChange(userId: string, code: string): Promise<void> {
    const user = await this.loadUser(userId);
    if (!user.pendingEmail) throw new HttpError(400, 'CODE_EXPIRED', 'code: there is no e-mail change waiting for a code', { field: 'code' });
    const row = await this.consumeCode(userId, 'change', code);
    if (row.email !== user.pendingEmail) throw new HttpError(400, 'CODE_EXPIRED', 'code: this code was sent to another address; ask for a new one', { field: 'code' });
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ email: row.email, pendingEmail: null, isVerified: 1, updated: nowIso() }).where('id', '=', userId).execute();
        await trx.deleteFrom('emailCodes').where('userId', '=', userId).execute();
        await this.deps.mail.send(
          { to: user.email, template: 'emailChangedNotice', locale: mailLocale(user.locale), params: { oldEmail: user.email, newEmail: row.email }, key: `changed:${row.id}` },
          { db: trx },
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'EMAIL_TAKEN', 'email: an account with this e-mail already exists', { field: 'email' });
      throw error;
    }
    this.deps.userChanged(userId);
  }

  /** Abandons the pending e-mail change; its code stops working (`cancelEmailChange`). */
  async cancelEmailChange(userId: string): Promise<void> {
    await this.voidEmailChange(userId);
    this.deps.userChanged(userId);
  }

  /** Voids a pending e-mail change and its code (also after a password change or reset). */
  async voidEmailChange(userId: string, db: Db = this.deps.db): Promise<void> {
    await db.deleteFrom('emailCodes').where('userId', '=', userId).where('purpose', '=', 'change').execute();
    await db.updateTable('users').set({ pendingEmail: null }).where('id', '=', userId).where('pendingEmail', 'is not', null).execute();
  }

  /**
   * Sets a new password for the user (`updatePassword`): rules checked, other sessions revoked
   * (all of them when `keepSessionId` is null), a pending e-mail change voided.
   * @throws HttpError BAD_USER_INPUT (rules), WRONG_PASSWORD.
   */
  async changePassword(userId: string, newPassword: string, options: { oldPassword?: string | null; requireOld: boolean; keepSessionId: string | null }): Promise<void> {
    const problem = newPasswordProblem(newPassword);
    if (problem) throw new HttpError(400, 'BAD_USER_INPUT', `newPassword: ${problem}`, { field: 'newPassword' });
    const user = await this.loadUser(userId);
    if (options.requireOld && user.passwordHash !== null) {
      if (!options.oldPassword || !(await verifyPassword(user.passwordHash, options.oldPassword))) {
        throw new HttpError(400, 'WRONG_PASSWORD', 'oldPassword: the current password did not match', { field: 'oldPassword' });
      }
    }
    const passwordHash = await hashPassword(newPassword);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ passwordHash, updated: nowIso() }).where('id', '=', userId).execute();
      await trx.deleteFrom('passwordResets').where('userId', '=', userId).execute();
      await this.voidEmailChange(userId, trx);
    });
    await this.deps.sessions.revokeOthers(userId, options.keepSessionId, 'password-change');
    this.deps.userChanged(userId);
  }

  /**
   * Handles "forgot password" for `email`: always resolves the same way (after the rate limits),
   * and does the lookup, token and mail after returning.
   * @throws HttpError TOO_MANY_REQUESTS (resetIp per address, resetEmail per e-mail).
   */
  async requestPasswordReset(email: string, locale: MailLocale, ip: string): Promise<void> {
    const waitIp = await this.deps.limits.consume('resetIp', ip);
    if (waitIp !== null) throw tooManyRequests(waitIp);
    const waitEmail = await this.deps.limits.consume('resetEmail', email);
    if (waitEmail !== null) throw tooManyRequests(waitEmail);
    setImmediate(() => {
      this.issuePasswordReset(email, locale).catch((error: unknown) => this.deps.log.error({ err: error }, 'password reset: could not issue the link'));
    });
  }

  /** Creates a reset token for the account of `email`, if there is one, and queues its mail. */
  async issuePasswordReset(email: string, locale: MailLocale): Promise<boolean> {
    const { db } = this.deps;
    const user = await db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
    if (!user) return false;
    const token = newOpaqueToken();
    const id = randomUUID();
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('passwordResets').where('userId', '=', user.id).execute(); // a newer link voids older ones
      await trx
        .insertInto('passwordResets')
        .values({ id, userId: user.id, tokenHash: sha256(token), expiresAt: nowIso(now + PASSWORD_RESET_TTL_MINUTES * 60_000), usedAt: null, created: nowIso(now) })
        .execute();
      // The page's language, which is the one the person asking reads now.
      await this.deps.mail.send({ to: email, template: 'passwordReset', locale, params: { token }, key: `reset:${id}` }, { db: trx });
    });
    return true;
  }

  /**
   * Sets a new password with a reset link's token: single use, unexpired, the newest; then every
   * session of the account is revoked and a pending e-mail change voided.
   * @throws HttpError BAD_USER_INPUT (rules), RESET_TOKEN_INVALID.
   */
  async confirmPasswordReset(token: string, password: string): Promise<void> {
    const problem = newPasswordProblem(password);
    if (problem) throw new HttpError(400, 'VALIDATION_FAILED', `password: ${problem}`, { field: 'password' });
    const invalid = () => new HttpError(400, 'RESET_TOKEN_INVALID', 'This reset link is invalid, has expired or was already used; ask for a new one.');
    const { db } = this.deps;
    const row = await db.selectFrom('passwordResets').selectAll().where('tokenHash', '=', sha256(token)).executeTakeFirst();
    if (!row || row.usedAt !== null || row.expiresAt <= nowIso()) throw invalid();
    const passwordHash = await hashPassword(password);
    const used = await db.transaction().execute(async (trx) => {
      // Conditional: of two concurrent uses of one link only one succeeds.
      const marked = await trx.updateTable('passwordResets').set({ usedAt: nowIso() }).where('id', '=', row.id).where('usedAt', 'is', null).executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      await trx.updateTable('users').set({ passwordHash, updated: nowIso() }).where('id', '=', row.userId).execute();
      await trx.deleteFrom('passwordResets').where('userId', '=', row.userId).where('id', '!=', row.id).execute();
      await this.voidEmailChange(row.userId, trx);
      return true;
    });
    if (!used) throw invalid();
    await this.deps.sessions.revokeOthers(row.userId, null, 'password-reset');
    this.deps.userChanged(row.userId);
  }
}
