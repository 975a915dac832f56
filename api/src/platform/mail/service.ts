/**
 * The mail service: a durable outbox in the database (table `mail_outbox`, migration 0003) whose
 * deliveries are `mail` jobs of the job queue (api/src/jobs, decision 0022; MAIL-OUTBOX).
 *
 * `send()` renders the template and inserts one `pending` outbox row and its job — inside the
 * caller's transaction when one is given, so the mail is queued exactly when the business change
 * commits — and returns without talking to any mail server. The job (id = the row's id):
 *  1. loads the row; a row already `sent` is done (a job that runs again sends nothing twice here);
 *  2. hands the message to the transport with its stable Message-ID `<row-id@host>`, and counts
 *     the attempt with its outcome (one write per attempt);
 *  3. success → `sent` (+ `sent_at`; the body is cleared: it may hold a code or reset link,
 *     CONTENT_REMOVED); an error is kept in `last_error` and the queue retries with backoff
 *     (`MAIL_RETRY_BASE_MS · 2^(n−1)`, capped at `MAIL_RETRY_MAX_MS`) until `MAIL_MAX_ATTEMPTS`
 *     runs were made (about three days by default), then the row is `failed` with its body kept, so
 *     an operator can `requeueFailed()` it (`pnpm jobs requeue mail`).
 *
 * When the mail server cannot be reached (refused, dropped, silent, or 421 at the greeting), the
 * service asks it for a new session every `min(5 s, MAIL_RETRY_BASE_MS)` and, as soon as it takes
 * one or any delivery succeeds, makes every mail waiting out a retry due at once (`retryNow`), so
 * an outage of any length ends in delivery within seconds, not after the longest backoff
 * (decision 0043). Refusals of one message (a 4xx/5xx after the greeting) keep their backoff.
 *
 * Delivery guarantee — AT LEAST ONCE. A process killed between the transport's acceptance and the
 * `sent` UPDATE leaves the job's lease to run out; the job then runs again and the mail is handed
 * over a second time with the same Message-ID. Receivers de-duplicate on it where we control them:
 * the `outbox` transport writes the same file name, so it overwrites; SMTP servers and mail clients
 * commonly drop a repeated Message-ID. We prefer this to the earlier at-most-once rule, which lost
 * acknowledged orders' mails when a process died mid-send.
 *
 * Here: the outbox (OutboxMailService). The job is delivery.ts, the outage probe outage.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { type Db, nowIso } from '../db/index.js';
import type { Database } from '../db/types.js';
import type { JobQueue } from '../jobs/queue.js';
import { type MailJob, MailDelivery } from './delivery.js';
import { type MailLog, MailServerWatch } from './outage.js';
import { renderMail } from './render.js';
import type { MailLocale, MailTemplate, MailTemplateParams, RenderedMail } from './templates.js';
import { type MailTransport, type SentMail, createMailTransport } from './transport.js';

/** What to send: the recipient, the template with its typed params, the language and an optional idempotency key. */
export interface MailRequest<T extends MailTemplate = MailTemplate> {
  to: string;
  template: T;
  locale: MailLocale;
  params: MailTemplateParams[T];
  /**
   * Names the logical mail, e.g. `verify:<userId>:<codeHash>`; a second `send` with the same key
   * queues nothing and returns the first row's id. Default: a fresh UUID (never de-duplicated).
   */
  key?: string;
}

/** The result of `send`: the outbox row id, and false in `queued` when the key already existed. */
export interface SendResult {
  id: string;
  queued: boolean;
}

/** What one `drain()` pass did: rows delivered, rescheduled after an error, and given up on. */
export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailService {
  /**
   * Renders and queues a mail. With `options.db` (a Kysely transaction) the row and its job are
   * written in that transaction; without it, in their own statements. Workers are nudged at commit.
   * @throws the database error (never a transport error: nothing is sent here).
   */
  send<T extends MailTemplate>(request: MailRequest<T>, options?: { db?: Kysely<Database> }): Promise<SendResult>;
  /** `renderMail` with this site's name and public URL. */
  render<T extends MailTemplate>(template: T, locale: MailLocale, params: MailTemplateParams[T]): RenderedMail;
  /**
   * Delivers every mail due now (the queue's `runDue(['mail'])`), after any pass in progress in
   * this process. Transport errors are recorded on their rows, not thrown.
   */
  drain(): Promise<DrainResult>;
  /** Failed mails become pending again with fresh attempts (an operator's command); returns their ids. */
  requeueFailed(): Promise<string[]>;
  /** Closes the transport (the queue, stopped first by buildApp, owns the worker). */
  close(): Promise<void>;
  /** The sales address (`SALES_EMAIL`) for order notifications. */
  readonly salesEmail: string;
  /** The `memory` transport's delivered messages (in order); null for `outbox` and `smtp`. */
  readonly sent: readonly SentMail[] | null;
}

/**
 * Creates the mail service over `db` for `config` (transport from `config.mail.transport`) and
 * registers its `mail` job kind on `jobs`.
 */
export function createMailService(db: Db, jobs: JobQueue, config: Pick<Config, 'mail' | 'dataDir' | 'siteName' | 'publicUrl'>, log?: MailLog): MailService {
  return new OutboxMailService(db, jobs, config, log);
}

/** The outbox: `send` writes a row and its `mail` job; the job (delivery.ts) hands it to the transport. */
export class OutboxMailService implements MailService {
  readonly salesEmail: string;
  private readonly transport: MailTransport;
  private readonly watch: MailServerWatch;
  private readonly site: { siteName: string; publicUrl: string };

  /** Builds the transport and registers the `mail` job kind on `jobs` (see createMailService). */
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    config: Pick<Config, 'mail' | 'dataDir' | 'siteName' | 'publicUrl'>,
    log?: MailLog,
  ) {
    this.transport = createMailTransport(config);
    // The server is away (see the module docstring): probe it, and release the waiting mails once it is back.
    this.watch = new MailServerWatch(this.transport, jobs, config.mail.retryBaseMs, log);
    this.site = { siteName: config.siteName, publicUrl: config.publicUrl };
    this.salesEmail = config.mail.salesEmail;
    jobs.register<MailJob>(new MailDelivery(db, this.transport, config, this.watch));
  }

  /** The `memory` transport's delivered messages (in order); null for `outbox` and `smtp`. */
  get sent(): readonly SentMail[] | null {
    return this.transport.sent;
  }

  /** `renderMail` with this site's name and public URL. */
  render<T extends MailTemplate>(template: T, locale: MailLocale, params: MailTemplateParams[T]): RenderedMail {
    return renderMail(template, locale, params, this.site);
  }

  /**
   * Renders and queues a mail: one `pending` row and its job, in `options.db` when given.
   * @returns the row id, `queued: false` when `request.key` existed. @throws the database error.
   */
  async send<T extends MailTemplate>(request: MailRequest<T>, options: { db?: Kysely<Database> } = {}): Promise<SendResult> {
    const { subject, html, text } = renderMail(request.template, request.locale, request.params, this.site);
    const id = randomUUID();
    const key = request.key ?? id;
    const created = nowIso();
    const target = options.db ?? this.db;
    const inserted = await target
      .insertInto('mailOutbox')
      .values({
        id,
        idempotencyKey: key,
        recipient: request.to,
        subject,
        html,
        text,
        template: request.template,
        locale: request.locale,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: created,
        created,
      })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) {
      await this.jobs.enqueue('mail', { outboxId: id } satisfies MailJob, { db: target, id, key: `mail:${id}` });
      return { id, queued: true };
    }
    const existing = await target.selectFrom('mailOutbox').select('id').where('idempotencyKey', '=', key).executeTakeFirstOrThrow();
    return { id: existing.id, queued: false };
  }

  /** Delivers every mail due now (`runDue(['mail'])`); transport errors stay on their rows. */
  async drain(): Promise<DrainResult> {
    const { done, retried, failed } = await this.jobs.runDue(['mail']);
    return { sent: done, retried, failed };
  }

  /** Failed mails become pending again with fresh attempts. @returns their ids. */
  requeueFailed(): Promise<string[]> {
    return this.jobs.requeueFailed('mail');
  }

  /** Stops the outage probe and closes the transport. */
  async close(): Promise<void> {
    this.watch.close();
    this.transport.close();
  }
}
