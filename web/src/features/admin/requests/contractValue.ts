/**
 * The contract value of a won request (REQ-WORKFLOW), as an administrator types it: an amount in
 * major units (`12,500.50`, `12 500,50`, `12500`) and an ISO 4217 currency. The server stores integer
 * minor units (`MoneyInput.amount`, 1 to 2,000,000,000), so the text is converted exactly, digit by
 * digit (no floating point), with the currency's own number of decimals as Intl knows it.
 */
import { currencyDigits } from '../../../account/money';

/** The currencies offered in the "contract value" dialog; the first is the default. */
export const CONTRACT_CURRENCIES = ['USD', 'EUR', 'GBP', 'RUB', 'CHF', 'CAD', 'AUD', 'PLN'] as const;

/** The largest amount `MoneyInput` accepts, in minor units (GraphQL `Int` is 32-bit). */
export const MAX_MINOR_AMOUNT = 2_000_000_000;

/** Why a typed amount was refused: message ids of `admin.requests.won.amount.*`. */
export type AmountProblem = 'required' | 'invalid' | 'decimals' | 'range';

/** The grouping separator of `locale` ("," in en, "." in es, a no-break space in ru). */
function groupSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1_000_000).find((part) => part.type === 'group')?.value ?? ',';
}

/**
 * Reads `text` as a number in major units and returns `[integer digits, fraction digits]`, or null.
 * Spaces are grouping; with both `.` and `,` the last one is the decimal mark; a single mark followed
 * by exactly three digits that is the locale's grouping separator groups thousands; otherwise it is
 * the decimal mark (so `12,5` is 12.5 everywhere and `12,500` is twelve thousand five hundred in English).
 */
function splitAmount(text: string, locale: string): [string, string] | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[\d.,]*$/.test(compact)) return null;
  const marks = [...compact.matchAll(/[.,]/g)].map((match) => match[0]);
  let decimal: string | null = null;
  if (marks.includes('.') && marks.includes(',')) decimal = compact.lastIndexOf('.') > compact.lastIndexOf(',') ? '.' : ',';
  else if (marks.length === 1) {
    const mark = marks[0] as string;
    const after = compact.length - compact.indexOf(mark) - 1;
    decimal = after === 3 && groupSeparator(locale).trim() === mark ? null : mark;
  }
  const [whole = '', fraction = '', ...rest] = decimal ? compact.split(decimal) : [compact];
  if (rest.length) return null;
  const digits = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(digits) || !/^\d*$/.test(fraction)) return null;
  // Grouping marks must sit between groups of three digits (`1,2,3` is a typo, not a number).
  if (/[.,]/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
  return [digits, fraction];
}

/**
 * `text` (major units, typed in `locale`) as integer minor units of `currency`, or the problem:
 * empty, not a number, more decimals than the currency has, or outside 1..MAX_MINOR_AMOUNT.
 * E.g. `toMinorUnits('12,500.50', 'USD', 'en')` → `{ amount: 1250050 }`.
 */
export function toMinorUnits(text: string, currency: string, locale: string): { amount: number } | { problem: AmountProblem } {
  if (!text.trim()) return { problem: 'required' };
  const parts = splitAmount(text.trim(), locale);
  const digits = currencyDigits(currency);
  if (!parts || digits === null) return { problem: 'invalid' };
  const [whole, fraction] = parts;
  if (fraction.replace(/0+$/, '').length > digits) return { problem: 'decimals' };
  const minorText = (whole + fraction.padEnd(digits, '0').slice(0, digits)).replace(/^0+(?=\d)/, '');
  if (minorText.length > String(MAX_MINOR_AMOUNT).length) return { problem: 'range' };
  const amount = Number(minorText);
  return amount >= 1 && amount <= MAX_MINOR_AMOUNT ? { amount } : { problem: 'range' };
}
