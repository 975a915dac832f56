/**
 * A mail server outage, seen from the delivery job (decision 0043; service.ts): when the SMTP server
 * cannot be reached, ask it for a new session every `min(5 s, MAIL_RETRY_BASE_MS)` and, as soon as
 * it takes one or any delivery succeeds, make every mail waiting out a retry due at once
 * (`retryNow`), so an outage of any length ends in delivery within seconds, not after the longest
 * backoff. Refusals of one message (a 4xx/5xx after the greeting) keep their backoff.
 */
import type { JobQueue } from '../jobs/queue.js';
import type { MailTransport } from './transport.js';

/** The log the watch reports an outage's start (warn) and end (info) to. */
export type MailLog = { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };

/**
 * Whether an SMTP error says the server could not be reached, rather than that it refused this
 * message: it failed at the connection stage (nodemailer's `command: 'CONN'`, e.g. 421 instead of a
 * greeting) or came with no SMTP reply code at all (refused, reset, closed, timed out).
 */
export function unreachable(error: unknown): boolean {
  const e = error as { command?: unknown; responseCode?: unknown } | null;
  return e?.command === 'CONN' || typeof e?.responseCode !== 'number';
}

/** Whether the mail server is away, the probe while it is, and releasing the waiting mails once it is back. */
export class MailServerWatch {
  private away = false;
  private closed = false;
  private probe: NodeJS.Timeout | null = null;
  private readonly probeEveryMs: number;

  /**
   * @param transport the transport to probe (`verify()`); only `smtp` can be away.
   * @param jobs the queue whose `mail` retries are made due when the server is back.
   * @param retryBaseMs `MAIL_RETRY_BASE_MS`: the probe runs every `min(5 s, retryBaseMs)`.
   */
  constructor(
    private readonly transport: MailTransport,
    private readonly jobs: JobQueue,
    retryBaseMs: number,
    private readonly log?: MailLog,
  ) {
    this.probeEveryMs = Math.min(5_000, retryBaseMs);
  }

  /** A delivery failed with `error`: when it says the SMTP server is unreachable, the server is away and probed. */
  lost(error: unknown): void {
    if (this.away || this.closed || this.transport.kind !== 'smtp' || !unreachable(error)) return;
    this.away = true;
    this.log?.warn({ err: error }, 'mail server unreachable; mails wait and are sent once it answers');
    this.schedule();
  }

  /** The server took a session or a mail: when it was away, stop probing and make the waiting mails due. Never throws. */
  back(): void {
    if (!this.away) return;
    this.away = false;
    if (this.probe) clearTimeout(this.probe);
    this.probe = null;
    this.log?.info({}, 'mail server answers again; delivering the mails that waited');
    this.jobs.retryNow('mail').catch((error: unknown) => this.log?.warn({ err: error }, 'could not make the waiting mails due; they go at their next retry'));
  }

  /** Stops probing for good. */
  close(): void {
    this.closed = true;
    if (this.probe) clearTimeout(this.probe);
  }

  private schedule(): void {
    this.probe = setTimeout(() => {
      this.transport.verify().then(
        () => this.back(),
        () => {
          if (this.away && !this.closed) this.schedule();
        },
      );
    }, this.probeEveryMs);
    this.probe.unref();
  }
}
