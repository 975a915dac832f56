/**
 * The time limit of one job run (decision 0043): no handler can stall the queue. A run past its
 * limit counts as a failed attempt and frees its slot; its signal is aborted, and a handler that
 * ignores it is left running and tracked here until it settles, so `health()` can report it.
 */
import type { JobRow } from '../db/types.js';
import type { JobHandler, JobQueueOptions } from './types.js';

/** The error of a run that went past its kind's time limit (its attempt counts as failed). */
export class JobTimeoutError extends Error {
  readonly code = 'JOB_TIMEOUT';
  /** @param kind the job's kind; @param ms the limit it went past, in ms. */
  constructor(kind: string, ms: number) {
    super(`the ${kind} job did not finish within ${ms} ms; it is retried`);
  }
}

/** A run that went past its time limit and has not settled since: its kind and when it timed out (ms since the epoch). */
export interface OverdueRun {
  kind: string;
  since: number;
}

/**
 * The time limit of a run of `handler`'s kind, in ms: its `timeoutMs`, default half the lease,
 * and at most just under the lease (`leaseMs - 1`), so a run never outlives its claim.
 */
export function timeLimitMs(handler: Pick<JobHandler, 'timeoutMs'>, leaseMs: number): number {
  const defaultTimeoutMs = Math.max(1, Math.floor(leaseMs / 2));
  return Math.min(handler.timeoutMs ?? defaultTimeoutMs, defaultTimeoutMs * 2 - 1);
}

/**
 * Runs `handler` for `job` within `limitMs`: a run past it is aborted (its signal) and rejects with
 * JobTimeoutError; if the handler does not settle, it stays in `overdue` (job id → OverdueRun) until it does.
 * @throws the handler's error, or JobTimeoutError.
 */
export async function runWithin(
  handler: JobHandler<any>,
  job: JobRow,
  limitMs: number,
  overdue: Map<string, OverdueRun>,
  log: JobQueueOptions['log'],
): Promise<void> {
  const controller = new AbortController();
  const work = Promise.resolve().then(() => handler.run(JSON.parse(job.payload), job, controller.signal));
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new JobTimeoutError(job.kind, limitMs)), limitMs);
  });
  try {
    await Promise.race([work, expired]);
  } catch (error) {
    if (!(error instanceof JobTimeoutError)) throw error;
    controller.abort(error);
    overdue.set(job.id, { kind: job.kind, since: Date.now() });
    log?.warn({ job: job.id, kind: job.kind, timeoutMs: limitMs }, 'job run timed out; its slot is free again and it is retried');
    work.then(
      () => overdue.delete(job.id),
      () => overdue.delete(job.id),
    );
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
