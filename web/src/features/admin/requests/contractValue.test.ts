/** The contract value typed in major units becomes exact integer minor units (REQ-WORKFLOW). */
import { describe, expect, it } from 'vitest';
import { toMinorUnits } from './contractValue';

describe('toMinorUnits', () => {
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
