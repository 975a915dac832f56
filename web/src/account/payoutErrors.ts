/**
 * The payout pages' messages (PAYOUT-REQUEST, PAYOUT-METHOD, PAYOUT-COOLDOWN, PAYOUT-QUEUE): the
 * message id is forms/serverErrors.ts's (`SERVER_ERRORS.payout`); here it becomes text in the
 * page's language, with the date of a pause (`extensions.until`) and the minimum as money
 * (`minimumOf`), never the server's English.
 */
import type { IntlShape } from 'react-intl';
import { type GraphQLErrorLike, SERVER_ERRORS, type ServerError, UNKNOWN_ERROR, firstError, minimumOf } from '../forms/serverErrors';
import { minorToMajor } from './money';

/** A message of a payout error: its text, the bank field it belongs to (or null: above the form), and whether it is a stale-version conflict. */
export interface PayoutProblem {
  message: string;
  field: string | null;
  conflict: boolean;
}

/** Money in minor units as text in the page's language. */
export function formatMoney(intl: IntlShape, minor: number, currency: string): string {
  const major = minorToMajor(minor, currency);
  return major === null ? String(minor) : intl.formatNumber(major, { style: 'currency', currency });
}

/** The values of a payout message that need the page's formatting: a pause's date, the minimum as money. */
function valuesOf(intl: IntlShape, error: ServerError, currency: string | undefined): Record<string, string> {
  const until = error.extensions['until'];
  const minimum = minimumOf(error, currency);
  return {
    ...(typeof until === 'string' ? { date: intl.formatDate(until, { dateStyle: 'medium', timeStyle: 'short' }) } : {}),
    ...(minimum ? { minimum: formatMoney(intl, minimum.amount, minimum.currency) } : {}),
  };
}

/** The message of the first error of a failed mutation (`errors` as runMutation gives them); `currency` is the balance the action was about (for a bare `minimum`). */
export function payoutProblem(intl: IntlShape, errors: readonly GraphQLErrorLike[], currency?: string): PayoutProblem {
  const error = firstError(errors) ?? UNKNOWN_ERROR;
  const found = SERVER_ERRORS.payout(currency)(error);
  return {
    message: intl.formatMessage({ id: found.problem.id }, { ...found.problem.values, ...valuesOf(intl, error, currency) }),
    field: found.field,
    conflict: error.code === 'VERSION_CONFLICT',
  };
}
