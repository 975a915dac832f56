/**
 * The time limits of Stripe calls (PAYOUT-STRIPE, decision 0041), as pure functions: a user-facing
 * request's calls share one deadline under 10 s (two tries of at most 4 s and the SDK's 0.5 s pause
 * per call, shrinking to what is left, PROVIDER_UNAVAILABLE when too little is left); a job's call
 * (two tries of `jobTryMs`) times the at most three calls of a run stays below half the job lease.
 * The behaviour against a Stripe that never answers is payouts-faults.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/platform/http/errors.js';
import { USER_FACING_BUDGET_MS, jobTryMs, userFacingDeadline } from '../src/modules/money/payouts/stripe.js';

/** The longest one SDK call can take with these options: every try times out, one 0.5 s pause between. */
const worstCall = (timeout: number, retries: number) => (retries + 1) * timeout + retries * 500;

describe('Stripe time limits', () => {
  it('gives a user-facing request under 10 s in all, however its calls go, then PROVIDER_UNAVAILABLE', () => {
    expect(USER_FACING_BUDGET_MS).toBeLessThan(10_000);
    let now = 1_000_000;
    const next = userFacingDeadline(USER_FACING_BUDGET_MS, () => now);
    const first = next();
    expect(first).toEqual({ timeout: 4000, maxNetworkRetries: 1 });
    // A slow first call (2 s); the second gets only what is left, and its worst case ends by the deadline.
    now += 2000;
    const second = next();
    expect(second.timeout).toBeLessThan(first.timeout!);
    now += worstCall(second.timeout!, second.maxNetworkRetries!);
    expect(now - 1_000_000).toBeLessThanOrEqual(USER_FACING_BUDGET_MS);
    try {
      next();
      expect.unreachable('no time was left');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).code).toBe('PROVIDER_UNAVAILABLE');
    }
  });

  it('keeps a job run of three calls well below the lease', () => {
    expect(jobTryMs(120_000)).toBe(10_000);
    for (const lease of [30_000, 60_000, 120_000, 600_000]) {
      expect(3 * worstCall(jobTryMs(lease), 1), `lease ${lease}`).toBeLessThan(lease * 0.6);
    }
  });
});
