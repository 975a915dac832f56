/**
 * Process-level faults on the built server (`node api/dist/main.js`, see processes.ts):
 * - PostgreSQL restarted under load (a private cluster): the process stays up, /api/health/ready is
 *   200 again within 2 s of the database accepting connections, and no acknowledged order is lost;
 * - kill -9 while the job worker delivers mail, then a restart, on SQLite and PostgreSQL: every
 *   acknowledged order's two mails are delivered, and with the outbox transport none twice
 *   (MAIL-OUTBOX, JOBS); over SMTP, three kills re-send at most the mails in flight at each
 *   (`MAIL_SMTP_CONNECTIONS` per kill): a delivered mail is marked sent before its slot takes the next.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, postgres, skipReason, withAdmin } from './harness.js';
import { type PrivateCluster, type ServerProcess, postgresBin, startPrivateCluster, startServerProcess } from './processes.js';
import { startSink } from './smtp-sink.js';

const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
const PRODUCTS = 'query { products(first: 3) { edges { node { slug } } } }';
const input = (n: number) => ({
  name: `Crash ${n}`,
  email: `crash${n}@example.test`,
  interest: 'voice-match',
  budget: 'NOT_SURE',
  message: `Order number ${n} must survive.`,
  consent: true,
  locale: 'EN',
});

async function references(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ reference: string }>('select reference from orders')).rows.map((r) => r.reference);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL restart under load', () => {
  const skip = skipReason('postgres') ?? (postgresBin() ? null : 'PostgreSQL server programs are not installed');
  if (skip) {
    it.skip(skip, () => {});
    return;
  }
  let cluster: PrivateCluster;
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-pg-restart-'));
  beforeAll(async () => {
    cluster = await startPrivateCluster();
    server = await startServerProcess({ DATABASE_URL: cluster.url, DATA_DIR: dataDir, MAIL_TRANSPORT: 'outbox' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    cluster?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives, is ready again within 2 s of the database, and keeps every acknowledged order', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let running = true;
    let n = 0;
    const client = async () => {
      while (running) {
        n += 1;
        const write = n % 2 === 0;
        const answer = await server.graphql(write ? CREATE_ORDER : PRODUCTS, write ? { input: input(n) } : undefined).catch(() => ({ status: 0, json: null }));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const reference = answer.json?.data?.createOrder?.reference;
        if (write && answer.status === 200 && typeof reference === 'string') acknowledged.push(reference);
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await sleep(1_000);
    const before = acknowledged.length;
    cluster.restart(); // returns once PostgreSQL accepts connections again
    const databaseBack = performance.now();
    let readyAfterMs = Number.POSITIVE_INFINITY;
    while (performance.now() - databaseBack < 10_000) {
      const ready = await fetch(`${server.baseUrl}/api/health/ready`).then(
        (r) => r.status,
        () => 0,
      );
      if (ready === 200) {
        readyAfterMs = performance.now() - databaseBack;
        break;
      }
      await sleep(20);
    }
    await sleep(1_000);
    running = false;
    await Promise.all(clients);

    console.log(
      `PostgreSQL restart: ready again ${readyAfterMs.toFixed(0)} ms after the database; answers by status ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(server.child.exitCode).toBeNull();
    expect(readyAfterMs).toBeLessThanOrEqual(2_000);
    expect(acknowledged.length).toBeGreaterThan(before); // orders were taken after the restart too
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]); // a fault is a 503, never a 500
    const stored = new Set(await references(cluster.url));
    expect(acknowledged.filter((r) => !stored.has(r))).toEqual([]);
  });
});

describeEachDb('kill -9 during mail delivery (%s)', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), `studio-kill-${kind}-`));
  let databaseUrl = '';
  let database = '';
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    if (kind === 'postgres') {
      database = `studio_kill_${Date.now().toString(36)}`;
      await withAdmin((c) => c.query(`CREATE DATABASE "${database}"`));
      const url = new URL(postgres.adminUrl!);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    }
  });
  afterAll(async () => {
    for (const s of running) await s.stop('SIGKILL');
    if (database) await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const s = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, MAIL_TRANSPORT: 'outbox', JOBS_LEASE_MS: '3000', ...env });
    running.push(s);
    return s;
  };
  const outbox = join(dataDir, 'outbox');
  const mails = () =>
    readdirSync(outbox, { withFileTypes: true })
      .filter((f) => f.name.endsWith('.eml'))
      .map((f) => f.name);

  it('delivers every acknowledged order’s two mails after a restart, each file once', async () => {
    // Orders taken while no worker runs: 300 mails wait in the outbox.
    const taker = await start({ JOBS_WORKER: 'off' });
    const acknowledged: string[] = [];
    for (let batch = 0; batch < 15; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => taker.graphql(CREATE_ORDER, { input: input(batch * 10 + i) })));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        acknowledged.push(answer.json.data.createOrder.reference);
      }
    }
    await taker.stop();

    // A worker starts delivering and is killed at its first delivered mail.
    const worker = await start({ JOBS_WORKER: 'on' });
    while (readdirSync(dataDir).includes('outbox') === false || mails().length === 0) await sleep(2);
    await worker.stop('SIGKILL');
    const deliveredBeforeKill = mails().length;
    expect(deliveredBeforeKill).toBeLessThan(acknowledged.length * 2); // the kill did interrupt delivery

    const restarted = await start({ JOBS_WORKER: 'on' });
    const deadline = Date.now() + 60_000;
    while (mails().length < acknowledged.length * 2 && Date.now() < deadline) await sleep(100);
    await sleep(2_000); // a duplicate delivery would show up as a second file by now
    await restarted.stop();

    const files = mails();
    console.log(
      `kill -9 (${kind}): ${deliveredBeforeKill} of ${acknowledged.length * 2} mails delivered before the kill, ${files.length} files after the restart`,
    );
    expect(files).toHaveLength(acknowledged.length * 2);
    const contents = files.map((f) => readFileSync(join(outbox, f), 'utf8'));
    for (const reference of acknowledged) {
      expect(contents.filter((c) => c.includes(reference)).length, reference).toBe(2);
    }
  }, 120_000);

  it('over SMTP, three kills during delivery re-send at most the mails in flight at each', async () => {
    const sink = await startSink();
    try {
      const taker = await start({ JOBS_WORKER: 'off' });
      const acknowledged: string[] = [];
      for (let batch = 0; batch < 10; batch += 1) {
        const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => taker.graphql(CREATE_ORDER, { input: input(1000 + batch * 10 + i) })));
        for (const answer of answers) acknowledged.push(answer.json.data.createOrder.reference);
      }
      await taker.stop();
      const smtp = { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_SMTP_CONNECTIONS: '2', JOBS_WORKER: 'on' };
      for (let kill = 0; kill < 3; kill += 1) {
        const seen = sink.received.length;
        const worker = await start(smtp);
        while (sink.received.length === seen) await sleep(2);
        await worker.stop('SIGKILL');
      }
      const restarted = await start(smtp);
      const deadline = Date.now() + 60_000;
      const ids = () => new Set(sink.received.map((m) => m.messageId));
      while (ids().size < acknowledged.length * 2 && Date.now() < deadline) await sleep(100);
      await sleep(2_000); // a late duplicate shows up by now
      await restarted.stop();
      const duplicates = sink.received.length - ids().size;
      console.log(`kill -9 ×3 over SMTP (${kind}): ${sink.received.length} deliveries of ${ids().size} mails, ${duplicates} twice`);
      expect(ids().size).toBe(acknowledged.length * 2);
      expect(duplicates).toBeLessThanOrEqual(3 * 2);
    } finally {
      await sink.close();
    }
  }, 120_000);
});
