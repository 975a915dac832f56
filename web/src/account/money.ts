/**
 * Money on /profile (ACC-REFERRAL): the server keeps amounts as integers in minor units of an
 * ISO 4217 currency. For display they become major units using the currency's
 * own number of decimals as Intl knows it (2 for USD and EUR, 0 for JPY, 3 for KWD), then
 * react-intl formats them with `style: 'currency'`. Typed amounts are read by the shared money
 * rule (`moneyAmount` of `@studio/site/fields`), which uses the same decimals.
 */
import { currencyDigits } from '@studio/site/money';

export { currencyDigits };

/** `minor` (e.g. 12345 cents) in major units of `currency` (123.45); null when the currency is unknown. */
export function minorToMajor(minor: number, currency: string): number | null {
  const digits = currencyDigits(currency);
  return digits === null ? null : minor / 10 ** digits;
}
