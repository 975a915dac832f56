/**
 * An administrator's adjustment of a user's available earnings (LEDGER-ADJUSTMENT), as typed on the
 * user's admin page: a signed amount in major units of the chosen currency ("-12.50", "+1 000,5";
 * the shared money rule, `moneyAmount`, exact in minor units), the currency, and a reason of 1–500
 * characters the user will see (`adjustmentReason`). The server's refusals are read by
 * forms/serverErrors.ts (`SERVER_ERRORS.adjustment`).
 */
import { adjustmentReason, currencyCode, moneyAmount } from '@studio/site/fields';
import { z } from 'zod';

export { ADJUSTMENT_REASON_MAX } from '@studio/site/fields';

/** The amount's messages. */
const AMOUNT_IDS = {
  required: 'admin.earnings.adjust.amount.required',
  invalid: 'admin.earnings.adjust.amount.invalid',
  decimals: 'admin.earnings.adjust.amount.decimals',
  range: 'admin.earnings.adjust.amount.range',
};

/** The form's schema while `currency` is chosen, the amount typed in `locale`: the amount becomes signed minor units. */
export function adjustmentSchema(currency: string, locale: string) {
  return z.object({ amount: moneyAmount({ currency, locale, signed: true, ids: AMOUNT_IDS }), currency: currencyCode, reason: adjustmentReason });
}
