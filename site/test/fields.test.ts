import { describe, expect, it } from 'vitest';
import {
  EMAIL_CODE_ALPHABET,
  EMAIL_CODE_LENGTH,
  adjustmentReason,
  authenticatorCode,
  bankAccountFields,
  email,
  emailCode,
  lostReason,
  messageBody,
  newPasswordField,
  noteBody,
  orderFields,
  passkeyNameField,
  reauthCode,
  reauthPassword,
  recoveryCode,
  requiredText,
  telegram,
  username,
} from '../src/fields.js';
import { phoneField } from '../src/phones.js';

const phone = phoneField();
import { hasSecretInUrl, pageOfPath, PUBLIC_PATHS } from '../src/pages.js';
import { checkField, fieldProblem, issueText, problemText } from '../src/problems.js';

describe('field rules', () => {
  it('reports the first problem as a message id with its values', () => {
    expect(fieldProblem(username, '')).toEqual({ id: 'validation.required' });
    expect(fieldProblem(username, 'ab')).toEqual({ id: 'profile.field.error.tooShort', values: { min: 3 } });
    expect(fieldProblem(username, 'a'.repeat(33))).toEqual({ id: 'validation.tooLong', values: { max: 32 } });
    expect(fieldProblem(username, 'ab!c')).toEqual({ id: 'profile.username.error.characters' });
    expect(fieldProblem(username, '_abc')).toEqual({ id: 'profile.username.error.start' });
    expect(checkField(username, '  Ada.L ')).toEqual({ ok: true, value: 'ada.l' });
    expect(fieldProblem(phone, '+0123')).toEqual({ id: 'profile.phone.error.format' });
    expect(checkField(phone, '')).toEqual({ ok: true, value: '' });
    expect(checkField(telegram, '@ada_l')).toEqual({ ok: true, value: 'ada_l' });
    expect(checkField(telegram, '')).toEqual({ ok: true, value: '' });
    expect(fieldProblem(telegram, 'ada')).toEqual({ id: 'profile.field.error.tooShort', values: { min: 5 } });
    expect(fieldProblem(telegram, '1adal')).toEqual({ id: 'profile.telegram.error.start' });
    expect(fieldProblem(telegram, 'ada-lovelace')).toEqual({ id: 'profile.telegram.error.characters' });
  });

  it('has one e-mail rule: zod’s, after the 254-character limit', () => {
    expect(checkField(email, ' Ada@Example.COM ')).toEqual({ ok: true, value: 'ada@example.com' });
    expect(fieldProblem(email, 'a@b')).toEqual({ id: 'validation.email' });
    expect(fieldProblem(email, `${'a'.repeat(243)}@example.com`)).toEqual({ id: 'validation.tooLong', values: { max: 254 } });
    expect(fieldProblem(orderFields.email, ' ')).toEqual({ id: 'order.email.error.required' });
  });

  it('checks new passwords with and without the common list', () => {
    const common = new Set(['password123']);
    expect(
      fieldProblem(
        newPasswordField(() => common),
        'short',
      ),
    ).toEqual({ id: 'validation.passwordTooShort', values: { min: 8 } });
    expect(
      fieldProblem(
        newPasswordField(() => common),
        'Password123',
      ),
    ).toEqual({ id: 'passwords.error.common' });
    expect(fieldProblem(newPasswordField(), 'Password123')).toBeNull();
  });

  it('reads mailed codes as the server does: case, spaces and dashes aside', () => {
    expect(checkField(emailCode, ' ab2c-d3ef ')).toEqual({ ok: true, value: 'AB2CD3EF' });
    expect(fieldProblem(emailCode, ' ')).toEqual({ id: 'validation.required' });
    expect(fieldProblem(emailCode, 'AB2CD3E')).toEqual({ id: 'passwords.code.format' });
    expect(checkField(emailCode, 'ab2c – d3ef')).toEqual({ ok: true, value: 'AB2CD3EF' });
    // O, 0, I and 1 are never in a code and cannot be mapped to one character without guessing: named as such.
    for (const typed of ['AB2CD3EO', 'AB2CD3E0', 'AB2CD3EI', 'ab2cd3e1', 'ab2cd3eo'])
      expect(fieldProblem(emailCode, typed), typed).toEqual({ id: 'passwords.code.lookalike' });
    expect(fieldProblem(emailCode, 'AB2CD3E!')).toEqual({ id: 'passwords.code.format' });
    expect(fieldProblem(emailCode, 'AB2CD3EFG')).toEqual({ id: 'passwords.code.format' });
  });

  it('describes the code alphabet exactly: A–Z except I and O, 2–9', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.replace(/[IO]/g, '');
    expect([...EMAIL_CODE_ALPHABET].sort().join('')).toBe([...`${letters}23456789`].sort().join(''));
    expect(EMAIL_CODE_LENGTH).toBe(8);
  });

  it('keeps the order form’s ids', () => {
    expect(fieldProblem(orderFields.message, '  123456789 ')).toEqual({ id: 'order.message.error.tooShort', values: { min: 10 } });
    expect(fieldProblem(orderFields.message, ' ')).toEqual({ id: 'order.message.error.required' });
    expect(fieldProblem(orderFields.interest, 'x'.repeat(61))).toEqual({ id: 'order.interest.error.invalid' });
    expect(fieldProblem(orderFields.budget, '')).toEqual({ id: 'order.budget.error.required' });
    expect(fieldProblem(orderFields.consent, false)).toEqual({ id: 'order.consent.error.required' });
  });

  it('checks the account, payout and back-office fields with each form’s messages', () => {
    expect(checkField(requiredText(5), ' ab ')).toEqual({ ok: true, value: 'ab' });
    expect(fieldProblem(requiredText(5), 'abcdef')).toEqual({ id: 'validation.tooLong', values: { max: 5 } });
    expect(fieldProblem(requiredText(5), 'a\nb')).toEqual({ id: 'validation.controlCharacters' });
    expect(checkField(requiredText(5, {}, true), 'a\nb')).toEqual({ ok: true, value: 'a\nb' });
    expect(checkField(authenticatorCode, ' 123 456 ')).toEqual({ ok: true, value: '123456' });
    expect(fieldProblem(authenticatorCode, '  ')).toEqual({ id: 'auth.twoFactor.required' });
    expect(checkField(recoveryCode, ' abcde-fghij ')).toEqual({ ok: true, value: 'abcde-fghij' });
    expect(fieldProblem(reauthPassword, '')).toEqual({ id: 'payouts.reauth.required' });
    expect(checkField(reauthPassword, ' spaced ')).toEqual({ ok: true, value: ' spaced ' });
    expect(fieldProblem(reauthCode, ' ')).toEqual({ id: 'payouts.reauth.codeRequired' });
    expect(fieldProblem(passkeyNameField, ' ')).toEqual({ id: 'profile.passkeys.nameRequired' });
    expect(fieldProblem(passkeyNameField, 'x'.repeat(65))).toEqual({ id: 'validation.tooLong', values: { max: 64 } });
    expect(checkField(bankAccountFields.iban, 'DE89 3704 0044 0532 0130 00')).toEqual({ ok: true, value: 'DE89370400440532013000' });
    expect(fieldProblem(bankAccountFields.country, '')).toEqual({ id: 'payouts.bank.error.country' });
    expect(fieldProblem(bankAccountFields.accountNumber, ' ')).toEqual({ id: 'payouts.bank.error.accountNumber' });
    expect(fieldProblem(lostReason, ' ')).toEqual({ id: 'admin.requests.lost.reason.required' });
    expect(fieldProblem(noteBody, '\n')).toEqual({ id: 'admin.requests.compose.required' });
    expect(fieldProblem(messageBody, 'x'.repeat(5001))).toEqual({ id: 'requests.message.error.tooLong', values: { max: 5000, count: 5001 } });
  });

  it('needs an adjustment’s reason: 1–500 characters after trimming (LEDGER-ADJUSTMENT)', () => {
    // The problem's last word, as the adjustment form's former check answered it.
    const reasonProblem = (reason: string) => fieldProblem(adjustmentReason, reason)?.id.split('.').at(-1) ?? null;
    expect(reasonProblem(' \n ')).toBe('required');
    expect(reasonProblem(' Goodwill ')).toBeNull();
    expect(reasonProblem(` ${'r'.repeat(500)} `)).toBeNull();
    expect(reasonProblem('r'.repeat(501))).toBe('tooLong');
  });

  it('gives the server English texts', () => {
    expect(problemText({ id: 'validation.tooLong', values: { max: 32 } })).toBe('use at most 32 characters');
    const result = orderFields.name.safeParse('');
    expect(result.success ? '' : issueText({ ...result.error.issues[0]!, path: ['name'] })).toBe('name: enter your name');
  });
});

describe('pages', () => {
  it('finds the page of a path in every locale', () => {
    expect(pageOfPath('/ru/faq')?.id).toBe('faq');
    expect(pageOfPath('/es')?.id).toBe('home');
    expect(pageOfPath('/news/abc')?.id).toBe('newsItem');
    expect(pageOfPath('/nope')).toBeNull();
    expect(hasSecretInUrl('/es/auth/change-password/')).toBe(true);
    expect(hasSecretInUrl('/loading')).toBe(true);
    expect(hasSecretInUrl('/auth')).toBe(false);
    expect(PUBLIC_PATHS).toEqual(['/', '/faq', '/how', '/team', '/order', '/techs', '/culture', '/privacy', '/news', '/products']);
  });
});
