/**
 * A portable job queue on the database (decision 0022): one `jobs` table (migration 0007) that
 * SQLite and PostgreSQL both serve, so background work needs no broker and survives restarts.
 *
 * Life of a job:
 *  - `enqueue(kind, payload, { db, key })` inserts a `queued` row — inside the caller's transaction
 *    when `db` is one, so the job exists exactly when the business change commits — and nudges the
 *    workers: on PostgreSQL with `pg_notify` (delivered to every process's LISTEN connection only at
 *    commit), on SQLite in-process (the one connection is busy until the transaction ends).
 *  - A worker claims due rows (`queued` with `run_at` ≤ now, or `running` whose lease ran out: its
 *    process died) in one UPDATE that sets `status = 'running'`, `attempts + 1`, a fresh
 *    `lock_token` and `locked_until = now + leaseMs`. On PostgreSQL the rows are picked with
 *    `FOR UPDATE SKIP LOCKED`, so workers of several processes never wait on or share a row; SQLite
 *    has one writer at a time, which gives the same.
 *  - The handler runs with at most `concurrency` jobs at once per process. Success → `done`; an
 *    error → `queued` again at `now + retryDelayMs(attempts)`, or `failed` once `max_attempts` runs
 *    were made (the handler's `onGiveUp` is told). Outcomes are written only while the claim's
 *    `lock_token` still holds, so a slow run whose lease was taken over cannot overwrite the new one.
 *
 * Guarantee: AT LEAST ONCE. A process killed mid-run leaves its row `running`; after `leaseMs` it
 * runs again. Handlers must therefore be idempotent (mail: a stable Message-ID, see mail/service.ts).
 *
 * No handler can stall the queue (decision 0043): every run has a time limit below its lease
 * (`timeoutMs` of its kind, default half the lease) after which it counts as a failed attempt and
 * its slot is free again (its signal is aborted; a handler that ignores it is left running and is
 * reported by `health()`); the worker claims more jobs whenever a slot is free or it is nudged,
 * also while slow runs go on; `close()` waits for runs in flight only for a bounded time.
 *
 * Operators: `requeueFailed(kind)` puts failed jobs back with fresh attempts.
 *
 * Here: the worker (JobQueueService). The SQL of claims and outcomes is store.ts, the time limit
 * timeLimit.ts, the stall rules health.ts.
 */
import { randomUUID } from 'node:crypto';
import { type Db, nowIso } from '../db/index.js';
import type { JobRow } from '../db/types.js';
import { errorText } from './backoff.js';
import { reportStall, workerHealth } from './health.js';
import { type NudgeListener, createNudgeListener } from './listener.js';
import { JobStore } from './store.js';
import { type OverdueRun, runWithin, timeLimitMs } from './timeLimit.js';
import type { EnqueueOptions, JobHandler, JobQueue, JobQueueOptions, RunResult, WorkerHealth } from './types.js';

export { errorText, retryDelayMs } from './backoff.js';
export { JobTimeoutError } from './timeLimit.js';
export type { EnqueueOptions, JobHandler, JobQueue, JobQueueOptions, RunResult, WorkerHealth } from './types.js';

const DEFAULT_RETRY = { baseMs: 5_000, maxMs: 3_600_000 };
/** How long `close()` waits for runs in flight before it lets their leases bring them back elsewhere. */
const CLOSE_WAIT_MS = 5_000;

/** Creates the queue over `db` (see JobQueueService). Nothing runs until `start()` or `runDue()`. */
export function createJobQueue(db: Db, options: JobQueueOptions): JobQueue {
  return new JobQueueService(db, options);
}

/** The job queue of one process over `db`: its handlers, its worker and the runs in flight. */
export class JobQueueService implements JobQueue {
  private readonly handlers = new Map<string, JobHandler<any>>();
  private readonly store: JobStore;
  /** Jobs whose handler succeeded, waiting for recordDone(). */
  private readonly finished: JobRow[] = [];
  /** The pass in progress (or the last one): passes of one process run one after another. */
  private chain: Promise<unknown> = Promise.resolve();
  private runQueued = false;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;
  private reportedStall = false;
  /** Resolves the wait of the running pass (a nudge, a poll, a free slot), so it claims again. */
  private wakeUp: (() => void) | null = null;
  /** When the worker last looked for jobs (a claim that answered), ms since the epoch. */
  private lastClaimAt = Date.now();
  /** Runs that went past their time limit and have not settled since: job id → kind and when it timed out. */
  private readonly overdue = new Map<string, OverdueRun>();
  private readonly listener: NudgeListener | null;

  /**
   * @param db the database of the `jobs` table.
   * @param options the database kind, the LISTEN URL (PostgreSQL), concurrency, lease and poll
   *   interval (ms), and the log (see JobQueueOptions).
   */
  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.store = new JobStore(db, options);
    this.listener = options.listenUrl ? createNudgeListener(options.listenUrl, () => this.nudge(), options.log) : null;
  }

  /** Registers (or replaces) the handler of `handler.kind`. */
  register<P>(handler: JobHandler<P>): void {
    this.handlers.set(handler.kind, handler);
  }

  /**
   * Queues a job of a registered `kind` (see JobQueue.enqueue), in `enqueueOptions.db` when given.
   * @returns the job id, `queued: false` when its key existed. @throws Error for an unregistered kind; the database error.
   */
  async enqueue(kind: string, payload: unknown, enqueueOptions: EnqueueOptions = {}): Promise<{ id: string; queued: boolean }> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`No job handler for kind "${kind}"`);
    const id = enqueueOptions.id ?? randomUUID();
    const key = enqueueOptions.key ?? `${kind}:${id}`;
    const target = enqueueOptions.db ?? this.db;
    const job = { id, kind, key, payload: JSON.stringify(payload), maxAttempts: handler.maxAttempts ?? 10, runAt: enqueueOptions.runAt };
    const result = await this.store.insert(target, job);
    if (!result.queued) return result;
    // PostgreSQL delivers a NOTIFY at commit, to every process; SQLite's worker query waits for
    // the connection this transaction holds, so an in-process nudge runs after the commit too.
    await this.store.notifyWorkers(target);
    setImmediate(() => this.nudge());
    return result;
  }

  /** Claims and runs due jobs of `kinds` (default all) after any pass in progress. @throws the database error of a claim. */
  runDue(kinds?: string[]): Promise<RunResult> {
    return this.runExclusive(kinds ?? this.allKinds());
  }

  /** Asks the worker to look for due jobs now: wakes a waiting pass, or queues one (no-op before `start()`). */
  nudge(): void {
    if (!this.started || this.stopped) return;
    this.wakeUp?.();
    if (this.runQueued) return;
    this.runQueued = true;
    this.runExclusive(this.allKinds()).catch((error: unknown) => this.options.log?.warn({ err: error }, 'job worker pass failed; the next poll retries'));
  }

  /** Failed jobs of `kind` become queued with fresh attempts; its `onRequeue` is told. @returns their ids. */
  async requeueFailed(kind: string): Promise<string[]> {
    const rows = await this.store.requeueFailed(kind);
    if (rows.length > 0) {
      await this.handlers.get(kind)?.onRequeue?.(rows.map((r) => JSON.parse(r.payload)));
      this.nudge();
    }
    return rows.map((r) => r.id);
  }

  /** The failed jobs of `kind`, oldest first. */
  failed(kind: string): Promise<JobRow[]> {
    return this.store.failed(kind);
  }

  /** Makes the queued retries of `kind` due now and nudges every worker. @returns how many. */
  async retryNow(kind: string): Promise<number> {
    const count = await this.store.makeRetriesDue(kind);
    if (count > 0) {
      await this.store.notifyWorkers();
      this.nudge();
    }
    return count;
  }

  /** `off` unless started and not closed; else whether a run or the worker is stuck (see WorkerHealth). */
  health(): WorkerHealth {
    if (!this.started || this.stopped) return { status: 'off', overdue: [] };
    return workerHealth(this.overdue.values(), this.lastClaimAt, this.options);
  }

  /** Starts the periodic worker (and through its poll the LISTEN connection). Idempotent; no-op after close(). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    // unref: the worker alone never keeps a process alive (the HTTP server does).
    this.timer = setTimeout(() => this.tick(), 0).unref();
  }

  /** Stops claiming, waits up to CLOSE_WAIT_MS for the runs in flight, closes the LISTEN connection. */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wakeUp?.();
    let waited: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.chain.then(() => true),
      new Promise<false>((resolve) => {
        waited = setTimeout(() => resolve(false), CLOSE_WAIT_MS).unref();
      }),
    ]);
    clearTimeout(waited);
    if (!finished) this.options.log?.warn({ waitedMs: CLOSE_WAIT_MS }, 'jobs still running at shutdown were left; their leases run out and they run again');
    await this.listener?.close();
  }

  private allKinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** The poll: reports a stall once, (re)connects the nudge channel, nudges, and schedules itself again. */
  private tick(): void {
    if (this.stopped) return;
    this.reportedStall = reportStall(this.health(), this.reportedStall, this.options.log);
    void this.listener?.ensure(); // (re)connects the nudge channel when it is down; a no-op while it is up
    this.nudge();
    this.timer = setTimeout(() => this.tick(), this.options.pollIntervalMs).unref();
  }

  /** Runs a pass over `kinds` after the one in progress, whatever that one's outcome. */
  private runExclusive(kinds: string[]): Promise<RunResult> {
    const next = this.chain.then(
      () => this.loop(kinds),
      () => this.loop(kinds),
    );
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Claims and runs due jobs with at most `concurrency` in flight until none is due. */
  private async loop(kinds: string[]): Promise<RunResult> {
    this.runQueued = false;
    const result: RunResult = { done: 0, retried: 0, failed: 0 };
    result.failed += await this.failAbandoned(nowIso());
    const inflight = new Set<Promise<void>>();
    let firstError: unknown = null;
    while (!this.stopped) {
      const free = this.options.concurrency - inflight.size;
      if (free > 0) {
        let jobs: JobRow[] = [];
        try {
          await this.recordDone();
          jobs = await this.store.claim(free, kinds);
          this.lastClaimAt = Date.now();
        } catch (error) {
          firstError = error; // the database is away: the runs in flight finish, the next poll retries
          break;
        }
        for (const job of jobs) {
          const run = this.runOne(job, result)
            .catch((error: unknown) =>
              this.options.log?.error({ err: error, job: job.id, kind: job.kind }, 'recording a job outcome failed; its lease will expire and it runs again'),
            )
            .finally(() => inflight.delete(run));
          inflight.add(run);
        }
        if (jobs.length > 0) continue;
      }
      if (inflight.size === 0) break;
      // A run ending, a nudge (a new job) or the poll (a retry due) lets the loop claim again.
      const woken = new Promise<void>((resolve) => (this.wakeUp = resolve));
      await Promise.race([...inflight, woken]);
      this.wakeUp = null;
    }
    await Promise.all(inflight);
    await this.recordDone();
    if (firstError) throw firstError;
    return result;
  }

  /**
   * Runs one claimed job within its time limit and records the outcome in `result`: success waits
   * for recordDone(); an error is written (retry or `failed`) only while the claim still holds.
   */
  private async runOne(job: JobRow, result: RunResult): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    try {
      await runWithin(handler, job, timeLimitMs(handler, this.options.leaseMs), this.overdue, this.options.log);
    } catch (error) {
      const text = errorText(error);
      const last = job.attempts >= job.maxAttempts;
      const held = await this.store.recordFailure(job, text, last, handler.retry ?? DEFAULT_RETRY);
      if (!held) return; // the lease was lost: the new holder decides
      if (last) {
        result.failed += 1;
        await this.giveUp(job, text);
      } else result.retried += 1;
      return;
    }
    this.finished.push(job);
    result.done += 1;
  }

  /**
   * Records the finished jobs as `done`, batched per claim (store.recordDone). A crash before this
   * runs them again, which at-least-once handlers allow.
   */
  private async recordDone(): Promise<void> {
    if (this.finished.length === 0) return;
    await this.store.recordDone(this.finished.splice(0));
  }

  /** Fails the rows whose process died with no attempts left and tells their kinds. @returns how many. */
  private async failAbandoned(now: string): Promise<number> {
    const rows = await this.store.failAbandoned(now);
    for (const row of rows) await this.giveUp(row, row.lastError ?? '');
    return rows.length;
  }

  /** Tells `job`'s handler it is `failed` for good; an error of its hook is logged, not thrown. */
  private async giveUp(job: JobRow, lastError: string): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      await handler?.onGiveUp?.(JSON.parse(job.payload), job, lastError);
    } catch (error) {
      this.options.log?.error({ err: error, job: job.id, kind: job.kind }, 'job give-up hook failed');
    }
  }
}
