/**
 * The job queue's retry schedule and the error text it keeps on a row (decision 0022).
 */

/**
 * The wait before the next run after `attempts` failed ones: `baseMs · 2^(attempts−1)`, capped at
 * `maxMs` (no jitter: jobs fail at different times, which spreads them). Pure; the schedule lives
 * in the row's `run_at`, so it survives restarts — which is why this is not p-retry.
 * @param attempts ≥ 1; @returns milliseconds.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 40);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

/** An error's text as kept on a row: its code (if any) and message, at most 1000 characters. */
export function errorText(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const code = typeof e?.code === 'string' && !message.startsWith(e.code) ? `${e.code}: ` : '';
  return `${code}${message}`.slice(0, 1000);
}
