import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ORDER,
  ORDER_BUDGETS,
  ORDER_SERVICES,
  type OrderValues,
  checkOrderField,
  firstInvalidField,
  graphQLErrorsOf,
  initialInterest,
  initialReferralCode,
  orderFailure,
  toOrderInput,
  validateOrder,
} from './validation';

const valid: OrderValues = {
  ...EMPTY_ORDER,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  interest: 'design',
  budget: 'FROM_25K_TO_50K',
  message: 'A booking app for a chain of climbing gyms.',
  consent: true,
};
const check = (patch: Partial<OrderValues>, field: Parameters<typeof checkOrderField>[0]) => checkOrderField(field, { ...valid, ...patch });

describe('order form rules (the server’s orderInput)', () => {
  it('accepts a complete order with the optional fields empty', () => {
    expect(validateOrder(valid)).toEqual({});
    expect(validateOrder({ ...valid, company: 'Analytical Engines Ltd', referralCode: 'ADA_2026-x' })).toEqual({});
  });

  it('lists every problem of an empty form, in the form’s order', () => {
    const problems = validateOrder(EMPTY_ORDER);
    expect(Object.keys(problems)).toEqual(['name', 'email', 'interest', 'budget', 'message', 'consent']);
    expect(firstInvalidField(problems)).toBe('name');
    expect(firstInvalidField({ message: { id: 'x' }, budget: { id: 'y' } })).toBe('budget');
    expect(firstInvalidField({})).toBeUndefined();
  });

  it('name: 1–100 characters after trimming', () => {
    expect(check({ name: '   ' }, 'name')).toEqual({ id: 'order.name.error.required' });
    expect(check({ name: ` ${'a'.repeat(100)} ` }, 'name')).toBeNull();
    expect(check({ name: 'a'.repeat(101) }, 'name')).toEqual({ id: 'order.error.tooLong', values: { max: 100 } });
  });

  it('e-mail: required, at most 254 characters, the server’s format', () => {
    expect(check({ email: ' ' }, 'email')).toEqual({ id: 'order.email.error.required' });
    expect(check({ email: '  ada@example.com ' }, 'email')).toBeNull();
    expect(check({ email: "o'brien+orders@mail.example.co.uk" }, 'email')).toBeNull();
    for (const email of [
      'ada',
      'ada@example',
      'ada@@example.com',
      'ada @example.com',
      '.ada@example.com',
      'ada..l@example.com',
      'ada@example.c',
      'ada@-example.com',
    ]) {
      expect(check({ email }, 'email'), email).toEqual({ id: 'order.email.error.invalid' });
    }
    expect(check({ email: `${'a'.repeat(243)}@example.com` }, 'email')).toEqual({ id: 'order.error.tooLong', values: { max: 254 } });
  });

  it('company: optional, at most 200 characters', () => {
    expect(check({ company: '' }, 'company')).toBeNull();
    expect(check({ company: 'c'.repeat(200) }, 'company')).toBeNull();
    expect(check({ company: 'c'.repeat(201) }, 'company')).toEqual({ id: 'order.error.tooLong', values: { max: 200 } });
  });

  it('interest and budget: required', () => {
    expect(check({ interest: '' }, 'interest')).toEqual({ id: 'order.interest.error.required' });
    expect(check({ interest: 'voice-match' }, 'interest')).toBeNull();
    expect(check({ interest: 'x'.repeat(61) }, 'interest')).toEqual({ id: 'order.interest.error.invalid' });
    expect(check({ budget: '' }, 'budget')).toEqual({ id: 'order.budget.error.required' });
    expect(check({ budget: 'LOTS' as OrderValues['budget'] }, 'budget')).toEqual({ id: 'order.budget.error.required' });
    expect(check({ budget: 'NOT_SURE' }, 'budget')).toBeNull();
  });

  it('message: 10–5000 characters after trimming', () => {
    expect(check({ message: ' \n ' }, 'message')).toEqual({ id: 'order.message.error.required' });
    expect(check({ message: '  1234567890 ' }, 'message')).toBeNull();
    expect(check({ message: '  123456789  ' }, 'message')).toEqual({ id: 'order.message.error.tooShort', values: { min: 10 } });
    expect(check({ message: 'm'.repeat(5000) }, 'message')).toBeNull();
    expect(check({ message: 'm'.repeat(5001) }, 'message')).toEqual({ id: 'order.error.tooLong', values: { max: 5000 } });
  });

  it('consent: must be given', () => {
    expect(check({ consent: false }, 'consent')).toEqual({ id: 'order.consent.error.required' });
  });

  it('referral code: optional, at most 40 of letters, digits, - and _', () => {
    expect(check({ referralCode: '' }, 'referralCode')).toBeNull();
    expect(check({ referralCode: ' PARTNER-7_x ' }, 'referralCode')).toBeNull();
    expect(check({ referralCode: 'r'.repeat(40) }, 'referralCode')).toBeNull();
    expect(check({ referralCode: 'r'.repeat(41) }, 'referralCode')).toEqual({ id: 'order.error.tooLong', values: { max: 40 } });
    for (const referralCode of ['HELLO WORLD', 'ПАРТНЁР', 'a.b', 'x/y']) {
      expect(check({ referralCode }, 'referralCode'), referralCode).toEqual({ id: 'order.referralCode.error.invalid' });
    }
  });
});

describe('toOrderInput', () => {
  it('trims, sends empty optional fields as null and keeps the honeypot as typed', () => {
    expect(toOrderInput({ ...valid, name: ' Ada ', email: ' ada@example.com ', message: ` ${valid.message}\n`, company: '  ', website: '' }, 'RU')).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      company: null,
      interest: 'design',
      budget: 'FROM_25K_TO_50K',
      message: valid.message,
      consent: true,
      referralCode: null,
      locale: 'RU',
      website: '',
    });
    expect(toOrderInput({ ...valid, referralCode: ' ADA ', website: 'http://spam.example' }, 'EN')).toMatchObject({
      referralCode: 'ADA',
      website: 'http://spam.example',
    });
  });

  it('refuses values without a budget', () => {
    expect(() => toOrderInput({ ...valid, budget: '' }, 'EN')).toThrow();
  });
});

describe('orderFailure (server errors of createOrder)', () => {
  it('shows BAD_USER_INPUT on the field it names, with the client’s own message when it finds one', () => {
    expect(
      orderFailure([{ message: 'message: at least 10 characters', extensions: { code: 'BAD_USER_INPUT', field: 'message' } }], { ...valid, message: 'short' }),
    ).toEqual({
      kind: 'field',
      field: 'message',
      problem: { id: 'order.message.error.tooShort', values: { min: 10 } },
    });
    expect(
      orderFailure([{ message: 'interest: not a product or service of the catalogue', extensions: { code: 'BAD_USER_INPUT', field: 'interest' } }], {
        ...valid,
        interest: 'gone',
      }),
    ).toEqual({
      kind: 'field',
      field: 'interest',
      problem: { id: 'order.interest.error.invalid' },
    });
    expect(orderFailure([{ extensions: { code: 'BAD_USER_INPUT', field: 'name' } }], valid)).toEqual({
      kind: 'field',
      field: 'name',
      problem: { id: 'order.error.rejected' },
    });
  });

  it('answers a form-level message for a field the form does not have', () => {
    expect(orderFailure([{ extensions: { code: 'BAD_USER_INPUT', field: 'locale' } }], valid)).toEqual({ kind: 'form', problem: { id: 'order.error.send' } });
  });

  it('asks to wait on TOO_MANY_REQUESTS, in whole minutes when the server says how long', () => {
    expect(orderFailure([{ extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 61 } }], valid)).toEqual({
      kind: 'form',
      problem: { id: 'order.error.tooManyRequestsMinutes', values: { minutes: 2 } },
    });
    expect(orderFailure([{ extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 5 } }], valid)).toEqual({
      kind: 'form',
      problem: { id: 'order.error.tooManyRequestsMinutes', values: { minutes: 1 } },
    });
    expect(orderFailure([{ extensions: { code: 'TOO_MANY_REQUESTS' } }], valid)).toEqual({ kind: 'form', problem: { id: 'order.error.tooManyRequests' } });
  });

  it('answers "could not send, try again" for network failures and unknown errors', () => {
    expect(orderFailure([], valid)).toEqual({ kind: 'form', problem: { id: 'order.error.send' } });
    expect(orderFailure(null, valid)).toEqual({ kind: 'form', problem: { id: 'order.error.send' } });
    expect(orderFailure([{ message: 'HTTP 502 Bad Gateway' }], valid)).toEqual({ kind: 'form', problem: { id: 'order.error.send' } });
  });

  it('reads the GraphQL errors from a Relay error (error.source.errors)', () => {
    const errors = [{ message: 'x', extensions: { code: 'TOO_MANY_REQUESTS' } }];
    expect(graphQLErrorsOf(Object.assign(new Error('No data returned'), { source: { errors } }))).toEqual(errors);
    expect(graphQLErrorsOf(new TypeError('Failed to fetch'))).toEqual([]);
    expect(graphQLErrorsOf(null)).toEqual([]);
  });
});

describe('referral refusals of createOrder (LEDGER-ATTRIBUTION)', () => {
  it('shows REFERRAL_CODE_UNKNOWN and REFERRAL_CODE_OWN at the referral field', () => {
    const values = { ...valid, referralCode: 'FRIEND' };
    expect(orderFailure([{ message: 'referralCode: …', extensions: { code: 'REFERRAL_CODE_UNKNOWN', field: 'referralCode' } }], values)).toEqual({
      kind: 'field',
      field: 'referralCode',
      problem: { id: 'order.referralCode.error.unknown' },
    });
    expect(orderFailure([{ extensions: { code: 'REFERRAL_CODE_OWN', field: 'referralCode' } }], values)).toEqual({
      kind: 'field',
      field: 'referralCode',
      problem: { id: 'order.referralCode.error.own' },
    });
  });
});

describe('initialReferralCode (?ref=)', () => {
  it('trims and upper-cases a code that passes the field’s rule, and ignores anything else', () => {
    expect(initialReferralCode(' partner-7_x ')).toBe('PARTNER-7_X');
    expect(initialReferralCode('ADA')).toBe('ADA');
    expect(initialReferralCode('r'.repeat(40))).toBe('R'.repeat(40));
    for (const param of [null, '', '   ', 'r'.repeat(41), 'HELLO WORLD', 'a.b', 'ПАРТНЁР']) expect(initialReferralCode(param), String(param)).toBe('');
  });
});

describe('initialInterest (?product=)', () => {
  it('pre-selects a known product or service and ignores anything else', () => {
    const slugs = ['aura', 'voice-match'];
    expect(initialInterest('voice-match', slugs)).toBe('voice-match');
    expect(initialInterest('ai', slugs)).toBe('ai');
    expect(initialInterest('unknown', slugs)).toBe('');
    expect(initialInterest(null, slugs)).toBe('');
  });
});

describe('order messages', () => {
  const catalogue = (locale: string) =>
    JSON.parse(readFileSync(join(__dirname, '..', '..', 'i18n', 'messages', `${locale}.json`), 'utf8')) as Record<string, string>;
  const en = catalogue('en');

  it('have the same order.* keys in en, ru and es', () => {
    const orderKeys = (c: Record<string, string>) =>
      Object.keys(c)
        .filter((k) => k.startsWith('order.'))
        .sort();
    const keys = orderKeys(en);
    expect(keys.length).toBeGreaterThan(40);
    expect(orderKeys(catalogue('ru'))).toEqual(keys);
    expect(orderKeys(catalogue('es'))).toEqual(keys);
  });

  it('contain every message id the rules and the page use', () => {
    const ids = new Set<string>();
    const problems = [validateOrder(EMPTY_ORDER), validateOrder({ ...valid, name: 'a'.repeat(101), email: 'x', message: 'short', referralCode: 'a b' })];
    for (const found of problems) for (const problem of Object.values(found)) ids.add(problem.id);
    for (const field of ['name', 'email', 'company', 'interest', 'budget', 'message', 'consent', 'referralCode']) {
      ids.add(orderFailure([{ extensions: { code: 'BAD_USER_INPUT', field } }], valid).problem.id);
    }
    for (const code of ['REFERRAL_CODE_UNKNOWN', 'REFERRAL_CODE_OWN'])
      ids.add(orderFailure([{ extensions: { code, field: 'referralCode' } }], valid).problem.id);
    ids.add('order.error.tooManyRequests').add('order.error.tooManyRequestsMinutes').add('order.error.send');
    const page = readFileSync(join(__dirname, 'OrderPage.tsx'), 'utf8');
    for (const m of page.matchAll(/id[=:]\s*\{?['"](order\.[a-zA-Z0-9_.]+)['"]/g)) ids.add(m[1]!);
    // Ids the page builds from a value.
    for (const service of ORDER_SERVICES) ids.add(`order.service.${service}`);
    for (const budget of ORDER_BUDGETS) ids.add(`order.budget.${budget}`);
    for (const step of ['reply', 'call', 'proposal']) ids.add(`order.next.${step}.title`).add(`order.next.${step}.text`);
    expect([...ids].filter((id) => !(id in en))).toEqual([]);
  });
});
