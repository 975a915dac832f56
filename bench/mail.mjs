#!/usr/bin/env node
/**
 * Mail backlog benchmark: how fast does the job queue drain queued mail through SMTP?
 * (MAIL-OUTBOX, JOBS; see bench/README.md, "Mail backlog").
 *
 *   node bench/mail.mjs [--mails=6600] [--baseline-mails=600] [--db=sqlite|postgres]
 *   (`node bench/run.mjs --only=mail` runs it too)
 *
 * Method
 *  1. A real SMTP sink (smtp-server, the API's test dependency) on a loopback port counts every
 *     message it accepts (250 after DATA).
 *  2. For each run, a fresh database (a temporary SQLite file, or a fresh PostgreSQL database on
 *     127.0.0.1:5432) gets `mails` queued mails through the built API's own modules (openDatabase,
 *     createJobQueue, createMailService from api/dist; one transaction), so the backlog is exactly
 *     what orders and codes leave behind.
 *  3. The built server starts on that database with MAIL_TRANSPORT=smtp to the sink; the clock runs
 *     from its spawn until the sink holds every mail. Reported: seconds, mails/s, and the server's
 *     CPU time per mail.
 *  4. Baseline, in the same run: the same with JOBS_CONCURRENCY=1 and MAIL_SMTP_CONNECTIONS=1 (one
 *     mail at a time, as the old worker delivered) on `baseline-mails`. Printed: the ratio of rates.
 * The aim is a 6,600-mail backlog in under 60 s on this 2-core machine. Exits 1 only when a run is
 * invalid (a mail missing or the setup failed), never because the aim is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { processCpuMs } from './lib/cpu.mjs';
import { createGuard, ensureBuilt, reportInvalid, resultsDir, root, startServer, writeResults } from './lib/process.mjs';

const AIM_SECONDS = 60;
const opts = { mails: 6600, baselineMails: 600, db: 'sqlite' };
for (const arg of process.argv.slice(2)) {
  const [key, value] = arg.replace(/^--/, '').split('=');
  if (key === 'mails') opts.mails = Number(value);
  else if (key === 'baseline-mails') opts.baselineMails = Number(value);
  else if (key === 'db' && (value === 'sqlite' || value === 'postgres')) opts.db = value;
  else {
    console.error('Usage: node bench/mail.mjs [--mails=6600] [--baseline-mails=600] [--db=sqlite|postgres]');
    process.exit(2);
  }
}

const apiRequire = createRequire(join(root, 'api', 'package.json'));
const { SMTPServer } = apiRequire('smtp-server');
const pg = apiRequire('pg');
const api = (path) => import(pathToFileURL(join(root, 'api', 'dist', path)).href);

/** A counting SMTP sink; `received` grows by one per accepted message. */
async function startSink() {
  const sink = { received: 0, lastAt: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        sink.received += 1;
        sink.lastAt = performance.now();
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = server.server.address().port;
  sink.close = () => new Promise((resolve) => server.close(resolve));
  return sink;
}

/** A fresh database for one run: { env (DATABASE_URL), drop() }. */
async function freshDatabase() {
  if (opts.db === 'sqlite') return { env: { DATABASE_URL: '' }, drop: async () => {} };
  const name = `studio_bench_mail_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    env: { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` },
    async drop() {
      const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Queues `count` mails on the database of `env` with the API's own modules. */
async function queueMails(env, count) {
  const { loadConfig } = await api('config.js');
  const { openDatabase } = await api('db/index.js');
  const { createJobQueue } = await api('jobs/queue.js');
  const { createMailService } = await api('mail/service.js');
  const config = loadConfig({ ...process.env, ...env, SEED: 'false' });
  const database = await openDatabase(config);
  const jobs = createJobQueue(database.db, { kind: database.kind, listenUrl: null, concurrency: 1, leaseMs: 60_000, pollIntervalMs: 60_000 });
  const mail = createMailService(database.db, jobs, config);
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 1) {
      await mail.send(
        {
          to: `reader${i}@example.test`,
          template: 'orderReceived',
          locale: ['en', 'ru', 'es'][i % 3],
          params: { name: `Reader ${i}`, reference: `B${i}`, summary: 'A backlog mail' },
        },
        { db: trx },
      );
    }
  });
  await mail.close();
  await database.close();
}

const guard = createGuard('the server');
const results = {};

async function run(label, count, extraEnv, sink) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'studio-bench-mail-'));
  const database = await freshDatabase();
  try {
    const env = { DATA_DIR: dataDir, JWT_SECRET: 'bench-mail-secret-0123456789abcdef', ...database.env };
    await queueMails(env, count);
    const before = sink.received;
    const started = performance.now();
    const { server } = await startServer(guard, {
      dataDir,
      env: { ...env, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${sink.port}`, SEED: 'false', ...extraEnv },
      logFile: join(resultsDir, `mail-${label}.log`),
    });
    const deadline = started + 10 * 60_000;
    while (sink.received - before < count && performance.now() < deadline && server.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    const seconds = (sink.lastAt - started) / 1000;
    const cpuMs = processCpuMs(server.pid);
    await guard.stop();
    const delivered = sink.received - before;
    const result = {
      mails: count,
      delivered,
      seconds: Number(seconds.toFixed(2)),
      mailsPerSecond: Math.round(delivered / seconds),
      serverCpuMsPerMail: Number((cpuMs / delivered).toFixed(2)),
      env: extraEnv,
    };
    console.log(
      `${label.padEnd(9)} ${delivered}/${count} mails in ${result.seconds} s = ${result.mailsPerSecond} mails/s, server CPU ${result.serverCpuMsPerMail} ms/mail`,
    );
    if (delivered !== count) reportInvalid(`${label}: ${count - delivered} mails were not delivered`, [`see bench/results/mail-${label}.log`]);
    return result;
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await guard.run('mail bench', async () => {
  ensureBuilt({ rebuildStaleApi: true });
  const sink = await startSink();
  try {
    console.log(`Mail backlog on ${opts.db}: baseline one at a time (${opts.baselineMails} mails), then the defaults (${opts.mails} mails)`);
    results.baseline = await run('baseline', opts.baselineMails, { JOBS_CONCURRENCY: '1', MAIL_SMTP_CONNECTIONS: '1' }, sink);
    results.defaults = await run('defaults', opts.mails, {}, sink);
    const ratio = results.defaults.mailsPerSecond / results.baseline.mailsPerSecond;
    console.log(
      `\nrate ratio defaults/baseline: ${ratio.toFixed(1)}× · ${opts.mails} mails in ${results.defaults.seconds} s (aim < ${AIM_SECONDS} s: ${results.defaults.seconds < AIM_SECONDS ? 'met' : 'missed'})`,
    );
    writeResults(`mail-${opts.db}.json`, { db: opts.db, ...results, ratio: Number(ratio.toFixed(2)), aimSeconds: AIM_SECONDS });
  } finally {
    await sink.close();
  }
});
