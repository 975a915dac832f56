import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRY, formatPhone, parsePhone, phoneCountry, phoneField } from '../src/phones.js';
import { checkField, fieldProblem } from '../src/problems.js';

describe('phone numbers (ACC-FIELDS)', () => {
  it('reads an international number with spaces, and a Russian national one with brackets and dashes', () => {
    expect(parsePhone('+351 912 345 678')).toBe('+351912345678');
    expect(parsePhone('+351 912 345 678', 'RU')).toBe('+351912345678');
    expect(parsePhone('8 (912) 345-67-89', PHONE_COUNTRY.ru)).toBe('+79123456789');
  });

  it('reads national numbers of each locale’s country (ru → RU, es → ES, en → US)', () => {
    expect(PHONE_COUNTRY).toEqual({ en: 'US', ru: 'RU', es: 'ES' });
    expect(parsePhone('8 912 345 67 89', 'RU')).toBe('+79123456789');
    expect(parsePhone('912 345-67-89', 'RU')).toBe('+79123456789');
    expect(parsePhone('612 34 56 78', 'ES')).toBe('+34612345678');
    expect(parsePhone('91 123 45 67', 'ES')).toBe('+34911234567');
    expect(parsePhone('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(parsePhone('201.555.0123', 'US')).toBe('+12015550123');
    expect(parsePhone('0034 612 345 678')).toBe('+34612345678');
    expect(parsePhone('+7 912 345 67 89')).toBe('+79123456789');
  });

  it('refuses junk, letters, numbers too short or long, and national numbers without a country', () => {
    for (const junk of [
      'hello',
      '12',
      '+1 234',
      '+0123456789',
      '8 (912) 345-67-89 ext 5',
      '1-800-FLOWERS',
      '+7 912 345 67 89 12 34 56',
      '++79123456789',
      '+',
      '-',
      '()',
      '9'.repeat(41),
    ]) {
      expect(parsePhone(junk, 'US'), junk).toBeNull();
    }
    expect(parsePhone('8 (912) 345-67-89')).toBeNull();
    expect(parsePhone('(201) 555-0123', 'RU')).toBeNull();
  });

  it('is one zod rule: E.164 out, empty clears, the message id of a bad number', () => {
    expect(checkField(phoneField('RU'), ' 8 (912) 345-67-89 ')).toEqual({ ok: true, value: '+79123456789' });
    expect(checkField(phoneField(), '+351 912 345 678')).toEqual({ ok: true, value: '+351912345678' });
    expect(checkField(phoneField('ES'), '  ')).toEqual({ ok: true, value: '' });
    expect(fieldProblem(phoneField('ES'), 'abc')).toEqual({ id: 'profile.phone.error.format' });
    expect(fieldProblem(phoneField(), '912 345 67 89')).toEqual({ id: 'profile.phone.error.format' });
  });

  it('shows stored numbers in the international format', () => {
    expect(formatPhone('+79123456789')).toBe('+7 912 345 67 89');
    expect(formatPhone('+351912345678')).toBe('+351 912 345 678');
    expect(formatPhone('+12015550123')).toBe('+1 201 555 0123');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('+999')).toBe('+999');
  });

  it('takes a country hint in any case, only when libphonenumber knows it', () => {
    expect(phoneCountry('pt')).toBe('PT');
    expect(phoneCountry(' RU ')).toBe('RU');
    expect(phoneCountry('XX')).toBeUndefined();
    expect(phoneCountry('')).toBeUndefined();
    expect(phoneCountry(null)).toBeUndefined();
  });
});
