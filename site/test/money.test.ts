/**
 * The one money rule (`moneyAmount`): an amount typed in major units becomes exact integer minor
 * units of its currency, with the currency's own decimals; signed amounts for adjustments. The
 * cases of the contract value (REQ-WORKFLOW) and the balance adjustment (LEDGER-ADJUSTMENT) moved
 * here from the web's former parsers, with their assertions.
 */
import { describe, expect, it } from 'vitest';
import { MONEY_MAX_MINOR, currencyCode, currencyDigits, moneyAmount } from '../src/fields.js';
import { checkField, fieldProblem } from '../src/problems.js';

/** Message ids named after the problems, so a result reads `{ problem: 'range' }`. */
const IDS = { required: 'required', invalid: 'invalid', decimals: 'decimals', range: 'range' };

function read(text: string, currency: string, locale: string, signed: boolean): { amount: number } | { problem: string } {
  const result = checkField(moneyAmount({ currency, locale, signed, ids: IDS }), text);
  return result.ok ? { amount: result.value } : { problem: result.problem.id };
}
const toMinorUnits = (text: string, currency: string, locale: string) => read(text, currency, locale, false);
const toSignedMinorUnits = (text: string, currency: string, locale: string) => read(text, currency, locale, true);

describe('moneyAmount (unsigned: a contract value)', () => {
  it('reads English, Russian and Spanish ways of writing an amount', () => {
    expect(toMinorUnits('12,500.50', 'USD', 'en-US')).toEqual({ amount: 1250050 });
    expect(toMinorUnits('12500.5', 'USD', 'en-US')).toEqual({ amount: 1250050 });
    expect(toMinorUnits('12,500', 'USD', 'en-US')).toEqual({ amount: 1250000 });
    expect(toMinorUnits('12 500,50', 'RUB', 'ru-RU')).toEqual({ amount: 1250050 });
    expect(toMinorUnits('12.500,50', 'EUR', 'es-ES')).toEqual({ amount: 1250050 });
    expect(toMinorUnits('12.500', 'EUR', 'es-ES')).toEqual({ amount: 1250000 });
    expect(toMinorUnits('0.01', 'USD', 'en-US')).toEqual({ amount: 1 });
    expect(toMinorUnits('19.99', 'USD', 'en-US')).toEqual({ amount: 1999 });
  });

  it('uses the currency’s own decimals', () => {
    expect(toMinorUnits('1500', 'JPY', 'en-US')).toEqual({ amount: 1500 });
    expect(toMinorUnits('1500.5', 'JPY', 'en-US')).toEqual({ problem: 'decimals' });
    expect(toMinorUnits('10.505', 'USD', 'en-US')).toEqual({ problem: 'decimals' });
    expect(toMinorUnits('10.500', 'USD', 'en-US')).toEqual({ amount: 1050 });
    expect(toMinorUnits('1.234', 'KWD', 'en-US')).toEqual({ amount: 1234 });
  });

  it('refuses empty, malformed and out-of-range amounts', () => {
    expect(toMinorUnits(' ', 'USD', 'en-US')).toEqual({ problem: 'required' });
    expect(toMinorUnits('abc', 'USD', 'en-US')).toEqual({ problem: 'invalid' });
    expect(toMinorUnits('-5', 'USD', 'en-US')).toEqual({ problem: 'invalid' });
    expect(toMinorUnits('1,2,3', 'USD', 'en-US')).toEqual({ problem: 'invalid' });
    expect(toMinorUnits('0', 'USD', 'en-US')).toEqual({ problem: 'range' });
    expect(toMinorUnits('20000000', 'USD', 'en-US')).toEqual({ amount: 2_000_000_000 });
    expect(toMinorUnits('20000000.01', 'USD', 'en-US')).toEqual({ problem: 'range' });
    expect(toMinorUnits('99999999999999', 'USD', 'en-US')).toEqual({ problem: 'range' });
  });
});

describe('moneyAmount (signed: a balance adjustment)', () => {
  it('reads a signed amount in major units as signed minor units of the currency', () => {
    expect(toSignedMinorUnits('12.50', 'USD', 'en')).toEqual({ amount: 1250 });
    expect(toSignedMinorUnits('+12.5', 'USD', 'en')).toEqual({ amount: 1250 });
    expect(toSignedMinorUnits(' -12,50 ', 'EUR', 'es')).toEqual({ amount: -1250 });
    expect(toSignedMinorUnits('\u22121 000,5', 'RUB', 'ru')).toEqual({ amount: -100050 });
    expect(toSignedMinorUnits('-1,234.56', 'USD', 'en')).toEqual({ amount: -123456 });
    expect(toSignedMinorUnits('-500', 'JPY', 'en')).toEqual({ amount: -500 });
    expect(toSignedMinorUnits('1.234', 'KWD', 'en')).toEqual({ amount: 1234 });
    expect(toSignedMinorUnits('-20000000', 'USD', 'en')).toEqual({ amount: -2_000_000_000 });
  });

  it('says what is wrong with anything else', () => {
    expect(toSignedMinorUnits('  ', 'USD', 'en')).toEqual({ problem: 'required' });
    expect(toSignedMinorUnits('-', 'USD', 'en')).toEqual({ problem: 'invalid' });
    expect(toSignedMinorUnits('--5', 'USD', 'en')).toEqual({ problem: 'invalid' });
    expect(toSignedMinorUnits('abc', 'USD', 'en')).toEqual({ problem: 'invalid' });
    expect(toSignedMinorUnits('5-', 'USD', 'en')).toEqual({ problem: 'invalid' });
    expect(toSignedMinorUnits('1.005', 'USD', 'en')).toEqual({ problem: 'decimals' });
    expect(toSignedMinorUnits('1.5', 'JPY', 'en')).toEqual({ problem: 'decimals' });
    expect(toSignedMinorUnits('0', 'USD', 'en')).toEqual({ problem: 'range' });
    expect(toSignedMinorUnits('-0.00', 'USD', 'en')).toEqual({ problem: 'range' });
    expect(toSignedMinorUnits('-20000000.01', 'USD', 'en')).toEqual({ problem: 'range' });
    expect(toSignedMinorUnits('5', 'US', 'en')).toEqual({ problem: 'invalid' });
  });
});

describe('money: messages and currencies', () => {
  it('reports the message id the form gives for each problem', () => {
    const ids = {
      required: 'admin.requests.won.amount.required',
      invalid: 'admin.requests.won.amount.invalid',
      decimals: 'admin.requests.won.amount.decimals',
      range: 'admin.requests.won.amount.range',
    };
    const rule = moneyAmount({ currency: 'USD', ids });
    expect(fieldProblem(rule, '')).toEqual({ id: ids.required });
    expect(fieldProblem(rule, '12a')).toEqual({ id: ids.invalid });
    expect(fieldProblem(rule, '1.001')).toEqual({ id: ids.decimals });
    expect(fieldProblem(rule, '0.00')).toEqual({ id: ids.range });
    // English unless a locale is given: "12,500" is twelve thousand five hundred.
    expect(checkField(rule, '12,500')).toEqual({ ok: true, value: 1250000 });
    expect(MONEY_MAX_MINOR).toBe(2_000_000_000);
  });

  it('knows each currency’s decimals and refuses codes Intl does not know', () => {
    expect([currencyDigits('USD'), currencyDigits('EUR'), currencyDigits('JPY'), currencyDigits('KWD')]).toEqual([2, 2, 0, 3]);
    expect(currencyDigits('dollars')).toBeNull();
    expect(checkField(currencyCode, 'EUR')).toEqual({ ok: true, value: 'EUR' });
    for (const code of ['eur', 'EURO', '', 'E1R']) expect(fieldProblem(currencyCode, code), code).toEqual({ id: 'validation.currency' });
  });
});
