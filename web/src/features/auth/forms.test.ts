// The shared helpers of the account forms: code format, server error extensions, wait messages.
import { describe, expect, it } from 'vitest';
import { checkCode, firstError, formProblem, normalizeCode, waitProblem } from './forms';

describe('e-mail codes', () => {
  it('ignore case, spaces and dashes', () => {
    expect(normalizeCode(' ab2c-d3ef ')).toBe('AB2CD3EF');
    expect(checkCode('ab2c d3ef')).toBeNull();
  });

  it('need 8 characters of the code alphabet', () => {
    expect(checkCode('')).toEqual({ id: 'validation.required' });
    expect(checkCode('AB2CD3E')).toEqual({ id: 'passwords.code.format' });
    // I, O, 0 and 1 are never used: they look alike.
    expect(checkCode('AB2CD3EO')).toEqual({ id: 'passwords.code.format' });
    expect(checkCode('AB2CD3E1')).toEqual({ id: 'passwords.code.format' });
  });
});

describe('server errors', () => {
  it('read the code, field and extensions of the first coded error', () => {
    expect(firstError([{ message: 'x' }, { message: 'checkPassword: wrong', extensions: { code: 'WRONG_PASSWORD', field: 'checkPassword' } }])).toEqual({
      code: 'WRONG_PASSWORD',
      field: 'checkPassword',
      extensions: { code: 'WRONG_PASSWORD', field: 'checkPassword' },
    });
    expect(firstError([{ message: 'HTTP 500' }])?.code).toBe('UNKNOWN');
    expect(firstError([])).toBeNull();
  });

  it('say how long to wait in seconds or whole minutes', () => {
    expect(waitProblem(42)).toEqual({ id: 'passwords.error.waitSeconds', values: { seconds: 42 } });
    expect(waitProblem(61)).toEqual({ id: 'passwords.error.waitMinutes', values: { minutes: 2 } });
    expect(waitProblem(null)).toEqual({ id: 'passwords.error.tooManyRequests' });
    expect(formProblem({ code: 'TOO_MANY_REQUESTS', extensions: { retryAfterSeconds: 120 } })).toEqual({ id: 'passwords.error.waitMinutes', values: { minutes: 2 } });
    expect(formProblem({ code: 'NETWORK', extensions: {} })).toEqual({ id: 'error.NETWORK' });
  });
});
