/**
 * Measuring and reporting for bench/run.mjs: one target = a wrk warm-up (every answer's status and
 * body checked, figures discarded) then the measured wrk run, with the server's CPU read from /proc
 * before and after (utime + stime, clock ticks → µs) and divided by the requests answered. The
 * report prints the table and the ratios against their targets. No side effects on import.
 */
import { cpuMeter } from './cpu.mjs';
import { runWrk } from './wrk.mjs';

/**
 * Measures `target` ({ label, url, method, headers, body, expectLength, expectText, pid (the
 * process to charge) }) with `opts` ({ warmup, duration, connections } in s / count). Answers the
 * figures and the `problems` that make the run invalid (errors, non-2xx, wrong bodies).
 */
export async function measure(wrkPath, name, target, opts) {
  const problems = [];
  const count = (phase, r) => {
    const e = r.errors;
    for (const [k, v] of Object.entries({ ...e, mismatches: r.mismatches })) if (v) problems.push(`${phase}: ${v} ${k === 'status' ? 'non-2xx/3xx' : k}`);
    if (!r.requests) problems.push(`${phase}: no request completed`);
  };
  // The warm-up checks every body (and is slower for it); at least 1 s so the check happens.
  process.stdout.write(`  (${name}) ${target.label}: warm-up ${Math.max(1, opts.warmup)} s… `);
  const warm = await runWrk(wrkPath, target, { duration: Math.max(1, opts.warmup), connections: opts.connections, check: true });
  count('warm-up', warm);
  process.stdout.write(`${Math.round(warm.requestsPerSec)} req/s (bodies checked, discarded); ${opts.duration} s… `);
  const stop = cpuMeter(target.pid);
  const r = await runWrk(wrkPath, target, { duration: opts.duration, connections: opts.connections });
  const shares = stop();
  count('measured', r);
  process.stdout.write(`${Math.round(r.requestsPerSec)} req/s\n`);
  const wall = opts.duration * 1000;
  return {
    name,
    label: target.label,
    url: target.url,
    requestsPerSec: +r.requestsPerSec.toFixed(1),
    requestsTotal: r.requests,
    bytesPerRequest: r.requests ? Math.round(r.bytes / r.requests) : null,
    latencyMs: r.latencyMs,
    errors: r.errors,
    cpu: {
      serverPercentOfCore: shares.serverPercentOfCore,
      serverMainThreadPercentOfCore: shares.serverMainThreadPercentOfCore,
      wrkPercentOfCore: r.clientCpuMs === null ? null : Math.round((r.clientCpuMs / wall) * 100),
      // Machine busy time charged neither to the server, nor to this script; wrk is in it.
      otherPercentOfCore: shares.otherPercentOfCore,
      serverCpuMicrosPerRequest: shares.serverCpuMs === null || !r.requests ? null : +((shares.serverCpuMs * 1000) / r.requests).toFixed(1),
    },
    problems,
  };
}

const fmt = (n, d = 0) => (typeof n === 'number' ? n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }) : '—');

/** Prints the results table. */
export function printTable(results) {
  const rows = [['', 'target', 'req/s', 'p50 ms', 'p99 ms', 'server CPU', 'wrk CPU', 'server µs/req']];
  for (const [name, r] of Object.entries(results)) {
    rows.push([
      `(${name})`,
      r.label,
      fmt(r.requestsPerSec),
      fmt(r.latencyMs.p50, 2),
      fmt(r.latencyMs.p99, 2),
      r.cpu.serverPercentOfCore === null ? '—' : `${r.cpu.serverPercentOfCore}%`,
      r.cpu.wrkPercentOfCore === null ? '—' : `${r.cpu.wrkPercentOfCore}%`,
      fmt(r.cpu.serverCpuMicrosPerRequest),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log('');
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, j) => (j >= 2 ? cell.padStart(widths[j]) : cell.padEnd(widths[j]))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

/**
 * The ratios `specs` ([{ key, over, under, target }]: results[over] / results[under], by req/s and
 * by server CPU per request — under's µs/req over over's), printed with "meets target" / "below
 * target" (judged on req/s). Answers them keyed by `key`.
 */
export function ratios(results, specs, invalid) {
  const out = {};
  console.log('');
  for (const { key, over, under, target } of specs) {
    const x = results[over];
    const y = results[under];
    if (!x || !y) continue;
    const value = x.requestsPerSec / y.requestsPerSec;
    const cx = x.cpu.serverCpuMicrosPerRequest;
    const cy = y.cpu.serverCpuMicrosPerRequest;
    const perCpu = cx && cy ? cy / cx : null;
    out[key] = { over, under, value: +value.toFixed(3), perServerCpu: perCpu === null ? null : +perCpu.toFixed(3), target, meetsTarget: value >= target };
    console.log(
      `${key.padEnd(34)} ${value.toFixed(3)}  (per server CPU ${perCpu === null ? '—' : perCpu.toFixed(3)})  target ≥ ${target}  ${value >= target ? 'meets target' : 'below target'}${invalid ? '  (INVALID: failing requests)' : ''}`,
    );
  }
  return out;
}
