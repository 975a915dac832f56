/**
 * The load generator of bench/run.mjs: Debian's `wrk` (C, one thread) driven by bench/lib/load.lua.
 * wrk costs far less CPU per request than the servers it loads, so on a 2-core machine it leaves
 * the server its core (autocannon, in Node, saturated its own core before the servers did).
 * No side effects on import.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './process.mjs';

const script = join(root, 'bench', 'lib', 'load.lua');

/** The path of wrk, or null with the reason printed (tries `apt-get install -y wrk` once when root). */
export function findWrk() {
  const which = () => spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout.trim() || null;
  let path = which();
  if (!path && process.getuid?.() === 0) {
    console.log('wrk is missing: trying `apt-get install -y wrk`…');
    spawnSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
    path = which();
  }
  if (!path) console.log('wrk is not installed (Debian: apt-get install wrk) and could not be installed.');
  return path;
}

/**
 * One wrk run against `target` ({ url, method, headers: {name: value}, body, expectLength,
 * expectText }) for `duration` s with `connections` connections on one thread. `check` makes
 * the script check every answer's status and body (slower: use it for warm-ups). Answers
 * { requests, requestsPerSec, latencyMs: {p50, p90, p99, mean, max}, errors, mismatches,
 * clientCpuMs (wrk's own user + system CPU time, from the shell's `times`) }. Throws when wrk
 * fails to run.
 */
export async function runWrk(wrkPath, target, { duration, connections, check = false }) {
  const env = {
    ...process.env,
    BENCH_METHOD: target.method ?? 'GET',
    BENCH_BODY: target.body ?? '',
    BENCH_HEADERS: Object.entries(target.headers ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    BENCH_EXPECT_LEN: String(target.expectLength ?? 0),
    BENCH_EXPECT: target.expectText ?? '',
    BENCH_CHECK: check ? '1' : '0',
  };
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '--timeout', '10s', '-s', script, target.url];
  // `times` prints the shell's and then its children's user/system CPU: wrk's exact CPU time.
  const child = spawn('bash', ['-c', '"$@"; rc=$?; times; exit $rc', 'bash', wrkPath, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise((resolveCode) => child.on('exit', resolveCode));
  const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}): ${err || out}`);
  const r = JSON.parse(line.slice('BENCH_RESULT '.length));
  const timesLines = out.trim().split('\n').slice(-1)[0].trim().split(/\s+/);
  const secs = (s) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(s);
    return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  };
  const clientCpuMs = (secs(timesLines[0]) + secs(timesLines[1])) * 1000;
  return {
    requests: r.requests,
    requestsPerSec: r.durationUs ? (r.requests * 1e6) / r.durationUs : 0,
    bytes: r.bytes,
    latencyMs: { p50: r.p50, p90: r.p90, p99: r.p99, mean: r.mean, max: r.max },
    errors: r.errors,
    mismatches: r.mismatches,
    clientCpuMs: Number.isFinite(clientCpuMs) ? clientCpuMs : null,
  };
}
