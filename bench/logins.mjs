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
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

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
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const resultsDir = join(root, 'bench', 'results');

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

  // ------------------------------------------------------------ child processes and cleanup

  let server;
  let poller;
  let tempDir;
  let interrupted = false;

  async function stopServer(graceMs = 8000) {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  async function cleanup() {
    await poller?.terminate();
    poller = undefined;
    await stopServer();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    tempDir = undefined;
  }
  process.on('exit', () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping the server…`);
      cleanup().finally(() => process.exit(130));
    });
  }

  let serverExit; // resolves with [code, signal] when the server exits
  /** Throws if the server exits before `promise` settles. */
  function unlessServerExits(promise, what) {
    return Promise.race([
      promise,
      serverExit.then(([code, signal]) => {
        throw new Error(`the server exited (code ${code}, signal ${signal}) while ${what}; see bench/results/logins-server.log`);
      }),
    ]);
  }

  // ------------------------------------------------------------ helpers

  const freePort = () =>
    new Promise((resolvePort, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address();
        srv.close(() => resolvePort(port));
      });
    });

  const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
  /** CPU time (ms) of a process, all its threads (or only its main thread), from /proc (Linux); null elsewhere. */
  function processCpuMs(pid, mainThreadOnly = false) {
    try {
      const stat = readFileSync(mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
    } catch {
      return null;
    }
  }
  /** Busy CPU time (ms) of the whole machine, all cores, without irq/softirq; null elsewhere. */
  function machineBusyMs() {
    try {
      const [user, nice, system, , , , , steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return ((user + nice + system + (steal || 0)) * 1000) / CLK_TCK;
    } catch {
      return null;
    }
  }
  const selfCpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  /**
   * CPU shares (percent of one core) over a phase: the server (all threads), the server's main
   * thread (its event loop: JavaScript, SQLite, JSON) — the rest of the server is the libuv pool
   * (argon2), GC and I/O threads —, this process (both clients), and everything else.
   */
  function cpuMeter() {
    const s0 = processCpuMs(server.pid);
    const l0 = processCpuMs(server.pid, true);
    const c0 = selfCpuMs();
    const m0 = machineBusyMs();
    const t0 = performance.now();
    return () => {
      const wall = performance.now() - t0;
      const s = processCpuMs(server.pid);
      const l = processCpuMs(server.pid, true);
      const c = selfCpuMs();
      const m = machineBusyMs();
      const pct = (ms) => Math.round((ms / wall) * 100);
      return {
        serverPercentOfCore: s === null || s0 === null ? null : pct(s - s0),
        serverMainThreadPercentOfCore: l === null || l0 === null ? null : pct(l - l0),
        benchPercentOfCore: pct(c - c0),
        otherPercentOfCore: s === null || s0 === null || m === null || m0 === null ? null : Math.max(0, pct(m - m0 - (s - s0) - (c - c0))),
        serverCpuMs: s === null || s0 === null ? null : s - s0,
        serverMainThreadCpuMs: l === null || l0 === null ? null : l - l0,
      };
    };
  }
  async function idleMachineLoad(ms = 1000) {
    const b0 = machineBusyMs();
    const s0 = selfCpuMs();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, ms));
    const b1 = machineBusyMs();
    if (b0 === null || b1 === null) return null;
    return Math.round(((b1 - b0 - (selfCpuMs() - s0)) / (performance.now() - t0)) * 100);
  }

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

  /** Newest modification time (ms) of the files under `dir`. */
  function newestMtime(dir) {
    let newest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
    }
    return newest;
  }

  function ensureBuilt() {
    const serverEntry = join(root, 'api', 'dist', 'main.js');
    if (!existsSync(join(root, 'web', 'dist', 'server', 'entry-server.js'))) {
      // The server refuses to start without the built web app.
      console.log('web/dist is missing: running `pnpm build`…');
      const r = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
      if (r.status !== 0 && !existsSync(serverEntry)) throw new Error('`pnpm build` failed');
      if (r.status !== 0) console.warn('WARNING: `pnpm build` reported errors; running what it emitted.');
      return;
    }
    const stale = existsSync(serverEntry) && newestMtime(join(root, 'api', 'src')) > statSync(serverEntry).mtimeMs;
    if (!existsSync(serverEntry) || stale) {
      console.log(`api/dist is ${stale ? 'older than api/src' : 'missing'}: running \`pnpm --filter @studio/api build\`…`);
      const r = spawnSync('pnpm', ['--filter', '@studio/api', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
      if (r.status !== 0) {
        const output = `${r.stdout}${r.stderr}`.trim().split('\n');
        if (!existsSync(serverEntry)) throw new Error(`the api build failed:\n${output.slice(-20).join('\n')}`);
        // tsc still emits on type errors (api/src may be mid-edit): go on, and say so.
        console.warn(`WARNING: the api build reported ${output.filter((l) => /error TS/.test(l)).length || 'some'} error(s); running what tsc emitted. The figures may not be those of a sound build.`);
      }
    }
  }

  // ------------------------------------------------------------ run

  async function run() {
    ensureBuilt();
    mkdirSync(resultsDir, { recursive: true });
    const quiet = await idleMachineLoad();
    console.log(`Machine: ${os.cpus().length} cores, busy ${quiet ?? '?'}% of a core before the bench starts${quiet > 20 ? ' — NOT QUIET, expect skewed figures' : ''}`);

    tempDir = mkdtempSync(join(os.tmpdir(), 'studio-bench-logins-'));
    const dataDir = join(tempDir, 'data');
    mkdirSync(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const serverLog = createWriteStream(join(resultsDir, 'logins-server.log'));
    const serverEnv = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      MAIL_TRANSPORT: 'memory',
      PUBLIC_URL: base,
      // Every request of the bench comes from 127.0.0.1: lift the per-IP limit of /api/auth/*
      RATE_LIMIT_AUTH_MAX: '10000000',
      RATE_LIMIT_WINDOW_MS: '60000',
      // and the per-account limit of sign-ins (counts failures only; none are expected).
      RATE_LIMIT_LOGIN_ACCOUNT: '1000000/60',
    };
    server = spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], {
      cwd: root,
      env: { ...process.env, ...serverEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    serverExit = once(server, 'exit');
    let serverOutputLines = 0;
    for (const stream of [server.stdout, server.stderr]) {
      stream.on('data', (d) => (serverOutputLines += String(d).split('\n').filter(Boolean).length));
      stream.pipe(serverLog, { end: false });
    }
    console.log(`Server: node api/dist/main.js on ${base} (pid ${server.pid}), fresh DATA_DIR, MAIL_TRANSPORT=memory`);

    const deadline = Date.now() + 30000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before /api/health answered; see bench/results/logins-server.log`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('/api/health did not answer 200 within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }

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
      await unlessServerExits(
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
    for (let k = 0; k < 5; k++) single.push(await unlessServerExits(login(k % accounts.length), 'signing in'));
    const singleMs = summarize(single.filter((x) => x !== null));
    console.log(`One login at a time: p50 ${singleMs.p50?.toFixed(1)} ms (≈ one argon2id verification; 5 logins)`);

    poller = new Worker(fileURLToPath(import.meta.url), { workerData: { base, intervalMs: opts.interval } });
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
    const idleCpu = cpuMeter();
    const idle = await unlessServerExits(pollFor(() => new Promise((r) => setTimeout(r, opts.idle * 1000))), 'polling /api/health');
    const idleCpuShares = idleCpu();
    const idleHealth = summarize(idle.latencies);
    console.log(`${idleHealth.count} requests, p50 ${idleHealth.p50} ms, p99 ${idleHealth.p99} ms`);

    // 2. Storm: one warm-up wave (opens the connections, discarded), then the measured waves.
    const wave = () => Promise.all(accounts.map((_, i) => login(i)));
    process.stdout.write(`Storm: ${accounts.length} logins at once, warm-up wave… `);
    const warm = await unlessServerExits(wave(), 'signing in');
    const warmProblems = loginProblems.length;
    process.stdout.write(`${warm.filter((x) => x !== null).length}/${warm.length} ok; `);
    process.stdout.write(opts.rounds > 0 ? `${opts.rounds} waves… ` : `waves for ${opts.storm} s… `);
    const stormCpu = cpuMeter();
    const storm = await unlessServerExits(
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
    if (serverOutputLines) console.log(`note: the server wrote ${serverOutputLines} log line(s) at level warn or above: see bench/results/logins-server.log`);

    const report = {
      date: new Date().toISOString(),
      ok: problems.length === 0,
      problems,
      machine: { busyPercentOfCoreBeforeStart: quiet, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadavg: os.loadavg(), node: process.version, platform: `${os.platform()} ${os.release()}` },
      settings: { concurrency: opts.concurrency, idleSec: opts.idle, stormSec: opts.rounds > 0 ? null : opts.storm, rounds: opts.rounds || null, serverEnv: { ...serverEnv, DATA_DIR: '(temporary)', PORT: undefined, PUBLIC_URL: undefined } },
      singleLoginMs: singleMs,
      serverCpuPerLogin: cpuPerLogin,
      idle: { healthMs: idleHealth, cpu: idleCpuShares },
      storm: { waves: storm.out.waves, wallMs: +storm.out.wallMs.toFixed(1), loginsOk: okLogins.length, loginsTotal: storm.out.latencies.length, loginsPerSec: +loginsPerSec.toFixed(2), loginMs, healthMs: stormHealth, cpu: stormCpuShares },
      ratio: { value: ratio === null ? null : +ratio.toFixed(3), aim: AIM_RATIO, meetsAim },
    };
    writeFileSync(join(resultsDir, 'logins.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('\nwrote bench/results/logins.json');

    if (problems.length) {
      const bar = '!'.repeat(78);
      console.error(`\n${bar}\n!! LOGIN BENCHMARK INVALID: some requests failed, so the figures mean nothing:`);
      for (const p of problems.slice(0, 20)) console.error(`!!   ${p}`);
      console.error(bar);
      process.exitCode = 1;
    }
  }

  try {
    await run();
  } catch (error) {
    if (interrupted) await new Promise(() => {}); // the signal handler cleans up and exits 130
    console.error(`\nlogin bench failed: ${error.stack ?? error}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}
