#!/usr/bin/env node
/**
 * Benchmark of the server against a bare Fastify and an nginx serving the same bytes (see bench/README.md).
 *
 *   node bench/run.mjs [--duration=10] [--warmup=2] [--connections=50]
 *                      [--only=a,b,c,d,logins,mail,cold-burst] [--cpu-prof] [--server=<main.js of another build>]
 *
 * (a) GET / and a product page on the real server (anonymous, browser User-Agent, page-cache hit),
 *     with `Accept-Encoding: br` and without
 * (b) GET / on a bare Fastify process answering the same bytes and headers as (a)
 * (c) GET / on nginx (one worker) serving the same bytes and headers as static files
 * (d) POST /api/graphql on the real server: the smallest persisted query reading the viewer's
 *     e-mail, with a registered user's bearer token
 * logins / mail / cold-burst: the benches of bench/logins.mjs, bench/mail.mjs, bench/cold-burst.mjs
 *     (each with its own servers; cold-burst only when named in --only)
 *
 * The load generator is wrk (bench/lib/wrk.mjs: one thread, 50 connections); each server is its
 * own process and is charged its CPU time from /proc. Figures go to the terminal and to
 * bench/results/latest.json, with the compression check of every text asset. Exits 1 only when a
 * run had errors, non-2xx answers or wrong bodies, or the setup failed — never because the figures
 * are below the targets.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { checkMachineQuiet, machineInfo } from './lib/cpu.mjs';
import { SMALL, checkCompression } from './lib/compression.mjs';
import { measure, printTable, ratios } from './lib/measure.mjs';
import { findNginx, startNginx } from './lib/nginx.mjs';
import { findWrk } from './lib/wrk.mjs';
import { createGuard, ensureBuilt, freePort, reportInvalid, resultsDir, root, startServer, unlessExits, waitForHealth, writeResults } from './lib/process.mjs';

const benchDir = join(root, 'bench');

// ---------------------------------------------------------------- options

function parseArgs(argv) {
  const all = ['a', 'b', 'c', 'd', 'logins', 'mail', 'cold-burst'];
  const usage = `Usage: node bench/run.mjs [--duration=10] [--warmup=2] [--connections=50] [--only=${all.join(',')}] [--cpu-prof] [--server=api/dist/main.js]`;
  const opts = { duration: 10, warmup: 2, connections: 50, only: ['a', 'b', 'c', 'd', 'logins', 'mail'], cpuProf: false, server: null };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'cpu-prof') opts.cpuProf = true;
    else if (key === 'server' && value)
      opts.server = resolve(value); // another build of the server (a before/after comparison)
    else if (key === 'only')
      opts.only = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (key in opts && value !== undefined && Number.isFinite(Number(value))) opts[key] = Number(value);
    else if (arg === '--') continue;
    else {
      console.error(`Unknown option ${arg}\n${usage}`);
      process.exit(2);
    }
  }
  if (!opts.only.length || opts.only.some((t) => !all.includes(t))) {
    console.error(`--only takes a comma-separated subset of ${all.join(',')}`);
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

// ---------------------------------------------------------------- main

/** A desktop browser's User-Agent: isbot calls curl-like agents bots, and bots may be served differently. */
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Response headers not copied to the references (per-connection, or set by each server itself). */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'content-type', 'vary', 'transfer-encoding']);

/** GETs `path` three times with `headers`: answers the bytes and headers, and whether the repeats were cache hits (identical, much faster). */
async function warmPage(server, base, path, headers) {
  const cold = await unlessExits(server, rawGet(`${base}${path}`, headers), `rendering ${path}`);
  if (cold.status !== 200) throw new Error(`GET ${path} answered ${cold.status}, expected 200`);
  const again = [await rawGet(`${base}${path}`, headers), await rawGet(`${base}${path}`, headers)];
  if (again.some((r) => !r.body.equals(cold.body)))
    throw new Error(`Two GETs of ${path} answered different bytes: the page is not cached (or not deterministic)`);
  const cachedMs = Math.min(...again.map((r) => r.ms));
  const enc = cold.headers['content-encoding'] ?? 'identity';
  const info = {
    path,
    encoding: enc,
    coldRenderMs: +cold.ms.toFixed(2),
    cachedMs: +cachedMs.toFixed(2),
    bytes: cold.body.length,
    contentType: cold.headers['content-type'],
    likelyCached: cachedMs < cold.ms / 4 || cold.ms < 5,
  }; // under 5 ms: already cached by an earlier request
  console.log(
    `GET ${path} (${enc}): ${info.bytes} bytes; first ${info.coldRenderMs} ms, repeat ${info.cachedMs} ms${info.likelyCached ? '' : ' — NOT clearly faster: is the page cache working?'}`,
  );
  return { ...cold, info };
}

async function main() {
  ensureBuilt();
  const wrkPath = findWrk();
  if (!wrkPath) throw new Error('wrk is required for (a)–(d); run `node bench/run.mjs --only=logins,mail` for the other benches');
  const nginxPath = findNginx();
  if (!nginxPath) console.log('nginx is not installed (Debian: apt-get install nginx-light): (c) is skipped.');

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
    ...(opts.server ? { entry: opts.server } : {}),
  });
  console.log(`Server: node ${opts.server ?? 'api/dist/main.js'} on ${base} (pid ${server.pid})${opts.cpuProf ? `, --cpu-prof into ${profDir}` : ''}`);
  await waitForHealth(base, server);

  // 2. Warm the page cache (identity and br), keep the exact bytes and headers.
  const ua = { 'user-agent': BROWSER_UA };
  const br = { ...ua, 'accept-encoding': 'br' };
  const page = await warmPage(server, base, '/', ua);
  const pageBr = await warmPage(server, base, '/', br);
  if (page.headers['content-encoding']) throw new Error(`GET / without Accept-Encoding came back ${page.headers['content-encoding']}-encoded`);
  const pageType = page.headers['content-type'];
  const brotli = pageBr.headers['content-encoding'] === 'br' ? pageBr.body : brotliCompressSync(page.body);
  if (pageBr.headers['content-encoding'] !== 'br')
    console.log('  GET / with Accept-Encoding: br was NOT br-encoded: the references serve brotli bytes made here');
  const product = /href="(\/products\/[a-z0-9-]+)"/.exec(page.body.toString('utf8'))?.[1];
  const productPage = product ? await warmPage(server, base, product, br) : null;
  const mirrored = Object.fromEntries(Object.entries(page.headers).filter(([k]) => !OWN_HEADERS.has(k)));

  // A user, an access token and the smallest persisted query reading the viewer's e-mail, for (d).
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
  const [queryId, queryText] =
    Object.entries(persisted)
      .filter(([, text]) => /^\s*query\b/.test(text) && /\bviewer\s*\{[^}]*\bemail\b/.test(text))
      .sort((x, y) => x[1].length - y[1].length)[0] ?? [];
  if (!queryId) throw new Error('web/persisted-queries.json has no query reading `viewer { … email }`');
  const graphqlBody = JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: queryId } }, variables: {} });
  const graphqlHeaders = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${accessToken}` };
  const gql = await fetch(`${base}/api/graphql`, { method: 'POST', headers: graphqlHeaders, body: graphqlBody });
  const gqlText = await gql.text();
  if (gql.status !== 200 || !gqlText.includes(email) || gqlText.includes('"errors"'))
    throw new Error(`The viewer query did not answer the user's e-mail (HTTP ${gql.status}): ${gqlText.slice(0, 500)}`);
  console.log(`POST /api/graphql ${queryText.trim().split(/\s+/).slice(0, 2).join(' ')} (${queryId.slice(0, 12)}…): ${gqlText.length} bytes, viewer.email ✓`);

  // 3. The references: bare Fastify, and nginx, answering the same bytes and headers.
  const bodyFile = join(tempDir, 'page.bin');
  const brFile = join(tempDir, 'page.br');
  writeFileSync(bodyFile, page.body);
  writeFileSync(brFile, brotli);
  const baseline = guard.track(
    spawn(process.execPath, [join(benchDir, 'baseline-server.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BASELINE_BODY_FILE: bodyFile,
        BASELINE_BR_FILE: brFile,
        BASELINE_HEADERS: JSON.stringify(mirrored),
        BASELINE_CONTENT_TYPE: pageType,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
    'the baseline server',
  );
  const [line] = await unlessExits(baseline, once(baseline.stdout, 'data'), 'starting');
  const baselineInfo = JSON.parse(String(line).split('\n')[0]);
  const baselineBase = `http://127.0.0.1:${baselineInfo.port}`;
  const nginx =
    nginxPath && opts.only.includes('c')
      ? await startNginx(guard, nginxPath, join(tempDir, 'nginx'), { identity: page.body, brotli, contentType: pageType, headers: mirrored })
      : null;
  for (const [name, ref] of [
    ['bare Fastify', baselineBase],
    ['nginx', nginx?.base],
  ]) {
    if (!ref) continue;
    for (const [headers, bytes] of [
      [ua, page.body],
      [br, brotli],
    ]) {
      const check = await rawGet(`${ref}/`, headers);
      if (check.status !== 200 || !check.body.equals(bytes) || check.headers['content-type'] !== pageType) {
        throw new Error(
          `${name} does not answer the same bytes/content-type (HTTP ${check.status}, ${check.headers['content-type']}, ${check.body.length} bytes)`,
        );
      }
    }
  }
  console.log(
    `References: bare Fastify ${baselineInfo.fastify} (pid ${baseline.pid})${nginx ? `, nginx one worker (pid ${nginx.workerPid})` : ''}: same bytes ✓`,
  );

  // 4. Measure.
  const pageTarget = (label, url, pid, headers, bytes) => ({ label, url, method: 'GET', headers, expectLength: bytes.length, pid });
  const groups = {
    a: [
      ['a_br', pageTarget('GET / cached page, br', `${base}/`, server.pid, br, brotli)],
      ['a_id', pageTarget('GET / cached page, identity', `${base}/`, server.pid, ua, page.body)],
      ...(productPage ? [['a_product_br', pageTarget(`GET ${product} cached page, br`, `${base}${product}`, server.pid, br, productPage.body)]] : []),
    ],
    b: [
      ['b_br', pageTarget('GET / bare Fastify, br', `${baselineBase}/`, baseline.pid, br, brotli)],
      ['b_id', pageTarget('GET / bare Fastify, identity', `${baselineBase}/`, baseline.pid, ua, page.body)],
    ],
    c: nginx
      ? [
          ['c_br', pageTarget('GET / nginx, br', `${nginx.base}/`, nginx.workerPid, br, brotli)],
          ['c_id', pageTarget('GET / nginx, identity', `${nginx.base}/`, nginx.workerPid, ua, page.body)],
        ]
      : [],
    d: [
      [
        'd',
        {
          label: 'POST /api/graphql persisted viewer',
          url: `${base}/api/graphql`,
          method: 'POST',
          headers: graphqlHeaders,
          body: graphqlBody,
          expectText: email,
          pid: server.pid,
        },
      ],
    ],
  };
  console.log(`\nwrk: 1 thread, ${opts.connections} connections, ${Math.max(1, opts.warmup)} s warm-up (bodies checked, discarded) + ${opts.duration} s each`);
  const results = {};
  for (const [name, target] of opts.only.flatMap((g) => groups[g] ?? [])) {
    const child = target.pid === server.pid ? server : target.pid === baseline.pid ? baseline : nginx.child;
    results[name] = await unlessExits(child, measure(wrkPath, name, target, opts), `measuring (${name})`);
  }
  if (results.d) {
    const again = await (await fetch(`${base}/api/graphql`, { method: 'POST', headers: graphqlHeaders, body: graphqlBody })).text();
    if (!again.includes(email)) results.d.problems.push(`after the run the viewer query no longer answers the e-mail: ${again.slice(0, 200)}`);
  }

  // 5. Report.
  printTable(results);
  const problems = Object.entries(results).flatMap(([name, r]) => r.problems.map((p) => `(${name}) ${p}`));
  const ratioValues = ratios(
    results,
    [
      { key: 'cached page / bare Fastify (br)', over: 'a_br', under: 'b_br', target: 0.7 },
      { key: 'cached page / bare Fastify (identity)', over: 'a_id', under: 'b_id', target: 0.7 },
      { key: 'cached page / nginx (br)', over: 'a_br', under: 'c_br', target: 0.7 },
      { key: 'cached page / nginx (identity)', over: 'a_id', under: 'c_id', target: 0.7 },
      { key: 'persisted viewer / bare Fastify (br)', over: 'd', under: 'b_br', target: 0.15 },
    ],
    problems.length > 0,
  );
  const unsaturated = Object.entries(results).filter(([, r]) => r.cpu.serverPercentOfCore !== null && r.cpu.serverPercentOfCore < 85);
  if (unsaturated.length)
    console.log(
      `\nnote: server not saturated in ${unsaturated.map(([n, r]) => `(${n}) ${r.cpu.serverPercentOfCore}%`).join(', ')} of a core: read the "per server CPU" ratios there.`,
    );
  if (outputLines()) console.log(`\nnote: the server wrote ${outputLines()} log line(s) at level warn or above: see bench/results/server.log`);

  // 6. Every text asset compressed when the client accepts br / gzip?
  const compression = await checkCompression(base, join(root, 'web', 'dist', 'client'), [
    { path: '/', headers: ua },
    ...(product ? [{ path: product, headers: ua }] : []),
    { path: '/robots.txt' },
    { path: '/sitemap.xml' },
    { path: '/api/graphql', method: 'POST', headers: graphqlHeaders, body: graphqlBody },
  ]);
  console.log(
    `\nCompression: ${compression.checked} answers checked, ${compression.uncompressed.length} not compressed with the encoding asked for${compression.uncompressed.length ? ':' : ''}`,
  );
  for (const u of compression.uncompressed) console.log(`  ${u.acceptEncoding.padEnd(4)} ${u.path} (${u.contentType}, ${u.bytes} bytes)`);
  if (compression.small.length)
    console.log(
      `  (and ${compression.small.length} answers under ${SMALL} bytes sent as they are, on purpose: ${[...new Set(compression.small.map((u) => u.path))].join(', ')})`,
    );

  writeResults('latest.json', {
    date: new Date().toISOString(),
    ok: problems.length === 0,
    problems,
    machine: machineInfo(idleLoad),
    settings: {
      loadGenerator: 'wrk -t1',
      connections: opts.connections,
      durationSec: opts.duration,
      warmupSec: Math.max(1, opts.warmup),
      cpuProf: opts.cpuProf,
    },
    pages: [page.info, pageBr.info, ...(productPage ? [productPage.info] : [])],
    persistedQuery: { id: queryId, text: queryText },
    results,
    ratios: ratioValues,
    compression,
  });
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

if (opts.only.some((t) => ['a', 'b', 'c', 'd'].includes(t))) {
  await guard.run('bench', main);
  if (opts.cpuProf && existsSync(join(resultsDir, 'profiles'))) {
    console.log(`CPU profile(s) of the server in bench/results/profiles/ (summarize: node bench/profile-summary.mjs)`);
  }
}
// After a–d, whose servers are stopped by now: the storm gets its own fresh server and the machine to itself.
if (opts.only.includes('logins') && !guard.interrupted) await guard.run('login bench', () => runChildBench('logins.mjs', 'login storm'));
if (opts.only.includes('mail') && !guard.interrupted) await guard.run('mail bench', () => runChildBench('mail.mjs', 'mail backlog'));
if (opts.only.includes('cold-burst') && !guard.interrupted) await guard.run('cold-burst bench', () => runChildBench('cold-burst.mjs', 'cold burst'));
