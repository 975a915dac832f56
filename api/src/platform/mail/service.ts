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
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { type Db, nowIso } from '../db/index.js';
import type { Database } from '../db/types.js';
import { type JobQueue, errorText } from '../jobs/queue.js';
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
 * What a sent row keeps of its body: nothing. Bodies hold one-time codes and reset links, and
 * secrets at rest are kept only as hashes (ACC-EMAIL, ACC-RESET), so a row that is `sent` drops
 * them (the subject too: a code's subject names the code); recipient, template, locale and
 * times stay for the record. A `failed` row keeps them until it is requeued or sent.
 */
const CONTENT_REMOVED = { subject: '', html: '', text: '' } as const;

/** The payload of a `mail` job. */
interface MailJob {
  outboxId: string;
}

/**
 * Creates the mail service over `db` for `config` (transport from `config.mail.transport`) and
 * registers its `mail` job kind on `jobs`.
 */
/**
 * Whether an SMTP error says the server could not be reached, rather than that it refused this
 * message: it failed at the connection stage (nodemailer's `command: 'CONN'`, e.g. 421 instead of a
 * greeting) or came with no SMTP reply code at all (refused, reset, closed, timed out).
 */
function unreachable(error: unknown): boolean {
  const e = error as { command?: unknown; responseCode?: unknown } | null;
  return e?.command === 'CONN' || typeof e?.responseCode !== 'number';
}

export function createMailService(
  db: Db,
  jobs: JobQueue,
  config: Pick<Config, 'mail' | 'dataDir' | 'siteName' | 'publicUrl'>,
  log?: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void },
): MailService {
  const transport: MailTransport = createMailTransport(config);
  // The server is away (see the module docstring): probe it, and release the waiting mails once it is back.
  let away = false;
  let closed = false;
  let probe: NodeJS.Timeout | null = null;
  const probeEveryMs = Math.min(5_000, config.mail.retryBaseMs);
  const back = () => {
    if (!away) return;
    away = false;
    if (probe) clearTimeout(probe);
    probe = null;
    log?.info({}, 'mail server answers again; delivering the mails that waited');
    jobs.retryNow('mail').catch((error: unknown) => log?.warn({ err: error }, 'could not make the waiting mails due; they go at their next retry'));
  };
  const schedule = () => {
    probe = setTimeout(() => {
      transport.verify().then(back, () => {
        if (away && !closed) schedule();
      });
    }, probeEveryMs);
    probe.unref();
  };
  const lost = (error: unknown) => {
    if (away || closed || transport.kind !== 'smtp' || !unreachable(error)) return;
    away = true;
    log?.warn({ err: error }, 'mail server unreachable; mails wait and are sent once it answers');
    schedule();
  };
  const site = { siteName: config.siteName, publicUrl: config.publicUrl };
  const messageHost = (() => {
    try {
      return new URL(config.publicUrl).hostname || 'localhost';
    } catch {
      return 'localhost';
    }
  })();

  jobs.register<MailJob>({
    kind: 'mail',
    maxAttempts: config.mail.maxAttempts,
    retry: { baseMs: config.mail.retryBaseMs, maxMs: config.mail.retryMaxMs },
    async run({ outboxId }) {
      const row = await db.selectFrom('mailOutbox').selectAll().where('id', '=', outboxId).executeTakeFirst();
      if (!row || row.status === 'sent') return;
      try {
        await transport.deliver({
          id: row.id,
          from: config.mail.from,
          to: row.recipient,
          subject: row.subject,
          html: row.html,
          text: row.text,
          messageId: `<${row.id}@${messageHost}>`,
          created: row.created,
        });
      } catch (error) {
        lost(error);
        await db
          .updateTable('mailOutbox')
          .set((eb) => ({ attempts: eb('attempts', '+', 1), lastError: errorText(error) }))
          .where('id', '=', row.id)
          .execute();
        throw error;
      }
      back();
      await db
        .updateTable('mailOutbox')
        .set((eb) => ({ status: 'sent', attempts: eb('attempts', '+', 1), sentAt: nowIso(), lastError: null, ...CONTENT_REMOVED }))
        .where('id', '=', row.id)
        .execute();
    },
    async onGiveUp({ outboxId }, _job, lastError) {
      await db.updateTable('mailOutbox').set({ status: 'failed', lastError }).where('id', '=', outboxId).where('status', '=', 'pending').execute();
    },
    async onRequeue(payloads) {
      const ids = payloads.map((p) => p.outboxId);
      if (ids.length > 0)
        await db
          .updateTable('mailOutbox')
          .set({ status: 'pending', attempts: 0, lastError: null })
          .where('id', 'in', ids)
          .where('status', '=', 'failed')
          .execute();
    },
  });

  return {
    salesEmail: config.mail.salesEmail,
    get sent() {
      return transport.sent;
    },
    render: (template, locale, params) => renderMail(template, locale, params, site),
    async send(request, options = {}) {
      const { subject, html, text } = renderMail(request.template, request.locale, request.params, site);
      const id = randomUUID();
      const key = request.key ?? id;
      const created = nowIso();
      const target = options.db ?? db;
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
        await jobs.enqueue('mail', { outboxId: id } satisfies MailJob, { db: target, id, key: `mail:${id}` });
        return { id, queued: true };
      }
      const existing = await target.selectFrom('mailOutbox').select('id').where('idempotencyKey', '=', key).executeTakeFirstOrThrow();
      return { id: existing.id, queued: false };
    },
    async drain() {
      const { done, retried, failed } = await jobs.runDue(['mail']);
      return { sent: done, retried, failed };
    },
    requeueFailed: () => jobs.requeueFailed('mail'),
    async close() {
      closed = true;
      if (probe) clearTimeout(probe);
      transport.close();
    },
  };
}
