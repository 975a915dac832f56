/**
 * The shapes of the job queue (queue.ts, decision 0022): a kind's handler, the queue's options and
 * interface, and what a run did.
 */
import type { Kysely } from 'kysely';
import type { Database, JobRow } from '../db/types.js';

/** What one kind of job does and how it is retried. */
export interface JobHandler<P = unknown> {
  kind: string;
  /**
   * Runs one job; a thrown error schedules a retry (or gives up). Must be idempotent. `signal` is
   * aborted when the run passes its time limit (the attempt then counts as failed).
   */
  run(payload: P, job: JobRow, signal: AbortSignal): Promise<void>;
  /**
   * The time limit of one run in ms (default: half of `leaseMs`; at most just under the lease, so a
   * run never outlives its claim). Past it the run's slot is freed and the attempt fails (decision 0043).
   */
  timeoutMs?: number;
  /** Runs in all before the job is `failed` (default 10). */
  maxAttempts?: number;
  /** Backoff after a failed run: `baseMs · 2^(attempts−1)` capped at `maxMs` (see retryDelayMs). */
  retry?: { baseMs: number; maxMs: number };
  /** Called once when the job is `failed` for good (last error text). Errors here are logged. */
  onGiveUp?(payload: P, job: JobRow, lastError: string): Promise<void>;
  /** Called with the payloads of failed jobs an operator queued again (`requeueFailed`). */
  onRequeue?(payloads: P[]): Promise<void>;
}

/** What one `runDue()` did: jobs finished, rescheduled after an error, and given up on. */
export interface RunResult {
  done: number;
  retried: number;
  failed: number;
}

/**
 * The worker's state for readiness (SITE-HEALTH): `stalled` when a run has not ended `leaseMs` after
 * its time limit (a handler that ignores its signal and never settles), or the worker has not
 * looked for jobs for `max(leaseMs, 10 polls)`; `off` when this process runs no worker.
 */
export interface WorkerHealth {
  status: 'ok' | 'stalled' | 'off';
  reason?: string;
  /** Runs past their time limit that have not settled yet: their kind and seconds since. */
  overdue: Array<{ kind: string; seconds: number }>;
}

export interface JobQueueOptions {
  kind: 'sqlite' | 'postgres';
  /** PostgreSQL URL for the LISTEN connection (nudges from other processes); null on SQLite. */
  listenUrl: string | null;
  /** Jobs run at once in this process. */
  concurrency: number;
  /** How long a claim holds a job before another worker may take it, in ms (the visibility timeout). */
  leaseMs: number;
  /** How often an idle worker looks for due jobs, in ms (retries and missed nudges). */
  pollIntervalMs: number;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

export interface EnqueueOptions {
  /** A Kysely transaction to write the job in (queued exactly when it commits); default the database. */
  db?: Kysely<Database>;
  /** Names the logical job; a second enqueue with the same key queues nothing. Default: a fresh id. */
  key?: string;
  /** ISO time from which the job is due; default now. */
  runAt?: string;
  /** The job's id (default a fresh UUID); a kind may tie it to its own row, as mail does. */
  id?: string;
}

export interface JobQueue {
  register<P>(handler: JobHandler<P>): void;
  /**
   * Queues a job of a registered `kind` with a JSON-serialisable payload.
   * @returns the job id, and `queued: false` when `key` already existed (the first job's id).
   * @throws the database error; Error for an unregistered kind.
   */
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<{ id: string; queued: boolean }>;
  /**
   * Claims and runs due jobs (of `kinds`, default all) until none is due, with the concurrency
   * limit; after any run in progress in this process. Handler errors are recorded, not thrown.
   */
  runDue(kinds?: string[]): Promise<RunResult>;
  /** Asks the worker to look for due jobs now (no-op before `start()`). */
  nudge(): void;
  /** Failed jobs of `kind` become queued with fresh attempts (the handler's `onRequeue` is told); returns their ids. */
  requeueFailed(kind: string): Promise<string[]>;
  /** The failed jobs of `kind`, oldest first (for an operator). */
  failed(kind: string): Promise<JobRow[]>;
  /**
   * Makes the queued retries of `kind` (jobs waiting out a backoff) due now and nudges the workers
   * — when what they waited for is back (mail: the SMTP server answers again). Answers how many.
   */
  retryNow(kind: string): Promise<number>;
  /** Whether the worker can still run jobs (see WorkerHealth). */
  health(): WorkerHealth;
  /** Starts the periodic worker and, on PostgreSQL, the LISTEN connection. Idempotent. */
  start(): void;
  /** Stops claiming, waits for the jobs in flight (at most a few seconds), closes the LISTEN connection. */
  close(): Promise<void>;
}
