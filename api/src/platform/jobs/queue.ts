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
 */
import { randomUUID } from 'node:crypto';
import { type UpdateQueryBuilder, type UpdateResult, sql } from 'kysely';
import { type Db, nowIso } from '../db/index.js';
import type { Database, JobRow } from '../db/types.js';
import { errorText, retryDelayMs } from './backoff.js';
import { JOBS_CHANNEL, createNudgeListener } from './listener.js';
import type { JobHandler, JobQueue, JobQueueOptions, RunResult, WorkerHealth } from './types.js';

export { errorText, retryDelayMs } from './backoff.js';
export type { EnqueueOptions, JobHandler, JobQueue, JobQueueOptions, RunResult, WorkerHealth } from './types.js';

const DEFAULT_RETRY = { baseMs: 5_000, maxMs: 3_600_000 };
/** How long `close()` waits for runs in flight before it lets their leases bring them back elsewhere. */
const CLOSE_WAIT_MS = 5_000;

/** The error of a run that went past its kind's time limit (its attempt counts as failed). */
export class JobTimeoutError extends Error {
  readonly code = 'JOB_TIMEOUT';
  constructor(kind: string, ms: number) {
    super(`the ${kind} job did not finish within ${ms} ms; it is retried`);
  }
}

/** Creates the queue over `db`. Nothing runs until `start()` or `runDue()`. */
export function createJobQueue(db: Db, options: JobQueueOptions): JobQueue {
  const handlers = new Map<string, JobHandler<any>>();
  /** Jobs whose handler succeeded, waiting for recordDone(). */
  const finished: JobRow[] = [];
  let chain: Promise<unknown> = Promise.resolve();
  let runQueued = false;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;
  /** Resolves the wait of the running pass (a nudge, a poll, a free slot), so it claims again. */
  let wakeUp: (() => void) | null = null;
  /** When the worker last looked for jobs (a claim that answered), ms since the epoch. */
  let lastClaimAt = Date.now();
  /** Runs that went past their time limit and have not settled since: job id → kind and when it timed out. */
  const overdue = new Map<string, { kind: string; since: number }>();
  const defaultTimeoutMs = Math.max(1, Math.floor(options.leaseMs / 2));
  const listener = options.listenUrl ? createNudgeListener(options.listenUrl, () => nudge(), options.log) : null;

  /** Marks `running` rows whose lease ran out and whose attempts are used up as failed. */
  async function failAbandoned(now: string): Promise<number> {
    const rows = await db
      .updateTable('jobs')
      .set({
        status: 'failed',
        lastError: 'interrupted: the process running it stopped, and no attempts were left',
        lockToken: null,
        lockedUntil: null,
        finishedAt: now,
      })
      .where('status', '=', 'running')
      .where('lockedUntil', '<', now)
      .whereRef('attempts', '>=', 'maxAttempts')
      .returningAll()
      .execute();
    for (const row of rows) await giveUp(row, row.lastError ?? '');
    return rows.length;
  }

  async function claim(limit: number, kinds: string[]): Promise<JobRow[]> {
    const now = nowIso();
    const token = randomUUID();
    const due = db
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', now), eb('attempts', '<', eb.ref('maxAttempts'))]),
        ]),
      )
      .where('kind', 'in', kinds)
      .orderBy('runAt')
      .limit(limit)
      .$if(options.kind === 'postgres', (qb) => qb.forUpdate().skipLocked());
    return db
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), lockToken: token, lockedUntil: nowIso(Date.now() + options.leaseMs) }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  async function giveUp(job: JobRow, lastError: string): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      await handler?.onGiveUp?.(JSON.parse(job.payload), job, lastError);
    } catch (error) {
      options.log?.error({ err: error, job: job.id, kind: job.kind }, 'job give-up hook failed');
    }
  }

  /**
   * Runs `handler` for `job` within its time limit: a run past it is aborted (its signal) and
   * rejects with JobTimeoutError; if the handler does not settle, it is tracked in `overdue` until it does.
   */
  async function runWithin(handler: JobHandler<any>, job: JobRow): Promise<void> {
    const limit = Math.min(handler.timeoutMs ?? defaultTimeoutMs, defaultTimeoutMs * 2 - 1);
    const controller = new AbortController();
    const work = Promise.resolve().then(() => handler.run(JSON.parse(job.payload), job, controller.signal));
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobTimeoutError(job.kind, limit)), limit);
    });
    try {
      await Promise.race([work, expired]);
    } catch (error) {
      if (!(error instanceof JobTimeoutError)) throw error;
      controller.abort(error);
      overdue.set(job.id, { kind: job.kind, since: Date.now() });
      options.log?.warn({ job: job.id, kind: job.kind, timeoutMs: limit }, 'job run timed out; its slot is free again and it is retried');
      work.then(
        () => overdue.delete(job.id),
        () => overdue.delete(job.id),
      );
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async function runOne(job: JobRow, result: RunResult): Promise<void> {
    const handler = handlers.get(job.kind)!;
    const mine = (qb: UpdateQueryBuilder<Database, 'jobs', 'jobs', UpdateResult>) =>
      qb.where('id', '=', job.id).where('lockToken', '=', job.lockToken).where('status', '=', 'running');
    try {
      await runWithin(handler, job);
    } catch (error) {
      const text = errorText(error);
      const retry = handler.retry ?? DEFAULT_RETRY;
      const last = job.attempts >= job.maxAttempts;
      const updated = await mine(
        db.updateTable('jobs').set({
          status: last ? 'failed' : 'queued',
          lastError: text,
          lockToken: null,
          lockedUntil: null,
          runAt: nowIso(Date.now() + retryDelayMs(job.attempts, retry.baseMs, retry.maxMs)),
          finishedAt: last ? nowIso() : null,
        }),
      ).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return; // the lease was lost: the new holder decides
      if (last) {
        result.failed += 1;
        await giveUp(job, text);
      } else result.retried += 1;
      return;
    }
    finished.push(job);
    result.done += 1;
  }

  /**
   * Records the finished jobs as `done` in one UPDATE per claim (one commit for many jobs: on
   * SQLite with synchronous=FULL every commit is an fsync). A crash before this runs them again,
   * which at-least-once handlers allow.
   */
  async function recordDone(): Promise<void> {
    if (finished.length === 0) return;
    const byClaim = new Map<string, JobRow[]>();
    for (const job of finished.splice(0)) byClaim.set(job.lockToken ?? '', [...(byClaim.get(job.lockToken ?? '') ?? []), job]);
    for (const [token, batch] of byClaim) {
      await db
        .updateTable('jobs')
        .set({ status: 'done', lockToken: null, lockedUntil: null, lastError: null, finishedAt: nowIso() })
        .where('lockToken', '=', token)
        .where(
          'id',
          'in',
          batch.map((job) => job.id),
        )
        .where('status', '=', 'running')
        .execute();
    }
  }

  /** Claims and runs due jobs with at most `concurrency` in flight until none is due. */
  async function loop(kinds: string[]): Promise<RunResult> {
    runQueued = false;
    const result: RunResult = { done: 0, retried: 0, failed: 0 };
    result.failed += await failAbandoned(nowIso());
    const inflight = new Set<Promise<void>>();
    let firstError: unknown = null;
    while (!stopped) {
      const free = options.concurrency - inflight.size;
      if (free > 0) {
        let jobs: JobRow[] = [];
        try {
          await recordDone();
          jobs = await claim(free, kinds);
          lastClaimAt = Date.now();
        } catch (error) {
          firstError = error; // the database is away: the runs in flight finish, the next poll retries
          break;
        }
        for (const job of jobs) {
          const run = runOne(job, result)
            .catch((error: unknown) =>
              options.log?.error({ err: error, job: job.id, kind: job.kind }, 'recording a job outcome failed; its lease will expire and it runs again'),
            )
            .finally(() => inflight.delete(run));
          inflight.add(run);
        }
        if (jobs.length > 0) continue;
      }
      if (inflight.size === 0) break;
      // A run ending, a nudge (a new job) or the poll (a retry due) lets the loop claim again.
      const woken = new Promise<void>((resolve) => (wakeUp = resolve));
      await Promise.race([...inflight, woken]);
      wakeUp = null;
    }
    await Promise.all(inflight);
    await recordDone();
    if (firstError) throw firstError;
    return result;
  }

  function runExclusive(kinds: string[]): Promise<RunResult> {
    const next = chain.then(
      () => loop(kinds),
      () => loop(kinds),
    );
    chain = next.catch(() => undefined);
    return next;
  }

  function allKinds(): string[] {
    return [...handlers.keys()];
  }

  function nudge(): void {
    if (!started || stopped) return;
    wakeUp?.();
    if (runQueued) return;
    runQueued = true;
    runExclusive(allKinds()).catch((error: unknown) => options.log?.warn({ err: error }, 'job worker pass failed; the next poll retries'));
  }

  let reportedStall = false;
  function tick(): void {
    if (stopped) return;
    const state = api.health();
    if (state.status === 'stalled' && !reportedStall) options.log?.error({ worker: state }, `job worker stalled: ${state.reason}`);
    else if (state.status === 'ok' && reportedStall) options.log?.warn({ worker: state }, 'job worker is running again');
    reportedStall = state.status === 'stalled';
    void listener?.ensure(); // (re)connects the nudge channel when it is down; a no-op while it is up
    nudge();
    timer = setTimeout(tick, options.pollIntervalMs).unref();
  }

  const api: JobQueue = {
    register(handler) {
      handlers.set(handler.kind, handler);
    },
    async enqueue(kind, payload, enqueueOptions = {}) {
      const handler = handlers.get(kind);
      if (!handler) throw new Error(`No job handler for kind "${kind}"`);
      const id = enqueueOptions.id ?? randomUUID();
      const key = enqueueOptions.key ?? `${kind}:${id}`;
      const target = enqueueOptions.db ?? db;
      const created = nowIso();
      const inserted = await target
        .insertInto('jobs')
        .values({
          id,
          kind,
          idempotencyKey: key,
          payload: JSON.stringify(payload),
          status: 'queued',
          attempts: 0,
          maxAttempts: handler.maxAttempts ?? 10,
          runAt: enqueueOptions.runAt ?? created,
          created,
        })
        .onConflict((oc) => oc.column('idempotencyKey').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) {
        const existing = await target.selectFrom('jobs').select('id').where('idempotencyKey', '=', key).executeTakeFirstOrThrow();
        return { id: existing.id, queued: false };
      }
      // PostgreSQL delivers a NOTIFY at commit, to every process; SQLite's worker query waits for
      // the connection this transaction holds, so an in-process nudge runs after the commit too.
      if (options.kind === 'postgres') await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(target);
      setImmediate(nudge);
      return { id, queued: true };
    },
    runDue: (kinds) => runExclusive(kinds ?? allKinds()),
    nudge,
    async requeueFailed(kind) {
      const rows = await db
        .updateTable('jobs')
        .set({ status: 'queued', attempts: 0, runAt: nowIso(), lastError: null, finishedAt: null })
        .where('kind', '=', kind)
        .where('status', '=', 'failed')
        .returning(['id', 'payload'])
        .execute();
      if (rows.length > 0) {
        await handlers.get(kind)?.onRequeue?.(rows.map((r) => JSON.parse(r.payload)));
        nudge();
      }
      return rows.map((r) => r.id);
    },
    failed: (kind) => db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('status', '=', 'failed').orderBy('created').execute(),
    async retryNow(kind) {
      const now = nowIso();
      const moved = await db
        .updateTable('jobs')
        .set({ runAt: now })
        .where('kind', '=', kind)
        .where('status', '=', 'queued')
        .where('attempts', '>', 0)
        .where('runAt', '>', now)
        .executeTakeFirst();
      const count = Number(moved.numUpdatedRows);
      if (count > 0) {
        if (options.kind === 'postgres') await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(db);
        nudge();
      }
      return count;
    },
    health(): WorkerHealth {
      if (!started || stopped) return { status: 'off', overdue: [] };
      const now = Date.now();
      const stuck = [...overdue.values()].map((run) => ({ kind: run.kind, seconds: Math.round((now - run.since) / 1000) }));
      const problems: string[] = [];
      const wedged = [...overdue.values()].filter((run) => now - run.since > options.leaseMs);
      if (wedged.length > 0)
        problems.push(
          `${wedged.length} ${[...new Set(wedged.map((r) => r.kind))].join(', ')} run(s) have not ended ${Math.round(options.leaseMs / 1000)} s after their time limit`,
        );
      const quiet = now - lastClaimAt;
      if (quiet > Math.max(options.leaseMs, options.pollIntervalMs * 10)) problems.push(`the worker has not looked for jobs for ${Math.round(quiet / 1000)} s`);
      return problems.length > 0 ? { status: 'stalled', reason: problems.join('; '), overdue: stuck } : { status: 'ok', overdue: stuck };
    },
    start() {
      if (started || stopped) return;
      started = true;
      // unref: the worker alone never keeps a process alive (the HTTP server does).
      timer = setTimeout(tick, 0).unref();
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      wakeUp?.();
      let waited: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        chain.then(() => true),
        new Promise<false>((resolve) => {
          waited = setTimeout(() => resolve(false), CLOSE_WAIT_MS).unref();
        }),
      ]);
      clearTimeout(waited);
      if (!finished) options.log?.warn({ waitedMs: CLOSE_WAIT_MS }, 'jobs still running at shutdown were left; their leases run out and they run again');
      await listener?.close();
    },
  };
  return api;
}
