/**
 * The tables of background work, split from types.ts: the job queue (`jobs`, migration 0007,
 * api/src/jobs) and the mail outbox its `mail` jobs deliver (`mail_outbox`, migration 0003,
 * MAIL-OUTBOX). Same conventions as types.ts: camelCase here, ids and times as text.
 */
import type { Selectable } from 'kysely';

/** Lifecycle of an outbox row: pending → sent, or failed once its job used up its attempts (requeue: pending again). */
export type MailStatus = 'pending' | 'sent' | 'failed';

/** `queued` (due from `runAt`), `running` (leased until `lockedUntil`), `done`, or `failed` (attempts used up). */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** One unit of background work (api/src/jobs): `payload` is JSON, its shape set by `kind`. */
export interface JobsTable {
  id: string;
  kind: string;
  /** Unique: the same logical job (e.g. `mail:<outboxId>`) is queued at most once. */
  idempotencyKey: string;
  payload: string;
  status: JobStatus;
  /** Runs started so far (incremented when a worker claims the row). */
  attempts: number;
  maxAttempts: number;
  /** ISO time from which the job is due. */
  runAt: string;
  /** ISO end of the running claim's lease; after it the job is due again (its process died). */
  lockedUntil: string | null;
  /** A fresh token per claim: only the claim's holder can record the outcome. */
  lockToken: string | null;
  lastError: string | null;
  created: string;
  finishedAt: string | null;
}

export type JobRow = Selectable<JobsTable>;

/** One accepted outgoing mail of the durable outbox (api/src/mail/service.ts); its delivery is a `mail` job. */
export interface MailOutboxTable {
  id: string;
  /** Unique: the same logical mail (e.g. `verify:<userId>:<codeId>`) is queued at most once. */
  idempotencyKey: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  locale: string;
  status: MailStatus;
  /** Delivery attempts started so far. */
  attempts: number;
  /** ISO time the mail was accepted (the job's schedule is on its `jobs` row). */
  nextAttemptAt: string;
  /** Unused since the job queue (migration 0007); kept because shipped migrations never change. */
  claimedAt: string | null;
  lastError: string | null;
  created: string;
  sentAt: string | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
