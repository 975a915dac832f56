// The server's error codes as messages: the code, field and extensions of an error, wait messages.
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS, firstError, formProblem, restError, waitProblem } from './serverErrors';

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

  it('tell every form that nothing was saved when the server’s storage is away (full disk, database down)', () => {
    for (const code of ['STORAGE_FULL', 'STORAGE_READ_ONLY', 'DATABASE_UNAVAILABLE']) {
      const error = { code, field: null, extensions: { code, retryAfterSeconds: 30 } };
      expect(SERVER_ERRORS.signIn(error)).toEqual({ field: null, problem: { id: 'error.UNAVAILABLE' } });
      expect(SERVER_ERRORS.order(() => null)(error)).toEqual({ field: null, problem: { id: 'error.UNAVAILABLE' } });
      expect(SERVER_ERRORS.changeName(error)).toEqual({ field: null, problem: { id: 'error.UNAVAILABLE' } });
    }
    expect(SERVER_ERRORS.order(() => null)({ code: 'INTERNAL', field: null, extensions: {} })).toEqual({ field: null, problem: { id: 'order.error.send' } });
  });

  it('say the server is busy (SEC-HASHING: 429 SERVER_BUSY) in every form that checks a password', () => {
    const busy = { code: 'SERVER_BUSY', extensions: { retryAfterSeconds: 2 } };
    expect(formProblem(busy)).toEqual({ id: 'error.SERVER_BUSY.seconds', values: { seconds: 2 } });
    expect(formProblem({ code: 'SERVER_BUSY', extensions: {} })).toEqual({ id: 'error.SERVER_BUSY' });
    // REST: sign-in and registration read the code and the Retry-After seconds of AuthApiError.
    const rest = Object.assign(new Error('busy'), { code: 'SERVER_BUSY', status: 429, retryAfterSeconds: 3 });
    expect(SERVER_ERRORS.signIn(restError(rest))).toEqual({ field: null, problem: { id: 'error.SERVER_BUSY.seconds', values: { seconds: 3 } } });
    // GraphQL: password change, e-mail change and account deletion.
    const graphql = firstError([{ message: 'busy', extensions: { code: 'SERVER_BUSY', retryAfterSeconds: 1 } }]);
    expect(SERVER_ERRORS.updatePassword(graphql).problem).toEqual({ id: 'error.SERVER_BUSY.seconds', values: { seconds: 1 } });
    expect(SERVER_ERRORS.changeEmail(graphql).problem).toEqual({ id: 'error.SERVER_BUSY.seconds', values: { seconds: 1 } });
    expect(SERVER_ERRORS.deleteAccount(true)(graphql).problem).toEqual({ id: 'error.SERVER_BUSY.seconds', values: { seconds: 1 } });
    expect(SERVER_ERRORS.resetPassword(graphql).problem).toEqual({ id: 'error.SERVER_BUSY.seconds', values: { seconds: 1 } });
  });

  it('say how long to wait when one account had too many failed sign-ins (TOO_MANY_REQUESTS), not "something went wrong"', () => {
    const rest = Object.assign(new Error('too many'), { code: 'TOO_MANY_REQUESTS', status: 429, retryAfterSeconds: 600 });
    expect(SERVER_ERRORS.signIn(restError(rest))).toEqual({ field: null, problem: { id: 'passwords.error.waitMinutes', values: { minutes: 10 } } });
  });

  it('read the challenge step (SEC-CHALLENGE) in the order and sign-in forms, and any 429 of the order form as minutes', () => {
    for (const read of [SERVER_ERRORS.order(() => null), SERVER_ERRORS.signIn]) {
      expect(read({ code: 'CHALLENGE_REQUIRED', field: null, extensions: { challengeUrl: '/api/challenge' } })).toEqual({ field: null, problem: { id: 'challenge.required' } });
      expect(read({ code: 'CHALLENGE_INVALID', field: null, extensions: {} })).toEqual({ field: null, problem: { id: 'challenge.invalid' } });
    }
    const order = SERVER_ERRORS.order(() => null);
    expect(order({ code: 'RATE_LIMITED', field: null, extensions: { retryAfterSeconds: 61 } }).problem).toEqual({ id: 'order.error.tooManyRequestsMinutes', values: { minutes: 2 } });
    expect(order({ code: 'TOO_MANY_REQUESTS', field: null, extensions: { retryAfterSeconds: null } }).problem).toEqual({ id: 'order.error.tooManyRequests' });
  });
});
