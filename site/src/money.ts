/**
 * Reading an amount of money as a person types it (the parser behind `moneyAmount` of ./fields.ts):
 * major units ("12,500.50", "12 500,50", "12.500" in Spanish) become integer minor units of an
 * ISO 4217 currency, digit by digit (no floating point), with the currency's own number of decimals
 * as Intl knows it (2 for USD and EUR, 0 for JPY, 3 for KWD).
 */

/** The largest amount the API takes, in minor units (`MoneyInput.amount` is a 32-bit GraphQL `Int`). */
export const MONEY_MAX_MINOR = 2_000_000_000;

/** Why a typed amount was refused: empty, not a number, more decimals than the currency has, out of range. */
export type MoneyProblem = 'required' | 'invalid' | 'decimals' | 'range';

/** Decimals of `currency` per Intl (ISO 4217 minor units); null for a code Intl does not accept. */
export function currencyDigits(currency: string): number | null {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? null;
  } catch {
    return null;
  }
}

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
 * `text` (major units, typed in `locale`) as integer minor units of `currency`, or its problem:
 * e.g. `readMoney('12,500.50', 'USD', 'en')` → 1250050. Unsigned amounts are 1..MONEY_MAX_MINOR;
 * `signed` ones take a leading "+", "-" or "−" and are non-zero, at most MONEY_MAX_MINOR either way.
 */
export function readMoney(text: string, currency: string, locale: string, signed = false): number | MoneyProblem {
  const trimmed = text.trim();
  if (!trimmed) return 'required';
  const negative = signed && /^[-\u2212]/.test(trimmed);
  const unsigned = signed ? trimmed.replace(/^[-+\u2212]\s*/, '') : trimmed;
  const parts = unsigned ? splitAmount(unsigned, locale) : null;
  const digits = currencyDigits(currency);
  if (!parts || digits === null) return 'invalid';
  const [whole, fraction] = parts;
  if (fraction.replace(/0+$/, '').length > digits) return 'decimals';
  const minorText = (whole + fraction.padEnd(digits, '0').slice(0, digits)).replace(/^0+(?=\d)/, '');
  const amount = minorText.length > String(MONEY_MAX_MINOR).length ? Infinity : Number(minorText);
  if (amount < 1 || amount > MONEY_MAX_MINOR) return 'range';
  return negative ? -amount : amount;
}
