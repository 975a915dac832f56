// The mailed codes as the browser checks them (the shared rule of @studio/site/fields).
import { describe, expect, it } from 'vitest';
import { checkCode, normalizeCode } from './fieldRules';

describe('e-mail codes', () => {
  it('ignore case, spaces and dashes', () => {
    expect(normalizeCode(' ab2c-d3ef ')).toBe('AB2CD3EF');
    expect(checkCode('ab2c d3ef')).toBeNull();
  });

  it('need 8 characters of the code alphabet', () => {
    expect(checkCode('')).toEqual({ id: 'validation.required' });
    expect(checkCode('AB2CD3E')).toEqual({ id: 'passwords.code.format' });
    // I, O, 0 and 1 are never used (they look alike): named, not guessed.
    expect(checkCode('AB2CD3EO')).toEqual({ id: 'passwords.code.lookalike' });
    expect(checkCode('AB2CD3E1')).toEqual({ id: 'passwords.code.lookalike' });
    expect(checkCode('AB2CD3E#')).toEqual({ id: 'passwords.code.format' });
  });
});
