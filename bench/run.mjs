#!/usr/bin/env node
/**
 * Benchmark of the server against a bare Fastify baseline (see bench/README.md).
 *
 *   node bench/run.mjs [--duration=10] [--warmup=2] [--connections=50] [--pipelining=1]
 *                      [--workers=0] [--only=a,b,c,logins,mail,cold-burst] [--cpu-prof]
 *
 * (a) GET /            on the real server (anonymous, page-cache hit, no Accept-Encoding)
 * (b) POST /api/graphql on the real server (persisted ProfilePageQuery, bearer token)
 * (c) GET /            on a bare Fastify process answering the same bytes as (a)
 * logins               the login storm of bench/logins.mjs (its own fresh server, after a–c;
 *                      `node bench/logins.mjs` runs it alone, with its own options)
 * mail                 a backlog of 6,600 queued mails drained through a real SMTP sink
 *                      (bench/mail.mjs, its own servers; run it directly for --db=postgres)
 * cold-burst           only when named in --only: the page cache under a burst of 200 concurrent
 *                      requests for uncached pages, against a baseline revision built from git
 *                      (bench/cold-burst.mjs, its own servers; run it directly for its options)
 *
 * The servers are child processes; autocannon runs here, in the parent, so the load
 * generator and each server have their own event loop (and, on two cores, their own core).
 * Figures go to the terminal and to bench/results/latest.json. Exits 1 only when a run had
 * errors, non-2xx answers or wrong bodies (the figures are then meaningless) or the setup
 * failed — never because the figures are below the aims.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { checkMachineQuiet, cpuMeter, machineInfo } from './lib/cpu.mjs';
import { createGuard, ensureBuilt, freePort, reportInvalid, resultsDir, root, startServer, unlessExits, waitForHealth, writeResults } from './lib/process.mjs';

const benchDir = join(root, 'bench');
const requireFromRoot = createRequire(join(root, 'package.json'));
const autocannon = requireFromRoot('autocannon');

const AIMS = { a_c: 0.9, b_c: 0.3 };

// ---------------------------------------------------------------- options

function parseArgs(argv) {
  const opts = { duration: 10, warmup: 2, connections: 50, pipelining: 1, workers: 0, only: ['a', 'b', 'c', 'logins', 'mail'], cpuProf: false };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'cpu-prof') opts.cpuProf = true;
    else if (key === 'only') opts.only = value.split(',').map((s) => s.trim()).filter(Boolean);
    else if (key in opts && value !== undefined && Number.isFinite(Number(value))) opts[key] = Number(value);
    else if (arg === '--') continue;
    else {
      console.error(`Unknown option ${arg}\nUsage: node bench/run.mjs [--duration=10] [--warmup=2] [--connections=50] [--pipelining=1] [--workers=0] [--only=a,b,c,logins,mail,cold-burst] [--cpu-prof]`);
      process.exit(2);
    }
  }
  if (!opts.only.length || opts.only.some((t) => !['a', 'b', 'c', 'logins', 'mail', 'cold-burst'].includes(t))) {
    console.error('--only takes a comma-separated subset of a,b,c,logins,mail,cold-burst');
    process.exit(2);
  }
  return opts;
}
const opts = parseArgs(process.argv.slice(2));

// The servers are children: stopped at the end, on an error or on Ctrl-C.
const guard = createGuard('the servers');

// ---------------------------------------------------------------- HTTP helpers

/** A raw GET with node:http (sends no Accept-Encoding, unlike fetch), keeping the exact bytes. */
function rawGet(url, headers = {}) {
  return new Promise((resolveGet, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolveGet({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

// ---------------------------------------------------------------- measuring

/**
 * Body check for autocannon. autocannon builds the body string chunk by chunk, so a multi-byte
 * UTF-8 character split between two TCP chunks decodes as U+FFFD; such a body is compared
 * without its non-ASCII characters. The exact comparison is the fast path.
 */
function bodyChecker(expected) {
  const asciiOnly = (s) => s.replace(/[^\x00-\x7f]/g, '');
  const expectedAscii = asciiOnly(expected);
  return (body) => body === expected || (body.includes('\uFFFD') && asciiOnly(body) === expectedAscii);
}

async function measure(name, target, serverPid) {
  const base = {
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: opts.connections,
    pipelining: opts.pipelining,
    timeout: 10,
    ...(opts.workers > 0 ? { workers: opts.workers } : { verifyBody: bodyChecker(target.expectBody) }),
  };
  const runs = [];
  if (opts.warmup > 0) {
    process.stdout.write(`  (${name}) warm-up ${opts.warmup} s… `);
    const warm = await autocannon({ ...base, duration: opts.warmup });
    runs.push({ phase: 'warm-up', result: warm });
    process.stdout.write(`${Math.round(warm.requests.mean)} req/s (discarded)\n`);
  }
  process.stdout.write(`  (${name}) ${opts.duration} s… `);
  const stopMeter = cpuMeter(serverPid);
  const result = await autocannon({ ...base, duration: opts.duration });
  const shares = stopMeter();
  const cpu = {
    serverPercentOfCore: shares.serverPercentOfCore,
    clientPercentOfCore: shares.benchPercentOfCore,
    // Every other process on the machine (user + system time not charged to the server or to autocannon).
    otherPercentOfCore: shares.otherPercentOfCore,
    // Server CPU per answered request: what the rate would be at 100 % of a core, however busy the client was.
    serverCpuMicrosPerRequest: shares.serverCpuMs === null || !result.requests.total ? null : +((shares.serverCpuMs * 1000) / result.requests.total).toFixed(1),
  };
  runs.push({ phase: 'measured', result });
  process.stdout.write(`${Math.round(result.requests.mean)} req/s\n`);

  const problems = [];
  for (const { phase, result: r } of runs) {
    const bad = { errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, mismatchedBodies: r.mismatches };
    for (const [k, v] of Object.entries(bad)) if (v) problems.push(`${phase}: ${v} ${k}`);
    if (!r.requests.total) problems.push(`${phase}: no request completed`);
  }
  return {
    name,
    label: target.label,
    requestsPerSecMean: result.requests.mean,
    requestsPerSecStddev: result.requests.stddev,
    requestsTotal: result.requests.total,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, mean: result.latency.mean, max: result.latency.max },
    throughputBytesPerSecMean: result.throughput.mean,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatchedBodies: result.mismatches,
    statusCodes: result.statusCodeStats,
    cpu,
    problems,
  };
}

// ---------------------------------------------------------------- main

async function main() {
  ensureBuilt();

  mkdirSync(resultsDir, { recursive: true });
  const idleLoad = await checkMachineQuiet();
  const tempDir = guard.makeTempDir('studio-bench-');
  const dataDir = join(tempDir, 'data');
  mkdirSync(dataDir);

  // 1. The real server.
  const profDir = join(resultsDir, 'profiles');
  const { server, base, outputLines } = await startServer(guard, {
    dataDir,
    env: { RATE_LIMIT_AUTH_MAX: '100000' },
    nodeArgs: opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
    logFile: join(resultsDir, 'server.log'),
  });
  console.log(`Server: node api/dist/main.js on ${base} (pid ${server.pid})${opts.cpuProf ? `, --cpu-prof into ${profDir}` : ''}`);
  await waitForHealth(base, server);

  // 2. Warm the page cache, keep the exact bytes and content type; check the second GET is a hit.
  const cold = await unlessExits(server, rawGet(`${base}/`), 'rendering /');
  if (cold.status !== 200) throw new Error(`GET / answered ${cold.status}, expected 200`);
  const warm = await rawGet(`${base}/`);
  const warm2 = await rawGet(`${base}/`);
  const pageBytes = cold.body;
  const pageType = cold.headers['content-type'];
  if (!warm.body.equals(pageBytes) || !warm2.body.equals(pageBytes)) throw new Error('Two GETs of / answered different bytes: the page is not cached (or not deterministic)');
  if (cold.headers['content-encoding']) throw new Error(`GET / without Accept-Encoding came back ${cold.headers['content-encoding']}-encoded`);
  const cachedMs = Math.min(warm.ms, warm2.ms);
  const cache = { coldRenderMs: +cold.ms.toFixed(2), cachedMs: +cachedMs.toFixed(2), bytes: pageBytes.length, contentType: pageType, likelyCached: cachedMs < cold.ms / 4 };
  console.log(`GET /: ${pageBytes.length} bytes, ${pageType}; first ${cache.coldRenderMs} ms, repeat ${cache.cachedMs} ms → ${cache.likelyCached ? 'served from the page cache' : 'NOT clearly faster: is the page cache working?'}`);
  const cacheHeaders = Object.keys(cold.headers).filter((h) => /cache|age|x-/.test(h));
  if (cacheHeaders.length) console.log(`  cache-related headers: ${cacheHeaders.map((h) => `${h}: ${cold.headers[h]}`).join(', ')}`);

  // A user and an access token for (b).
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1', name: 'Bench User', deviceToken: 'bench-device' }),
  });
  if (reg.status !== 201) throw new Error(`POST /api/auth/register answered ${reg.status}: ${await reg.text()}`);
  const { accessToken } = await reg.json();
  if (!accessToken) throw new Error('register answered no accessToken');

  const persisted = JSON.parse(readFileSync(join(root, 'web', 'persisted-queries.json'), 'utf8'));
  const profileId = Object.keys(persisted).find((id) => persisted[id].trimStart().startsWith('query ProfilePageQuery'));
  if (!profileId) throw new Error('web/persisted-queries.json has no operation starting with `query ProfilePageQuery`');
  const graphqlBody = JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: profileId } }, variables: {} });
  const graphqlHeaders = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${accessToken}` };
  const gql = await fetch(`${base}/api/graphql`, { method: 'POST', headers: graphqlHeaders, body: graphqlBody });
  const gqlText = await gql.text();
  let gqlJson;
  try {
    gqlJson = JSON.parse(gqlText);
  } catch {
    throw new Error(`POST /api/graphql answered ${gql.status} with a non-JSON body: ${gqlText.slice(0, 300)}`);
  }
  if (gql.status !== 200 || gqlJson.errors || gqlJson.data?.viewer?.email !== email || !gqlText.includes(email)) {
    throw new Error(`The viewer query did not answer the user's e-mail (HTTP ${gql.status}): ${gqlText.slice(0, 500)}`);
  }
  console.log(`POST /api/graphql ProfilePageQuery (${profileId.slice(0, 12)}…): ${gqlText.length} bytes, viewer.email = ${email} ✓`);

  // 3. The baseline: bare Fastify in its own process, answering the same bytes and content type.
  const bodyFile = join(tempDir, 'page.bin');
  writeFileSync(bodyFile, pageBytes);
  const baselinePort = await freePort();
  const baseline = guard.track(
    spawn(process.execPath, [join(benchDir, 'baseline-server.mjs')], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', BASELINE_BODY_FILE: bodyFile, BASELINE_CONTENT_TYPE: pageType, PORT: String(baselinePort), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
    'the baseline server',
  );
  const [line] = await unlessExits(baseline, once(baseline.stdout, 'data'), 'starting');
  const baselineInfo = JSON.parse(String(line).split('\n')[0]);
  const baselineBase = `http://127.0.0.1:${baselineInfo.port}`;
  const check = await rawGet(`${baselineBase}/`);
  if (check.status !== 200 || !check.body.equals(pageBytes) || check.headers['content-type'] !== pageType) {
    throw new Error(`The baseline does not answer the same bytes/content-type (HTTP ${check.status}, ${check.headers['content-type']}, ${check.body.length} bytes)`);
  }
  console.log(`Baseline: bare Fastify ${baselineInfo.fastify} on ${baselineBase} (pid ${baseline.pid}), same ${pageBytes.length} bytes ✓`);

  // 4. Measure.
  const pageText = pageBytes.toString('utf8');
  const targets = {
    a: { label: 'GET / (cached page)', url: `${base}/`, method: 'GET', headers: {}, expectBody: pageText, pid: server.pid },
    b: { label: 'POST /api/graphql viewer', url: `${base}/api/graphql`, method: 'POST', headers: graphqlHeaders, body: graphqlBody, expectBody: gqlText, pid: server.pid },
    c: { label: 'GET / bare Fastify baseline', url: `${baselineBase}/`, method: 'GET', headers: {}, expectBody: pageText, pid: baseline.pid },
  };
  console.log(
    `\nautocannon: ${opts.connections} connections, pipelining ${opts.pipelining}, ${opts.warmup} s warm-up (discarded) + ${opts.duration} s each` +
      `${opts.workers > 0 ? `, ${opts.workers} workers (per-response body check off)` : ', in this process (servers are children)'}`,
  );
  const results = {};
  for (const name of opts.only.filter((t) => t in targets)) {
    const t = targets[name];
    results[name] = await unlessExits(t.pid === server.pid ? server : baseline, measure(name, t, t.pid), `measuring (${name})`);
  }

  // (b) once more after the load: still the user's e-mail.
  if (results.b) {
    const again = await (await fetch(`${base}/api/graphql`, { method: 'POST', headers: graphqlHeaders, body: graphqlBody })).text();
    if (!again.includes(email)) results.b.problems.push(`after the run the viewer query no longer answers the e-mail: ${again.slice(0, 200)}`);
  }

  // 5. Report.
  const fmt = (n, d = 0) => (typeof n === 'number' ? n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }) : '—');
  const rows = [['', 'target', 'req/s (mean)', 'p50 ms', 'p99 ms', 'server CPU', 'autocannon CPU', 'other CPU', 'server µs/req']];
  for (const [name, r] of Object.entries(results)) {
    rows.push([
      `(${name})`,
      r.label,
      fmt(r.requestsPerSecMean),
      fmt(r.latencyMs.p50, 2),
      fmt(r.latencyMs.p99, 2),
      r.cpu.serverPercentOfCore === null ? '—' : `${r.cpu.serverPercentOfCore}%`,
      `${r.cpu.clientPercentOfCore}%`,
      r.cpu.otherPercentOfCore === null ? '—' : `${r.cpu.otherPercentOfCore}%`,
      fmt(r.cpu.serverCpuMicrosPerRequest),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log('');
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, j) => (j >= 2 ? cell.padStart(widths[j]) : cell.padEnd(widths[j]))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }

  const problems = Object.entries(results).flatMap(([name, r]) => r.problems.map((p) => `(${name}) ${p}`));
  const ratios = {};
  if (results.c) {
    for (const key of ['a', 'b']) {
      if (!results[key]) continue;
      const value = results[key].requestsPerSecMean / results.c.requestsPerSecMean;
      const cpuC = results.c.cpu.serverCpuMicrosPerRequest;
      const cpuX = results[key].cpu.serverCpuMicrosPerRequest;
      ratios[`${key}_c`] = {
        value: +value.toFixed(3),
        aim: AIMS[`${key}_c`],
        meetsAim: value >= AIMS[`${key}_c`],
        // The same ratio from server CPU per request (c's µs/req over x's): independent of whether the load generator kept up.
        perServerCpu: cpuC && cpuX ? +(cpuC / cpuX).toFixed(3) : null,
      };
    }
  }
  console.log('');
  for (const [key, r] of Object.entries(ratios)) {
    const [x, y] = key.split('_');
    console.log(
      `${x}/${y} = ${r.value.toFixed(3)}   aim ≥ ${r.aim}   ${r.meetsAim ? 'meets aim' : 'below aim'}` +
        `${r.perServerCpu === null ? '' : `   (per server CPU: ${r.perServerCpu.toFixed(3)})`}${problems.length ? '  (INVALID: failing requests, see below)' : ''}`,
    );
  }
  const saturation = Object.entries(results).filter(([, r]) => r.cpu.serverPercentOfCore !== null && r.cpu.serverPercentOfCore < 85);
  if (saturation.length) {
    console.log(
      `\nnote: the server was not saturated in ${saturation.map(([n, r]) => `(${n}) at ${r.cpu.serverPercentOfCore}%`).join(', ')} of a core; ` +
        'the load generator (or the machine) was the limit there, so that req/s is a lower bound for the server ' +
        'and a ratio involving it is skewed (toward 1 when both sides are limited alike); the "per server CPU" ratio does not depend on it.',
    );
  }
  const busy = Object.entries(results).filter(([, r]) => r.cpu.otherPercentOfCore !== null && r.cpu.otherPercentOfCore > 25);
  if (busy.length) {
    console.log(
      `\nWARNING: other processes used ${busy.map(([n, r]) => `${r.cpu.otherPercentOfCore}% of a core during (${n})`).join(', ')} ` +
        `(of ${os.cpus().length} cores). The figures are skewed; rerun on a quiet machine.`,
    );
  }
  if (outputLines()) console.log(`\nnote: the server wrote ${outputLines()} log line(s) at level warn or above: see bench/results/server.log`);

  const report = {
    date: new Date().toISOString(),
    ok: problems.length === 0,
    problems,
    machine: machineInfo(idleLoad),
    settings: { connections: opts.connections, pipelining: opts.pipelining, durationSec: opts.duration, warmupSec: opts.warmup, workers: opts.workers, cpuProf: opts.cpuProf },
    pageCache: cache,
    persistedQueryId: profileId,
    results,
    ratios,
  };
  writeResults('latest.json', report);

  if (problems.length) reportInvalid('BENCHMARK INVALID: some requests failed, so the figures and ratios mean nothing:', problems);
}

/** A bench of its own (`file` in bench/, e.g. the login storm) as a child process with its own servers; exit code 1 when its run was invalid. */
async function runChildBench(file, title) {
  console.log(`\n${'='.repeat(30)} ${title} (bench/${file}) ${'='.repeat(30)}`);
  const child = guard.track(spawn(process.execPath, [join(benchDir, file)], { cwd: root, stdio: 'inherit' }), `the ${title} bench`);
  const [code, signal] = await child.exited;
  if (code !== 0 && !guard.interrupted) {
    console.error(`\nthe ${title} bench ${signal ? `was stopped by ${signal}` : `exited with code ${code}`} (see its output above)`);
    process.exitCode = 1;
  }
}

if (opts.only.some((t) => ['a', 'b', 'c'].includes(t))) {
  await guard.run('bench', main);
  if (opts.cpuProf && existsSync(join(resultsDir, 'profiles'))) {
    console.log(`CPU profile(s) of the server in bench/results/profiles/ (summarize: node bench/profile-summary.mjs)`);
  }
}
// After a–c, whose servers are stopped by now: the storm gets its own fresh server and the machine to itself.
if (opts.only.includes('logins') && !guard.interrupted) await guard.run('login bench', () => runChildBench('logins.mjs', 'login storm'));
if (opts.only.includes('mail') && !guard.interrupted) await guard.run('mail bench', () => runChildBench('mail.mjs', 'mail backlog'));
if (opts.only.includes('cold-burst') && !guard.interrupted) await guard.run('cold-burst bench', () => runChildBench('cold-burst.mjs', 'cold burst'));
