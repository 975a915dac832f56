/**
 * The mail service: a durable outbox in the database (table `mail_outbox`, migration 0003) and
 * a worker that delivers it through the configured transport (MAIL-OUTBOX).
 *
 * `send()` renders the template and inserts one `pending` row — inside the caller's transaction
 * when one is given, so the mail is queued exactly when the business change commits — and returns
 * without talking to any mail server. The worker (started by buildApp, stopped by `close()`)
 * every `MAIL_WORKER_INTERVAL_MS`:
 *  1. marks `failed` every row left `sending` for longer than `MAIL_SENDING_STALE_MS` (its process
 *     died mid-delivery, see "Delivery guarantee");
 *  2. selects due `pending` rows and claims each with `UPDATE … SET status='sending',
 *     attempts=attempts+1 WHERE id=? AND status='pending'`: the database lets exactly one
 *     process's UPDATE change the row, so two app processes never both deliver it;
 *  3. delivers a claimed row; success → `sent` (+ `sent_at`, and the body is cleared: it may hold a
 *     code or reset link, CONTENT_REMOVED); failure → back to `pending` with
 *     `next_attempt_at = now + retryDelayMs(attempts)` and `last_error`, or `failed` (error kept)
 *     once `MAIL_MAX_ATTEMPTS` attempts were made.
 *
 * Delivery guarantee — AT MOST ONCE per row. A row is delivered only by the process whose claim
 * UPDATE won, and a claimed row is never put back to `pending` except after the transport
 * reported an error. If the process dies between the SMTP server's acceptance and the `sent`
 * UPDATE, the row stays `sending`; step 1 later marks it `failed` with an "interrupted" error
 * instead of resending it. We prefer a rare lost mail (visible as `failed`, and the user can ask
 * for a new code or link) to a duplicate, because MAIL-OUTBOX requires that none is sent twice and
 * every mail here is either re-requestable by the user (codes, reset links) or a notice whose
 * duplicate would confuse. Graceful shutdown (`close()`) waits for the delivery in flight, so only
 * a crash can leave a row `sending`. The residual window the other way — the server accepted the
 * message but the connection broke before its 250 reached us, reported as an error and retried —
 * is covered by the stable Message-ID (`<row-id@host>`), which receiving servers de-duplicate on.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { type Db, nowIso } from '../db/index.js';
import type { Database, MailOutboxRow } from '../db/types.js';
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
   * Renders and queues a mail. With `options.db` (a Kysely transaction) the row is written in
   * that transaction; without it, in its own statement, and the worker is nudged to deliver soon.
   * @throws the database error (never a transport error: nothing is sent here).
   */
  send<T extends MailTemplate>(request: MailRequest<T>, options?: { db?: Kysely<Database> }): Promise<SendResult>;
  /** `renderMail` with this site's name and public URL. */
  render<T extends MailTemplate>(template: T, locale: MailLocale, params: MailTemplateParams[T]): RenderedMail;
  /**
   * One worker pass now (steps 1–3 above) over the rows due at this moment, after any pass in
   * progress in this process. Transport errors are recorded on their rows, not thrown.
   */
  drain(): Promise<DrainResult>;
  /** Starts the periodic worker (every `MAIL_WORKER_INTERVAL_MS`); buildApp calls it. Idempotent. */
  start(): void;
  /** Stops the worker, waits for the pass in flight (which stops after its current row) and closes the transport. */
  close(): Promise<void>;
  /** The sales address (`SALES_EMAIL`) for order notifications. */
  readonly salesEmail: string;
  /** The `memory` transport's delivered messages (in order); null for `outbox` and `smtp`. */
  readonly sent: readonly SentMail[] | null;
}

/**
 * The wait before the next attempt after `attempts` failed ones: `baseMs · 2^(attempts−1)`,
 * capped at `maxMs` (exponential backoff without jitter; the jitter's job — spreading retries of
 * many clients — is done by rows failing at different times). Pure: no library in @studio/api
 * offers this computation (p-retry and exponential-backoff are not dependencies, and retry loops
 * would not survive a restart anyway — the schedule lives in `next_attempt_at`).
 * @param attempts ≥ 1; @returns milliseconds.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 40);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

/** The last error text kept on a row: nodemailer's code (if any) and message, at most 1000 characters. */
function errorText(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  return `${code}${message}`.slice(0, 1000);
}

const BATCH = 50;

/**
 * Creates the mail service over `db` for `config` (transport from `config.mail.transport`).
 * The worker does not run until `start()`.
 */
/**
 * What a finished row keeps of its body: nothing. Bodies hold one-time codes and reset links, and
 * secrets at rest are kept only as hashes (ACC-EMAIL, ACC-RESET), so a row that is `sent` or `failed`
 * drops them (the subject too: a code's subject names the code); recipient, template, locale and
 * times stay for the record.
 */
const CONTENT_REMOVED = { subject: '', html: '', text: '' } as const;

export function createMailService(db: Db, config: Pick<Config, 'mail' | 'dataDir' | 'siteName' | 'publicUrl'>, log?: { error(obj: unknown, msg?: string): void }): MailService {
  const transport: MailTransport = createMailTransport(config);
  const site = { siteName: config.siteName, publicUrl: config.publicUrl };
  const messageHost = (() => {
    try {
      return new URL(config.publicUrl).hostname || 'localhost';
    } catch {
      return 'localhost';
    }
  })();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;

  async function deliverRow(row: MailOutboxRow, result: DrainResult): Promise<void> {
    const claimed = await db
      .updateTable('mailOutbox')
      .set({ status: 'sending', attempts: row.attempts + 1, claimedAt: nowIso() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return; // another process won the row
    const attempts = row.attempts + 1;
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
      const giveUp = attempts >= config.mail.maxAttempts;
      await db
        .updateTable('mailOutbox')
        .set({
          status: giveUp ? 'failed' : 'pending',
          ...(giveUp ? CONTENT_REMOVED : {}),
          lastError: errorText(error),
          claimedAt: null,
          nextAttemptAt: nowIso(Date.now() + retryDelayMs(attempts, config.mail.retryBaseMs, config.mail.retryMaxMs)),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .execute();
      if (giveUp) result.failed += 1;
      else result.retried += 1;
      return;
    }
    await db
      .updateTable('mailOutbox')
      .set({ status: 'sent', sentAt: nowIso(), claimedAt: null, ...CONTENT_REMOVED })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .execute();
    result.sent += 1;
  }

  async function pass(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
    const now = Date.now();
    const stale = await db
      .updateTable('mailOutbox')
      .set({ status: 'failed', ...CONTENT_REMOVED, lastError: 'interrupted while sending (the process stopped before recording the result); not resent: delivery is at most once' })
      .where('status', '=', 'sending')
      .where('claimedAt', '<', nowIso(now - config.mail.sendingStaleMs))
      .executeTakeFirst();
    result.failed += Number(stale.numUpdatedRows);
    const due = await db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', nowIso(now))
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of due) {
      if (stopped) break;
      await deliverRow(row, result);
    }
    return result;
  }

  function drain(): Promise<DrainResult> {
    const next = chain.then(pass, pass);
    chain = next.catch(() => undefined);
    return next;
  }

  function tick(): void {
    if (stopped) return;
    drain()
      .catch((error: unknown) => log?.error({ err: error }, 'mail outbox pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, config.mail.workerIntervalMs).unref();
      });
  }

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
        if (!options.db && started && !stopped) setImmediate(() => void drain().catch((error: unknown) => log?.error({ err: error }, 'mail outbox pass failed')));
        return { id, queued: true };
      }
      const existing = await target.selectFrom('mailOutbox').select('id').where('idempotencyKey', '=', key).executeTakeFirstOrThrow();
      return { id: existing.id, queued: false };
    },
    drain,
    start() {
      if (started || stopped) return;
      started = true;
      // unref: the worker alone never keeps a process alive (the HTTP server does).
      timer = setTimeout(tick, config.mail.workerIntervalMs).unref();
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
      transport.close();
    },
  };
}
