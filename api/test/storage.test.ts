/**
 * Health checks and storage faults (SITE-HEALTH, SITE-UNAVAILABLE) on both databases:
 * - `/api/health/live` and `/api/health/ready` (database and disk, 503 with a reason; Redis only
 *   reported);
 * - a full disk (a real tmpfs of a few MB, filled to the last byte): writes answer 503 with a
 *   clear message, readiness names the directory, nothing acknowledged is lost, and everything
 *   works again once space is freed — including mail that could not be written meanwhile;
 * - a read-only data directory at start: the built server exits 1 with one line naming the path.
 * tmpfs needs root (mount); without it the disk tests are skipped locally and fail under CI. (A
 * directory made read-only by its mode bits is no test as root, who ignores them.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, TEST_REDIS_URL, type TestServer, ok, postgresRequired, redisSkipReason, skipReason, startServer } from './harness.js';

const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
const order = (email: string) => ({
  name: 'Disk Test',
  email,
  interest: 'voice-match',
  budget: 'NOT_SURE',
  message: 'Written while the disk fills up.',
  consent: true,
  locale: 'ES',
});
const builtServer = join(import.meta.dirname, '..', 'dist', 'main.js');

/** Mounts a tmpfs of `sizeMb` (optionally read-only) at a fresh directory; null when mounting is not allowed. */
function mountTmpfs(sizeMb: number, readOnly = false): { dir: string; unmount(): void } | null {
  const dir = mkdtempSync(join(tmpdir(), 'studio-disk-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m${readOnly ? ',ro' : ''}`, 'tmpfs', dir]);
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount() {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fills the file system of `dir` to the last byte with a file `filler` (returned path). */
function fill(dir: string): string {
  const path = join(dir, 'filler');
  const r = spawnSync('dd', ['if=/dev/zero', `of=${path}`, 'bs=64k'], { encoding: 'utf8' });
  expect(r.stderr).toMatch(/No space left on device/);
  // dd leaves the last partial block: top it up byte by byte.
  const s = spawnSync('sh', ['-c', `while printf x >> ${path}.2 2>/dev/null; do :; done`]);
  expect(s.status).toBe(0);
  return path;
}

const mountProbe = mountTmpfs(1);
mountProbe?.unmount();
const diskSkip = mountProbe ? null : postgresRequired ? null : 'mounting a tmpfs needs root; skipped (CI runs it)';

describe('health', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it.each(DB_KINDS)('live and ready answer 200 on %s, with every part named', async (kind) => {
    const skip = skipReason(kind);
    if (skip) return;
    const s = await startServer(kind);
    servers.push(s);
    expect((await s.get('/api/health/live')).json).toEqual({ status: 'ok' });
    const ready = await s.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ok', database: 'ok', disk: 'ok', redis: 'not configured', jobs: 'ok' });
    expect((await s.get('/api/health')).json).toEqual({ status: 'ok', database: 'ok' });
    expect(readdirSync(s.dataDir).filter((f) => f.startsWith('.ready'))).toEqual([]);
  });

  it('checks Redis when it is configured: ready stays 200 naming it while it is unreachable (decision 0042), live stays 200', async () => {
    const skip = await redisSkipReason();
    if (skip) return;
    const up = await startServer('sqlite', { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: 'studio-health-test:' });
    servers.push(up);
    expect((await up.get('/api/health/ready')).json).toMatchObject({ status: 'ok', redis: 'ok' });
    // A port nothing listens on stands for a Redis that went away.
    const down = await startServer('sqlite', { REDIS_URL: 'redis://127.0.0.1:9', REDIS_KEY_PREFIX: 'studio-health-test:' });
    servers.push(down);
    const ready = await down.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ status: 'ok', database: 'ok', disk: 'ok' });
    expect(ready.json.redis).toMatch(/^unreachable: /);
    expect(ready.json.reason).toBeUndefined();
    expect((await down.get('/api/health/live')).status).toBe(200);
    expect((await down.get('/api/health')).status).toBe(200); // the database-only check of existing monitors
  });
});

describe.each(DB_KINDS)('full disk (%s)', (kind) => {
  const skip = skipReason(kind) ?? diskSkip;
  if (skip) {
    it.skip(skip, () => {});
    return;
  }
  let disk: { dir: string; unmount(): void };
  let server: TestServer;
  beforeAll(async () => {
    const mounted = mountTmpfs(24);
    if (!mounted) throw new Error('could not mount a tmpfs (mount -t tmpfs needs root)');
    disk = mounted;
    server = await startServer(kind, {
      DATA_DIR: disk.dir,
      MAIL_TRANSPORT: 'outbox',
      MAIL_RETRY_BASE_MS: '50',
      MAIL_RETRY_MAX_MS: '50',
      JOBS_POLL_INTERVAL_MS: '600000',
    });
  });
  afterAll(async () => {
    await server?.close();
    disk?.unmount();
  });

  it('answers 503 with a clear message, keeps what it acknowledged, and recovers when space is freed', async () => {
    const before = ok(await server.graphql(CREATE_ORDER, { input: order('before@example.test') })).createOrder.reference as string;
    await server.app.mail.drain();
    const filler = fill(disk.dir);

    const ready = await server.get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.json.disk).toMatch(/^not writable: ENOSPC/);
    expect(ready.json.reason).toContain(`data directory ${disk.dir} not writable`);
    expect((await server.get('/api/health/live')).status).toBe(200);

    let during: string | null = null;
    if (kind === 'sqlite') {
      // The database lives on the full disk: the write is refused, with a message and a 503.
      const refused = await server.post('/api/auth/register', {
        email: 'full@example.test',
        password: 'a long enough password 1',
        name: 'Full',
        deviceToken: 'full-device',
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(refused.json.error).toMatchObject({
        code: 'STORAGE_FULL',
        message: 'The server is out of disk space, so nothing was saved. Please try again later.',
      });
      const mutation = await server.graphql(CREATE_ORDER, { input: order('during@example.test') });
      expect(mutation.status).toBe(503);
      expect(mutation.errors?.[0]).toMatchObject({
        message: 'The server is out of disk space, so nothing was saved. Please try again later.',
        extensions: { code: 'STORAGE_FULL' },
      });
    } else {
      // The database is elsewhere: the order is taken; its mails wait (the outbox directory is full).
      during = ok(await server.graphql(CREATE_ORDER, { input: order('during@example.test') })).createOrder.reference as string;
      await vi.waitFor(async () => {
        await server.app.mail.drain();
        const waiting = await server.app.database.db.selectFrom('mailOutbox').select(['lastError']).where('status', '=', 'pending').execute();
        expect(waiting.map((w) => w.lastError)).toEqual([expect.stringMatching(/^ENOSPC/), expect.stringMatching(/^ENOSPC/)]);
      }, 5_000);
    }

    rmSync(filler, { force: true });
    rmSync(`${filler}.2`, { force: true });
    await vi.waitFor(async () => expect((await server.get('/api/health/ready')).status).toBe(200), { timeout: 5_000, interval: 100 });
    const after = ok(await server.graphql(CREATE_ORDER, { input: order('after@example.test') })).createOrder.reference as string;
    await vi.waitFor(async () => {
      await server.app.mail.drain();
      const left = await server.app.database.db.selectFrom('mailOutbox').select('id').where('status', '!=', 'sent').execute();
      expect(left).toEqual([]);
    }, 10_000);
    const references = (await server.app.database.db.selectFrom('orders').select('reference').execute()).map((r) => r.reference).sort();
    expect(references).toEqual([before, after, ...(during ? [during] : [])].sort());
    // Two mails per order (customer and sales team), each file once.
    const files = readdirSync(join(disk.dir, 'outbox')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(references.length * 2);
  });
});

describe('read-only data directory at start', () => {
  const skip = diskSkip;
  if (skip) {
    it.skip(skip, () => {});
    return;
  }
  it.each([
    ['the data directory is the read-only mount', ''],
    ['the data directory would be created on it', 'data'],
  ])('exits 1 with one line naming the path, not a stack trace (%s)', async (_case, sub) => {
    expect(existsSync(builtServer), 'api/dist/main.js is missing: run `pnpm build` first (pnpm test builds before the API suite)').toBe(true);
    const disk = mountTmpfs(1, true)!;
    try {
      const dataDir = join(disk.dir, sub);
      const child = spawn(process.execPath, [builtServer], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          JWT_SECRET: 'x'.repeat(32),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(stderr).toMatch(
        new RegExp(
          `^Cannot start: ${dataDir}\\S* cannot be opened for writing \\(\\w+: .+\\)\\. Check that the disk has space and that DATA_DIR is writable by this user\\.\\n$`,
        ),
      );
    } finally {
      disk.unmount();
    }
  });
});
