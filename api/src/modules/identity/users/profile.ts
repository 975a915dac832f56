/**
 * Users after registration (registration itself: ./service.ts): lookups, profile changes
 * (ACC-FIELDS, ACC-AVATAR), deletion (ACC-DELETE), and the user's avatar image and referral codes
 * (ACC-REFERRAL) as the GraphQL layer reads them. Who may do what is decided before these run
 * (graphql/policy.ts, ACC-POLICY); this module owns what a change does.
 *
 * Failures are `HttpError`s (code, message, `details.field`), turned into GraphQL errors by
 * platform/graphql/errors.ts `fromServiceError`. Every stored change is announced with `userChanged` (LIVE-UPDATES).
 */
import type { DomainEvents } from '../../../platform/events.js';
import { type AuditActor, recordAudit } from '../../../platform/audit.js';
import { changedFields } from '../../../platform/audit.js';
import { type CredentialService } from '../credentials/service.js';
import { mailLocale } from '../../../platform/mail/index.js';
import { type Db, isUniqueViolation, nowIso } from '../../../platform/db/index.js';
import type { ImageRow, UserRow, UserUpdate } from '../../../platform/db/types.js';
import type { DeviceInfo } from '../../../platform/http/device.js';
import { HttpError } from '../../../platform/http/errors.js';
import { type MailService, securityEvent } from '../../../platform/mail/index.js';
import type { UploadService } from '../uploads/service.js';

/** A profile change as decoded from `updateUser` (already checked against the shared field rules). */
export interface ProfileChange {
  email?: string;
  username?: string;
  fullName?: string;
  /** '' clears it. */
  bio?: string;
  /** '' clears it. */
  phone?: string;
  /** '' clears it. */
  telegram?: string;
  isVerified?: boolean;
  role?: 'USER' | 'ADMIN';
  type?: 'CLIENT' | 'PARTNER';
  withdrawalMethod?: 'STRIPE' | 'BANK_TRANSFER';
  /** The database id of one of the user's own images, as the new avatar. */
  imageId?: string;
  /** Clears the avatar; the user's uploads go too (ACC-AVATAR-REMOVE). */
  removeImage?: boolean;
  /** The current password, required when users change their own e-mail address. */
  checkPassword?: string;
}

/**
 * The fields of a user the audit log shows (ADMIN-AUDIT): what an administrator sees and may
 * change — never password hashes, codes or payout details.
 */
export function auditView(user: UserRow): Record<string, unknown> {
  return {
    email: user.email,
    pendingEmail: user.pendingEmail,
    username: user.username,
    fullName: user.fullName,
    bio: user.bio,
    phone: user.phone,
    telegram: user.telegram,
    role: user.role,
    type: user.type,
    isVerified: user.isVerified === 1,
    withdrawalMethod: user.withdrawalMethod,
    imageId: user.imageId,
  };
}

export interface UserServiceDeps {
  db: Db;
  credentials: Pick<CredentialService, 'startEmailChange' | 'confirmDeletion'>;
  uploads: Pick<UploadService, 'removeImages' | 'removeFiles'>;
  /** Queues the `accountDeleted` mail (MAIL-SECURITY). */
  mail: Pick<MailService, 'send'>;
  /** Tells live subscribers that a user's record changed or was deleted (graphql/pubsub.ts). */
  userChanged(userId: string): void;
  /**
   * Raises `emailVerified` (REQ-CLAIM), and `userDeletionRequested` / `userDeleted` around a deletion
   * (the ledger keeps the user's book anonymised and refuses while money is in payout, LEDGER-DELETION).
   */
  events: DomainEvents;
}

export class UserService {
  constructor(private readonly deps: UserServiceDeps) {}

  /** The users of `ids`, in the same order (undefined where none); the batch of the GraphQL user loader. */
  async byIds(ids: readonly string[]): Promise<(UserRow | undefined)[]> {
    const rows = await this.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  }

  /** The user with `username` (compared trimmed and lower-cased, as usernames are stored), or undefined. */
  byUsername(username: string): Promise<UserRow | undefined> {
    return this.deps.db.selectFrom('users').selectAll().where('username', '=', username.trim().toLowerCase()).executeTakeFirst();
  }

  /** Whether user `id` still exists (it may have been deleted). */
  async exists(id: string): Promise<boolean> {
    return !!(await this.deps.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** Image `id` (any user's: the caller checks who may see it), or undefined. */
  image(id: string): Promise<ImageRow | undefined> {
    return this.deps.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Referral code `id` (any user's: the caller checks who may see it), or undefined. */
  referralCode(id: string) {
    return this.deps.db.selectFrom('referralCodes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's default referral code (the oldest of type DEFAULT, made at registration), or undefined. */
  defaultReferralCode(userId: string) {
    return this.deps.db
      .selectFrom('referralCodes')
      .selectAll()
      .where('userId', '=', userId)
      .where('type', '=', 'DEFAULT')
      .orderBy('created')
      .executeTakeFirst();
  }

  /**
   * Applies `change` to `target`, on behalf of `actorId` (the user themselves or an admin).
   * One's own e-mail address changes only after the code mailed to the new one comes back
   * (ACC-EMAIL, credentials/); an administrator's change applies at once and counts as unverified.
   * A new avatar replaces the old one, whose rows and files go (ACC-AVATAR); `removeImage` clears it
   * and removes the user's uploads (ACC-AVATAR-REMOVE).
   * One's own e-mail change runs first — its proof (the password under SEC-LIMITS passwordGuess,
   * or a recent one of session `sessionId`, ACC-SUDO) before anything is stored, so a refused
   * proof saves none of the other fields either.
   * With `audit` (an administrator's change, ADMIN-AUDIT) the stored change and its `user.update`
   * entry commit together.
   * @throws HttpError BAD_USER_INPUT (imageId not the user's), USERNAME_TAKEN, EMAIL_TAKEN, and the
   *   errors of `CredentialService.startEmailChange` (REAUTHENTICATION_REQUIRED, WRONG_PASSWORD,
   *   TOO_MANY_REQUESTS: nothing stored).
   */
  async updateProfile(actorId: string, target: UserRow, change: ProfileChange, audit?: AuditActor, sessionId?: string): Promise<void> {
    const patch: UserUpdate = {};
    let startEmailChange: string | null = null;
    if (change.email !== undefined && change.email !== target.email) {
      if (actorId === target.id) startEmailChange = change.email;
      else Object.assign(patch, { email: change.email, isVerified: 0, pendingEmail: null });
    }
    if (change.username !== undefined) patch.username = change.username;
    if (change.fullName !== undefined) patch.fullName = change.fullName;
    if (change.bio !== undefined) patch.bio = change.bio || null;
    if (change.phone !== undefined) patch.phone = change.phone || null;
    if (change.telegram !== undefined) patch.telegram = change.telegram || null;
    if (change.withdrawalMethod !== undefined) patch.withdrawalMethod = change.withdrawalMethod;
    if (change.isVerified !== undefined) patch.isVerified = change.isVerified ? 1 : 0;
    if (change.role !== undefined) patch.role = change.role;
    if (change.type !== undefined) patch.type = change.type;
    if (change.imageId !== undefined) {
      const image = await this.image(change.imageId);
      if (!image || image.userId !== target.id) throw new HttpError(400, 'BAD_USER_INPUT', 'imageId: no such image of this user', { field: 'imageId' });
      patch.imageId = change.imageId;
    }
    if (change.removeImage) patch.imageId = null;
    if (startEmailChange) await this.deps.credentials.startEmailChange(target.id, startEmailChange, change.checkPassword, sessionId);
    if (Object.keys(patch).length > 0) {
      await this.store(target, { ...patch, updated: nowIso() }, audit);
      // REQ-CLAIM: an administrator vouching for the address claims its orders for the user.
      if (patch.isVerified === 1) await this.deps.events.raise(this.deps.db, { type: 'emailVerified', userId: target.id });
      this.deps.userChanged(target.id);
      // The replaced avatar (and any upload not in use) goes, rows and files.
      // Removing the avatar (null) takes every upload of the user with it.
      if (patch.imageId !== undefined) await this.deps.uploads.removeImages(target.id, patch.imageId);
    }
  }

  /**
   * Writes `patch` with, when `audit` is given, its `user.update` entry in the same transaction
   * (only the fields whose value changes; none: no entry). A unique violation becomes
   * USERNAME_TAKEN or EMAIL_TAKEN (looked up after the transaction rolled back).
   */
  private async store(target: UserRow, patch: UserUpdate, audit: AuditActor | undefined): Promise<void> {
    const { db } = this.deps;
    const userId = target.id;
    try {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set(patch).where('id', '=', userId).execute();
        if (!audit) return;
        const diff = changedFields(auditView(target), auditView({ ...target, ...patch } as UserRow));
        if (Object.keys(diff.after).length === 0) return;
        await recordAudit(trx, { actor: audit, action: 'user.update', target: { type: 'User', id: userId, label: target.email }, ...diff });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (patch.username) {
        const taken = await db.selectFrom('users').select('id').where('username', '=', patch.username).where('id', '!=', userId).executeTakeFirst();
        if (taken) throw new HttpError(409, 'USERNAME_TAKEN', 'username: this username is already taken', { field: 'username' });
      }
      throw new HttpError(409, 'EMAIL_TAKEN', 'email: an account with this e-mail already exists', { field: 'email' });
    }
  }

  /**
   * Deletes `target` with everything that hangs on it: sessions, tokens, images (rows and files),
   * linked accounts and codes (ON DELETE CASCADE). Users deleting themselves confirm it (ACC-DELETE)
   * with their password (under the account's growing delay, SEC-LIMITS passwordGuess), or with the
   * code mailed by `sendAccountDeletionCode` when they have none — a stolen access token alone must
   * not be enough to destroy the account. The `accountDeleted` mail to the account's address (time,
   * `options.device`, whether an admin did it) is queued with the deletion (MAIL-SECURITY); with
   * `options.audit` (an administrator deleting someone, ADMIN-AUDIT) its `user.delete` entry too.
   * The user's ledger accounts stay, their reference replaced (LEDGER-DELETION).
   * @throws HttpError PAYOUT_IN_PROGRESS while money is in payout (asked before the confirmation,
   *   checked again in the deletion's transaction); when `self` and not confirmed: see
   *   `CredentialService.confirmDeletion`.
   */
  async deleteUser(target: UserRow, options: { self: boolean; confirmation: string; device?: DeviceInfo; audit?: AuditActor }): Promise<void> {
    const { db } = this.deps;
    await this.deps.events.raise(db, { type: 'userDeletionRequested', userId: target.id });
    if (options.self) await this.deps.credentials.confirmDeletion(target, options.confirmation);
    const images = await db.selectFrom('images').select(['id', 'ext']).where('userId', '=', target.id).execute();
    await db.transaction().execute(async (trx) => {
      await this.deps.events.raise(trx, { type: 'userDeleted', userId: target.id });
      await trx.deleteFrom('users').where('id', '=', target.id).execute();
      // The timeline goes with the account (ACC-TIMELINE: its triggers allow this only once the user is gone).
      await trx.deleteFrom('securityEvents').where('userId', '=', target.id).execute();
      if (options.audit) {
        await recordAudit(trx, {
          actor: options.audit,
          action: 'user.delete',
          target: { type: 'User', id: target.id, label: target.email },
          before: auditView(target),
          after: null,
        });
      }
      const params = { byAdmin: !options.self, ...securityEvent(options.device) };
      await this.deps.mail.send(
        { to: target.email, template: 'accountDeleted', locale: mailLocale(target.locale), params, key: `deleted:${target.id}` },
        { db: trx },
      );
    });
    await this.deps.uploads.removeFiles(images);
    this.deps.userChanged(target.id); // ends the user's subscriptions (viewerUpdated)
  }
}
