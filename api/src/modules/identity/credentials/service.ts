/**
 * Credentials: the flows of an account's own sign-in secrets that involve mail or passwords,
 * shared by REST and GraphQL (the product's "accounts" are the linked service accounts, users/):
 *
 * - e-mail verification and e-mail change with mailed codes (ACC-EMAIL, ./codes.ts): confirming a
 *   change swaps the address, marks it verified and mails a notice to the old address in the same
 *   transaction; a password change or reset voids a pending change;
 * - password change (ACC-PASSWORD): other sessions are revoked;
 * - password reset (ACC-RESET, ./reset.ts);
 * - the confirmation of deleting one's own account (ACC-DELETE): the password, or for an account
 *   without one a code mailed to its address.
 *
 * Every check of a current password goes through the account's growing delay
 * (auth/passwordGuard.ts, SEC-LIMITS passwordGuess), shared with sign-in.
 * Sending codes is limited per user (`codeSend`), entering them too (`codeEntry`, SEC-LIMITS).
 * Failures are `HttpError`s with optional `details` (field, attemptsLeft, retryAfterSeconds),
 * which the REST error handler sends as `{ error: { code, message, ...details } }` and the GraphQL
 * layer turns into errors with `extensions: { code, ...details }` (platform/graphql/errors.ts `fromServiceError`).
 */
import type { DomainEvents } from '../../../platform/events.js';
import type { Locale } from '@studio/site/locales';
import type { FastifyBaseLogger } from 'fastify';
import { accountGuessKey, checkPasswordGuarded } from '../auth/passwordGuard.js';
import { hashPassword, refuseNewPassword } from '../auth/passwords.js';
import type { SessionService } from '../auth/sessions.js';
import type { Config } from '../../../platform/config.js';
import { proofMethods, reauthenticationRequired, requireRecentProof, stampProof } from '../accountSecurity/window.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { UserRow } from '../../../platform/db/types.js';
import type { DeviceInfo } from '../../../platform/http/device.js';
import { HttpError } from '../../../platform/http/errors.js';
import { type MailService, mailLocale, securityEvent } from '../../../platform/mail/index.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import { EmailCodes, codeExpired, passwordUnchanged, tooManyRequests, voidEmailChange } from './codes.js';
import { emailTaken, swapEmail } from './emailChange.js';
import { PasswordResets, type ResetLinkStatus, type ResetOutcome } from './reset.js';

export { CODE_ALPHABET, CODE_LENGTH, CODE_MAX_ATTEMPTS, type CodePurpose, normalizeCode, tooManyRequests } from './codes.js';

export interface CredentialServiceDeps {
  db: Db;
  mail: MailService;
  sessions: SessionService;
  limits: RateLimits;
  config: Pick<Config, 'jwtSecret' | 'siteName' | 'social'>;
  /** Raises `emailVerified` (REQ-CLAIM) and `signInDetailsChanged` (PAYOUT-COOLDOWN) in the change's transaction. */
  events: DomainEvents;
  log: FastifyBaseLogger;
  /** Tells live subscribers that a user's record changed (graphql/pubsub.ts). */
  userChanged(userId: string): void;
}

export class CredentialService {
  private readonly codes: EmailCodes;
  private readonly resets: PasswordResets;

  constructor(private readonly deps: CredentialServiceDeps) {
    this.codes = new EmailCodes(deps);
    this.resets = new PasswordResets(deps);
  }

  private async loadUser(userId: string): Promise<UserRow> {
    const user = await this.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw new HttpError(403, 'FORBIDDEN', 'Forbidden resource');
    return user;
  }

  /**
   * Checks the current password of `user`'s own account under the account's growing delay
   * (SEC-LIMITS passwordGuess), counted together with sign-in.
   * @throws HttpError `status` WRONG_PASSWORD at `field` when it does not match (or is missing),
   *   429 TOO_MANY_REQUESTS with retryAfterSeconds while the account must wait, 429 SERVER_BUSY.
   */
  async assertCurrentPassword(
    user: Pick<UserRow, 'id' | 'passwordHash'>,
    given: string | null | undefined,
    problem: { field: string; message: string; status?: number },
  ): Promise<void> {
    const ok = given ? await checkPasswordGuarded(this.deps.limits, accountGuessKey(user.id), user.passwordHash, given) : false;
    if (!ok) throw new HttpError(problem.status ?? 400, 'WRONG_PASSWORD', `${problem.field}: ${problem.message}`, { field: problem.field });
  }

  /**
   * Mails a code that confirms deleting an account without a password (`sendAccountDeletionCode`,
   * ACC-DELETE) to its address.
   * @throws HttpError PASSWORD_IS_SET (such accounts confirm with the password), TOO_MANY_REQUESTS (codeSend).
   */
  async sendDeletionCode(userId: string): Promise<{ sentTo: string; expiresAt: string }> {
    const user = await this.loadUser(userId);
    if (user.passwordHash !== null) throw new HttpError(409, 'PASSWORD_IS_SET', 'This account has a password; confirm the deletion with it.');
    const wait = await this.deps.limits.consume('codeSend', userId);
    if (wait !== null) throw tooManyRequests(wait);
    const { expiresAt } = await this.codes.issue(user, 'delete', user.email);
    return { sentTo: user.email, expiresAt };
  }

  /**
   * Confirms that users delete their own account (ACC-DELETE): with the current password, or,
   * without one, with the code `sendDeletionCode` mailed (entry counted, `codeEntry`) — a stolen
   * access token alone is not enough.
   * @throws HttpError 409 WRONG_PASSWORD (field `confirmation`), TOO_MANY_REQUESTS, SERVER_BUSY;
   *   for a code CODE_INVALID (attemptsLeft) or CODE_EXPIRED.
   */
  async confirmDeletion(user: UserRow, confirmation: string): Promise<void> {
    if (user.passwordHash !== null) {
      await this.assertCurrentPassword(user, confirmation, { field: 'confirmation', message: 'the current password did not match', status: 409 });
      return;
    }
    const row = await this.codes.consume(user.id, 'delete', confirmation.slice(0, 64), 'confirmation');
    if (row.email !== user.email) throw codeExpired('confirmation: this code was sent to another address; ask for a new one', 'confirmation');
  }

  /**
   * Mails a code that proves it is the owner (`sendReauthenticationCode`, ACC-SUDO, decision 0044)
   * to the address of an account that has neither a password nor a second factor.
   * @throws HttpError 409 PROOF_NOT_ACCEPTED (the account proves itself otherwise; with `methods`),
   *   TOO_MANY_REQUESTS (codeSend).
   */
  async sendReauthenticationCode(userId: string): Promise<{ sentTo: string; expiresAt: string }> {
    const user = await this.loadUser(userId);
    const methods = await proofMethods(this.deps.db, user);
    if (!methods.includes('EMAIL_CODE'))
      throw new HttpError(409, 'PROOF_NOT_ACCEPTED', `This account confirms it is you with ${methods.join(' or ')}.`, { methods });
    const wait = await this.deps.limits.consume('codeSend', userId);
    if (wait !== null) throw tooManyRequests(wait);
    const { expiresAt } = await this.codes.issue(user, 'reauth', user.email);
    return { sentTo: user.email, expiresAt };
  }

  /**
   * Consumes the code `sendReauthenticationCode` mailed (entry counted, `codeEntry`); it must have
   * gone to the account's current address. @throws HttpError CODE_INVALID (attemptsLeft),
   * CODE_EXPIRED, TOO_MANY_REQUESTS — each at field `emailCode`.
   */
  async consumeReauthenticationCode(userId: string, code: string): Promise<void> {
    const user = await this.loadUser(userId);
    const row = await this.codes.consume(userId, 'reauth', code.slice(0, 64), 'emailCode');
    if (row.email !== user.email) throw codeExpired('emailCode: this code was sent to another address; ask for a new one', 'emailCode');
  }

  /** After registration: mails the first verification code (not counted against resends). */
  async startVerification(user: UserRow): Promise<void> {
    await this.codes.issue(user, 'verify', user.email);
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
    const { expiresAt } = await this.codes.issue(user, 'verify', user.email);
    return { sentTo: user.email, expiresAt };
  }

  /** Confirms the user's address with a verification code (`verifyEmail`). */
  async verifyEmail(userId: string, code: string): Promise<void> {
    const user = await this.loadUser(userId);
    if (user.isVerified === 1) throw new HttpError(409, 'ALREADY_VERIFIED', 'This e-mail address is already verified.');
    const row = await this.codes.consume(userId, 'verify', code);
    // A code sent to an address the user has since left proves nothing about the current one.
    if (row.email !== user.email) throw codeExpired('code: this code was sent to another address; ask for a new one');
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ isVerified: 1, updated: nowIso() }).where('id', '=', userId).execute();
      // REQ-CLAIM: the orders placed with this address (signed out) become the user's.
      await this.deps.events.raise(trx, { type: 'emailVerified', userId });
    });
    this.deps.userChanged(userId);
  }

  /**
   * Starts an e-mail change of the user's own account: checks the proof, records the new address
   * as pending and mails it a code (`updateUser(email:, checkPassword:)`).
   * The proof (ACC-SUDO, ACC-EMAIL): with `checkPassword`, the current password, checked first under
   * the account's growing delay (SEC-LIMITS passwordGuess), which also stamps session `sessionId`
   * as proved; without it, session `sessionId` must have signed in or proved itself in the last
   * 10 minutes (`reauthenticate`: password, authenticator code or passkey).
   * @throws HttpError REAUTHENTICATION_REQUIRED, WRONG_PASSWORD, PASSWORD_NOT_SET, EMAIL_TAKEN,
   *   TOO_MANY_REQUESTS, SERVER_BUSY.
   */
  async startEmailChange(userId: string, newEmail: string, checkPassword: string | undefined, sessionId: string | undefined): Promise<void> {
    const user = await this.loadUser(userId);
    if (checkPassword === undefined) {
      if (!sessionId) throw reauthenticationRequired();
      await requireRecentProof(this.deps.db, sessionId);
    } else {
      if (user.passwordHash === null) {
        throw new HttpError(400, 'PASSWORD_NOT_SET', 'checkPassword: this account has no password; confirm it is you with reauthenticate instead', {
          field: 'checkPassword',
        });
      }
      await this.assertCurrentPassword(user, checkPassword, { field: 'checkPassword', message: 'the current password did not match' });
      if (sessionId) await stampProof(this.deps.db, sessionId, 'PASSWORD');
    }
    const taken = await this.deps.db.selectFrom('users').select('id').where('email', '=', newEmail).where('id', '!=', userId).executeTakeFirst();
    if (taken) throw emailTaken();
    const wait = await this.deps.limits.consume('codeSend', userId);
    if (wait !== null) throw tooManyRequests(wait);
    await this.deps.db.updateTable('users').set({ pendingEmail: newEmail, updated: nowIso() }).where('id', '=', userId).execute();
    await this.codes.issue(user, 'change', newEmail);
    this.deps.userChanged(userId);
  }

  /**
   * Completes the pending e-mail change with its code: the address changes, counts as verified,
   * and the old address gets a notice with the time and `device` (`confirmEmailChange`, MAIL-SECURITY).
   * @throws HttpError CODE_INVALID, CODE_EXPIRED, EMAIL_TAKEN, TOO_MANY_REQUESTS.
   */
  async confirmEmailChange(userId: string, code: string, device?: DeviceInfo): Promise<void> {
    const user = await this.loadUser(userId);
    if (!user.pendingEmail) throw codeExpired('code: there is no e-mail change waiting for a code');
    const row = await this.codes.consume(userId, 'change', code);
    if (row.email !== user.pendingEmail) throw codeExpired('code: this code was sent to another address; ask for a new one');
    await swapEmail(this.deps, user, row, device);
    this.deps.userChanged(userId);
  }

  /** Abandons the pending e-mail change; its code stops working (`cancelEmailChange`). */
  async cancelEmailChange(userId: string): Promise<void> {
    await voidEmailChange(this.deps.db, userId);
    this.deps.userChanged(userId);
  }

  /**
   * Sets a new password for the user (`updatePassword`): rules checked, other sessions revoked
   * (all of them when `keepSessionId` is null), a pending e-mail change voided, and the
   * `passwordChanged` mail queued with the time and `options.device` (MAIL-SECURITY).
   * The new password must not be mostly the account's e-mail, username or the site name; the old
   * one is checked under the account's growing delay (SEC-LIMITS passwordGuess).
   * @throws HttpError BAD_USER_INPUT (rules), WRONG_PASSWORD, PASSWORD_UNCHANGED (the new one is
   *   the current one), TOO_MANY_REQUESTS, SERVER_BUSY.
   */
  async changePassword(
    userId: string,
    newPassword: string,
    options: { oldPassword?: string | null; requireOld: boolean; keepSessionId: string | null; device?: DeviceInfo },
  ): Promise<void> {
    const user = await this.loadUser(userId);
    const refused = refuseNewPassword('BAD_USER_INPUT', 'newPassword', newPassword, {
      email: user.email,
      username: user.username,
      siteName: this.deps.config.siteName,
    });
    if (refused) throw refused;
    if (options.requireOld && user.passwordHash !== null) {
      await this.assertCurrentPassword(user, options.oldPassword, { field: 'oldPassword', message: 'the current password did not match' });
      // A change that changes nothing is refused (ACC-PASSWORD); the old one was just proven, so this tells nothing new.
      if (options.oldPassword === newPassword) throw passwordUnchanged('newPassword');
    }
    const passwordHash = await hashPassword(newPassword);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ passwordHash, updated: nowIso() }).where('id', '=', userId).execute();
      await this.deps.events.raise(trx, { type: 'signInDetailsChanged', userId }); // PAYOUT-COOLDOWN
      await trx.deleteFrom('passwordResets').where('userId', '=', userId).execute();
      await voidEmailChange(trx, userId);
      const params = { firstPassword: user.passwordHash === null, ...securityEvent(options.device) };
      await this.deps.mail.send({ to: user.email, template: 'passwordChanged', locale: mailLocale(user.locale), params }, { db: trx });
    });
    await this.deps.sessions.revokeOthers(userId, options.keepSessionId, 'password-change');
    this.deps.userChanged(userId);
  }

  /** "Forgot password" (ACC-RESET): see `PasswordResets.request`. */
  requestPasswordReset(email: string, locale: Locale, ip: string): Promise<void> {
    return this.resets.request(email, locale, ip);
  }

  /** Whether a reset link still works, without using it (ACC-RESET): see `PasswordResets.status`. */
  resetLinkStatus(token: string): Promise<ResetLinkStatus> {
    return this.resets.status(token);
  }

  /** Mails a reset link to `email`'s account at once, without the request limits ("this wasn't me", ACC-TIMELINE). */
  issuePasswordReset(email: string, locale: Locale): Promise<boolean> {
    return this.resets.issue(email, locale);
  }

  /** Completes a reset with the link's token (ACC-RESET): see `PasswordResets.confirm`. */
  confirmPasswordReset(token: string, password: string, device?: DeviceInfo): Promise<ResetOutcome> {
    return this.resets.confirm(token, password, device);
  }
}
