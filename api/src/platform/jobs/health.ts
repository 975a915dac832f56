/**
 * Whether a running job worker can still run jobs (SITE-HEALTH, decision 0043; queue.ts): the
 * readiness check reads it, and the worker's poll logs a stall once when it starts and ends.
 */
import type { OverdueRun } from './timeLimit.js';
import type { JobQueueOptions, WorkerHealth } from './types.js';

/**
 * The health of a started worker at `now` (ms since the epoch): `stalled` when a run has not
 * settled `leaseMs` after its time limit, or no claim answered for `max(leaseMs, 10 polls)`
 * since `lastClaimAt` (ms since the epoch); `ok` otherwise. `overdue` lists the unsettled runs.
 */
export function workerHealth(
  overdue: Iterable<OverdueRun>,
  lastClaimAt: number,
  options: Pick<JobQueueOptions, 'leaseMs' | 'pollIntervalMs'>,
  now: number = Date.now(),
): WorkerHealth {
  const runs = [...overdue];
  const stuck = runs.map((run) => ({ kind: run.kind, seconds: Math.round((now - run.since) / 1000) }));
  const problems: string[] = [];
  const wedged = runs.filter((run) => now - run.since > options.leaseMs);
  if (wedged.length > 0)
    problems.push(
      `${wedged.length} ${[...new Set(wedged.map((r) => r.kind))].join(', ')} run(s) have not ended ${Math.round(options.leaseMs / 1000)} s after their time limit`,
    );
  const quiet = now - lastClaimAt;
  if (quiet > Math.max(options.leaseMs, options.pollIntervalMs * 10)) problems.push(`the worker has not looked for jobs for ${Math.round(quiet / 1000)} s`);
  return problems.length > 0 ? { status: 'stalled', reason: problems.join('; '), overdue: stuck } : { status: 'ok', overdue: stuck };
}

/**
 * Logs a worker's stall once when it begins (error) and once when it ends (warn).
 * @param wasStalled whether the previous state was `stalled`. @returns whether `state` is.
 */
export function reportStall(state: WorkerHealth, wasStalled: boolean, log: JobQueueOptions['log']): boolean {
  if (state.status === 'stalled' && !wasStalled) log?.error({ worker: state }, `job worker stalled: ${state.reason}`);
  else if (state.status === 'ok' && wasStalled) log?.warn({ worker: state }, 'job worker is running again');
  return state.status === 'stalled';
}
