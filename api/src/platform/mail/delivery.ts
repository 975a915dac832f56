/**
 * The `mail` job of the job queue (decision 0022; MAIL-OUTBOX, service.ts): delivers one outbox row.
 * The job's id is the row's id. Delivery is AT LEAST ONCE: a process killed between the transport's
 * acceptance and the `sent` UPDATE runs the job again when its lease runs out, and the mail goes
 * again with the same Message-ID `<row-id@host>`, on which receivers de-duplicate.
 */
import type { Config } from '../config.js';
import { type Db, nowIso } from '../db/index.js';
import type { JobRow } from '../db/types.js';
import { type JobHandler, errorText } from '../jobs/queue.js';
import type { MailServerWatch } from './outage.js';
import type { MailTransport } from './transport.js';

/** The payload of a `mail` job. */
export interface MailJob {
  outboxId: string;
}

/**
 * What a sent row keeps of its body: nothing. Bodies hold one-time codes and reset links, and
 * secrets at rest are kept only as hashes (ACC-EMAIL, ACC-RESET), so a row that is `sent` drops
 * them (the subject too: a code's subject names the code); recipient, template, locale and
 * times stay for the record. A `failed` row keeps them until it is requeued or sent.
 */
const CONTENT_REMOVED = { subject: '', html: '', text: '' } as const;

/** The host of the Message-ID: `publicUrl`'s hostname, or `localhost` when it has none. */
function messageHostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** The `mail` job kind: retries per `MAIL_*` settings, the row's state kept in step with the job's. */
export class MailDelivery implements JobHandler<MailJob> {
  readonly kind = 'mail';
  readonly maxAttempts: number;
  readonly retry: { baseMs: number; maxMs: number };
  private readonly messageHost: string;

  /**
   * @param db the database of `mail_outbox`; @param transport hands messages over;
   * @param config `mail` (From, attempts, backoff in ms) and `publicUrl` (the Message-ID's host);
   * @param watch is told of unreachable-server errors and of each success.
   */
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly config: Pick<Config, 'mail' | 'publicUrl'>,
    private readonly watch: MailServerWatch,
  ) {
    this.maxAttempts = config.mail.maxAttempts;
    this.retry = { baseMs: config.mail.retryBaseMs, maxMs: config.mail.retryMaxMs };
    this.messageHost = messageHostOf(config.publicUrl);
  }

  /**
   * Delivers row `outboxId`: a missing or `sent` row is done (a job that runs again sends nothing
   * twice here); each attempt is counted with its outcome (one write per attempt); success → `sent`
   * with its body cleared. @throws the transport's error, after recording it (the queue retries).
   */
  async run({ outboxId }: MailJob): Promise<void> {
    const row = await this.db.selectFrom('mailOutbox').selectAll().where('id', '=', outboxId).executeTakeFirst();
    if (!row || row.status === 'sent') return;
    try {
      await this.transport.deliver({
        id: row.id,
        from: this.config.mail.from,
        to: row.recipient,
        subject: row.subject,
        html: row.html,
        text: row.text,
        messageId: `<${row.id}@${this.messageHost}>`,
        created: row.created,
      });
    } catch (error) {
      this.watch.lost(error);
      await this.db
        .updateTable('mailOutbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), lastError: errorText(error) }))
        .where('id', '=', row.id)
        .execute();
      throw error;
    }
    this.watch.back();
    await this.db
      .updateTable('mailOutbox')
      .set((eb) => ({ status: 'sent', attempts: eb('attempts', '+', 1), sentAt: nowIso(), lastError: null, ...CONTENT_REMOVED }))
      .where('id', '=', row.id)
      .execute();
  }

  /** The job gave up: a `pending` row becomes `failed` with `lastError`, its body kept for a requeue. */
  async onGiveUp({ outboxId }: MailJob, _job: JobRow, lastError: string): Promise<void> {
    await this.db.updateTable('mailOutbox').set({ status: 'failed', lastError }).where('id', '=', outboxId).where('status', '=', 'pending').execute();
  }

  /** An operator requeued the jobs: their `failed` rows are `pending` again with fresh attempts. */
  async onRequeue(payloads: MailJob[]): Promise<void> {
    const ids = payloads.map((p) => p.outboxId);
    if (ids.length > 0)
      await this.db
        .updateTable('mailOutbox')
        .set({ status: 'pending', attempts: 0, lastError: null })
        .where('id', 'in', ids)
        .where('status', '=', 'failed')
        .execute();
  }
}
