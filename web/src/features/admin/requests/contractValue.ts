/**
 * The contract value of a won request (REQ-WORKFLOW), as an administrator types it: an amount in
 * major units (`12,500.50`, `12 500,50`, `12500`) and an ISO 4217 currency. The server stores integer
 * minor units (`MoneyInput.amount`, 1 to 2,000,000,000): the shared money rule (`moneyAmount`)
 * converts the text exactly, with the currency's own decimals.
 */
import { currencyCode, moneyAmount } from '@studio/site/fields';
import { z } from 'zod';

/** The currencies offered in the "contract value" dialog; the first is the default. */
export const CONTRACT_CURRENCIES = ['USD', 'EUR', 'GBP', 'RUB', 'CHF', 'CAD', 'AUD', 'PLN'] as const;

/** The amount's messages. */
const AMOUNT_IDS = {
  required: 'admin.requests.won.amount.required',
  invalid: 'admin.requests.won.amount.invalid',
  decimals: 'admin.requests.won.amount.decimals',
  range: 'admin.requests.won.amount.range',
};

/** The dialog's schema while `currency` is chosen, the amount typed in `locale`: the amount becomes minor units. */
export function contractValueSchema(currency: string, locale: string) {
  return z.object({ amount: moneyAmount({ currency, locale, ids: AMOUNT_IDS }), currency: currencyCode });
}
