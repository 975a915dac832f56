/**
 * The adjustment form's rules (LEDGER-ADJUSTMENT): a signed amount in major units becomes signed
 * integer minor units with the currency's own decimals; the reason is required, 1–500 characters;
 * the server's refusals of `postLedgerAdjustment` become message ids at a field or above.
 */
import { describe, expect, it } from 'vitest';
import { adjustmentProblem, reasonProblem, toSignedMinorUnits } from './adjustment';
import { adjustmentCurrencies } from './UserEarningsCard';

describe('toSignedMinorUnits', () => {
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

describe('reasonProblem', () => {
  it('needs 1–500 characters after trimming', () => {
    expect(reasonProblem(' \n ')).toBe('required');
    expect(reasonProblem(' Goodwill ')).toBeNull();
    expect(reasonProblem(` ${'r'.repeat(500)} `)).toBeNull();
    expect(reasonProblem('r'.repeat(501))).toBe('tooLong');
  });
});

describe('adjustmentProblem', () => {
  it('shows a refused field at that field, anything else above the buttons', () => {
    expect(adjustmentProblem([{ extensions: { code: 'BAD_USER_INPUT', field: 'reason' } }])).toEqual({
      field: 'reason',
      problem: { id: 'admin.earnings.adjust.error.reason' },
    });
    expect(adjustmentProblem([{ extensions: { code: 'BAD_USER_INPUT', field: 'currency' } }])).toEqual({
      field: 'currency',
      problem: { id: 'admin.earnings.adjust.error.currency' },
    });
    expect(adjustmentProblem([{ extensions: { code: 'BAD_USER_INPUT', field: 'amount' } }])).toEqual({
      field: 'amount',
      problem: { id: 'admin.earnings.adjust.amount.range' },
    });
    expect(adjustmentProblem([{ extensions: { code: 'INSUFFICIENT_FUNDS', field: 'amount' } }])).toEqual({
      field: 'amount',
      problem: { id: 'admin.earnings.adjust.error.insufficient' },
    });
    expect(adjustmentProblem([{ extensions: { code: 'BALANCE_LIMIT', field: 'amount' } }])).toEqual({
      field: 'amount',
      problem: { id: 'admin.earnings.adjust.error.limit' },
    });
    expect(adjustmentProblem([{ extensions: { code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotencyKey' } }])).toEqual({
      field: null,
      problem: { id: 'admin.earnings.adjust.error.keyReused' },
    });
    expect(adjustmentProblem([{ message: 'Another administrator must do this', extensions: { code: 'SECOND_ADMIN_REQUIRED' } }])).toEqual({
      field: null,
      problem: { id: 'admin.error.secondAdminRequired' },
    });
    expect(adjustmentProblem([{ extensions: { code: 'BAD_USER_INPUT', field: 'idempotencyKey' } }])).toEqual({
      field: null,
      problem: { id: 'admin.users.error.save' },
    });
    expect(adjustmentProblem([{ message: 'Forbidden resource', extensions: { code: 'FORBIDDEN' } }])).toEqual({
      field: null,
      problem: { id: 'admin.users.error.forbidden' },
    });
    expect(adjustmentProblem([{ message: 'Failed to fetch', extensions: { code: 'NETWORK' } }])).toEqual({ field: null, problem: { id: 'error.NETWORK' } });
    expect(adjustmentProblem([])).toEqual({ field: null, problem: { id: 'admin.users.error.save' } });
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
