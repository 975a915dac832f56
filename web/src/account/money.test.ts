/** Minor units become major units with the currency's own decimals. */
import { describe, expect, it } from 'vitest';
import { currencyDigits, minorToMajor } from './money';

describe('minorToMajor', () => {
  it('divides by 100 for two-decimal currencies', () => {
    expect(minorToMajor(12345, 'USD')).toBe(123.45);
    expect(minorToMajor(-5, 'EUR')).toBe(-0.05);
    expect(minorToMajor(0, 'RUB')).toBe(0);
  });
  it("uses Intl's digits for other currencies", () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(minorToMajor(500, 'JPY')).toBe(500);
    expect(currencyDigits('KWD')).toBe(3);
    expect(minorToMajor(1234, 'KWD')).toBe(1.234);
  });
  it('answers null for a code Intl does not accept', () => {
    expect(currencyDigits('dollars')).toBeNull();
    expect(minorToMajor(100, '')).toBeNull();
  });
});
