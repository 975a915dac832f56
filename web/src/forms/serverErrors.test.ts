// The server's error codes as messages: the code, field and extensions of an error, wait messages, each form's reading of the one table.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type GraphQLErrorLike,
  MESSAGES,
  SERVER_ERRORS,
  type ServerError,
  type ServerProblem,
  firstError,
  formProblem,
  restError,
  waitProblem,
} from './serverErrors';

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
    // Whole hours when exact or long; never shorter than the real wait.
    expect(waitProblem(3600)).toEqual({ id: 'passwords.error.waitHours', values: { hours: 1 } });
    expect(waitProblem(3599)).toEqual({ id: 'passwords.error.waitHours', values: { hours: 1 } });
    expect(waitProblem(3601)).toEqual({ id: 'passwords.error.waitMinutes', values: { minutes: 61 } });
    expect(waitProblem(4 * 3600 + 1)).toEqual({ id: 'passwords.error.waitHours', values: { hours: 5 } });
    expect(waitProblem(0.2)).toEqual({ id: 'passwords.error.waitSeconds', values: { seconds: 1 } });
    expect(waitProblem(0)).toEqual({ id: 'passwords.error.tooManyRequests' });
    expect(formProblem({ code: 'TOO_MANY_REQUESTS', extensions: { retryAfterSeconds: 120 } })).toEqual({
      id: 'passwords.error.waitMinutes',
      values: { minutes: 2 },
    });
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
    expect(SERVER_ERRORS.deleteAccount(graphql).problem).toEqual({ id: 'error.SERVER_BUSY.seconds', values: { seconds: 1 } });
    expect(SERVER_ERRORS.resetPassword(graphql).problem).toEqual({ id: 'error.SERVER_BUSY.seconds', values: { seconds: 1 } });
  });

  it('say how long to wait when one account had too many failed sign-ins (TOO_MANY_REQUESTS), not "something went wrong"', () => {
    const rest = Object.assign(new Error('too many'), { code: 'TOO_MANY_REQUESTS', status: 429, retryAfterSeconds: 600 });
    expect(SERVER_ERRORS.signIn(restError(rest))).toEqual({ field: null, problem: { id: 'passwords.error.waitMinutes', values: { minutes: 10 } } });
  });

  it('say how long to wait on every account form when the server answers 429 (SEC-LIMITS), never "something went wrong"', () => {
    const graphql = firstError([{ message: 'wait', extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 4 } }]);
    const seconds = { id: 'passwords.error.waitSeconds', values: { seconds: 4 } };
    // The password delay of the token operations (passwordGuess), the code limits, the upload limit.
    expect(SERVER_ERRORS.updatePassword(graphql)).toEqual({ field: null, problem: seconds });
    expect(SERVER_ERRORS.changeEmail(graphql)).toEqual({ field: null, problem: seconds });
    expect(SERVER_ERRORS.deleteAccount(graphql)).toEqual({ field: null, problem: seconds });
    expect(SERVER_ERRORS.emailCode(graphql)).toEqual({ field: null, problem: seconds });
    expect(SERVER_ERRORS.account(graphql)).toEqual({ field: null, problem: seconds });
    expect(SERVER_ERRORS.changeName(graphql)).toEqual({ field: null, problem: seconds });
    expect(SERVER_ERRORS.profileField('bio', null)(graphql)).toEqual({ field: null, problem: seconds });
    // REST: sign-in, registration, reset request and reset confirmation — the Retry-After seconds,
    // or the body's retryAfterSeconds.
    const rest = restError(Object.assign(new Error('wait'), { code: 'TOO_MANY_REQUESTS', status: 429, retryAfterSeconds: 4 }));
    expect(SERVER_ERRORS.signIn(rest)).toEqual({ field: null, problem: seconds });
    expect(SERVER_ERRORS.resetRequest(rest)).toEqual({ field: null, problem: seconds });
    expect(SERVER_ERRORS.resetPassword(rest)).toEqual({ field: null, problem: seconds });
    // The per-address limit of /api/auth (RATE_LIMITED) says the wait as well.
    const perAddress = restError(Object.assign(new Error('wait'), { code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 90 }));
    expect(SERVER_ERRORS.signIn(perAddress).problem).toEqual({ id: 'passwords.error.waitMinutes', values: { minutes: 2 } });
  });

  it('name the password rule the server refused (passwords.error.context) at the password field', () => {
    const rest = restError(
      Object.assign(new Error('refused'), { code: 'VALIDATION_FAILED', status: 400, field: 'password', problem: 'passwords.error.context' }),
    );
    expect(SERVER_ERRORS.signIn(rest)).toEqual({ field: 'password', problem: { id: 'passwords.error.context' } });
    expect(SERVER_ERRORS.resetPassword(rest)).toEqual({ field: 'password', problem: { id: 'passwords.error.context' } });
    const graphql = firstError([{ message: 'refused', extensions: { code: 'BAD_USER_INPUT', field: 'newPassword', problem: 'passwords.error.context' } }]);
    expect(SERVER_ERRORS.updatePassword(graphql)).toEqual({ field: 'newPassword', problem: { id: 'passwords.error.context' } });
    // Without a named rule: the general refusal.
    const bare = firstError([{ message: 'refused', extensions: { code: 'BAD_USER_INPUT', field: 'newPassword' } }]);
    expect(SERVER_ERRORS.updatePassword(bare)).toEqual({ field: 'newPassword', problem: { id: 'passwords.error.rejected' } });
  });

  it('read a wrong or void deletion code at the confirmation field or above it (ACC-DELETE)', () => {
    const wrong = firstError([{ message: 'x', extensions: { code: 'CODE_INVALID', field: 'confirmation', attemptsLeft: 3 } }]);
    expect(SERVER_ERRORS.deleteAccount(wrong)).toEqual({
      field: 'confirmation',
      problem: { id: 'passwords.code.wrongAttempts', values: { attemptsLeft: 3 } },
      select: true,
    });
    const expired = firstError([{ message: 'x', extensions: { code: 'CODE_EXPIRED', field: 'confirmation' } }]);
    expect(SERVER_ERRORS.deleteAccount(expired)).toEqual({ field: null, problem: { id: 'profile.delete.code.expired' } });
  });

  it('read the challenge step (SEC-CHALLENGE) in the order and sign-in forms, and any 429 of the order form as minutes', () => {
    for (const read of [SERVER_ERRORS.order(() => null), SERVER_ERRORS.signIn]) {
      expect(read({ code: 'CHALLENGE_REQUIRED', field: null, extensions: { challengeUrl: '/api/challenge' } })).toEqual({
        field: null,
        problem: { id: 'challenge.required' },
      });
      expect(read({ code: 'CHALLENGE_INVALID', field: null, extensions: {} })).toEqual({ field: null, problem: { id: 'challenge.invalid' } });
    }
    const order = SERVER_ERRORS.order(() => null);
    expect(order({ code: 'RATE_LIMITED', field: null, extensions: { retryAfterSeconds: 61 } }).problem).toEqual({
      id: 'order.error.tooManyRequestsMinutes',
      values: { minutes: 2 },
    });
    expect(order({ code: 'TOO_MANY_REQUESTS', field: null, extensions: { retryAfterSeconds: null } }).problem).toEqual({ id: 'order.error.tooManyRequests' });
  });

  it('read any 429 as its wait in every form, whatever code came with it, never "something went wrong"', () => {
    const bare = restError(Object.assign(new Error('Too Many Requests'), { code: 'UNKNOWN', status: 429, retryAfterSeconds: 300 }));
    for (const read of [
      SERVER_ERRORS.signIn,
      SERVER_ERRORS.resetRequest,
      SERVER_ERRORS.resetPassword,
      SERVER_ERRORS.updatePassword,
      SERVER_ERRORS.emailCode,
      SERVER_ERRORS.account,
    ]) {
      expect(read(bare)).toEqual({ field: null, problem: { id: 'passwords.error.waitMinutes', values: { minutes: 5 } } });
    }
    expect(SERVER_ERRORS.order(() => null)(bare).problem).toEqual({ id: 'order.error.tooManyRequestsMinutes', values: { minutes: 5 } });
    expect(SERVER_ERRORS.order(() => null)({ code: 'TOO_MANY_REQUESTS', field: null, extensions: { retryAfterSeconds: 3600 } }).problem).toEqual({
      id: 'order.error.tooManyRequestsHours',
      values: { hours: 1 },
    });
    // The third reset-link request within the hour (resetEmail) says about an hour.
    const resend = restError(Object.assign(new Error('wait'), { code: 'TOO_MANY_REQUESTS', status: 429, retryAfterSeconds: 3597 }));
    expect(SERVER_ERRORS.resetRequest(resend).problem).toEqual({ id: 'passwords.error.waitHours', values: { hours: 1 } });
  });
});

// A balance adjustment's refusals (LEDGER-ADJUSTMENT; moved from features/admin/users/adjustment.test.ts).
const adjustmentProblem = (errors: GraphQLErrorLike[]) => SERVER_ERRORS.adjustment(firstError(errors));

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

describe('the one error map', () => {
  const catalogue = (locale: string) => JSON.parse(readFileSync(join(__dirname, `../i18n/messages/${locale}.json`), 'utf8')) as Record<string, string>;
  const catalogues = ['en', 'ru', 'es'].map((locale) => [locale, catalogue(locale)] as const);

  /** Every form's reading; those made per field or per state once for each kind. */
  const readings: [string, (error: ServerError | null) => ServerProblem][] = Object.entries(SERVER_ERRORS).flatMap(([name, reading]) => {
    switch (name) {
      case 'profileField':
        return [
          ['profileField(username)', SERVER_ERRORS.profileField('username', null)],
          ['profileField(bio)', SERVER_ERRORS.profileField('bio', { id: 'validation.tooLong' })],
        ];
      case 'order':
        return [['order', SERVER_ERRORS.order(() => null)]];
      case 'twoFactorSignIn':
        return [
          ['twoFactorSignIn(code)', SERVER_ERRORS.twoFactorSignIn(false)],
          ['twoFactorSignIn(recovery)', SERVER_ERRORS.twoFactorSignIn(true)],
        ];
      case 'reauth':
        return [['reauth', SERVER_ERRORS.reauth('password')]];
      case 'payout':
        return [
          ['payout', SERVER_ERRORS.payout()],
          ['payout(USD)', SERVER_ERRORS.payout('USD')],
        ];
      default:
        return [[name, reading as (error: ServerError | null) => ServerProblem]];
    }
  });

  /** Each code a form can receive (the table's, and those only a form reads), bare and with the extensions the server adds. */
  const codes = [...Object.keys(MESSAGES), 'UNKNOWN', 'INTERNAL', 'BAD_USER_INPUT', 'FORBIDDEN', 'UNAUTHENTICATED'];
  const fields = [
    null,
    'password',
    'newPassword',
    'oldPassword',
    'email',
    'code',
    'confirmation',
    'amount',
    'currency',
    'reason',
    'referralCode',
    'bankAccount.iban',
    'username',
    'bio',
  ];
  const variants = (code: string): ServerError[] => [
    { code, field: null, extensions: {} },
    {
      code,
      field: null,
      extensions: { status: 429, retryAfterSeconds: 90, attemptsLeft: 2, until: '2026-11-27T09:00:00.000Z', minimum: 2000, problem: 'passwords.error.context' },
    },
    ...fields.map((field) => ({ code, field, extensions: { field, minimum: { amount: 2000, currency: 'EUR' } } })),
  ];

  it('maps every code of the table to a message of the catalogues', () => {
    for (const [code, message] of Object.entries(MESSAGES)) {
      for (const error of variants(code)) {
        const id = typeof message === 'string' ? message : message(error).id;
        for (const [locale, messages] of catalogues) expect(messages, `${code} → ${id} (${locale})`).toHaveProperty([id]);
      }
    }
  });

  it('reads each code a form can receive as a message id of en.json, ru.json and es.json, in every form', () => {
    expect(readings.length).toBeGreaterThan(25);
    for (const [name, read] of readings) {
      for (const code of codes) {
        for (const error of [...variants(code), null]) {
          const { problem } = read(error);
          for (const [locale, messages] of catalogues) expect(messages, `${name}: ${code} → ${problem.id} (${locale})`).toHaveProperty([problem.id]);
        }
      }
    }
  });

  it('is the only map from codes to messages: no feature keys a message id by a code of the table', () => {
    const sources = (folder: string): string[] =>
      readdirSync(folder).flatMap((name) => {
        const path = join(folder, name);
        if (statSync(path).isDirectory()) return name === '__generated__' || name === 'compiled' ? [] : sources(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const pattern = new RegExp(`\\b(${Object.keys(MESSAGES).join('|')})['"]?\\s*:\\s*['"][a-z]+\\.[A-Za-z.]+['"]`);
    const offenders = sources(join(__dirname, '..')).filter((path) => !path.endsWith('serverErrors.ts') && pattern.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
