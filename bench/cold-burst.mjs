#!/usr/bin/env node
/**
 * Cold-burst benchmark of the page cache (SITE-CACHE; see bench/README.md, "Cold burst"): what does
 * a burst of concurrent anonymous requests for a page nobody has asked for yet cost the server's
 * event loop, and how many renders does it make? Measured on the current build and on a baseline
 * revision (default b560bcd, the page cache before single flight and compression once per fill)
 * in the same run, on the same machine.
 *
 *   node bench/cold-burst.mjs [--connections=200] [--rounds=5] [--baseline=b560bcd] [--db=postgres|sqlite]
 *   (`pnpm bench --only=cold-burst` runs it through bench/run.mjs)
 *
 * Method
 *  1. Builds what is missing (`ensureBuilt`), then the baseline's api alone: `git archive <rev>` of
 *     api/src and its tsconfig files into a temporary directory, beside links to this checkout's
 *     node_modules, web (its dist) and content, compiled with this checkout's tsc. Only the api is
 *     old; both servers serve the same web build.
 *  2. For each server in turn (baseline first, then current; never both at once): starts it with
 *     `node --import bench/lib/loop-probe.mjs` (the event loop's delay and a count of the web app's
 *     renders, the same probe for both, no server code involved), a fresh temporary DATA_DIR and a
 *     fresh PostgreSQL database (`--db=postgres`, the default and the several-process setup: admin URL
 *     from BENCH_POSTGRES_URL, else postgres@ or root@127.0.0.1:5432; dropped at the end) or SQLite
 *     file (`--db=sqlite`), NODE_ENV=production, LOG_LEVEL=warn. Warm-up: 2 signed-in GETs of every page of the rounds (a
 *     session cookie bypasses the page cache, so the code is warm and the cache stays cold).
 *  3. Each round takes a page not yet asked for (/products, /ru/products, /faq, …): resets the probe,
 *     fires `connections` (200) concurrent GETs with `Accept-Encoding: br, gzip` through wrk
 *     (`-t2 -c200`, bench/lib/burst.lua: every connection sends its request at once and wrk stops when
 *     the burst is answered), then reads the probe: the longest event-loop stall (max delay) and the
 *     renders, and checks the page answers 200 in br and in identity with the same HTML.
 *  4. Prints per round and as medians: max stall, renders, wrk's wall time and max latency, and the
 *     ratios current/baseline; writes bench/results/cold-burst.json (git-ignored).
 *
 * Exits 1 only when the run is invalid (wrk saw errors or non-2xx answers, a page check failed, the
 * setup failed), never because of the figures: a benchmark is not a test.
 */
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { checkMachineQuiet, machineInfo } from './lib/cpu.mjs';
import {
  createGuard,
  ensureBuilt,
  reportInvalid,
  resultsDir,
  root,
  serverEntry,
  startServer,
  unlessExits,
  waitForHealth,
  writeResults,
} from './lib/process.mjs';

const PAGES = ['/products', '/ru/products', '/faq', '/es/news', '/products/dom', '/ru/faq', '/es/products', '/news'];
const usage = 'Usage: node bench/cold-burst.mjs [--connections=200] [--rounds=5] [--baseline=b560bcd] [--db=postgres|sqlite]';
const opts = { connections: 200, rounds: 5, baseline: 'b560bcd', db: 'postgres' };
for (const arg of process.argv.slice(2)) {
  if (arg === '--') continue;
  const [key, value] = arg.replace(/^--/, '').split('=');
  if (key === 'baseline' && value) opts.baseline = value;
  else if (key === 'db' && (value === 'postgres' || value === 'sqlite')) opts.db = value;
  else if ((key === 'connections' || key === 'rounds') && Number.isInteger(Number(value)) && Number(value) >= 1) opts[key] = Number(value);
  else {
    console.error(`Unknown option ${arg}\n${usage}`);
    process.exit(2);
  }
}
if (opts.rounds > PAGES.length || opts.connections < 2) {
  console.error(`--rounds ≤ ${PAGES.length} (one cold page each), --connections ≥ 2\n${usage}`);
  process.exit(2);
}
const THREADS = 2;

const guard = createGuard('the servers');

/** Runs a command; throws with its output when it fails. */
function run(command, args, options = {}) {
  const r = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  if (r.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${`${r.stdout ?? ''}${r.stderr ?? ''}`.trim().slice(-3000)}`);
  return r.stdout;
}

/** Builds the api of revision `rev` into `dir` (see the docstring) and answers its main.js and the full commit hash. */
function buildBaseline(rev, dir) {
  const commit = run('git', ['rev-parse', '--verify', `${rev}^{commit}`]).trim();
  const tar = join(dir, 'api.tar');
  run('git', ['archive', '--format=tar', '-o', tar, commit, 'tsconfig.json', 'api/package.json', 'api/tsconfig.json', 'api/tsconfig.build.json', 'api/src']);
  run('tar', ['-xf', tar, '-C', dir]);
  symlinkSync(join(root, 'api', 'node_modules'), join(dir, 'api', 'node_modules'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(root, 'web'), join(dir, 'web'));
  symlinkSync(join(root, 'content'), join(dir, 'content'));
  run(join(root, 'api', 'node_modules', '.bin', 'tsc'), ['-p', join(dir, 'api', 'tsconfig.build.json')]);
  return { entry: join(dir, 'api', 'dist', 'main.js'), commit };
}

const pg = createRequire(join(root, 'api', 'package.json'))('pg');
const ADMIN_URLS = process.env.BENCH_POSTGRES_URL
  ? [process.env.BENCH_POSTGRES_URL]
  : ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

/** Runs `sql` as PostgreSQL's administrator (the first admin URL that answers); answers that URL. */
async function asAdmin(sql) {
  const problems = [];
  for (const url of ADMIN_URLS) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query(sql);
      return url;
    } catch (error) {
      problems.push(`${url}: ${error.message}`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new Error(`PostgreSQL: ${problems.join('; ')} (set BENCH_POSTGRES_URL, or run with --db=sqlite)`);
}

/** A GET with node:http: status and body decoded (br when asked for it). */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode,
            encoding: res.headers['content-encoding'] ?? null,
            html: (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : body).toString('utf8'),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Asks the probe in `server` (bench/lib/loop-probe.mjs) and waits for its answer. */
function ask(server, message) {
  return new Promise((resolve) => {
    server.once('message', resolve);
    server.send(message);
  });
}

/** A wrk duration or latency ("850.12ms", "3.52s", "12.3us", "1.05m") in ms. */
function ms(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!m) return null;
  return +(Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60000 }[m[2]]).toFixed(1);
}

/**
 * One burst of `opts.connections` GETs of `url` through wrk (bench/lib/burst.lua); answers what wrk
 * reported and the burst's wall time, measured here from wrk's start to the last thread's
 * "burst answered" (wrk's own duration is its -d: it runs until SIGINT, sent then).
 */
async function burst(url) {
  const perThread = Math.ceil(opts.connections / THREADS);
  const args = [
    '-t',
    String(THREADS),
    '-c',
    String(perThread * THREADS),
    '-d',
    '300s',
    '--timeout',
    '60s',
    '-H',
    'Accept-Encoding: br, gzip',
    '-s',
    join(root, 'bench', 'lib', 'burst.lua'),
    url,
    '--',
    String(perThread),
  ];
  const started = process.hrtime.bigint();
  const wrk = guard.track(spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] }), 'wrk');
  let out = '';
  let err = '';
  let wallMs = null;
  wrk.stdout.on('data', (d) => (out += d));
  wrk.stderr.on('data', (d) => {
    err += d;
    if (wallMs === null && (err.match(/burst answered/g) ?? []).length >= THREADS) {
      wallMs = +(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1);
      wrk.kill('SIGINT');
    }
  });
  const [code, signal] = await wrk.exited;
  if (code !== 0) throw new Error(`wrk ${args.join(' ')} failed (${code ?? signal}):\n${out}${err}`);
  const requests = /(\d+) requests in /.exec(out);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const latency = /Latency\s+(\S+)\s+(\S+)\s+(\S+)/.exec(out);
  return {
    requests: requests ? Number(requests[1]) : 0,
    wallMs,
    latencyMeanMs: latency ? ms(latency[1]) : null,
    latencyMaxMs: latency ? ms(latency[3]) : null,
    socketErrors: socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
  };
}

const median = (values) => {
  const s = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

/** Starts `entry` with the probe, runs every round, stops it; answers the rounds and any problems. */
async function measure(label, entry, tempDir, databaseUrl) {
  const dataDir = join(tempDir, `data-${label}`);
  mkdirSync(dataDir);
  const { server, base } = await startServer(guard, {
    dataDir,
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    entry,
    ipc: true,
    nodeArgs: ['--import', join(root, 'bench', 'lib', 'loop-probe.mjs')],
    logFile: join(resultsDir, `cold-burst-${label}-server.log`),
  });
  await waitForHealth(base, server);
  const pages = PAGES.slice(0, opts.rounds);
  // Warm the code, not the cache: a session cookie makes the server render without caching.
  for (let i = 0; i < 2; i++)
    for (const page of pages) await unlessExits(server, get(`${base}${page}`, { cookie: 'studio.credentials=bench-warm-up' }), 'warming up');
  const rounds = [];
  const problems = [];
  for (const page of pages) {
    await unlessExits(server, ask(server, 'reset'), 'resetting the probe');
    const wrk = await unlessExits(server, burst(`${base}${page}`), 'bursting');
    const probe = await unlessExits(server, ask(server, 'report'), 'reading the probe');
    const [br, plain] = [await get(`${base}${page}`, { 'accept-encoding': 'br' }), await get(`${base}${page}`)];
    if (wrk.socketErrors || wrk.non2xx || wrk.requests < opts.connections)
      problems.push(`${label} ${page}: wrk saw ${wrk.socketErrors} socket errors, ${wrk.non2xx} non-2xx, ${wrk.requests} answers`);
    if (br.status !== 200 || br.encoding !== 'br' || br.html !== plain.html || !plain.html.includes('<html lang='))
      problems.push(`${label} ${page}: the page check failed (HTTP ${br.status}/${plain.status}, ${br.encoding})`);
    rounds.push({ page, ...probe, ...wrk });
    console.log(
      `  ${label.padEnd(8)} ${page.padEnd(14)} max stall ${String(probe.maxDelayMs).padStart(7)} ms   renders ${String(probe.renders).padStart(4)}   burst ${String(wrk.wallMs).padStart(7)} ms (max latency ${wrk.latencyMaxMs} ms, ${wrk.requests} answers)`,
    );
  }
  server.kill('SIGTERM');
  await server.exited;
  return { rounds, problems };
}

async function main() {
  ensureBuilt({ rebuildStaleApi: true });
  mkdirSync(resultsDir, { recursive: true });
  const idleLoad = await checkMachineQuiet();
  const tempDir = guard.makeTempDir('studio-cold-burst-');
  const baseDir = join(tempDir, 'baseline');
  mkdirSync(baseDir);
  console.log(`Building the baseline api (${opts.baseline}) in ${baseDir}…`);
  const baseline = buildBaseline(opts.baseline, baseDir);
  // One database per server, so each starts from the same seeded content.
  const databases = opts.db === 'postgres' ? [`studio_bench_${randomBytes(5).toString('hex')}`, `studio_bench_${randomBytes(5).toString('hex')}`] : [];
  let before;
  let after;
  try {
    let adminUrl;
    for (const name of databases) adminUrl = await asAdmin(`CREATE DATABASE "${name}"`);
    const databaseUrl = (i) => (adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${databases[i]}` }).href : undefined);
    console.log(
      `\ncold burst on ${opts.db === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${opts.connections} concurrent GETs per round (wrk -t${THREADS}), ` +
        `Accept-Encoding br, gzip; ${opts.rounds} rounds, each a page not yet cached`,
    );
    before = await measure('baseline', baseline.entry, tempDir, databaseUrl(0));
    after = await measure('current', serverEntry, tempDir, databaseUrl(1));
  } finally {
    await guard.stop();
    for (const name of databases)
      await asAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((error) => console.error(`could not drop ${name}: ${error.message}`));
  }

  const summary = (r) => ({
    maxStallMs: median(r.rounds.map((x) => x.maxDelayMs)),
    renders: median(r.rounds.map((x) => x.renders)),
    burstMs: median(r.rounds.map((x) => x.wallMs)),
    latencyMaxMs: median(r.rounds.map((x) => x.latencyMaxMs)),
  });
  const b = summary(before);
  const a = summary(after);
  const ratio = (x, y) => (typeof x === 'number' && typeof y === 'number' && y > 0 ? +(x / y).toFixed(3) : null);
  const ratios = {
    maxStall: ratio(a.maxStallMs, b.maxStallMs),
    renders: ratio(a.renders, b.renders),
    burst: ratio(a.burstMs, b.burstMs),
    latencyMax: ratio(a.latencyMaxMs, b.latencyMaxMs),
  };
  const rows = [
    ['median per round', `baseline ${opts.baseline}`, 'current', 'current/baseline'],
    ['max event-loop stall (ms)', b.maxStallMs, a.maxStallMs, ratios.maxStall],
    ['renders', b.renders, a.renders, ratios.renders],
    ['burst wall time (ms)', b.burstMs, a.burstMs, ratios.burst],
    ['max latency (ms)', b.latencyMaxMs, a.latencyMaxMs, ratios.latencyMax],
  ].map((row) => row.map((cell) => String(cell ?? '—')));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log('');
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, j) => (j ? cell.padStart(widths[j]) : cell.padEnd(widths[j]))).join('   '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('   '));
  }
  const problems = [...before.problems, ...after.problems];
  writeResults('cold-burst.json', {
    date: new Date().toISOString(),
    ok: problems.length === 0,
    problems,
    machine: machineInfo(idleLoad),
    settings: { connections: opts.connections, threads: THREADS, rounds: opts.rounds, baseline: baseline.commit, database: opts.db },
    baseline: { summary: b, rounds: before.rounds },
    current: { summary: a, rounds: after.rounds },
    ratios,
  });
  if (problems.length) reportInvalid('COLD-BURST BENCHMARK INVALID: the figures mean nothing:', problems);
}

await guard.run('cold-burst bench', main);
