/**
 * The size of libuv's thread pool for this server (SEC-HASHING, decision 0024): the password
 * hashes that may run at once (`PASSWORD_HASH_CONCURRENCY`) plus `POOL_ROOM` threads for
 * everything else that uses the pool (async file access, `dns.lookup`, zlib, WebCrypto), so a
 * login burst never leaves those waiting behind hashes.
 *
 * libuv reads `UV_THREADPOOL_SIZE` once, when the pool starts; on Node 20 the ES-module loader
 * starts it while it reads `api/dist/main.js` itself, before any line of the server runs. So the
 * server cannot size its own pool: the process that starts it sets the variable
 * (`scripts/start.mjs`, behind `pnpm start` and the api package's `start`). Run directly,
 * `node api/dist/main.js` keeps the environment's size (libuv's default 4) and main.ts warns when
 * that leaves hashing fewer than two spare threads. An explicit `UV_THREADPOOL_SIZE` always wins.
 */
import { defaultHashConcurrency, envSchema } from './settings.js';

/** libuv's pool size when `UV_THREADPOOL_SIZE` is unset, and its maximum. */
export const LIBUV_DEFAULT_POOL = 4;
const LIBUV_MAX_POOL = 1024;
/** Threads beside the hashing ones: libuv's own default, what the rest of the server had before. */
export const POOL_ROOM = 4;

/** `UV_THREADPOOL_SIZE` as libuv reads it (a whole number 1–1024), or null when unset or unreadable. */
function explicitSize(env: NodeJS.ProcessEnv): number | null {
  const size = Number(env['UV_THREADPOOL_SIZE']);
  return Number.isInteger(size) && size > 0 ? Math.min(size, LIBUV_MAX_POOL) : null;
}

/** `PASSWORD_HASH_CONCURRENCY` as the settings read it (its default when unset; the server refuses a bad value itself). */
function hashConcurrency(env: NodeJS.ProcessEnv): number {
  const parsed = envSchema.shape.PASSWORD_HASH_CONCURRENCY.safeParse(env['PASSWORD_HASH_CONCURRENCY']);
  return parsed.success ? parsed.data : defaultHashConcurrency();
}

/** The pool size to start the server with: `UV_THREADPOOL_SIZE` when set, else hash concurrency + `POOL_ROOM`. */
export function threadpoolSize(env: NodeJS.ProcessEnv = process.env): number {
  return explicitSize(env) ?? Math.min(hashConcurrency(env) + POOL_ROOM, LIBUV_MAX_POOL);
}

/**
 * A warning for the log when this process's pool (its `UV_THREADPOOL_SIZE`, else libuv's 4)
 * leaves fewer than two threads beside `concurrency` hashes; null when it is large enough.
 */
export function threadpoolWarning(env: NodeJS.ProcessEnv, concurrency: number): string | null {
  const size = explicitSize(env) ?? LIBUV_DEFAULT_POOL;
  if (size >= concurrency + 2) return null;
  return (
    `libuv's thread pool has ${size} threads and PASSWORD_HASH_CONCURRENCY lets ${concurrency} password hashes run at once: ` +
    `file and DNS work may wait behind logins. Start the server with \`pnpm start\`, or set UV_THREADPOOL_SIZE=${concurrency + POOL_ROOM} ` +
    'in its environment (it must be set before node starts).'
  );
}
