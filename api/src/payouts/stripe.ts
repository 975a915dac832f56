/**
 * Stripe Connect through the official SDK (PAYOUT-STRIPE, decision 0035): the client for the
 * configured key, pointed at `STRIPE_API_URL` when set (the fake of the tests, testing/fake-stripe),
 * and what counts as a finished onboarding. Stripe's errors become our codes here: a refusal of the
 * request (4xx) is final, anything else (network, 5xx, rate limit) is worth retrying later.
 */
import Stripe from 'stripe';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';

export type StripeClient = Stripe;

/** The SDK client for `config.payouts.stripe`, or null when Stripe is not configured. */
export function createStripeClient(config: Pick<Config, 'payouts'>): StripeClient | null {
  const settings = config.payouts.stripe;
  if (!settings) return null;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(settings.secretKey, options);
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
