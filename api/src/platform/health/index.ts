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
import type { FastifyInstance, FastifyReply } from 'fastify';
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

function problem(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  return [typeof e?.code === 'string' ? e.code : null, typeof e?.message === 'string' ? e.message : String(error)].filter(Boolean).join(': ');
}

/**
 * Registers the three routes on `app` and returns `close()` for the Redis probe connection.
 * `dataDir` is where the server writes (SQLite file, mail outbox); the probe file is removed again.
 */
export function registerHealth(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; config: Pick<Config, 'dataDir' | 'redis'>; jobs?: { health(): WorkerHealth } },
): { close(): Promise<void> } {
  // SITE-HEALTH: whether the last check found Redis answering (null before the first check).
  let redisAnswered: boolean | null = null;
  const { database, config } = deps;
  const redis = config.redis.url
    ? new Redis(config.redis.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: `${config.redis.keyPrefix}health` })
    : null;
  redis?.on('error', () => {}); // reported by the check; ioredis reconnects by itself
  const probe = join(config.dataDir, `.ready-${process.pid}-${randomUUID()}`);
  let cached: { at: number; result: Promise<Readiness> } | null = null;

  async function check(): Promise<Readiness> {
    const [db, disk, cache] = await Promise.all([
      within(database.ping(), CHECK_TIMEOUT_MS).then(
        (ok) => (ok ? 'ok' : 'unreachable'),
        (error: unknown) => `unreachable: ${problem(error)}`,
      ),
      within(
        (async () => {
          await mkdir(config.dataDir, { recursive: true });
          await writeFile(probe, 'ready');
          await rm(probe, { force: true });
        })(),
        CHECK_TIMEOUT_MS,
      ).then(
        () => 'ok',
        (error: unknown) => `not writable: ${problem(error)}`,
      ),
      redis
        ? within(
            (async () => {
              if (redis.status === 'wait') await redis.connect();
              await redis.ping();
            })(),
            CHECK_TIMEOUT_MS,
          ).then(
            () => 'ok',
            (error: unknown) => `unreachable: ${problem(error)}`,
          )
        : Promise.resolve('not configured'),
    ]);
    if (redis) reportRedis(cache);
    const worker = deps.jobs?.health() ?? { status: 'off' as const, overdue: [] };
    const jobs = worker.status === 'stalled' ? `stalled: ${worker.reason}` : worker.status;
    // Redis is not a condition of readiness (decision 0042): the database, the disk and the job worker are.
    const failing = [
      db !== 'ok' && `database ${db}`,
      disk !== 'ok' && `data directory ${config.dataDir} ${disk}`,
      worker.status === 'stalled' && `job worker ${jobs}`,
    ].filter(Boolean);
    return { status: failing.length ? 'unavailable' : 'ok', ...(failing.length ? { reason: failing.join('; ') } : {}), database: db, disk, redis: cache, jobs };
  }

  /** Logs a change of Redis's state once: lost (warn, with the problem) or back (info). */
  function reportRedis(state: string): void {
    const answered = state === 'ok';
    if (answered === redisAnswered || (answered && redisAnswered === null)) {
      redisAnswered = answered;
      return;
    }
    redisAnswered = answered;
    if (answered) app.log.info('readiness: Redis answers again');
    else
      app.log.warn(
        { redis: state },
        `readiness: Redis ${state}; this process stays ready (rate limits count in the process, live updates and page-cache notices wait for Redis)`,
      );
  }

  async function ready(): Promise<Readiness> {
    const now = Date.now();
    if (!cached || now - cached.at > CACHE_MS) cached = { at: now, result: check() };
    return cached.result;
  }

  const readyRoute = async (_request: unknown, reply: FastifyReply) => {
    const result = await ready();
    if (result.status !== 'ok') app.log.warn({ readiness: result }, `not ready: ${result.reason}`);
    return reply
      .header('cache-control', 'no-store')
      .status(result.status === 'ok' ? 200 : 503)
      .send(result);
  };
  app.get('/api/health/live', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/api/health/ready', readyRoute);
  app.get('/api/health', async (_request, reply) => {
    const { database: db } = await ready();
    return reply
      .header('cache-control', 'no-store')
      .status(db === 'ok' ? 200 : 503)
      .send({ status: db === 'ok' ? 'ok' : 'unavailable', database: db });
  });
  return {
    async close() {
      redis?.disconnect();
    },
  };
}
