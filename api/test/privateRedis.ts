/**
 * A private `redis-server` for the tests that take Redis away (SITE-HEALTH, SEC-LIMITS,
 * SITE-CACHE): its own port on loopback, no persistence, stopped and started again by the test —
 * never the machine's shared Redis, which other suites use at the same time. Like the shared one,
 * it loses every key when it stops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from './processes.js';

/** The redis-server program (`REDIS_SERVER` overrides; Debian's `redis-server` package). */
export const REDIS_SERVER = process.env['REDIS_SERVER'] ?? '/usr/bin/redis-server';

/** Why a private Redis cannot run here, or null. */
export function privateRedisMissing(): string | null {
  return existsSync(REDIS_SERVER) ? null : `redis-server is not installed at ${REDIS_SERVER} (apt-get install redis-server)`;
}

export interface PrivateRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Whether the server runs now. */
  readonly running: boolean;
  /** Starts the server on its port (again) and resolves once it answers PING. */
  start(): Promise<void>;
  /** Stops the server (SIGKILL: every connection drops at once) and resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts a private redis-server on a free loopback port and waits until it answers PING.
 * @throws when the program is missing or the server does not answer within 10 s (with its output).
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const missing = privateRedisMissing();
  if (missing) throw new Error(missing);
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';
  const kill = () => child?.kill('SIGKILL');
  process.once('exit', kill);

  async function start(): Promise<void> {
    if (child) return;
    output = '';
    const started = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    started.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    probe.on('error', () => {});
    const deadline = Date.now() + 10_000;
    try {
      for (;;) {
        if (started.exitCode !== null) throw new Error(`redis-server on ${port} exited (${started.exitCode}): ${output}`);
        const answered = await probe.connect().then(
          () => probe.ping().then(() => true),
          () => false,
        );
        if (answered) return;
        probe.disconnect();
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer within 10 s: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      probe.disconnect();
    }
  }

  async function stop(): Promise<void> {
    const running = child;
    if (!running) return;
    child = null;
    if (running.exitCode === null && running.signalCode === null) {
      const exited = once(running, 'exit');
      running.kill('SIGKILL');
      await exited;
    }
  }

  await start();
  return {
    url,
    port,
    get running() {
      return child !== null;
    },
    start,
    async stop() {
      await stop();
    },
  };
}

/** Stops `redis` for good (afterAll). */
export async function removePrivateRedis(redis: PrivateRedis | undefined): Promise<void> {
  await redis?.stop();
}
