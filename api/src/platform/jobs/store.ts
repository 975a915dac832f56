/**
 * The job queue's SQL on the `jobs` table (queue.ts, migration 0007, decision 0022): inserting a
 * job, claiming due rows under a lease, and writing a run's outcome only while its claim holds.
 * The same statements serve SQLite and PostgreSQL; only the claim's row locks and the nudge differ.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, type UpdateQueryBuilder, type UpdateResult, sql } from 'kysely';
import { type Db, nowIso } from '../db/index.js';
import type { Database, JobRow } from '../db/types.js';
import { retryDelayMs } from './backoff.js';
import { JOBS_CHANNEL } from './listener.js';
import type { JobQueueOptions } from './types.js';

/** A new job's row: what `enqueue` decided (its id, idempotency key, payload text and due time). */
export interface NewJob {
  id: string;
  kind: string;
  key: string;
  /** The JSON text of the payload. */
  payload: string;
  maxAttempts: number;
  /** ISO time from which it is due; default now. */
  runAt?: string | undefined;
}

/** The rows of the `jobs` table the queue reads and writes, over `db` for one database kind. */
export class JobStore {
  /**
   * @param db the database the queue runs on (claims and outcomes are written here).
   * @param options `kind` (row locks and NOTIFY on PostgreSQL) and `leaseMs`, the claim's lease in ms.
   */
  constructor(
    private readonly db: Db,
    private readonly options: Pick<JobQueueOptions, 'kind' | 'leaseMs'>,
  ) {}

  /**
   * Inserts `job` as `queued` through `target` (a transaction or the database), unless its key exists.
   * @returns its id and `queued: true`, or the existing job's id and `queued: false`.
   * @throws the database error.
   */
  async insert(target: Kysely<Database>, job: NewJob): Promise<{ id: string; queued: boolean }> {
    const created = nowIso();
    const inserted = await target
      .insertInto('jobs')
      .values({
        id: job.id,
        kind: job.kind,
        idempotencyKey: job.key,
        payload: job.payload,
        status: 'queued',
        attempts: 0,
        maxAttempts: job.maxAttempts,
        runAt: job.runAt ?? created,
        created,
      })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { id: job.id, queued: true };
    const existing = await target.selectFrom('jobs').select('id').where('idempotencyKey', '=', job.key).executeTakeFirstOrThrow();
    return { id: existing.id, queued: false };
  }

  /**
   * Wakes every process's worker: `pg_notify` through `target` on PostgreSQL (delivered at its
   * commit); nothing on SQLite, where the caller nudges in-process. @throws the database error.
   */
  async notifyWorkers(target: Kysely<Database> = this.db): Promise<void> {
    if (this.options.kind === 'postgres') await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(target);
  }

  /**
   * Marks `running` rows whose lease ran out (their process died) and whose attempts are used up
   * as `failed`, at `now` (ISO). @returns those rows, for their kinds' give-up hooks.
   */
  failAbandoned(now: string): Promise<JobRow[]> {
    return this.db
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
  }

  /**
   * Claims at most `limit` due rows of `kinds` in one UPDATE: `queued` with `run_at` ≤ now, or
   * `running` whose lease ran out with attempts left. Each becomes `running`, `attempts + 1`, with
   * one fresh `lock_token` for the claim and `locked_until = now + leaseMs`.
   * @returns the claimed rows as updated. @throws the database error.
   */
  claim(limit: number, kinds: string[]): Promise<JobRow[]> {
    const now = nowIso();
    const token = randomUUID();
    const due = this.db
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
      // Workers of several processes never wait on or share a row; SQLite's one writer gives the same.
      .$if(this.options.kind === 'postgres', (qb) => qb.forUpdate().skipLocked());
    return this.db
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), lockToken: token, lockedUntil: nowIso(Date.now() + this.options.leaseMs) }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  /**
   * Records a failed run of `job`: `failed` when it was the `last` attempt, else `queued` again
   * after `retryDelayMs(attempts, retry)`; `lastError` is `text`. Written only while the claim's
   * `lock_token` holds, so a slow run whose lease was taken over cannot overwrite the new holder's.
   * @returns false when the lease was lost (the new holder decides). @throws the database error.
   */
  async recordFailure(job: JobRow, text: string, last: boolean, retry: { baseMs: number; maxMs: number }): Promise<boolean> {
    const updated = await this.mine(
      job,
      this.db.updateTable('jobs').set({
        status: last ? 'failed' : 'queued',
        lastError: text,
        lockToken: null,
        lockedUntil: null,
        runAt: nowIso(Date.now() + retryDelayMs(job.attempts, retry.baseMs, retry.maxMs)),
        finishedAt: last ? nowIso() : null,
      }),
    ).executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /**
   * Records `jobs` as `done` in one UPDATE per claim (one commit for many jobs: on SQLite with
   * synchronous=FULL every commit is an fsync), each only while its claim's `lock_token` holds.
   * @throws the database error (the jobs then run again when their lease ends).
   */
  async recordDone(jobs: JobRow[]): Promise<void> {
    const byClaim = new Map<string, JobRow[]>();
    for (const job of jobs) byClaim.set(job.lockToken ?? '', [...(byClaim.get(job.lockToken ?? '') ?? []), job]);
    for (const [token, batch] of byClaim) {
      await this.db
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

  /** Failed jobs of `kind` become `queued` now with fresh attempts. @returns their ids and payload texts. */
  requeueFailed(kind: string): Promise<Array<{ id: string; payload: string }>> {
    return this.db
      .updateTable('jobs')
      .set({ status: 'queued', attempts: 0, runAt: nowIso(), lastError: null, finishedAt: null })
      .where('kind', '=', kind)
      .where('status', '=', 'failed')
      .returning(['id', 'payload'])
      .execute();
  }

  /** The failed jobs of `kind`, oldest first. */
  failed(kind: string): Promise<JobRow[]> {
    return this.db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('status', '=', 'failed').orderBy('created').execute();
  }

  /** Makes the queued retries of `kind` (attempts > 0, due later) due now. @returns how many. */
  async makeRetriesDue(kind: string): Promise<number> {
    const now = nowIso();
    const moved = await this.db
      .updateTable('jobs')
      .set({ runAt: now })
      .where('kind', '=', kind)
      .where('status', '=', 'queued')
      .where('attempts', '>', 0)
      .where('runAt', '>', now)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows);
  }

  /** `update` narrowed to `job`'s row while this claim holds it (same `lock_token`, still `running`). */
  private mine(job: JobRow, update: UpdateQueryBuilder<Database, 'jobs', 'jobs', UpdateResult>) {
    return update.where('id', '=', job.id).where('lockToken', '=', job.lockToken).where('status', '=', 'running');
  }
}
