/**
 * The three ways a mail leaves the server (`MAIL_TRANSPORT`, MAIL-OUTBOX), all through nodemailer
 * so every transport builds the same RFC 5322 message:
 * - `outbox` (default): nodemailer's stream transport renders the message into a buffer, written
 *   as `<DATA_DIR>/outbox/<created>-<id>.eml` (via a temp file and rename, so a reader never sees
 *   half a file). The name depends only on the mail, so a mail delivered again (delivery is at least
 *   once) replaces its file: this receiver de-duplicates;
 * - `smtp`: nodemailer's pooled SMTP transport to `SMTP_URL` (`smtp://` or `smtps://`, user and password
 *   in the URL, nodemailer's query options such as `?tls.rejectUnauthorized=false`);
 * - `memory`: the stream transport's buffer is kept in `sent` (tests, and the SMTP-less dev loop).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

/** A message ready to go: addresses, subject, both bodies, and its stable Message-ID. */
export interface OutgoingMail {
  /** The outbox row id (used in the `.eml` file name). */
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<outbox-id@host>`: the same row always carries the same Message-ID, so receivers can de-duplicate. */
  messageId: string;
  /** ISO time the mail was accepted; the `Date` header. */
  created: string;
}

/** A message kept by the `memory` transport. `raw` is the full RFC 5322 source. */
export interface SentMail {
  id: string;
  messageId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  raw: string;
}

export interface MailTransport {
  kind: Config['mail']['transport'];
  /**
   * Hands `mail` over: resolves once the SMTP server accepted it (250 after DATA), the `.eml`
   * file is written, or the message is kept in memory.
   * @throws the transport's error (nodemailer's, with `code` such as ECONNECTION, or a file error).
   */
  deliver(mail: OutgoingMail): Promise<void>;
  /**
   * Resolves when the mail server takes a new session (SMTP: connect, greeting, EHLO, QUIT);
   * at once for the file and memory transports. @throws nodemailer's error when it does not.
   */
  verify(): Promise<void>;
  /** Messages delivered so far by the `memory` transport; null for the others. */
  sent: SentMail[] | null;
  /** Closes pooled SMTP connections; safe to call twice. */
  close(): void;
}

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    date: new Date(mail.created),
  };
}

/**
 * `SMTP_URL` with our defaults added as nodemailer query options where the URL does not set them:
 * a pool of `connections` reused connections (the job worker delivers several mails at once) and
 * timeouts in ms, so a dead server fails the attempt (the job is retried) instead of holding a worker
 * for nodemailer's 2-minute default. `maxRequeues=1`: a message whose connection the server closes
 * is tried once more on a fresh connection, then fails back to the job queue, which retries with
 * backoff — nodemailer's default re-queues it in memory for ever, so a server that drops every
 * connection held the message (and the job) until it came back (decision 0043).
 * nodemailer reads options only from the URL when one is given.
 */
export function smtpUrlWithDefaults(smtpUrl: string, connections: number): string {
  const url = new URL(smtpUrl);
  const defaults: Record<string, string> = {
    pool: 'true',
    maxConnections: String(connections),
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '30000',
    maxRequeues: '1',
  };
  for (const [key, value] of Object.entries(defaults)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

/*
 * No `getSocket` hook (decision 0043): nodemailer opens its own connections. An earlier hook that
 * turned Nagle's algorithm off answered a failed connect as an error, which nodemailer reports to
 * the message only and never frees the pool slot: after `MAIL_SMTP_CONNECTIONS` refusals every send
 * waited for ever. Handing it a still-connecting socket instead freed the slots but slowed every
 * delivery by seconds in the browser tests. Nagle's ~40 ms per message is the price of the library's
 * own connection handling.
 */

/**
 * Creates the transport of `config.mail.transport`.
 * @throws Error when `smtp` is chosen without `smtpUrl` (loadConfig already refuses that).
 */
export function createMailTransport(config: Pick<Config, 'mail' | 'dataDir'>): MailTransport {
  const kind = config.mail.transport;
  if (kind === 'smtp') {
    if (!config.mail.smtpUrl) throw new Error('SMTP_URL is required when MAIL_TRANSPORT=smtp');
    const transporter = nodemailer.createTransport(smtpUrlWithDefaults(config.mail.smtpUrl, config.mail.smtpConnections));
    return {
      kind,
      sent: null,
      async deliver(mail) {
        await transporter.sendMail(message(mail));
      },
      async verify() {
        await transporter.verify();
      },
      close: () => transporter.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  if (kind === 'memory') {
    const sent: SentMail[] = [];
    return {
      kind,
      sent,
      async deliver(mail) {
        const info = await stream.sendMail(message(mail));
        sent.push({
          id: mail.id,
          messageId: mail.messageId,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          raw: (info.message as Buffer).toString('utf8'),
        });
      },
      verify: async () => {},
      close: () => stream.close(),
    };
  }
  const dir = join(config.dataDir, 'outbox');
  return {
    kind,
    sent: null,
    async deliver(mail) {
      const info = await stream.sendMail(message(mail));
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${mail.created.replace(/[:.]/g, '-')}-${mail.id}.eml`);
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    verify: async () => {},
    close: () => stream.close(),
  };
}
