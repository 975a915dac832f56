/**
 * CPU accounting shared by the benches (bench/run.mjs, bench/logins.mjs), from Linux's /proc: the
 * CPU time of a process (or of its main thread), of this process, and of the whole machine. Times
 * are milliseconds, shares are percent of one core; every reader answers null where /proc is
 * missing. No side effects on import: logins.mjs also loads as a worker thread.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

let clockTicks;
/** Clock ticks per second, the unit of /proc CPU times (asked once, on first use). */
function ticksPerSecond() {
  clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
  return clockTicks;
}

/** CPU time (ms) of process `pid` so far, all its threads or only its main thread (its event loop); null elsewhere. */
export function processCpuMs(pid, mainThreadOnly = false) {
  try {
    const stat = readFileSync(mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond(); // utime + stime
  } catch {
    return null;
  }
}

/** Busy CPU time (ms) of the whole machine so far, all cores, without irq/softirq; null elsewhere. */
export function machineBusyMs() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]; // cpu user nice system idle iowait irq softirq steal …
    const [user, nice, system, , , , , steal] = line.trim().split(/\s+/).slice(1).map(Number);
    // irq/softirq (mostly the loopback network stack under load) is charged to no process: left out here.
    return ((user + nice + system + (steal || 0)) * 1000) / ticksPerSecond();
  } catch {
    return null;
  }
}

/** CPU time (ms) of this process so far (all its threads). */
export function selfCpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Starts measuring the CPU shares of a phase; the function it returns ends the phase and answers
 * (percent of one core): the server `pid` (all threads, and its main thread — the event loop; the
 * rest is the libuv pool, GC and I/O threads), this process (the load generator or clients), and
 * every other process; plus the server's CPU time in ms (null where /proc is missing).
 */
export function cpuMeter(pid) {
  const s0 = processCpuMs(pid);
  const l0 = processCpuMs(pid, true);
  const c0 = selfCpuMs();
  const m0 = machineBusyMs();
  const t0 = performance.now();
  return () => {
    const wall = performance.now() - t0;
    const s = processCpuMs(pid);
    const l = processCpuMs(pid, true);
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

/** How much CPU (% of one core) the machine spends during `ms` while this bench is idle; null elsewhere. */
export async function idleMachineLoad(ms = 1000) {
  const b0 = machineBusyMs();
  const s0 = selfCpuMs();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const b1 = machineBusyMs();
  if (b0 === null || b1 === null) return null;
  return Math.round(((b1 - b0 - (selfCpuMs() - s0)) / (performance.now() - t0)) * 100);
}

/** Measures the machine's load before a bench starts, prints it (warning above 20 % of a core) and answers it. */
export async function checkMachineQuiet() {
  const load = await idleMachineLoad();
  console.log(
    `Machine: ${os.cpus().length} cores, busy ${load ?? '?'}% of a core before the bench starts${load > 20 ? ' — NOT QUIET, expect skewed figures' : ''}`,
  );
  return load;
}

/** The `machine` entry of a results file: its load before the start (`checkMachineQuiet`), cores, CPU model, load average, Node and OS. */
export function machineInfo(busyPercentOfCoreBeforeStart) {
  return {
    busyPercentOfCoreBeforeStart,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadavg: os.loadavg(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}
