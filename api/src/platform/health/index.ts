/**
 * Health checks for load balancers and orchestrators (SITE-HEALTH):
 * - `GET /api/health/live` — liveness: 200 `{ status: "ok" }` while the process can answer at all.
 *   Nothing else is checked, so a database outage never gets a healthy process restarted.
 * - `GET /api/health/ready` — readiness, "this process can serve": 200 when the database answers,
 *   the data directory takes a write and the job worker is not stalled (a run that never ends,
 *   decision 0043); otherwise 503 with `reason` naming the failing parts. Redis is reported but
 *   never fails it (decision 0042): without Redis a process still signs in, registers and serves
 *   pages — its rate limits count in the process, live updates and page-cache notices wait — so a
 *   Redis blip must not take every process out of the balancer at once. Each part's state is in the
 *   body: `{ status, reason?, database, disk, redis, jobs }`, each part `"ok"`, `"not configured"`
 *   / `"off"` or the problem in words (`redis: "unreachable: …"`, `jobs: "stalled: …"`). Losing and
 *   regaining Redis is logged once each (warn, info), when a probe sees it.
 * - `GET /api/health` — as before readiness existed, for existing monitors: 200 `{ status: "ok",
 *   database: "ok" }` when the database answers, else 503 (a Redis outage does not fail it).
 *
 * Each check is bounded by `CHECK_TIMEOUT_MS`, and a result is reused for `CACHE_MS`, so probes
 * cannot pile work onto a struggling server.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/index.js';
import type { WorkerHealth } from '../jobs/types.js';

const CHECK_TIMEOUT_MS = 2_000;
const CACHE_MS = 250;

/** The readiness answer's body. */
export interface Readiness {
  status: 'ok' | 'unavailable';
  reason?: string;
  database: string;
  disk: string;
  redis: string;
  /** The job worker of this process: `ok`, `off` (JOBS_WORKER=off) or `stalled: …` (decision 0043). */
  jobs: string;
}

/** Rejects after `ms` with "timed out", unless `work` settles first. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** An error in words for a readiness part: its code (if any) and message. */
function problem(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  return [typeof e?.code === 'string' ? e.code : null, typeof e?.message === 'string' ? e.message : String(error)].filter(Boolean).join(': ');
}

/**
 * The readiness check of one process (SITE-HEALTH): the database, the data directory, Redis (reported,
 * never failing it, decision 0042) and the job worker (decision 0043). Each part is bounded by
 * CHECK_TIMEOUT_MS and a result is reused for CACHE_MS.
 */
export class ReadinessCheck {
  // SITE-HEALTH: whether the last check found Redis answering (null before the first check).
  private redisAnswered: boolean | null = null;
  private readonly redis: Redis | null;
  private readonly probe: string;
  private cached: { at: number; result: Promise<Readiness> } | null = null;

  /**
   * @param deps the database, `dataDir` (the probe file's directory) and `redis` (a lazy probe
   *   connection when `url` is set), the job worker when this process runs one, and the log.
   */
  constructor(
    private readonly deps: {
      database: DatabaseHandle;
      config: Pick<Config, 'dataDir' | 'redis'>;
      jobs?: { health(): WorkerHealth } | undefined;
      log: FastifyBaseLogger;
    },
  ) {
    const { redis } = deps.config;
    this.redis = redis.url
      ? new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: `${redis.keyPrefix}health` })
      : null;
    this.redis?.on('error', () => {}); // reported by the check; ioredis reconnects by itself
    this.probe = join(deps.config.dataDir, `.ready-${process.pid}-${randomUUID()}`);
  }

  /** The readiness now, or the one at most CACHE_MS old. Never rejects. */
  ready(): Promise<Readiness> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > CACHE_MS) this.cached = { at: now, result: this.check() };
    return this.cached.result;
  }

  /** Drops the Redis probe connection. */
  close(): void {
    this.redis?.disconnect();
  }

  private async check(): Promise<Readiness> {
    const { dataDir } = this.deps.config;
    const [db, disk, cache] = await Promise.all([this.checkDatabase(), this.checkDisk(), this.checkRedis()]);
    if (this.redis) this.reportRedis(cache);
    const worker = this.deps.jobs?.health() ?? { status: 'off' as const, overdue: [] };
    const jobs = worker.status === 'stalled' ? `stalled: ${worker.reason}` : worker.status;
    // Redis is not a condition of readiness (decision 0042): the database, the disk and the job worker are.
    const failing = [
      db !== 'ok' && `database ${db}`,
      disk !== 'ok' && `data directory ${dataDir} ${disk}`,
      worker.status === 'stalled' && `job worker ${jobs}`,
    ].filter(Boolean);
    return { status: failing.length ? 'unavailable' : 'ok', ...(failing.length ? { reason: failing.join('; ') } : {}), database: db, disk, redis: cache, jobs };
  }

  private checkDatabase(): Promise<string> {
    return within(this.deps.database.ping(), CHECK_TIMEOUT_MS).then(
      (ok) => (ok ? 'ok' : 'unreachable'),
      (error: unknown) => `unreachable: ${problem(error)}`,
    );
  }

  /** Writes and removes the probe file in the data directory. */
  private checkDisk(): Promise<string> {
    const write = async () => {
      await mkdir(this.deps.config.dataDir, { recursive: true });
      await writeFile(this.probe, 'ready');
      await rm(this.probe, { force: true });
    };
    return within(write(), CHECK_TIMEOUT_MS).then(
      () => 'ok',
      (error: unknown) => `not writable: ${problem(error)}`,
    );
  }

  private checkRedis(): Promise<string> {
    const redis = this.redis;
    if (!redis) return Promise.resolve('not configured');
    const ping = async () => {
      if (redis.status === 'wait') await redis.connect();
      await redis.ping();
    };
    return within(ping(), CHECK_TIMEOUT_MS).then(
      () => 'ok',
      (error: unknown) => `unreachable: ${problem(error)}`,
    );
  }

  /** Logs a change of Redis's state once: lost (warn, with the problem) or back (info). */
  private reportRedis(state: string): void {
    const answered = state === 'ok';
    if (answered === this.redisAnswered || (answered && this.redisAnswered === null)) {
      this.redisAnswered = answered;
      return;
    }
    this.redisAnswered = answered;
    if (answered) this.deps.log.info('readiness: Redis answers again');
    else
      this.deps.log.warn(
        { redis: state },
        `readiness: Redis ${state}; this process stays ready (rate limits count in the process, live updates and page-cache notices wait for Redis)`,
      );
  }
}

/**
 * Registers the three routes on `app` and returns `close()` for the Redis probe connection.
 * `dataDir` is where the server writes (SQLite file, mail outbox); the probe file is removed again.
 */
export function registerHealth(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; config: Pick<Config, 'dataDir' | 'redis'>; jobs?: { health(): WorkerHealth } },
): { close(): Promise<void> } {
  const readiness = new ReadinessCheck({ ...deps, log: app.log });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  app.get('/api/health/live', async (_request, reply) => noStore(reply).send({ status: 'ok' }));
  app.get('/api/health/ready', async (_request, reply) => {
    const result = await readiness.ready();
    if (result.status !== 'ok') app.log.warn({ readiness: result }, `not ready: ${result.reason}`);
    return noStore(reply)
      .status(result.status === 'ok' ? 200 : 503)
      .send(result);
  });
  app.get('/api/health', async (_request, reply) => {
    const { database: db } = await readiness.ready();
    return noStore(reply)
      .status(db === 'ok' ? 200 : 503)
      .send({ status: db === 'ok' ? 'ok' : 'unavailable', database: db });
  });
  return {
    async close() {
      readiness.close();
    },
  };
}
