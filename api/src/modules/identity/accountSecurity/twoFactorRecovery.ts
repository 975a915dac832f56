/**
 * The e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY, decision 0047): a sign-in that
 * passed its first factor but cannot give the second asks for it with its challenge token
 * (`request`); the account's address is mailed at once — when two-factor authentication will be
 * turned off (`TWO_FACTOR_RECOVERY_DELAY_HOURS` later), from which device it was asked, and a
 * single-use cancel link (256 random bits, stored as SHA-256). At that time a job of the queue
 * removes the authenticator and its recovery codes, unless the recovery was cancelled first — by
 * the link (`cancel`) or by a sign-in that passed the second factor (`cancelBySignIn`: the
 * authenticator is evidently not lost). One pending recovery per account: asking again answers the
 * same time and mails nothing. Each step is a timeline entry (ACC-TIMELINE) and a mail
 * (MAIL-SECURITY), both queued in the step's transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionDevice } from '../auth/sessionList.js';
import { hashToken, newOpaqueToken } from '../auth/tokens.js';
import { mailLocale } from '../../../platform/mail/index.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { Database } from '../../../platform/db/types.js';
import { deviceLabel } from '../../../platform/http/device.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { JobQueue } from '../../../platform/jobs/types.js';
import { type MailService, securityEvent } from '../../../platform/mail/index.js';
import type { MailTemplate, MailTemplateParams } from '../../../platform/mail/templates.js';
import { recordSecurityEvent } from './events.js';
import { type SignInChallenges, invalidChallenge } from './signInChallenges.js';
import { removeTwoFactor } from './twoFactor.js';

/** The job kind that carries a recovery out at its `due_at`. */
export const RECOVERY_JOB = 'twoFactorRecovery';

export interface TwoFactorRecoveryDeps {
  db: Db;
  jobs: JobQueue;
  mail: MailService;
  challenges: SignInChallenges;
  /** `TWO_FACTOR_RECOVERY_DELAY_HOURS` in ms. */
  delayMs: number;
  userChanged: (userId: string) => void;
}

/** How a cancel came: the mail's link, or a sign-in that passed the second factor. */
export type CancelledBy = 'link' | 'sign-in';

const unknownLink = () => new HttpError(404, 'RECOVERY_LINK_INVALID', 'This link is not known: it may be mistyped, or it belongs to another request.');

export class TwoFactorRecovery {
  constructor(private readonly deps: TwoFactorRecoveryDeps) {
    deps.jobs.register<{ recoveryId: string }>({
      kind: RECOVERY_JOB,
      run: (payload) => this.complete(payload.recoveryId),
      maxAttempts: 50,
      retry: { baseMs: 5_000, maxMs: 3_600_000 },
    });
  }

  /** `userId`'s pending recovery, if any. */
  pending(userId: string, db: Kysely<Database> = this.deps.db) {
    return db.selectFrom('twoFactorRecoveries').selectAll().where('userId', '=', userId).where('status', '=', 'pending').executeTakeFirst();
  }

  /**
   * Starts a recovery for the account of sign-in challenge `challengeToken` on `deviceToken`
   * (not used up: the visitor may still find a code) unless one is pending; answers when 2FA goes.
   * @throws HttpError 401 TWO_FACTOR_CHALLENGE_INVALID (as the second step would).
   */
  async request(challengeToken: string, deviceToken: string, from: SessionDevice): Promise<{ dueAt: string; started: boolean }> {
    const passed = await this.deps.challenges.peek(challengeToken, deviceToken);
    if (!passed) throw invalidChallenge();
    const { userId } = passed;
    const existing = await this.pending(userId);
    if (existing) return { dueAt: existing.dueAt, started: false };
    const id = randomUUID();
    const token = newOpaqueToken();
    const now = Date.now();
    const dueAt = nowIso(now + this.deps.delayMs);
    const started = await this.deps.db.transaction().execute(async (trx) => {
      // The partial unique index keeps one pending recovery per account: a racing second request inserts nothing.
      const inserted = await trx
        .insertInto('twoFactorRecoveries')
        .values({
          id,
          userId,
          cancelTokenHash: hashToken(token),
          status: 'pending',
          dueAt,
          userAgent: from.userAgent,
          network: from.network,
          created: nowIso(now),
          finishedAt: null,
          cancelledBy: null,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      await recordSecurityEvent(trx, { userId, kind: 'TWO_FACTOR_RECOVERY_REQUESTED', method: 'email', device: from });
      await this.tell(
        trx,
        userId,
        'twoFactorRecoveryRequested',
        { dueAt, token, ...securityEvent(this.device(from), new Date(now)) },
        `2fa-recovery-requested:${id}`,
      );
      await this.deps.jobs.enqueue(RECOVERY_JOB, { recoveryId: id }, { db: trx, key: `2fa-recovery:${id}`, runAt: dueAt });
      return true;
    });
    if (started) return { dueAt, started: true };
    const raced = await this.pending(userId);
    if (!raced) throw new HttpError(409, 'TWO_FACTOR_RECOVERY_CONFLICT', 'Another request changed this recovery; try again.');
    return { dueAt: raced.dueAt, started: false };
  }

  /**
   * Cancels the recovery of the mailed link's `token` (single use), from `from`.
   * @throws HttpError 404 RECOVERY_LINK_INVALID (unknown), 409 RECOVERY_ALREADY_CANCELLED, 409 RECOVERY_ALREADY_DONE.
   */
  async cancel(token: string, from: SessionDevice): Promise<void> {
    const row = await this.deps.db
      .selectFrom('twoFactorRecoveries')
      .select(['id', 'userId', 'status'])
      .where('cancelTokenHash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) throw unknownLink();
    if (row.status === 'pending' && (await this.cancelRow(row.id, row.userId, 'link', from))) return;
    const now = await this.deps.db.selectFrom('twoFactorRecoveries').select('status').where('id', '=', row.id).executeTakeFirst();
    if (!now) throw unknownLink();
    if (now.status === 'done')
      throw new HttpError(
        409,
        'RECOVERY_ALREADY_DONE',
        'Two-factor authentication was already turned off by this request; turn it on again from your profile.',
      );
    throw new HttpError(409, 'RECOVERY_ALREADY_CANCELLED', 'This request was already cancelled: two-factor authentication stays on.');
  }

  /** A sign-in of `userId` passed the second factor (ACC-2FA): its pending recovery, if any, is cancelled. */
  async cancelBySignIn(userId: string, from: SessionDevice): Promise<void> {
    const row = await this.pending(userId);
    if (row) await this.cancelRow(row.id, userId, 'sign-in', from);
  }

  /** Marks recovery `id` cancelled if still pending, with its timeline entry and mail; answers whether it did. */
  private cancelRow(id: string, userId: string, by: CancelledBy, from: SessionDevice): Promise<boolean> {
    return this.deps.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('twoFactorRecoveries')
        .set({ status: 'cancelled', cancelledBy: by, finishedAt: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await recordSecurityEvent(trx, { userId, kind: 'TWO_FACTOR_RECOVERY_CANCELLED', method: by, device: from });
      await this.tell(trx, userId, 'twoFactorRecoveryCancelled', { by, ...securityEvent(this.device(from)) }, `2fa-recovery-cancelled:${id}`);
      return true;
    });
  }

  /**
   * The job: carries recovery `id` out if it is still pending and due — the authenticator and its
   * recovery codes are removed, a TWO_FACTOR_DISABLED entry (method `email-recovery`) recorded and
   * `twoFactorRecoveryCompleted` mailed, in one transaction. Idempotent: a second run finds it done.
   * An authenticator turned on after the request is left alone (the recovery ends as cancelled).
   * @throws Error when it is pending but not due yet (the queue tries again later).
   */
  async complete(id: string): Promise<void> {
    const now = nowIso();
    const userId = await this.deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('twoFactorRecoveries')
        .set({ status: 'done', finishedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('dueAt', '<=', now)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      const totp = await trx.selectFrom('totpSecrets').select('confirmedAt').where('userId', '=', row.userId).executeTakeFirst();
      if (totp?.confirmedAt && totp.confirmedAt > row.created) {
        await trx.updateTable('twoFactorRecoveries').set({ status: 'cancelled', cancelledBy: 'new-authenticator' }).where('id', '=', id).execute();
        return null;
      }
      if (!(await removeTwoFactor(trx, row.userId))) return null; // already off: nothing to tell
      await recordSecurityEvent(trx, { userId: row.userId, kind: 'TWO_FACTOR_DISABLED', method: 'email-recovery' });
      const asked = { userAgent: row.userAgent, network: row.network };
      await this.tell(trx, row.userId, 'twoFactorRecoveryCompleted', securityEvent(this.device(asked), new Date(row.created)), `2fa-recovery-completed:${id}`);
      return row.userId;
    });
    if (userId) {
      this.deps.userChanged(userId);
      return;
    }
    const left = await this.deps.db.selectFrom('twoFactorRecoveries').select(['status', 'dueAt']).where('id', '=', id).executeTakeFirst();
    if (left?.status === 'pending') throw new Error(`two-factor recovery ${id} is not due before ${left.dueAt}`);
  }

  private device(from: SessionDevice) {
    return { label: deviceLabel(from.userAgent), network: from.network };
  }

  /** Queues `template` to `userId`'s address in its language, in `trx`, once per `key`. */
  private async tell<T extends MailTemplate>(trx: Kysely<Database>, userId: string, template: T, params: MailTemplateParams[T], key: string): Promise<void> {
    const user = await trx.selectFrom('users').select(['email', 'locale']).where('id', '=', userId).executeTakeFirstOrThrow();
    await this.deps.mail.send({ to: user.email, template, locale: mailLocale(user.locale), params, key }, { db: trx });
  }
}
