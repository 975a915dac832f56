/**
 * What several processes of one site share (decision 0025), with in-process servers on SQLite and
 * PostgreSQL: the client address behind a proxy (TRUST_PROXY, seen through the per-IP limit of
 * /api/auth), that per-IP limit counted in Redis for every process, and the one signing secret
 * kept in the database (a token from A is accepted by B with another DATA_DIR; concurrent first
 * starts agree; an old `<DATA_DIR>/jwt-secret` is adopted). The real multi-process run behind
 * nginx is cluster.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/index.js';
import { withSigningSecret } from '../src/platform/security/signingSecret.js';
import { BASE_ENV, describeEachDb, ok, postgres, redisSkipReason, startServer, TEST_REDIS_URL, type TestServer, withAdmin } from './harness.js';

const redisSkip = await redisSkipReason();
const quiet = { info: () => {} };

/** POSTs /api/auth/logout (rate-limited per client address like every /api/auth route) once per forged X-Forwarded-For; answers the statuses. */
async function logoutStatuses(server: TestServer, forwardedFor: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const xff of forwardedFor) statuses.push((await server.post('/api/auth/logout', {}, { 'x-forwarded-for': xff })).status);
  return statuses;
}

/** A temporary directory removed after the test file. */
const tempDirs: string[] = [];
function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `studio-cluster-${label}-`));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The DATABASE_URL of `server`'s database, for a server that must not share its DATA_DIR. */
function databaseUrlOf(server: TestServer): string {
  const db = server.config.database;
  return db.kind === 'postgres' ? db.url : `file:${db.file}`;
}

describeEachDb('shared by the processes of one site, on %s', (kind) => {
  describe('TRUST_PROXY: whose X-Forwarded-For makes the client address', () => {
    // Three requests, each claiming another client. Allowed two per address, the third is 429
    // exactly when the header was ignored (all three came from one address: 127.0.0.1).
    const forged = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    it.each([
      ['unset (the default)', undefined, true],
      ['false', 'false', true],
      ['a list that does not name the peer', '10.9.9.9,192.168.0.0/16', true],
      ['1 (one hop)', '1', false],
      ['a list naming the peer', '127.0.0.1,10.0.0.0/8', false],
      ['loopback', 'loopback', false],
    ])('%s → forged addresses %s', async (_name, setting, ignored) => {
      const server = await startServer(kind, { RATE_LIMIT_AUTH_MAX: '2', ...(setting === undefined ? {} : { TRUST_PROXY: setting }) });
      try {
        const statuses = await logoutStatuses(server, forged);
        expect(statuses.slice(0, 2)).not.toContain(429);
        expect(statuses[2] === 429, `statuses ${statuses.join(',')}`).toBe(ignored);
        if (!ignored) {
          // Believed: one claimed address is limited on its own.
          const same = await logoutStatuses(server, ['198.51.100.7', '198.51.100.7', '198.51.100.7']);
          expect(same.slice(0, 2)).not.toContain(429);
          expect(same[2]).toBe(429);
        }
      } finally {
        await server.close();
      }
    });

    it('refuses a value that is neither a count, a boolean nor addresses, naming the variable', () => {
      for (const bad of ['10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/1', 'yes please']) {
        expect(() => loadConfig({ ...BASE_ENV, DATA_DIR: tmpdir(), TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
      }
      expect(loadConfig({ ...BASE_ENV, DATA_DIR: tmpdir(), TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
      expect(loadConfig({ ...BASE_ENV, DATA_DIR: tmpdir(), TRUST_PROXY: '0' }).trustProxy).toBe(false);
      expect(loadConfig({ ...BASE_ENV, DATA_DIR: tmpdir(), TRUST_PROXY: '::1, fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
    });
  });

  describe('one signing secret in the database', () => {
    it('without JWT_SECRET, B (another DATA_DIR, same database) accepts A’s tokens and refreshes them; no secret file is written', async () => {
      const a = await startServer(kind);
      const b = await startServer(kind, { DATABASE_URL: databaseUrlOf(a), DATA_DIR: tempDir('b') });
      try {
        expect(b.dataDir).not.toBe(a.dataDir);
        expect(b.config.dataDir).not.toBe(a.config.dataDir);
        expect(a.config.jwtSecret.length).toBeGreaterThanOrEqual(32);
        expect(Buffer.from(b.config.jwtSecret).equals(Buffer.from(a.config.jwtSecret))).toBe(true);
        const user = await a.register({ name: 'Shared Sam' });
        const viewer = ok(await b.graphql('{ viewer { email } }', undefined, user.accessToken)).viewer;
        expect(viewer).toEqual({ email: user.email });
        const refreshed = await b.refresh(user.refreshToken);
        expect(refreshed.status, refreshed.text).toBe(200);
        expect(ok(await a.graphql('{ viewer { email } }', undefined, refreshed.json.accessToken)).viewer).toEqual({ email: user.email });
        for (const dir of [a.config.dataDir, b.config.dataDir]) expect(existsSync(join(dir, 'jwt-secret'))).toBe(false);
        const rows = await a.app.database.db.selectFrom('secrets').select('name').execute();
        expect(rows).toEqual([{ name: 'jwt' }]);
      } finally {
        await b.close();
        await a.close();
      }
    });

    it('JWT_SECRET, when set, is the secret and nothing is stored', async () => {
      const secret = randomBytes(24).toString('hex');
      const server = await startServer(kind, { JWT_SECRET: secret });
      try {
        expect(new TextDecoder().decode(server.config.jwtSecret)).toBe(secret);
        expect(await server.app.database.db.selectFrom('secrets').selectAll().execute()).toEqual([]);
      } finally {
        await server.close();
      }
    });

    it('three processes starting at once on a fresh database (on PostgreSQL the migrations too) agree on one secret', async () => {
      let url: string;
      let dropDatabase = async () => {};
      if (kind === 'postgres') {
        const name = `studio_test_${randomBytes(6).toString('hex')}`;
        await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
        dropDatabase = () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {});
        const admin = new URL(postgres.adminUrl!);
        admin.pathname = `/${name}`;
        url = admin.toString();
      } else {
        url = `file:${join(tempDir('race'), 'studio.sqlite')}`;
      }
      try {
        const configs = [0, 1, 2].map((i) => loadConfig({ ...BASE_ENV, DATABASE_URL: url, DATA_DIR: tempDir(`race${i}`) }));
        // PostgreSQL: the migrations race too (Kysely locks them). SQLite is one machine's file,
        // which Kysely migrates without a lock: those handles open one after another.
        const handles = kind === 'postgres' ? await Promise.all(configs.map((c) => openDatabase(c))) : [];
        for (const c of kind === 'postgres' ? [] : configs) handles.push(await openDatabase(c));
        try {
          const resolved = await Promise.all(handles.map((h, i) => withSigningSecret(configs[i]!, h.db, quiet)));
          const secrets = new Set(resolved.map((c) => Buffer.from(c.jwtSecret).toString('base64')));
          expect(secrets.size).toBe(1);
        } finally {
          await Promise.all(handles.map((h) => h.close()));
        }
      } finally {
        await dropDatabase();
      }
    });

    it('adopts the <DATA_DIR>/jwt-secret of an earlier version on the first start, so its sessions survive; a later different file does not win', async () => {
      const oldDir = tempDir('legacy');
      const legacy = randomBytes(32).toString('base64url');
      writeFileSync(join(oldDir, 'jwt-secret'), `${legacy}\n`, { mode: 0o600 });
      const a = await startServer(kind, { DATA_DIR: oldDir });
      const otherDir = tempDir('legacy-other');
      writeFileSync(join(otherDir, 'jwt-secret'), randomBytes(32).toString('base64url'));
      const b = await startServer(kind, { DATABASE_URL: databaseUrlOf(a), DATA_DIR: otherDir });
      try {
        expect(new TextDecoder().decode(a.config.jwtSecret)).toBe(legacy);
        expect(new TextDecoder().decode(b.config.jwtSecret)).toBe(legacy);
        const user = await b.register({ name: 'Legacy Lou' });
        expect(ok(await a.graphql('{ viewer { email } }', undefined, user.accessToken)).viewer).toEqual({ email: user.email });
      } finally {
        await b.close();
        await a.close();
      }
    });
  });

  describe.skipIf(redisSkip !== null)('the per-IP limit of /api/auth in Redis', () => {
    let redis: Redis;
    beforeAll(() => {
      redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    });
    afterAll(async () => {
      await redis?.quit();
    });

    it('two servers with one database and one Redis prefix share the count: 4 allowed in all, not 4 each', async () => {
      const prefix = `studio-test-${randomBytes(6).toString('hex')}:`;
      const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_AUTH_MAX: '4' };
      const a = await startServer(kind, env);
      const b = await startServer(kind, env, { shareDataWith: a });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 10; i += 1) statuses.push((await (i % 2 ? b : a).post('/api/auth/logout', {})).status);
        expect(
          statuses.filter((s) => s !== 429),
          statuses.join(','),
        ).toHaveLength(4);
        expect(statuses.slice(4)).toEqual(Array(6).fill(429));
        const limited = await b.post('/api/auth/logout', {});
        expect(limited.json.error.code).toBe('RATE_LIMITED');
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        // The count lives under the site's prefix; another route counts on its own.
        const keys = await redis.keys(`${prefix}limit:auth-ip:*`);
        expect(keys.some((k) => k.includes('/api/auth/logout'))).toBe(true);
        expect((await a.post('/api/auth/login', {})).status).toBe(400);
      } finally {
        await b.close();
        await a.close();
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
      }
    });
  });
});
