/**
 * A concurrency limit with a bounded waiting line, for expensive work on the libuv thread pool
 * (argon2 password hashing, SEC-HASHING): at most `concurrency` jobs run at once (p-limit), at
 * most `queue` more wait in arrival order, and a job beyond that is refused at once with
 * `QueueFullError` — load shedding, so that a burst neither takes every pool thread nor makes
 * callers wait without bound. The error says how long the jobs in line will take, from the mean
 * duration of recent jobs, as a `Retry-After` in seconds.
 */
import pLimit, { type LimitFunction } from 'p-limit';

/** Jobs at once and jobs waiting (both at least 1 and 0). */
export interface BoundedLimitOptions {
  concurrency: number;
  queue: number;
}

/** The line was full: nothing of the job ran. Try again after `retryAfterSeconds` (≥ 1). */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`The queue is full; try again in ${retryAfterSeconds} s`);
    this.name = 'QueueFullError';
  }
}

// The mean job time before any job has finished, ms (an argon2id hash at OWASP's parameters takes
// 15–50 ms on one core), and the weight of each new sample in the moving mean.
const FIRST_GUESS_MS = 50;
const SAMPLE_WEIGHT = 0.2;

export class BoundedLimit {
  private readonly limit: LimitFunction;
  private queue: number;
  private meanMs = FIRST_GUESS_MS;

  constructor(options: BoundedLimitOptions) {
    this.limit = pLimit(Math.max(1, options.concurrency));
    this.queue = Math.max(0, options.queue);
  }

  /** Changes the limits; jobs already admitted keep their place. */
  configure(options: BoundedLimitOptions): void {
    this.limit.concurrency = Math.max(1, options.concurrency);
    this.queue = Math.max(0, options.queue);
  }

  /** Jobs running, jobs waiting, and the limits. */
  get state(): { running: number; waiting: number } & BoundedLimitOptions {
    return { running: this.limit.activeCount, waiting: this.limit.pendingCount, concurrency: this.limit.concurrency, queue: this.queue };
  }

  /** Whether a job offered now would be refused. */
  get full(): boolean {
    return this.limit.activeCount + this.limit.pendingCount >= this.limit.concurrency + this.queue;
  }

  /** Seconds until the jobs now admitted are done, at the recent mean job time (at least 1). */
  retryAfterSeconds(): number {
    const rounds = (this.limit.activeCount + this.limit.pendingCount) / this.limit.concurrency;
    return Math.max(1, Math.ceil((rounds * this.meanMs) / 1000));
  }

  /**
   * Runs `job` when a slot is free.
   * @returns its result (its rejection passes through).
   * @throws QueueFullError (as a rejection) when `concurrency` jobs run and `queue` wait already.
   */
  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.full) return Promise.reject(new QueueFullError(this.retryAfterSeconds()));
    return this.limit(async () => {
      const started = performance.now();
      try {
        return await job();
      } finally {
        this.meanMs += (performance.now() - started - this.meanMs) * SAMPLE_WEIGHT;
      }
    });
  }
}
