/**
 * Stripe Connect through the official SDK (PAYOUT-STRIPE, decisions 0035 and 0041): the client for
 * the configured key, pointed at `STRIPE_API_URL` when set (the fake of the tests,
 * testing/fake-stripe), how long a call may wait, and what counts as a finished onboarding.
 * Stripe's errors become our codes here: a refusal of the request (4xx) is final, anything else
 * (network, 5xx, rate limit) is worth retrying later.
 *
 * Time limits (decision 0041). The SDK's `timeout` is per try (socket inactivity) and it retries
 * `maxNetworkRetries` times after a 0.5 s pause (a reset connection once even with 0), so one
 * call waits at most `tries · timeout + pauses`:
 * - jobs (the client's defaults): 2 tries of `jobTryMs(JOBS_LEASE_MS)` (10 s with the default
 *   120 s lease, at most lease/12), ≤ 20.5 s a call; a job run makes at most 3 calls (≈ half the
 *   lease), so it ends well before another worker may take the job over;
 * - requests a person waits for (onboarding): `userFacingDeadline()` gives each call what is left
 *   of USER_FACING_BUDGET_MS (9 s for all of the request's calls, tries and pauses included), so
 *   a Stripe that accepts connections and never answers costs under 10 s, then PROVIDER_UNAVAILABLE.
 */
import Stripe from 'stripe';
import type { Config } from '../../../platform/config.js';
import { HttpError } from '../../../platform/http/errors.js';

export type StripeClient = Stripe;

/** All the Stripe calls of one user-facing request, every try and pause included, in ms (decision 0041). */
export const USER_FACING_BUDGET_MS = 9_000;
/** The longest one try of a user-facing call waits for Stripe, in ms. */
const USER_FACING_TRY_MS = 4_000;
/** The SDK's pause before its first retry (stripe 23.1: 0.5 s initial network retry delay). */
const SDK_RETRY_PAUSE_MS = 500;
/** Below this a try cannot succeed in practice: answer PROVIDER_UNAVAILABLE instead of trying. */
const SHORTEST_TRY_MS = 500;

/**
 * The time limit of one run of a job that calls Stripe (JobHandler.timeoutMs, decision 0043): three
 * lease/12 calls with their retry take up to about half the lease, which is the queue's default
 * limit, so these jobs take three quarters of it (90 s at the default 120 s lease).
 */
export function stripeJobTimeoutMs(leaseMs: number): number {
  return Math.floor(leaseMs * 0.75);
}

/** The per-try timeout of the jobs' Stripe calls for a job lease of `leaseMs`: lease/12, at most 10 s (see the module comment). */
export function jobTryMs(leaseMs: number): number {
  return Math.max(SHORTEST_TRY_MS, Math.min(10_000, Math.floor(leaseMs / 12)));
}

/**
 * The SDK client for `config.payouts.stripe`, or null when Stripe is not configured. Its defaults
 * are the jobs' limits (one retry, `jobTryMs(config.jobs.leaseMs)` a try); user-facing calls pass
 * `userFacingDeadline()`'s options per request.
 */
export function createStripeClient(config: Pick<Config, 'payouts' | 'jobs'>): StripeClient | null {
  const settings = config.payouts.stripe;
  if (!settings) return null;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: jobTryMs(config.jobs.leaseMs), telemetry: false };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(settings.secretKey, options);
}

/**
 * The time limits of one user-facing request's Stripe calls (PAYOUT-STRIPE, decision 0041): each
 * call of the answered function gives request options (`timeout` per try, one retry) that fit two
 * tries and the SDK's pause into what is left of `budgetMs` (default USER_FACING_BUDGET_MS) since
 * the deadline was made. Make one per request; pass `next()` to every SDK call of it.
 * @throws HttpError PROVIDER_UNAVAILABLE when too little is left for another call.
 */
export function userFacingDeadline(budgetMs: number = USER_FACING_BUDGET_MS, now: () => number = Date.now): () => Stripe.RequestOptions {
  const end = now() + budgetMs;
  return () => {
    const timeout = Math.min(USER_FACING_TRY_MS, Math.floor((end - now() - SDK_RETRY_PAUSE_MS) / 2));
    if (timeout < SHORTEST_TRY_MS) throw providerUnavailable();
    return { timeout, maxNetworkRetries: 1 };
  };
}

/**
 * Onboarding is complete only when Stripe says so (PAYOUT-STRIPE): details submitted, payouts
 * enabled and the transfers capability active — never because the browser came back.
 */
export function onboardingComplete(account: Pick<Stripe.Account, 'details_submitted' | 'payouts_enabled' | 'capabilities'>): boolean {
  return account.details_submitted === true && account.payouts_enabled === true && account.capabilities?.transfers === 'active';
}

/** Whether a Stripe error is final (the request itself was refused) rather than worth a retry. */
export function isFinalStripeError(error: unknown): boolean {
  const status = (error as { statusCode?: number } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429 && status !== 409;
}

/** PROVIDER_UNAVAILABLE (503): Stripe could not be reached or failed; nothing was changed here. */
export function providerUnavailable(): HttpError {
  return new HttpError(503, 'PROVIDER_UNAVAILABLE', 'The payment provider is not answering; try again in a few minutes.');
}

/** The words of a Stripe error for a person (its message), or a generic one. */
export function stripeErrorText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.length > 0 ? message.slice(0, 500) : 'the payment provider refused the transfer';
}
