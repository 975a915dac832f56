#!/usr/bin/env node
/**
 * Login storm benchmark: does argon2 hashing keep off the server's event loop?
 * (argon2id, ACC-PASSWORD; see bench/README.md, "Login storm").
 *
 *   node bench/logins.mjs [--concurrency=50] [--idle=3] [--storm=5] [--rounds=0]
 *   (also run by `pnpm bench`, i.e. `node bench/run.mjs`; `node bench/run.mjs --only=logins` runs only this)
 *
 * Method
 *  1. Starts the real built server (`node api/dist/main.js`; `pnpm --filter @studio/api build`
 *     first when api/dist is missing or older than a file of api/src, `pnpm build` when web/dist
 *     is missing) as a child process on a free port: NODE_ENV=production, MAIL_TRANSPORT=memory,
 *     LOG_LEVEL=warn, a fresh temporary DATA_DIR, and the per-IP auth limit
 *     (RATE_LIMIT_AUTH_MAX per RATE_LIMIT_WINDOW_MS) and the per-account sign-in limit
 *     (RATE_LIMIT_LOGIN_ACCOUNT) raised so that every request of the bench, all from 127.0.0.1,
 *     is let through.
 *  2. Registers `concurrency` (50) distinct accounts, 10 at a time, before anything is measured;
 *     then signs in 5 times one after the other (nothing else running) to get the time of one
 *     uncontended login — about one argon2id verification — as a reference.
 *  3. Idle phase: one client polls GET /api/health sequentially (next request when the previous
 *     answer has been read) for `idle` seconds (3) and records each latency.
 *  4. Storm phase: all `concurrency` accounts sign in at once (POST /api/auth/login, 50 requests
 *     in flight); when the whole wave has answered the next wave starts, for `storm` seconds (5,
 *     no new wave after that) or exactly `rounds` waves. One warm-up wave (discarded) opens the
 *     connections first. The same health poller runs throughout and records its latencies.
 *  5. Prints logins/s (successful logins over the storm's wall time), login p50/p99, health p99
 *     idle and storm, and the ratio health p99 storm / health p99 idle, with the aim ≤ 5: if the
 *     hashing ran on the event loop, a health request arriving during a wave would wait for
 *     whole hashes (tens of ms each, one uncontended login) and the ratio would be in the tens or
 *     hundreds. Writes everything to bench/results/logins.json (git-ignored).
 *
 * The health poller runs in a worker thread of this process, so its timing does not wait for
 * this process's handling of 50 login answers; the login client runs on the main thread. Both
 * use Node's fetch (undici), which keeps connections alive: the poller reuses one connection.
 * Percentiles are nearest-rank over all samples (sorted arrays; a few thousand numbers).
 *
 * Exits 1 only when the run is invalid (a login or health request failed, or the setup failed),
 * never because the ratio misses its aim: a benchmark is not a test.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { checkMachineQuiet, cpuMeter, machineInfo } from './lib/cpu.mjs';
import { createGuard, ensureBuilt, reportInvalid, resultsDir, startServer, unlessExits, waitForHealth, writeResults } from './lib/process.mjs';

const AIM_RATIO = 5;

// ---------------------------------------------------------------- the health poller (worker thread)

if (!isMainThread) {
  // Polls `${base}/api/health` one request at a time between a 'start' and a 'stop' message,
  // then posts back { latencies (ms), failures }.
  const { base, intervalMs } = workerData;
  let running = false;
  parentPort.on('message', async (msg) => {
    if (msg === 'stop') {
      running = false;
      return;
    }
    if (msg !== 'start' || running) return;
    running = true;
    const latencies = [];
    const failures = [];
    let failed = 0;
    const fail = (what) => {
      failed++;
      if (failures.length < 20) failures.push(what);
    };
    await (async () => {
      while (running) {
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}/api/health`);
          const body = await res.text();
          const ms = performance.now() - t0;
          if (res.status === 200) latencies.push(ms);
          else fail(`HTTP ${res.status}: ${body.slice(0, 120)}`);
        } catch (error) {
          fail(String(error.cause?.code ?? error.message));
          await new Promise((r) => setTimeout(r, 10)); // no busy loop against a dead server
        }
        // At most one request per `intervalMs` (0: back to back).
        const wait = intervalMs - (performance.now() - t0);
        if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
      }
      if (failed > failures.length) failures.push(`… ${failed - failures.length} more`);
      parentPort.postMessage({ latencies, failures });
    })();
  });
} else {
  await mainThread();
}

// ---------------------------------------------------------------- main thread

async function mainThread() {
  const usage = 'Usage: node bench/logins.mjs [--concurrency=50] [--idle=3] [--storm=5] [--rounds=0] [--interval=0]';
  const opts = { concurrency: 50, idle: 3, storm: 5, rounds: 0, interval: 0 };
  for (const arg of process.argv.slice(2)) {
    if (arg === '--') continue;
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key in opts && value !== undefined && Number.isFinite(Number(value)) && Number(value) >= 0) opts[key] = Number(value);
    else {
      console.error(`Unknown option ${arg}\n${usage}`);
      process.exit(2);
    }
  }
  opts.concurrency = Math.floor(opts.concurrency);
  opts.rounds = Math.floor(opts.rounds);
  if (opts.concurrency < 1 || opts.idle <= 0 || (opts.storm <= 0 && opts.rounds < 1)) {
    console.error(`--concurrency ≥ 1, --idle > 0, and --storm > 0 or --rounds ≥ 1\n${usage}`);
    process.exit(2);
  }

  // The server and the health poller: stopped at the end, on an error or on Ctrl-C.
  const guard = createGuard('the server');

  /** Nearest-rank percentile of an ascending array. */
  const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : null);
  function summarize(latencies) {
    const s = Float64Array.from(latencies).sort();
    const r3 = (n) => (n === null ? null : +n.toFixed(3));
    return {
      count: s.length,
      p50: r3(percentile(s, 50)),
      p90: r3(percentile(s, 90)),
      p99: r3(percentile(s, 99)),
      max: r3(s.length ? s[s.length - 1] : null),
      mean: r3(s.length ? s.reduce((a, b) => a + b, 0) / s.length : null),
    };
  }

  // ------------------------------------------------------------ run

  async function run() {
    ensureBuilt({ rebuildStaleApi: true, runDespiteErrors: true });
    mkdirSync(resultsDir, { recursive: true });
    const quiet = await checkMachineQuiet();

    const dataDir = join(guard.makeTempDir('studio-bench-logins-'), 'data');
    mkdirSync(dataDir);
    const { server, base, env: serverEnv, outputLines } = await startServer(guard, {
      dataDir,
      env: {
        MAIL_TRANSPORT: 'memory',
        // Every request of the bench comes from 127.0.0.1: lift the per-IP limit of /api/auth/*
        RATE_LIMIT_AUTH_MAX: '10000000',
        RATE_LIMIT_WINDOW_MS: '60000',
        // and the per-account limit of sign-ins (counts failures only; none are expected).
        RATE_LIMIT_LOGIN_ACCOUNT: '1000000/60',
      },
      logFile: join(resultsDir, 'logins-server.log'),
    });
    console.log(`Server: node api/dist/main.js on ${base} (pid ${server.pid}), fresh DATA_DIR, MAIL_TRANSPORT=memory`);
    await waitForHealth(base, server);

    // Accounts, before anything is measured.
    const tag = Date.now().toString(36);
    const accounts = Array.from({ length: opts.concurrency }, (_, i) => ({
      email: `bench-login-${tag}-${i}@example.com`,
      password: `bench ${randomBytes(12).toString('base64url')} ${i}`,
      name: `Bench Login ${i}`,
      deviceToken: `bench-login-device-${i}`,
    }));
    process.stdout.write(`Registering ${accounts.length} accounts… `);
    for (let i = 0; i < accounts.length; i += 10) {
      await unlessExits(
        server,
        Promise.all(
          accounts.slice(i, i + 10).map(async (a) => {
            const res = await fetch(`${base}/api/auth/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(a),
            });
            if (res.status !== 201) throw new Error(`POST /api/auth/register ${a.email} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
            await res.arrayBuffer();
          }),
        ),
        'registering the accounts',
      );
    }
    console.log('done');

    const loginBodies = accounts.map((a) => JSON.stringify({ email: a.email, password: a.password, deviceToken: a.deviceToken }));
    const loginProblems = [];
    /** One login; answers its latency in ms, or null (and a problem noted) when it failed. */
    async function login(i) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBodies[i] });
        const text = await res.text();
        const ms = performance.now() - t0;
        if (res.status === 200 && text.includes('"accessToken"')) return ms;
        if (loginProblems.length < 20) loginProblems.push(`login ${i}: HTTP ${res.status} ${text.slice(0, 160)}`);
      } catch (error) {
        if (loginProblems.length < 20) loginProblems.push(`login ${i}: ${error.cause?.code ?? error.message}`);
      }
      return null;
    }

    // Reference: one login at a time, nothing else running (≈ one argon2id verification + a session).
    const single = [];
    for (let k = 0; k < 5; k++) single.push(await unlessExits(server, login(k % accounts.length), 'signing in'));
    const singleMs = summarize(single.filter((x) => x !== null));
    console.log(`One login at a time: p50 ${singleMs.p50?.toFixed(1)} ms (≈ one argon2id verification; 5 logins)`);

    const poller = guard.trackWorker(new Worker(fileURLToPath(import.meta.url), { workerData: { base, intervalMs: opts.interval } }));
    poller.on('error', (error) => console.error(`health poller: ${error.stack ?? error}`));
    const pollFor = async (work) => {
      const result = once(poller, 'message');
      poller.postMessage('start');
      const out = await work();
      poller.postMessage('stop');
      const [{ latencies, failures }] = await result;
      return { out, latencies, failures };
    };

    // 1. Idle.
    await new Promise((r) => setTimeout(r, 500)); // let the registrations' work settle
    process.stdout.write(`Idle: GET /api/health one at a time for ${opts.idle} s… `);
    const idleCpu = cpuMeter(server.pid);
    const idle = await unlessExits(server, pollFor(() => new Promise((r) => setTimeout(r, opts.idle * 1000))), 'polling /api/health');
    const idleCpuShares = idleCpu();
    const idleHealth = summarize(idle.latencies);
    console.log(`${idleHealth.count} requests, p50 ${idleHealth.p50} ms, p99 ${idleHealth.p99} ms`);

    // 2. Storm: one warm-up wave (opens the connections, discarded), then the measured waves.
    const wave = () => Promise.all(accounts.map((_, i) => login(i)));
    process.stdout.write(`Storm: ${accounts.length} logins at once, warm-up wave… `);
    const warm = await unlessExits(server, wave(), 'signing in');
    const warmProblems = loginProblems.length;
    process.stdout.write(`${warm.filter((x) => x !== null).length}/${warm.length} ok; `);
    process.stdout.write(opts.rounds > 0 ? `${opts.rounds} waves… ` : `waves for ${opts.storm} s… `);
    const stormCpu = cpuMeter(server.pid);
    const storm = await unlessExits(
      server,
      pollFor(async () => {
        const t0 = performance.now();
        const latencies = [];
        let waves = 0;
        while (opts.rounds > 0 ? waves < opts.rounds : performance.now() - t0 < opts.storm * 1000) {
          latencies.push(...(await wave()));
          waves++;
        }
        return { latencies, waves, wallMs: performance.now() - t0 };
      }),
      'signing in',
    );
    const stormCpuShares = stormCpu();
    const okLogins = storm.out.latencies.filter((x) => x !== null);
    const loginMs = summarize(okLogins);
    const stormHealth = summarize(storm.latencies);
    const loginsPerSec = okLogins.length / (storm.out.wallMs / 1000);
    console.log(`${storm.out.waves} waves, ${okLogins.length}/${storm.out.latencies.length} logins ok in ${(storm.out.wallMs / 1000).toFixed(2)} s; ${stormHealth.count} health requests`);

    // 3. Report.
    const ratio = idleHealth.p99 && stormHealth.p99 !== null ? stormHealth.p99 / idleHealth.p99 : null;
    const meetsAim = ratio !== null && ratio <= AIM_RATIO;
    const problems = [
      ...loginProblems.map((p, k) => (k < warmProblems ? `warm-up ${p}` : p)),
      ...single.filter((x) => x === null).map(() => 'a single login failed'),
      ...idle.failures.map((f) => `idle health: ${f}`),
      ...storm.failures.map((f) => `storm health: ${f}`),
    ];
    if (!okLogins.length) problems.push('no login succeeded during the storm');
    if (!idleHealth.count || !stormHealth.count) problems.push('the health poller recorded no answer in a phase');

    const fmt = (n, d) => (typeof n === 'number' ? n.toFixed(d) : '—');
    const rows = [
      ['logins/s', fmt(loginsPerSec, 1), ''],
      ['login p50 (ms)', fmt(loginMs.p50, 1), ''],
      ['login p99 (ms)', fmt(loginMs.p99, 1), ''],
      ['health p99 idle (ms)', fmt(idleHealth.p99, 2), ''],
      ['health p99 storm (ms)', fmt(stormHealth.p99, 2), ''],
      ['storm p99 / idle p99', fmt(ratio, 2), `aim ≤ ${AIM_RATIO} (argon2 hashing must not block the event loop)  ${ratio === null ? '—' : meetsAim ? '✓ meets aim' : '✗ misses aim'}`],
    ];
    const w0 = Math.max(...rows.map((r) => r[0].length));
    const w1 = Math.max(...rows.map((r) => r[1].length));
    console.log('');
    for (const [label, value, note] of rows) console.log(`${label.padEnd(w0)}  ${value.padStart(w1)}  ${note}`.trimEnd());
    console.log(
      `\nhealth idle: p50 ${idleHealth.p50} / max ${idleHealth.max} ms (${idleHealth.count} requests); ` +
        `storm: p50 ${stormHealth.p50} / max ${stormHealth.max} ms (${stormHealth.count} requests). ` +
        `One uncontended login: ${fmt(singleMs.p50, 1)} ms — a blocked event loop would put the storm's health p99 at that or more.`,
    );
    // Server CPU time per login, split between the event loop and the other threads. Unlike the
    // latencies it hardly depends on the machine's load. The health requests' share of the main
    // thread is taken off at the idle phase's cost per request.
    let cpuPerLogin = null;
    if (stormCpuShares.serverCpuMs !== null && stormCpuShares.serverMainThreadCpuMs !== null && storm.out.latencies.length) {
      const mainPerHealth = idleHealth.count ? idleCpuShares.serverMainThreadCpuMs / idleHealth.count : 0;
      const n = storm.out.latencies.length;
      cpuPerLogin = {
        eventLoopMs: +(Math.max(0, stormCpuShares.serverMainThreadCpuMs - mainPerHealth * stormHealth.count) / n).toFixed(2),
        otherThreadsMs: +((stormCpuShares.serverCpuMs - stormCpuShares.serverMainThreadCpuMs) / n).toFixed(2),
      };
      console.log(
        `Server CPU per login: ${cpuPerLogin.eventLoopMs} ms on the event loop (main thread), ${cpuPerLogin.otherThreadsMs} ms on its other threads ` +
          `(the libuv pool running argon2, GC) — ${cpuPerLogin.otherThreadsMs > 2 * cpuPerLogin.eventLoopMs ? 'the hashing ran off the event loop' : 'MOST OF THE WORK RAN ON THE EVENT LOOP'}. ` +
          '(/proc CPU times, 10 ms resolution; barely affected by other load.)',
      );
    }
    const cpuLine = (c) =>
      `server ${c.serverPercentOfCore ?? '?'}% (main thread ${c.serverMainThreadPercentOfCore ?? '?'}%), bench clients ${c.benchPercentOfCore}%, other processes ${c.otherPercentOfCore ?? '?'}% of a core`;
    console.log(`CPU during the idle phase: ${cpuLine(idleCpuShares)}; during the storm: ${cpuLine(stormCpuShares)} (of ${os.cpus().length} cores).`);
    if (os.cpus().length <= 2) {
      console.log(
        `note: on ${os.cpus().length} cores the hashing threads, the server's event loop and this client share the CPUs, so storm health latencies ` +
          'include waiting for a core (the scheduler), not only the event loop: the ratio is pessimistic here.',
      );
    }
    if (stormCpuShares.otherPercentOfCore > 25 || idleCpuShares.otherPercentOfCore > 25) {
      console.log('WARNING: other processes were busy during the measurement; the figures are skewed. Rerun on a quiet machine.');
    }
    if (outputLines()) console.log(`note: the server wrote ${outputLines()} log line(s) at level warn or above: see bench/results/logins-server.log`);

    const report = {
      date: new Date().toISOString(),
      ok: problems.length === 0,
      problems,
      machine: machineInfo(quiet),
      settings: { concurrency: opts.concurrency, idleSec: opts.idle, stormSec: opts.rounds > 0 ? null : opts.storm, rounds: opts.rounds || null, serverEnv: { ...serverEnv, DATA_DIR: '(temporary)', PORT: undefined, PUBLIC_URL: undefined } },
      singleLoginMs: singleMs,
      serverCpuPerLogin: cpuPerLogin,
      idle: { healthMs: idleHealth, cpu: idleCpuShares },
      storm: { waves: storm.out.waves, wallMs: +storm.out.wallMs.toFixed(1), loginsOk: okLogins.length, loginsTotal: storm.out.latencies.length, loginsPerSec: +loginsPerSec.toFixed(2), loginMs, healthMs: stormHealth, cpu: stormCpuShares },
      ratio: { value: ratio === null ? null : +ratio.toFixed(3), aim: AIM_RATIO, meetsAim },
    };
    writeResults('logins.json', report);

    if (problems.length) reportInvalid('LOGIN BENCHMARK INVALID: some requests failed, so the figures mean nothing:', problems.slice(0, 20));
  }

  await guard.run('login bench', run);
}
