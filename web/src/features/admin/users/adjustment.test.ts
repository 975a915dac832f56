/**
 * The adjustment form's schema (LEDGER-ADJUSTMENT): the signed amount is read with the chosen
 * currency's decimals (the shared money rule, site/test/money.test.ts) and the reason is required,
 * 1–500 characters (site/test/fields.test.ts); the server's refusals are read by
 * forms/serverErrors.ts (forms/serverErrors.test.ts). Plus the currencies the form offers.
 */
import { checkField, fieldProblem } from '@studio/site/problems';
import { describe, expect, it } from 'vitest';
import { adjustmentSchema } from './adjustment';
import { adjustmentCurrencies } from './UserEarningsCard';

describe('adjustmentSchema', () => {
  it('reads the signed amount in the chosen currency, typed in the page’s locale', () => {
    expect(checkField(adjustmentSchema('EUR', 'ru'), { amount: '−1 000,5', currency: 'EUR', reason: ' Goodwill ' })).toEqual({
      ok: true,
      value: { amount: -100050, currency: 'EUR', reason: 'Goodwill' },
    });
    expect(checkField(adjustmentSchema('JPY', 'en'), { amount: '-500', currency: 'JPY', reason: 'Bonus' })).toEqual({
      ok: true,
      value: { amount: -500, currency: 'JPY', reason: 'Bonus' },
    });
  });

  it('says each problem with the form’s messages', () => {
    expect(fieldProblem(adjustmentSchema('USD', 'en').shape.amount, ' ')).toEqual({ id: 'admin.earnings.adjust.amount.required' });
    expect(fieldProblem(adjustmentSchema('JPY', 'en').shape.amount, '1.5')).toEqual({ id: 'admin.earnings.adjust.amount.decimals' });
    expect(fieldProblem(adjustmentSchema('USD', 'en').shape.amount, '0')).toEqual({ id: 'admin.earnings.adjust.amount.range' });
    expect(fieldProblem(adjustmentSchema('USD', 'en').shape.amount, '5-')).toEqual({ id: 'admin.earnings.adjust.amount.invalid' });
    expect(fieldProblem(adjustmentSchema('USD', 'en').shape.reason, 'r'.repeat(501))).toEqual({
      id: 'admin.earnings.adjust.reason.tooLong',
      values: { max: 500 },
    });
  });
});

describe('adjustmentCurrencies', () => {
  it('offers the user’s currency first, then those with earnings, then the usual ones, once each', () => {
    const currencies = adjustmentCurrencies('EUR', [{ currency: 'JPY' }, { currency: 'EUR' }]);
    expect(currencies.slice(0, 3)).toEqual(['EUR', 'JPY', 'USD']);
    expect(new Set(currencies).size).toBe(currencies.length);
    expect(adjustmentCurrencies(null, [])[0]).toBe('USD');
  });
});
