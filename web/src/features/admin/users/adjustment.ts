/**
 * An administrator's adjustment of a user's available earnings (LEDGER-ADJUSTMENT), as typed on the
 * user's admin page: a signed amount in major units ("-12.50", "+1 000,5", "12"; a leading "+",
 * "-" or "−"), converted exactly to integer minor units with the currency's own decimals
 * (admin/requests/contractValue.ts reads the digits), and a reason of 1–500 characters. Also the
 * page's reading of `postLedgerAdjustment`'s errors: a message id of `admin.earnings.adjust.*`
 * (or the shared ones) at a field or above the buttons, never the server's English.
 */
import type { FieldProblem } from '@studio/site/problems';
import { type GraphQLErrorLike, UNKNOWN_ERROR, firstError } from '../../../forms/serverErrors';
import { toMinorUnits } from '../requests/contractValue';
import { adminUserProblem } from './adminUserErrors';

/** The longest reason the API accepts (trimmed). */
export const ADJUSTMENT_REASON_MAX = 500;

/** Why a typed amount was refused: message ids of `admin.earnings.adjust.amount.*`. */
export type AdjustmentAmountProblem = 'required' | 'invalid' | 'decimals' | 'range';

/**
 * `text` (a signed amount in major units, typed in `locale`) as signed integer minor units of
 * `currency` — e.g. `toSignedMinorUnits('-12.50', 'USD', 'en')` → `{ amount: -1250 }` — or the
 * problem: empty, not a number, more decimals than the currency has, zero, or beyond
 * 2,000,000,000 minor units either way.
 */
export function toSignedMinorUnits(text: string, currency: string, locale: string): { amount: number } | { problem: AdjustmentAmountProblem } {
  const trimmed = text.trim();
  if (!trimmed) return { problem: 'required' };
  const sign = /^[-\u2212]/.test(trimmed) ? -1 : 1;
  const unsigned = trimmed.replace(/^[-+\u2212]\s*/, '');
  if (!unsigned) return { problem: 'invalid' };
  const parsed = toMinorUnits(unsigned, currency, locale);
  return 'problem' in parsed ? { problem: parsed.problem } : { amount: sign * parsed.amount };
}

/** The reason's problem (message id of `admin.earnings.adjust.reason.*`), or null when it may be sent. */
export function reasonProblem(reason: string): 'required' | 'tooLong' | null {
  const trimmed = reason.trim();
  if (!trimmed) return 'required';
  return trimmed.length > ADJUSTMENT_REASON_MAX ? 'tooLong' : null;
}

/** The fields of the adjustment form a server error may name. */
export type AdjustmentField = 'amount' | 'currency' | 'reason';

/** What the form shows for a failed `postLedgerAdjustment`: the message, at a field or (null) above the buttons. */
export interface AdjustmentProblem {
  field: AdjustmentField | null;
  problem: FieldProblem;
}

const REFUSED: Record<AdjustmentField, string> = {
  amount: 'admin.earnings.adjust.amount.range',
  currency: 'admin.earnings.adjust.error.currency',
  reason: 'admin.earnings.adjust.error.reason',
};

/**
 * The message of a failed `postLedgerAdjustment`: BAD_USER_INPUT at the field it names (amount,
 * currency, reason), INSUFFICIENT_FUNDS and BALANCE_LIMIT at the amount, IDEMPOTENCY_KEY_REUSED and
 * SECOND_ADMIN_REQUIRED for the form; else adminUserProblem's reading (no longer
 * an administrator, the network, the server's storage away, "could not save").
 */
export function adjustmentProblem(errors: readonly GraphQLErrorLike[]): AdjustmentProblem {
  const error = firstError(errors) ?? UNKNOWN_ERROR;
  if (error.code === 'INSUFFICIENT_FUNDS') return { field: 'amount', problem: { id: 'admin.earnings.adjust.error.insufficient' } };
  if (error.code === 'BALANCE_LIMIT') return { field: 'amount', problem: { id: 'admin.earnings.adjust.error.limit' } };
  // One's own balance: another administrator must post it (LEDGER-ADJUSTMENT).
  if (error.code === 'SECOND_ADMIN_REQUIRED') return { field: null, problem: { id: 'admin.error.secondAdminRequired' } };
  // The form's key already posted other values (a retry after the values changed): a new form makes a new key.
  if (error.code === 'IDEMPOTENCY_KEY_REUSED') return { field: null, problem: { id: 'admin.earnings.adjust.error.keyReused' } };
  if (error.code === 'BAD_USER_INPUT' && error.field && Object.hasOwn(REFUSED, error.field)) {
    const field = error.field as AdjustmentField;
    return { field, problem: { id: REFUSED[field] } };
  }
  return { field: null, problem: adminUserProblem(errors) };
}
