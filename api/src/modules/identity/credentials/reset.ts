/**
 * Password reset (ACC-RESET): a 256-bit token, only its SHA-256 stored, single use, valid
 * `PASSWORD_RESET_TTL_MINUTES` (60); a newer request deletes older tokens. Requests answer the
 * same whether or not the address has an account, and the lookup and mail run after the answer,
 * so the time taken does not tell either (OWASP ASVS 5.0 §6.3.8, §6.4.1). Completing a reset
 * revokes every session of the account and voids a pending e-mail change. It also proves the
 * mailbox, so the linked accounts added while the address was unverified go in the same
 * transaction (ACC-LINKED, pre-account hijacking, decision 0028); the answer and the
 * `passwordResetDone` mail (MAIL-SECURITY) name them.
 */
import type { DomainEvents } from '../../../platform/events.js';
import { createHash, randomUUID } from 'node:crypto';
import type { Locale } from '@studio/site/locales';
import type { Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, refuseNewPassword, verifyPassword } from '../auth/passwords.js';
import type { SessionService } from '../auth/sessions.js';
import { newOpaqueToken } from '../auth/tokens.js';
import type { Config } from '../../../platform/config.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { Database } from '../../../platform/db/types.js';
import type { DeviceInfo } from '../../../platform/http/device.js';
import { recordSecurityEvent } from '../accountSecurity/events.js';
import { TRUSTED_BY_RESET } from '../accountSecurity/provenance.js';
import { HttpError } from '../../../platform/http/errors.js';
import { type MailService, PASSWORD_RESET_TTL_MINUTES, securityEvent } from '../../../platform/mail/index.js';
import { linkedServiceName } from '../users/linked.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import { passwordUnchanged, tooManyRequests, voidEmailChange } from './codes.js';
import { mailLocale } from '../../../platform/mail/index.js';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export interface PasswordResetsDeps {
  db: Db;
  mail: MailService;
  sessions: SessionService;
  limits: RateLimits;
  log: FastifyBaseLogger;
  /**
   * `siteName`: a word new passwords must not mostly be (ACC-PASSWORD); `social.oidc.name` names
   * the generic provider in the mail.
   */
  config: Pick<Config, 'siteName'> & Partial<Pick<Config, 'social'>>;
  /** Raises `signInDetailsChanged` when a password is reset (PAYOUT-COOLDOWN). */
  events: DomainEvents;
  /** Tells live subscribers that a user's record changed (graphql/pubsub.ts). */
  userChanged(userId: string): void;
}

/** A linked account a reset removed: its `serviceType` (GITHUB, OIDC, …) and its name at the provider, if known. */
export interface RemovedLink {
  service: string;
  name: string | null;
}

/**
 * What a reset link is worth before it is used (ACC-RESET): `valid`; `used` (a password was set
 * with it); `expired` (older than the link's hour); `invalid` (unknown: mistyped, cut short, or
 * replaced by a newer link, which deletes the older ones).
 */
export type ResetLinkStatus = 'valid' | 'used' | 'expired' | 'invalid';

/**
 * What a completed reset did besides the password (ACC-RESET, decision 0045): the links, passkeys
 * (their names) and authenticator it removed because no proof it trusts vouched for them.
 */
export interface ResetOutcome {
  removedLinks: RemovedLink[];
  removedPasskeys: string[];
  twoFactorRemoved: boolean;
}

/**
 * Creates a reset token for the account of `email`, if there is one, voiding older ones, and
 * queues the `passwordReset` mail with its link in `locale` in the same transaction (ACC-RESET).
 * Also how an operator's new administrator sets a first password (users/admin.ts).
 * @returns whether an account was found.
 */
export async function issuePasswordReset(deps: { db: Db; mail: MailService }, email: string, locale: Locale): Promise<boolean> {
  const { db } = deps;
  const user = await db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
  if (!user) return false;
  const token = newOpaqueToken();
  const id = randomUUID();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('passwordResets').where('userId', '=', user.id).execute(); // a newer link voids older ones
    await trx
      .insertInto('passwordResets')
      .values({
        id,
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: nowIso(now + PASSWORD_RESET_TTL_MINUTES * 60_000),
        usedAt: null,
        created: nowIso(now),
      })
      .execute();
    // The page's language, which is the one the person asking reads now.
    await deps.mail.send({ to: email, template: 'passwordReset', locale, params: { token }, key: `reset:${id}` }, { db: trx });
  });
  return true;
}

/** The "forgot password" flow: request, issue and confirm a reset link. */
export class PasswordResets {
  constructor(private readonly deps: PasswordResetsDeps) {}

  /**
   * Handles "forgot password" for `email`: always resolves the same way (after the rate limits),
   * and does the lookup, token and mail after returning.
   * @throws HttpError TOO_MANY_REQUESTS (resetIp per address, resetEmail per e-mail).
   */
  async request(email: string, locale: Locale, ip: string): Promise<void> {
    const waitIp = await this.deps.limits.consume('resetIp', ip);
    if (waitIp !== null) throw tooManyRequests(waitIp);
    const waitEmail = await this.deps.limits.consume('resetEmail', email);
    if (waitEmail !== null) throw tooManyRequests(waitEmail);
    setImmediate(() => {
      this.issue(email, locale).catch((error: unknown) => this.deps.log.error({ err: error }, 'password reset: could not issue the link'));
    });
  }

  /** Creates a reset token for the account of `email`, if there is one, and queues its mail. */
  issue(email: string, locale: Locale): Promise<boolean> {
    return issuePasswordReset(this.deps, email, locale);
  }

  /**
   * Says whether `token` would set a password now, without using it (ACC-RESET), so the page can
   * say a used or expired link is dead before anything is typed. Reveals nothing the link's holder
   * does not know already (no account, no address).
   */
  async status(token: string): Promise<ResetLinkStatus> {
    const row = await this.deps.db.selectFrom('passwordResets').select(['usedAt', 'expiresAt']).where('tokenHash', '=', sha256(token)).executeTakeFirst();
    if (!row) return 'invalid';
    if (row.usedAt !== null) return 'used';
    return row.expiresAt <= nowIso() ? 'expired' : 'valid';
  }

  /**
   * Sets a new password with a reset link's token: single use, unexpired, the newest; then every
   * session of the account is revoked and a pending e-mail change voided. In the same transaction
   * the links added while the address was unverified are removed and the `passwordResetDone` mail
   * (time, `device`, removed links) is queued.
   * @returns the removed links, oldest first (often none).
   * @throws HttpError VALIDATION_FAILED (password rules), PASSWORD_UNCHANGED (the account's current
   *   password), RESET_TOKEN_INVALID, SERVER_BUSY.
   */
  async confirm(token: string, password: string, device?: DeviceInfo): Promise<ResetOutcome> {
    const refused = refuseNewPassword('VALIDATION_FAILED', 'password', password);
    if (refused) throw refused;
    const invalid = () => new HttpError(400, 'RESET_TOKEN_INVALID', 'This reset link is invalid, has expired or was already used; ask for a new one.');
    const { db } = this.deps;
    const row = await db.selectFrom('passwordResets').selectAll().where('tokenHash', '=', sha256(token)).executeTakeFirst();
    if (!row || row.usedAt !== null || row.expiresAt <= nowIso()) throw invalid();
    // Not mostly the account's own e-mail, username or the site name (ACC-PASSWORD).
    const owner = await db.selectFrom('users').select(['email', 'username', 'passwordHash']).where('id', '=', row.userId).executeTakeFirst();
    const contextual =
      owner &&
      refuseNewPassword('VALIDATION_FAILED', 'password', password, { email: owner.email, username: owner.username, siteName: this.deps.config.siteName });
    if (contextual) throw contextual;
    // The forgotten password typed again is no change (ACC-PASSWORD); the link stays usable.
    if (owner?.passwordHash && (await verifyPassword(owner.passwordHash, password))) throw passwordUnchanged('password');
    const passwordHash = await hashPassword(password);
    const outcome = await db.transaction().execute(async (trx) => {
      // Conditional: of two concurrent uses of one link only one succeeds.
      const marked = await trx.updateTable('passwordResets').set({ usedAt: nowIso() }).where('id', '=', row.id).where('usedAt', 'is', null).executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return null;
      await trx.updateTable('users').set({ passwordHash, updated: nowIso() }).where('id', '=', row.userId).execute();
      await this.deps.events.raise(trx, { type: 'signInDetailsChanged', userId: row.userId }); // PAYOUT-COOLDOWN
      await trx.deleteFrom('passwordResets').where('userId', '=', row.userId).where('id', '!=', row.id).execute();
      await voidEmailChange(trx, row.userId);
      await recordSecurityEvent(trx, { userId: row.userId, kind: 'PASSWORD_RESET', method: 'mail' }); // ACC-TIMELINE
      const removed = await removeUntrustedWaysIn(trx, row.userId);
      const user = await trx.selectFrom('users').select(['email', 'locale']).where('id', '=', row.userId).executeTakeFirstOrThrow();
      const oidcName = this.deps.config.social?.oidc?.name;
      const params = {
        removedLinks: removed.removedLinks.map((link) => linkedServiceName(link.service, oidcName) + (link.name ? ` (${link.name})` : '')),
        removedPasskeys: removed.removedPasskeys,
        twoFactorRemoved: removed.twoFactorRemoved,
        ...securityEvent(device),
      };
      await this.deps.mail.send(
        { to: user.email, template: 'passwordResetDone', locale: mailLocale(user.locale), params, key: `reset-done:${row.id}` },
        { db: trx },
      );
      return removed;
    });
    if (!outcome) throw invalid();
    await this.deps.sessions.revokeOthers(row.userId, null, 'password-reset');
    this.deps.userChanged(row.userId);
    return outcome;
  }
}

/**
 * Removes, in the reset's transaction `trx`, every way into `userId`'s account that the reset does
 * not trust (ACC-RESET, decision 0045), each with a timeline entry (method `password-reset`):
 * - links added while the address was unverified (ACC-LINKED, decision 0028), and links and
 *   passkeys whose adding session had proved itself, within the window, only by something the
 *   reset replaces, equals or distrusts (the password, a mailed code, a provider sign-in) or not at
 *   all; links from before migration 0021 other than an account's sign-up link go too (no proof
 *   was ever asked for them);
 * - the authenticator (with its recovery codes) when it was turned on without a recent proof: one
 *   turned on with a proof stays, so the mailbox alone does not undo two-factor authentication
 *   (decision 0040); its way out is the delayed recovery (ACC-2FA-RECOVERY).
 * Kept: what a second factor or a passkey vouched for, the sign-up link, and passkeys from before
 * migration 0021 (they were behind ACC-SUDO).
 * @returns the removed links (oldest first), passkey names (oldest first) and whether 2FA went.
 */
export async function removeUntrustedWaysIn(trx: Transaction<Database>, userId: string): Promise<ResetOutcome> {
  const links = await trx
    .deleteFrom('serviceAccounts')
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('addedUnverified', '=', 1), eb('addedProof', 'is', null), eb('addedProof', 'not in', TRUSTED_BY_RESET)]))
    .returning(['serviceType', 'serviceUsername', 'serviceEmail', 'created'])
    .execute();
  const passkeys = await trx
    .deleteFrom('passkeys')
    .where('userId', '=', userId)
    .where('addedProof', 'is not', null)
    .where('addedProof', 'not in', TRUSTED_BY_RESET)
    .returning(['name', 'created'])
    .execute();
  const totp = await trx
    .deleteFrom('totpSecrets')
    .where('userId', '=', userId)
    .where('confirmedAt', 'is not', null)
    .where('addedProof', '=', 'none')
    .executeTakeFirst();
  const twoFactorRemoved = Number(totp.numDeletedRows) > 0;
  if (twoFactorRemoved) await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  const removedLinks = links
    .sort((a, b) => a.created.localeCompare(b.created))
    .map((r) => ({ service: r.serviceType, name: r.serviceUsername ?? r.serviceEmail }));
  const removedPasskeys = passkeys.sort((a, b) => a.created.localeCompare(b.created)).map((p) => p.name);
  for (const _link of removedLinks) await recordSecurityEvent(trx, { userId, kind: 'PROVIDER_UNLINKED', method: 'password-reset' });
  for (const _ of removedPasskeys) await recordSecurityEvent(trx, { userId, kind: 'PASSKEY_REMOVED', method: 'password-reset' });
  if (twoFactorRemoved) await recordSecurityEvent(trx, { userId, kind: 'TWO_FACTOR_DISABLED', method: 'password-reset' });
  return { removedLinks, removedPasskeys, twoFactorRemoved };
}
