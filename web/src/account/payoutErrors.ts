/**
 * The payout pages' reading of the server's errors (PAYOUT-REQUEST, PAYOUT-METHOD, PAYOUT-COOLDOWN,
 * PAYOUT-QUEUE): each `extensions.code` becomes a sentence of the catalogue in the page's language,
 * never the server's English. `PAYOUTS_PAUSED` names the date of `extensions.until`, `BELOW_MINIMUM`
 * the minimum of `extensions.minimum` (minor units, or `{ amount, currency }`) as money;
 * `BAD_USER_INPUT` names the bank field (`field`, e.g. `bankAccount.iban`). Network, rate limit and
 * busy server read as everywhere else (forms/serverErrors.ts).
 */
import type { IntlShape } from 'react-intl';
import { type GraphQLErrorLike, type ServerError, UNKNOWN_ERROR, firstError, formProblem } from '../forms/serverErrors';
import { minorToMajor } from './money';

/** A message of a payout error: its text, the bank field it belongs to (or null: above the form), and whether it is a stale-version conflict. */
export interface PayoutProblem {
  message: string;
  field: string | null;
  conflict: boolean;
}

/** Codes read as a plain sentence, without values. */
const PLAIN: Record<string, string> = {
  NO_WITHDRAWAL_METHOD: 'payouts.error.noMethod',
  ONBOARDING_INCOMPLETE: 'payouts.error.onboardingIncomplete',
  NOTHING_TO_PAY_OUT: 'payouts.error.nothing',
  STRIPE_UNAVAILABLE: 'payouts.error.stripeUnavailable',
  PROVIDER_UNAVAILABLE: 'payouts.error.providerUnavailable',
  INVALID_PAYOUT_STATE: 'payouts.error.invalidState',
  VERSION_CONFLICT: 'admin.requests.error.conflict',
  REAUTHENTICATION_REQUIRED: 'payouts.error.reauthenticationRequired',
  WRONG_PASSWORD: 'passwords.error.wrongPassword',
  FORBIDDEN: 'admin.requests.error.forbidden',
  SECOND_ADMIN_REQUIRED: 'admin.error.secondAdminRequired',
};

/** The bank form's fields as the server names them, and their message. */
const BANK_FIELDS: Record<string, string> = {
  'bankAccount.holderName': 'payouts.bank.error.holderName',
  'bankAccount.country': 'payouts.bank.error.country',
  'bankAccount.iban': 'payouts.bank.error.iban',
  'bankAccount.accountNumber': 'payouts.bank.error.accountNumber',
  'bankAccount.bankCode': 'payouts.bank.error.bankCode',
};

/** Money in minor units as text in the page's language. */
export function formatMoney(intl: IntlShape, minor: number, currency: string): string {
  const major = minorToMajor(minor, currency);
  return major === null ? String(minor) : intl.formatNumber(major, { style: 'currency', currency });
}

function minimumOf(error: ServerError, currency: string | undefined): { amount: number; currency: string } | null {
  const minimum = error.extensions['minimum'];
  if (typeof minimum === 'number' && currency) return { amount: minimum, currency };
  const money = minimum as { amount?: unknown; currency?: unknown } | null | undefined;
  if (typeof money?.amount === 'number' && typeof money.currency === 'string') return { amount: money.amount, currency: money.currency };
  const own = error.extensions['currency'];
  return typeof minimum === 'number' && typeof own === 'string' ? { amount: minimum, currency: own } : null;
}

/** What to show for `error`; `currency` is the balance the action was about (for a bare `minimum`). */
export function payoutProblemOf(intl: IntlShape, error: ServerError, currency?: string): PayoutProblem {
  const above = (id: string, values?: Record<string, string>) => ({
    message: intl.formatMessage({ id }, values),
    field: null,
    conflict: error.code === 'VERSION_CONFLICT',
  });
  const plain = PLAIN[error.code];
  if (plain) return above(plain);
  if (error.code === 'PAYOUTS_PAUSED') {
    const until = error.extensions['until'];
    return typeof until === 'string'
      ? above('payouts.error.pausedUntil', { date: intl.formatDate(until, { dateStyle: 'medium', timeStyle: 'short' }) })
      : above('payouts.error.paused');
  }
  if (error.code === 'BELOW_MINIMUM') {
    const minimum = minimumOf(error, currency);
    return minimum
      ? above('payouts.error.belowMinimum', { minimum: formatMoney(intl, minimum.amount, minimum.currency) })
      : above('payouts.error.belowMinimumUnknown');
  }
  if (error.code === 'BAD_USER_INPUT') {
    const id = error.field ? BANK_FIELDS[error.field] : undefined;
    return id ? { message: intl.formatMessage({ id }), field: error.field, conflict: false } : above('payouts.error.rejected');
  }
  const generic = formProblem(error);
  if (generic.id === 'error.UNKNOWN') return above('payouts.error.unknown');
  return { message: intl.formatMessage({ id: generic.id }, generic.values), field: null, conflict: false };
}

/** The message of the first error of a failed mutation (`errors` as runMutation gives them). */
export function payoutProblem(intl: IntlShape, errors: readonly GraphQLErrorLike[], currency?: string): PayoutProblem {
  return payoutProblemOf(intl, firstError(errors) ?? UNKNOWN_ERROR, currency);
}
