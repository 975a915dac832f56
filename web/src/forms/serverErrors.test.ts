// The server's error codes as messages: the code, field and extensions of an error, wait messages.
import { describe, expect, it } from 'vitest';
import { firstError, formProblem, waitProblem } from './serverErrors';

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
