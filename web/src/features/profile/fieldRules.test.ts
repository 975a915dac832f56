/** The in-place field rules of /profile match the server's (the schemas of @studio/site/fields). */
import { describe, expect, it } from 'vitest';
import { BIO_MAX, checkBio, checkPhone, checkTelegram, checkUsername, confirmationProblem } from './fieldRules';

const accepts = (value: string) => ({ ok: true, value });
const refuses = (id: string, values?: Record<string, number>) => ({ ok: false, problem: values ? { id, values } : { id } });

describe('checkUsername', () => {
  it('trims and lower-cases, like the server', () => {
    expect(checkUsername('  Anna.Lee_1-x ')).toEqual(accepts('anna.lee_1-x'));
    expect(checkUsername('007')).toEqual(accepts('007'));
  });
  it('is required', () => {
    expect(checkUsername('   ')).toEqual(refuses('validation.required'));
  });
  it('has 3–32 characters', () => {
    expect(checkUsername('ab')).toEqual(refuses('profile.field.error.tooShort', { min: 3 }));
    expect(checkUsername('abc')).toEqual(accepts('abc'));
    expect(checkUsername('a'.repeat(32))).toEqual(accepts('a'.repeat(32)));
    expect(checkUsername('a'.repeat(33))).toEqual(refuses('validation.tooLong', { max: 32 }));
  });
  it('starts with a letter or digit', () => {
    for (const value of ['.anna', '_anna', '-anna']) expect(checkUsername(value)).toEqual(refuses('profile.username.error.start'));
  });
  it('uses only a–z, 0–9, ".", "_" and "-"', () => {
    for (const value of ['anna lee', 'anna+1', 'анна', 'anna@x', 'josé']) expect(checkUsername(value)).toEqual(refuses('profile.username.error.characters'));
  });
});

describe('checkPhone', () => {
  it('accepts international numbers with spaces, brackets or dashes as E.164, and empty (clears)', () => {
    expect(checkPhone(' +14155550123 ')).toEqual(accepts('+14155550123'));
    expect(checkPhone('+1 415 555 0123')).toEqual(accepts('+14155550123'));
    expect(checkPhone('+1-415-555-0123')).toEqual(accepts('+14155550123'));
    expect(checkPhone('+351 912 345 678', 'ru')).toEqual(accepts('+351912345678'));
    expect(checkPhone('  ')).toEqual(accepts(''));
  });
  it('reads national numbers in the country of the page’s locale', () => {
    expect(checkPhone('8 (912) 345-67-89', 'ru')).toEqual(accepts('+79123456789'));
    expect(checkPhone('612 34 56 78', 'es')).toEqual(accepts('+34612345678'));
    expect(checkPhone('(415) 555-0123')).toEqual(accepts('+14155550123'));
    expect(checkPhone('8 (912) 345-67-89', 'en')).toEqual(refuses('profile.phone.error.format'));
  });
  it('refuses anything else', () => {
    for (const value of ['+04155550123', '+1234567', '+1234567890123456', '+1415555012a', 'call me']) {
      expect(checkPhone(value)).toEqual(refuses('profile.phone.error.format'));
    }
  });
});

describe('checkTelegram', () => {
  it('strips one leading @ and accepts 5–32 letters, digits or "_" starting with a letter', () => {
    expect(checkTelegram('@Anna_Lee')).toEqual(accepts('Anna_Lee'));
    expect(checkTelegram(' annal ')).toEqual(accepts('annal'));
    expect(checkTelegram('a'.repeat(32))).toEqual(accepts('a'.repeat(32)));
  });
  it('clears when empty (also a lone @)', () => {
    expect(checkTelegram('')).toEqual(accepts(''));
    expect(checkTelegram('@')).toEqual(accepts(''));
  });
  it('refuses short, long, a wrong first character and other characters', () => {
    expect(checkTelegram('@anna')).toEqual(refuses('profile.field.error.tooShort', { min: 5 }));
    expect(checkTelegram('a'.repeat(33))).toEqual(refuses('validation.tooLong', { max: 32 }));
    expect(checkTelegram('1annalee')).toEqual(refuses('profile.telegram.error.start'));
    expect(checkTelegram('_annalee')).toEqual(refuses('profile.telegram.error.start'));
    expect(checkTelegram('@@annalee')).toEqual(refuses('profile.telegram.error.characters'));
    expect(checkTelegram('anna.lee')).toEqual(refuses('profile.telegram.error.characters'));
  });
});

describe('checkBio', () => {
  it('trims and allows up to 1000 characters; empty clears', () => {
    expect(checkBio('  Hello\nworld  ')).toEqual(accepts('Hello\nworld'));
    expect(checkBio('')).toEqual(accepts(''));
    expect(checkBio(`${'x'.repeat(BIO_MAX)}   `)).toEqual(accepts('x'.repeat(BIO_MAX)));
    expect(checkBio('x'.repeat(BIO_MAX + 1))).toEqual(refuses('validation.tooLong', { max: BIO_MAX }));
  });
});

describe('confirmationProblem', () => {
  const withPassword = { passwordIsSet: true };
  const withoutPassword = { passwordIsSet: false };
  it('takes any typed password as it is (spaces included)', () => {
    expect(confirmationProblem('', withPassword)).toEqual({ id: 'validation.required' });
    expect(confirmationProblem('  secret  ', withPassword)).toBeNull();
  });
  it('asks an account without a password for the mailed code (case, spaces and dashes aside), not its e-mail address', () => {
    expect(confirmationProblem('  ', withoutPassword)).toEqual({ id: 'validation.required' });
    expect(confirmationProblem('abcd efgh', withoutPassword)).toBeNull();
    expect(confirmationProblem('anna@example.com', withoutPassword)).toEqual({ id: 'passwords.code.format' });
  });
});
