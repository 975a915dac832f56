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
 * A handler must finish well within `leaseMs`.
 *
 * Operators: `requeueFailed(kind)` puts failed jobs back with fresh attempts.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, type UpdateQueryBuilder, type UpdateResult, sql } from 'kysely';
import pg from 'pg';
import { type Db, nowIso } from '../db/index.js';
import type { Database, JobRow } from '../db/types.js';

/** What one kind of job does and how it is retried. */
export interface JobHandler<P = unknown> {
  kind: string;
  /** Runs one job; a thrown error schedules a retry (or gives up). Must be idempotent. */
  run(payload: P, job: JobRow): Promise<void>;
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
  /** Starts the periodic worker and, on PostgreSQL, the LISTEN connection. Idempotent. */
  start(): void;
  /** Stops claiming, waits for the jobs in flight, closes the LISTEN connection. */
  close(): Promise<void>;
}

/** The NOTIFY channel of the nudge (one per database, which is what NOTIFY is scoped to). */
const CHANNEL = 'studio_jobs';

/**
 * The wait before the next run after `attempts` failed ones: `baseMs · 2^(attempts−1)`, capped at
 * `maxMs` (no jitter: jobs fail at different times, which spreads them). Pure; the schedule lives
 * in the row's `run_at`, so it survives restarts — which is why this is not p-retry.
 * @param attempts ≥ 1; @returns milliseconds.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 40);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

/** An error's text as kept on a row: its code (if any) and message, at most 1000 characters. */
export function errorText(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const code = typeof e?.code === 'string' && !message.startsWith(e.code) ? `${e.code}: ` : '';
  return `${code}${message}`.slice(0, 1000);
}

const DEFAULT_RETRY = { baseMs: 5_000, maxMs: 3_600_000 };

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
  let listener: pg.Client | null = null;
  let listening = false;

  /** Marks `running` rows whose lease ran out and whose attempts are used up as failed. */
  async function failAbandoned(now: string): Promise<number> {
    const rows = await db
      .updateTable('jobs')
      .set({ status: 'failed', lastError: 'interrupted: the process running it stopped, and no attempts were left', lockToken: null, lockedUntil: null, finishedAt: now })
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

  async function runOne(job: JobRow, result: RunResult): Promise<void> {
    const handler = handlers.get(job.kind)!;
    const mine = (qb: UpdateQueryBuilder<Database, 'jobs', 'jobs', UpdateResult>) => qb.where('id', '=', job.id).where('lockToken', '=', job.lockToken).where('status', '=', 'running');
    try {
      await handler.run(JSON.parse(job.payload), job);
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
        .where('id', 'in', batch.map((job) => job.id))
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
        } catch (error) {
          firstError = error; // the database is away: the runs in flight finish, the next poll retries
          break;
        }
        for (const job of jobs) {
          const run = runOne(job, result)
            .catch((error: unknown) => options.log?.error({ err: error, job: job.id, kind: job.kind }, 'recording a job outcome failed; its lease will expire and it runs again'))
            .finally(() => inflight.delete(run));
          inflight.add(run);
        }
        if (jobs.length > 0) continue;
      }
      if (inflight.size === 0) break;
      await Promise.race(inflight);
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
    if (!started || stopped || runQueued) return;
    runQueued = true;
    runExclusive(allKinds()).catch((error: unknown) => options.log?.warn({ err: error }, 'job worker pass failed; the next poll retries'));
  }

  async function listen(): Promise<void> {
    if (!options.listenUrl || listening || stopped) return;
    listening = true;
    const client = new pg.Client({ connectionString: options.listenUrl });
    client.on('error', (error) => {
      options.log?.warn({ err: error }, 'job nudge connection lost; polling until it is back');
      listener = null;
      listening = false;
      void client.end().catch(() => {});
    });
    client.on('notification', () => nudge());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (stopped) await client.end();
      else listener = client;
    } catch {
      listening = false;
      await client.end().catch(() => {});
    }
  }

  function tick(): void {
    if (stopped) return;
    void listen(); // (re)connects the nudge channel when it is down; a no-op while it is up
    nudge();
    timer = setTimeout(tick, options.pollIntervalMs).unref();
  }

  return {
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
      if (options.kind === 'postgres') await sql`select pg_notify(${CHANNEL}, '')`.execute(target);
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
      await chain;
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
