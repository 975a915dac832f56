#!/usr/bin/env node
/**
 * Login storm benchmark: does a steady stream of password logins (argon2id, ACC-PASSWORD) leave
 * the rest of the server responsive? (see bench/README.md, "Login storm").
 *
 *   node bench/logins.mjs [--rate=50] [--idle=5] [--storm=10] [--probe-delay=10]
 *   (also run by `pnpm bench`; `pnpm bench --only=logins` runs only this)
 *
 * Method
 *  1. Starts the real built server (`node api/dist/main.js`, built first when missing or older
 *     than api/src) as a child on a free port: NODE_ENV=production, MAIL_TRANSPORT=memory,
 *     LOG_LEVEL=warn, GRAPHQL_PERSISTED_ONLY=false (for the probe's ad-hoc viewer query), a fresh
 *     temporary DATA_DIR, and the per-IP and per-account sign-in limits raised so that the bench's
 *     traffic (all from 127.0.0.1) is let through. The bench's own environment is passed on
 *     (UV_THREADPOOL_SIZE, PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE can be tried that way).
 *  2. Probes `GET /api/health/live` once; when it answers 404 (a server without it) the health
 *     probe uses `GET /api/health` instead.
 *  3. Registers `rate` accounts for the storm and one more for the bearer probe, checks the
 *     probe's viewer query, and signs in 5 times one after the other: one uncontended login.
 *  4. Idle phase (`idle` s): two wrk probes run side by side, each one connection with a pause of
 *     `probe-delay` ms before every request: the health path, and `POST /api/graphql`
 *     `{ viewer { id email } }` with the probe account's bearer access token (JWT verification +
 *     session lookup). wrk (Debian's /usr/bin/wrk, C, with bench/lib/probe.lua) records every
 *     latency and prints p50/p90/p99.
 *  5. Storm phase: logins (`POST /api/auth/login`, round robin over the accounts) arrive as
 *     independent users would: a Poisson stream of `rate` per second on average (exponential
 *     gaps from a seeded generator, so every run sends the same pattern), open loop — each is
 *     sent on schedule whatever the answers before it. After 1 s of storm the same two probes
 *     run for `storm` s; the storm stops when they end, and every login sent is awaited.
 *  6. Prints the logins answered (200, or 429 when the server's hashing queue is full: shedding,
 *     not a failure), login p50/p99, and for each probe p99 idle, p99 storm and the ratio storm /
 *     idle, aim ≤ 3 for the health probe. Writes everything to bench/results/logins.json.
 *
 * Why wrk with a pause rather than a flood: a probe that sends back to back would itself keep a
 * core busy on a 2-core machine and measure its own load; at ~1 request per `probe-delay` ms each
 * probe costs the server little and wrk itself almost nothing, so neither is the bottleneck. The
 * login client (Node fetch, 50 requests/s) is light too. Percentiles are wrk's (all samples).
 * Why Poisson arrivals rather than an even 50/s: evenly spaced logins never overlap on an idle
 * machine (one hash is shorter than the gap), which hides what bursts of users do to the pool.
 *
 * Exits 1 only when the run is invalid (a probe request failed or answered wrongly, a login
 * failed other than with 429, or the setup failed), never because a ratio misses its aim.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkMachineQuiet, cpuMeter, machineInfo } from './lib/cpu.mjs';
import { createGuard, ensureBuilt, reportInvalid, resultsDir, root, startServer, unlessExits, waitForHealth, writeResults } from './lib/process.mjs';

const AIM_RATIO = 3;
const WRK = process.env['WRK'] ?? '/usr/bin/wrk';
const PROBE_SCRIPT = join(root, 'bench', 'lib', 'probe.lua');
const WARMUP_MS = 1000;
const SEED = 20261124;

/** mulberry32: a small seeded generator of numbers in [0, 1), so every run sends the same arrival pattern. */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const usage = 'Usage: node bench/logins.mjs [--rate=50] [--idle=5] [--storm=10] [--probe-delay=10]';
const opts = { rate: 50, idle: 5, storm: 10, 'probe-delay': 10 };
for (const arg of process.argv.slice(2)) {
  if (arg === '--') continue;
  const [key, value] = arg.replace(/^--/, '').split('=');
  if (key in opts && value !== undefined && Number.isFinite(Number(value)) && Number(value) > 0) opts[key] = Number(value);
  else {
    console.error(`Unknown option ${arg}\n${usage}`);
    process.exit(2);
  }
}
const accountCount = Math.max(1, Math.round(opts.rate));

const guard = createGuard('the server and the probes');

/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null);
function summarize(latencies) {
  const s = Float64Array.from(latencies).sort();
  const r3 = (n) => (n === null ? null : +n.toFixed(3));
  return { count: s.length, p50: r3(percentile(s, 50)), p99: r3(percentile(s, 99)), max: r3(s.length ? s[s.length - 1] : null) };
}
const fmt = (n, d) => (typeof n === 'number' ? n.toFixed(d) : '—');
const post = (base, path, body, headers = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Threads of process `pid` (/proc; the libuv pool's threads appear once it has started), or null. */
function threadCount(pid) {
  try {
    return Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) || null;
  } catch {
    return null;
  }
}

/**
 * Runs one wrk probe (bench/lib/probe.lua) against `url` for `seconds`: one thread, one
 * connection, `probe-delay` ms before each request. Answers its PROBE_RESULT (latencies in ms).
 */
async function probe(name, url, seconds, env = {}) {
  const args = ['-t1', '-c1', `-d${seconds}s`, '--timeout', '5s', '-s', PROBE_SCRIPT, url];
  const child = guard.track(
    spawn(WRK, args, { env: { ...process.env, PROBE_DELAY_MS: String(opts['probe-delay']), ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
    `wrk (${name})`,
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const [code] = await child.exited;
  const line = out.split('\n').find((l) => l.startsWith('PROBE_RESULT '));
  if (code !== 0 || !line) throw new Error(`wrk (${name}) exited with code ${code}: ${out.trim().slice(0, 500)}`);
  return JSON.parse(line.slice('PROBE_RESULT '.length));
}

/** A probe result's problems (failed requests, wrong bodies), each as text. */
function probeProblems(name, r) {
  const problems = Object.entries(r.errors)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${name}: ${n} ${kind} error(s)`);
  if (r.mismatches) problems.push(`${name}: ${r.mismatches} answer(s) without the expected body`);
  if (!r.count) problems.push(`${name}: no request completed`);
  return problems;
}

async function run() {
  if (!spawnable(WRK)) throw new Error(`${WRK} is missing: apt-get install wrk (or set WRK=path)`);
  ensureBuilt({ rebuildStaleApi: true, runDespiteErrors: true });
  mkdirSync(resultsDir, { recursive: true });
  const quiet = await checkMachineQuiet();

  const dataDir = join(guard.makeTempDir('studio-bench-logins-'), 'data');
  mkdirSync(dataDir);
  // The thread pool `pnpm start` gives the server (scripts/start.mjs); a build without
  // api/dist/platform/threadpool.js (older than decision 0024) keeps libuv's default.
  const poolModule = join(root, 'api', 'dist', 'platform', 'threadpool.js');
  const pool = existsSync(poolModule) ? { UV_THREADPOOL_SIZE: String((await import(pathToFileURL(poolModule).href)).threadpoolSize(process.env)) } : {};
  const {
    server,
    base,
    env: serverEnv,
    outputLines,
  } = await startServer(guard, {
    dataDir,
    env: {
      ...pool,
      MAIL_TRANSPORT: 'memory',
      GRAPHQL_PERSISTED_ONLY: 'false',
      // Every request of the bench comes from 127.0.0.1: lift the per-IP limit of /api/auth/*
      RATE_LIMIT_AUTH_MAX: '10000000',
      RATE_LIMIT_WINDOW_MS: '60000',
      // and the per-account limit of sign-ins (every login of the bench is counted before its check).
      RATE_LIMIT_PASSWORD_GUESS: '1000000/60',
    },
    logFile: join(resultsDir, 'logins-server.log'),
  });
  const tuned = ['UV_THREADPOOL_SIZE', 'PASSWORD_HASH_CONCURRENCY', 'PASSWORD_HASH_QUEUE']
    .filter((k) => serverEnv[k] ?? process.env[k])
    .map((k) => `${k}=${serverEnv[k] ?? process.env[k]}`);
  console.log(`Server: node api/dist/main.js on ${base} (pid ${server.pid}), fresh DATA_DIR${tuned.length ? `, ${tuned.join(' ')}` : ''}`);
  await waitForHealth(base, server);

  const live = await fetch(`${base}/api/health/live`);
  await live.arrayBuffer();
  const healthPath = live.status === 404 ? '/api/health' : '/api/health/live';
  if (live.status !== 404 && live.status !== 200) throw new Error(`GET /api/health/live answered ${live.status}`);
  const healthExpect = (await (await fetch(`${base}${healthPath}`)).text()).slice(0, 12);
  console.log(`Health probe: GET ${healthPath}${healthPath === '/api/health' ? ' (/api/health/live answered 404 here)' : ''}`);

  // Accounts, before anything is measured: `rate` for the storm, one for the bearer probe (never
  // signed in again, so the storm's logins cannot replace its session).
  const tag = Date.now().toString(36);
  const account = (i) => ({
    email: `bench-login-${tag}-${i}@example.com`,
    password: `bench ${randomBytes(12).toString('base64url')} ${i}`,
    name: `Bench Login ${i}`,
    deviceToken: `bench-login-device-${i}`,
  });
  const accounts = Array.from({ length: accountCount }, (_, i) => account(i));
  const probeAccount = account('probe');
  process.stdout.write(`Registering ${accounts.length + 1} accounts… `);
  const registered = [];
  const all = [probeAccount, ...accounts];
  for (let i = 0; i < all.length; i += 10) {
    const batch = all.slice(i, i + 10).map(async (a) => {
      const res = await post(base, '/api/auth/register', a);
      const text = await res.text();
      if (res.status !== 201) throw new Error(`POST /api/auth/register ${a.email} answered ${res.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text);
    });
    registered.push(...(await unlessExits(server, Promise.all(batch), 'registering the accounts')));
  }
  console.log('done');
  const probeToken = registered[0].accessToken;
  const viewerBody = JSON.stringify({ query: '{ viewer { id email } }' });
  const check = await (await post(base, '/api/graphql', JSON.parse(viewerBody), { authorization: `Bearer ${probeToken}` })).json();
  if (check.data?.viewer?.email !== probeAccount.email)
    throw new Error(`the viewer query did not answer the probe account: ${JSON.stringify(check).slice(0, 300)}`);

  const loginBodies = accounts.map((a) => JSON.stringify({ email: a.email, password: a.password, deviceToken: a.deviceToken }));
  /** One login: { sentAt, ms, status, code, retryAfter }. */
  async function login(i) {
    const sentAt = performance.now();
    try {
      const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBodies[i] });
      const text = await res.text();
      const ms = performance.now() - sentAt;
      if (res.status === 200 && text.includes('"accessToken"')) return { sentAt, ms, status: 200 };
      let code = null;
      try {
        code = JSON.parse(text).error?.code ?? null;
      } catch {}
      return { sentAt, ms, status: res.status, code, retryAfter: res.headers.get('retry-after'), text: text.slice(0, 160) };
    } catch (error) {
      return { sentAt, ms: performance.now() - sentAt, status: 0, code: error.cause?.code ?? error.message };
    }
  }

  // Reference: one login at a time, nothing else running (≈ one argon2id verification + a session).
  const single = [];
  for (let k = 0; k < 5; k++) single.push(await unlessExits(server, login(k % accounts.length), 'signing in'));
  if (single.some((r) => r.status !== 200)) throw new Error(`a single login failed: ${JSON.stringify(single.find((r) => r.status !== 200))}`);
  const singleMs = summarize(single.map((r) => r.ms));
  console.log(`One login at a time: p50 ${fmt(singleMs.p50, 1)} ms (≈ one argon2id verification; 5 logins)`);

  const probes = (seconds) =>
    Promise.all([
      probe('health', `${base}${healthPath}`, seconds, { PROBE_EXPECT: healthExpect }),
      probe('bearer', `${base}/api/graphql`, seconds, {
        PROBE_METHOD: 'POST',
        PROBE_BODY: viewerBody,
        PROBE_TOKEN: probeToken,
        PROBE_EXPECT: probeAccount.email,
      }),
    ]);

  // 1. Idle.
  await new Promise((r) => setTimeout(r, 500)); // let the registrations' work settle
  process.stdout.write(`Idle: the two probes for ${opts.idle} s… `);
  const idleCpu = cpuMeter(server.pid);
  const [idleHealth, idleBearer] = await unlessExits(server, probes(opts.idle), 'probing (idle)');
  const idleCpuShares = idleCpu();
  console.log(`health p99 ${idleHealth.p99} ms (${idleHealth.count}), bearer p99 ${idleBearer.p99} ms (${idleBearer.count})`);

  // 2. Storm: logins on a fixed schedule (open loop); the probes after WARMUP_MS of it.
  process.stdout.write(`Storm: ${opts.rate} logins/s; the probes for ${opts.storm} s after ${WARMUP_MS / 1000} s… `);
  const results = [];
  const inFlight = new Set();
  let sent = 0;
  let stopped = false;
  const random = seededRandom(SEED);
  // Independent users: exponential gaps of mean 1/rate (a Poisson stream), the same every run.
  let nextAt = 0;
  const t0 = performance.now();
  const schedule = () => {
    if (stopped) return;
    const now = performance.now() - t0;
    for (; nextAt <= now; sent++) {
      const p = login(sent % accounts.length).then((r) => results.push(r));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      nextAt += (-Math.log(1 - random()) * 1000) / opts.rate;
    }
    setTimeout(schedule, 1);
  };
  schedule();
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const window0 = performance.now();
  const stormCpu = cpuMeter(server.pid);
  let threadsDuringStorm = null;
  const threadProbe = setTimeout(() => (threadsDuringStorm = threadCount(server.pid)), (opts.storm * 1000) / 2);
  const [stormHealth, stormBearer] = await unlessExits(server, probes(opts.storm), 'probing (storm)');
  const window1 = performance.now();
  const stormCpuShares = stormCpu();
  clearTimeout(threadProbe);
  stopped = true;
  await unlessExits(server, Promise.all([...inFlight]), 'awaiting the last logins');

  const measured = results.filter((r) => r.sentAt >= window0 && r.sentAt < window1);
  const ok = measured.filter((r) => r.status === 200);
  const busy = measured.filter((r) => r.status === 429);
  const failed = results.filter((r) => r.status !== 200 && r.status !== 429);
  const windowS = (window1 - window0) / 1000;
  const loginMs = summarize(ok.map((r) => r.ms));
  const busyMs = summarize(busy.map((r) => r.ms));
  console.log(`${results.length} logins sent, ${measured.length} while probing: ${ok.length} ok, ${busy.length} answered 429`);

  // 3. Report.
  const ratio = (idle, storm) => (idle.p99 > 0 ? storm.p99 / idle.p99 : null);
  const healthRatio = ratio(idleHealth, stormHealth);
  const bearerRatio = ratio(idleBearer, stormBearer);
  const problems = [
    ...probeProblems('idle health', idleHealth),
    ...probeProblems('idle bearer', idleBearer),
    ...probeProblems('storm health', stormHealth),
    ...probeProblems('storm bearer', stormBearer),
    ...failed.slice(0, 20).map((r) => `login: HTTP ${r.status} ${r.code ?? ''} ${r.text ?? ''}`.trim()),
    ...busy
      .filter((r) => !r.retryAfter)
      .slice(0, 5)
      .map((r) => `a 429 without Retry-After: ${r.text}`),
  ];
  if (!ok.length) problems.push('no login succeeded during the storm');

  const verdict = (r) => (r === null ? '—' : r <= AIM_RATIO ? '✓ meets aim' : '✗ misses aim');
  const rows = [
    ['logins/s sent', fmt(measured.length / windowS, 1), `(${opts.rate}/s on average, Poisson arrivals, open loop)`],
    [
      'logins/s ok',
      fmt(ok.length / windowS, 1),
      busy.length ? `${busy.length} answered 429 (hashing queue full; Retry-After ${[...new Set(busy.map((r) => r.retryAfter))].join(',')} s)` : '',
    ],
    ['login p50 / p99 (ms)', `${fmt(loginMs.p50, 1)} / ${fmt(loginMs.p99, 1)}`, busy.length ? `429s answered in p50 ${fmt(busyMs.p50, 1)} ms` : ''],
    [`health p99 idle / storm (ms)`, `${fmt(idleHealth.p99, 2)} / ${fmt(stormHealth.p99, 2)}`, `GET ${healthPath}`],
    ['health storm/idle p99', fmt(healthRatio, 2), `aim ≤ ${AIM_RATIO}  ${verdict(healthRatio)}`],
    ['bearer p99 idle / storm (ms)', `${fmt(idleBearer.p99, 2)} / ${fmt(stormBearer.p99, 2)}`, 'POST /api/graphql { viewer } with an access token'],
    ['bearer storm/idle p99', fmt(bearerRatio, 2), ''],
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  console.log('');
  for (const [label, value, note] of rows) console.log(`${label.padEnd(w0)}  ${value.padStart(w1)}  ${note}`.trimEnd());
  console.log(
    `\np50 idle / storm: health ${idleHealth.p50} / ${stormHealth.p50} ms, bearer ${idleBearer.p50} / ${stormBearer.p50} ms ` +
      `(${stormHealth.count} + ${stormBearer.count} probe requests in the storm). One uncontended login: ${fmt(singleMs.p50, 1)} ms.`,
  );
  // Server CPU per login, split between the event loop and the other threads (the probes'
  // share of the main thread taken off at the idle phase's cost per probe request).
  let cpuPerLogin = null;
  const stormLogins = results.filter((r) => r.sentAt >= window0 && r.sentAt < window1 && r.status === 200).length;
  if (stormCpuShares.serverCpuMs !== null && stormCpuShares.serverMainThreadCpuMs !== null && stormLogins) {
    const idleRequests = idleHealth.count + idleBearer.count;
    const mainPerProbe = idleRequests ? idleCpuShares.serverMainThreadCpuMs / idleRequests : 0;
    const otherPerProbe = idleRequests ? (idleCpuShares.serverCpuMs - idleCpuShares.serverMainThreadCpuMs) / idleRequests : 0;
    const stormRequests = stormHealth.count + stormBearer.count;
    cpuPerLogin = {
      eventLoopMs: +(Math.max(0, stormCpuShares.serverMainThreadCpuMs - mainPerProbe * stormRequests) / stormLogins).toFixed(2),
      otherThreadsMs: +(Math.max(0, stormCpuShares.serverCpuMs - stormCpuShares.serverMainThreadCpuMs - otherPerProbe * stormRequests) / stormLogins).toFixed(
        2,
      ),
    };
    console.log(
      `Server CPU per successful login: ${cpuPerLogin.eventLoopMs} ms on the event loop, ${cpuPerLogin.otherThreadsMs} ms on other threads (argon2 on the libuv pool, GC).`,
    );
  }
  const cpuLine = (c) =>
    `server ${c.serverPercentOfCore ?? '?'}% (main thread ${c.serverMainThreadPercentOfCore ?? '?'}%), bench ${c.benchPercentOfCore}%, other processes ${c.otherPercentOfCore ?? '?'}%`;
  console.log(
    `CPU (% of one core) idle: ${cpuLine(idleCpuShares)}; storm: ${cpuLine(stormCpuShares)} (of ${os.cpus().length} cores). Server threads during the storm: ${threadsDuringStorm ?? '?'}.`,
  );
  if (stormCpuShares.otherPercentOfCore > 25 || idleCpuShares.otherPercentOfCore > 25) {
    console.log('WARNING: other processes were busy during the measurement; the figures are skewed. Rerun on a quiet machine.');
  }
  if (outputLines()) console.log(`note: the server wrote ${outputLines()} log line(s) at level warn or above: see bench/results/logins-server.log`);

  writeResults('logins.json', {
    date: new Date().toISOString(),
    ok: problems.length === 0,
    problems,
    machine: machineInfo(quiet),
    settings: {
      rate: opts.rate,
      idleSec: opts.idle,
      stormSec: opts.storm,
      probeDelayMs: opts['probe-delay'],
      healthPath,
      serverEnv: { ...serverEnv, DATA_DIR: '(temporary)', PORT: undefined, PUBLIC_URL: undefined },
      tuned,
    },
    singleLoginMs: singleMs,
    idle: { health: idleHealth, bearer: idleBearer, cpu: idleCpuShares },
    storm: {
      windowSec: +windowS.toFixed(2),
      loginsSent: results.length,
      loginsInWindow: measured.length,
      loginsOk: ok.length,
      loginsBusy: busy.length,
      loginMs,
      busyMs,
      health: stormHealth,
      bearer: stormBearer,
      cpu: stormCpuShares,
      serverCpuPerLogin: cpuPerLogin,
      serverThreads: threadsDuringStorm,
    },
    ratios: {
      health: { value: healthRatio === null ? null : +healthRatio.toFixed(3), aim: AIM_RATIO, meetsAim: healthRatio !== null && healthRatio <= AIM_RATIO },
      bearer: bearerRatio === null ? null : +bearerRatio.toFixed(3),
    },
  });
  if (problems.length) reportInvalid('LOGIN BENCHMARK INVALID: some requests failed, so the figures mean nothing:', problems.slice(0, 20));
}

/** Whether `file` exists and is executable. */
function spawnable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

await guard.run('login bench', run);
