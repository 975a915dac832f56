#!/usr/bin/env node
/**
 * What a signed-in visitor's fresh page costs the server since the access token lives in memory
 * only (decision 0048; see bench/README.md, "Fresh signed-in page").
 *
 *   node bench/first-load.mjs [--rounds=300]
 *
 * Method
 *  1. Starts the real built server (`node api/dist/main.js`) as a child on a free port on a fresh
 *     SQLite DATA_DIR: NODE_ENV=production, MAIL_TRANSPORT=memory, GRAPHQL_PERSISTED_ONLY=false,
 *     the per-IP /api/auth limit raised (every request comes from 127.0.0.1).
 *  2. Registers one account in cookie mode (as the browser does) and keeps its refresh cookie.
 *  3. Runs `rounds` rounds one after the other, each timing two things back to back:
 *     - baseline: `POST /api/graphql { viewer { id email } }` with the bearer token — what a fresh
 *       page asked before, with a token read from the script-readable cookie;
 *     - now: `POST /api/auth/refresh` by the cookie (a rotation: one session write), then the same
 *       viewer query with the new token — what a fresh page asks now.
 *     Each refresh presents the cookie the previous one set, as one browser would.
 *  4. Prints p50/p90 of both and the ratio now / baseline at p50; writes
 *     bench/results/first-load.json. Sequential on purpose: this is the cost of one page load,
 *     not throughput (bench/run.mjs measures that with wrk).
 * Exits 1 only when the run is invalid (a request answered wrongly or the setup failed).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createGuard, ensureBuilt, resultsDir, startServer, waitForHealth, writeResults } from './lib/process.mjs';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 300);
const REFRESH_COOKIE = '__Host-studio.refresh';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const guard = createGuard('first-load bench');
await guard.run('first-load bench', async () => {
  ensureBuilt();
  const dataDir = join(guard.makeTempDir('studio-bench-first-load-'), 'data');
  mkdirSync(dataDir);
  const { server, base } = await startServer(guard, {
    dataDir,
    env: { MAIL_TRANSPORT: 'memory', GRAPHQL_PERSISTED_ONLY: 'false', RATE_LIMIT_AUTH_MAX: '10000000', RATE_LIMIT_WINDOW_MS: '60000' },
    logFile: join(resultsDir, 'first-load-server.log'),
  });
  await waitForHealth(base, server);

  const headers = { 'content-type': 'application/json', 'user-agent': UA };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { ...headers, 'x-session-transport': 'cookie' },
    body: JSON.stringify({
      email: `bench-first-load-${Date.now()}@example.com`,
      password: 'a long enough bench passphrase',
      name: 'Bench First Load',
      deviceToken: 'bench-first-load',
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const cookieOf = (response) => {
    const line = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
    if (!line) throw new Error('no refresh cookie in the answer');
    return line.split(';')[0];
  };
  let cookie = cookieOf(registered);
  let accessToken = (await registered.json()).accessToken;

  const viewer = async (token) => {
    const response = await fetch(`${base}/api/graphql`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ viewer { id email } }' }),
    });
    const body = await response.json();
    if (response.status !== 200 || !body.data?.viewer?.id) throw new Error(`viewer answered ${response.status}: ${JSON.stringify(body)}`);
  };
  const refresh = async () => {
    const response = await fetch(`${base}/api/auth/refresh`, { method: 'POST', headers: { ...headers, 'x-session-transport': 'cookie', cookie }, body: '{}' });
    if (response.status !== 200) throw new Error(`refresh answered ${response.status}: ${await response.text()}`);
    cookie = cookieOf(response);
    return (await response.json()).accessToken;
  };

  for (let i = 0; i < 20; i++) {
    await viewer(accessToken); // warm-up
    accessToken = await refresh();
  }
  const baseline = [];
  const now = [];
  for (let i = 0; i < rounds; i++) {
    let started = performance.now();
    await viewer(accessToken);
    baseline.push(performance.now() - started);
    started = performance.now();
    accessToken = await refresh();
    await viewer(accessToken);
    now.push(performance.now() - started);
  }
  const report = {
    rounds,
    baselineMs: { p50: percentile(baseline, 50), p90: percentile(baseline, 90) },
    nowMs: { p50: percentile(now, 50), p90: percentile(now, 90) },
  };
  report.ratioP50 = report.nowMs.p50 / report.baselineMs.p50;
  const ms = (v) => `${v.toFixed(2)} ms`;
  console.log(`Fresh signed-in page, ${rounds} rounds on SQLite (sequential):`);
  console.log(`  baseline  viewer query with a stored token     p50 ${ms(report.baselineMs.p50)}  p90 ${ms(report.baselineMs.p90)}`);
  console.log(`  now       refresh by the cookie + viewer query  p50 ${ms(report.nowMs.p50)}  p90 ${ms(report.nowMs.p90)}`);
  console.log(`  ratio now / baseline at p50: ${report.ratioP50.toFixed(2)}`);
  writeResults('first-load.json', report);
});
