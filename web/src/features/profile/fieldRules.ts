/**
 * The browser's checks of the profile's fields (ACC-FIELDS), e-mail codes (ACC-EMAIL) and the
 * confirmation of deleting the account (ACC-DELETE): the server's own schemas of
 * `@studio/site/fields`, so a value passes here exactly when the server accepts it, with the same
 * normalisation (trim; username lower-cased; telegram without a leading "@"; codes upper-cased
 * without spaces or dashes; a phone number, national ones in the page's country, to E.164). Each
 * check answers the value to send or a message descriptor.
 */
import { BIO_MAX, TELEGRAM_MAX, TELEGRAM_MIN, USERNAME_MAX, USERNAME_MIN, bio, emailCode, normalizeEmailCode, telegram, username } from '@studio/site/fields';
import type { Locale } from '@studio/site/locales';
import { PHONE_COUNTRY, formatPhone, phoneField } from '@studio/site/phones';
import { type FieldProblem, checkField, fieldProblem } from '@studio/site/problems';
import { z } from 'zod';
import { type GraphQLErrorLike, SERVER_ERRORS, firstError } from '../../forms/serverErrors';

export type { FieldProblem };
export { BIO_MAX, TELEGRAM_MAX, TELEGRAM_MIN, USERNAME_MAX, USERNAME_MIN, PHONE_COUNTRY, formatPhone };

/** The profile fields edited in place; also the `updateUser` argument names the server reports in `extensions.field`. */
export type InlineField = 'username' | 'bio' | 'phone' | 'telegram';

/** The phone rule of a page in `locale`: national numbers are read in its country (ru → RU, es → ES, en → US). */
const PHONES: Record<Locale, z.ZodType<string, string>> = {
  en: phoneField(PHONE_COUNTRY.en),
  ru: phoneField(PHONE_COUNTRY.ru),
  es: phoneField(PHONE_COUNTRY.es),
};

/** The schema of each in-place field on a page in `locale` (English unless told). */
export function inlineFields(locale: Locale = 'en') {
  return { username, bio, phone: PHONES[locale], telegram } satisfies Record<InlineField, z.ZodType<string, string>>;
}
/** The in-place fields' schemas of an English page. */
export const INLINE_FIELDS = inlineFields('en');

/** The value to send, or the problem to show. */
export type FieldCheck = { ok: true; value: string } | { ok: false; problem: FieldProblem };

export const checkUsername = (raw: string): FieldCheck => checkField(username, raw);
export const checkBio = (raw: string): FieldCheck => checkField(bio, raw);
/** A typed phone number as E.164 (national numbers in the country of `locale`), or its problem. */
export const checkPhone = (raw: string, locale: Locale = 'en'): FieldCheck => checkField(PHONES[locale], raw);
export const checkTelegram = (raw: string): FieldCheck => checkField(telegram, raw);

/** The check of each in-place field (the phone's reads national numbers in the country of `locale`). */
export const FIELD_CHECKS: Record<InlineField, (raw: string, locale?: Locale) => FieldCheck> = {
  username: checkUsername,
  bio: checkBio,
  phone: (raw, locale) => checkPhone(raw, locale),
  telegram: checkTelegram,
};

/**
 * The message shown at an in-place field after a failed `updateUser` (forms/serverErrors.ts,
 * `profileField`): BAD_USER_INPUT for it reads as the browser's own check of `typed` when that
 * finds the problem.
 */
export function inlineFieldProblem(field: InlineField, errors: readonly GraphQLErrorLike[], typed: string, locale: Locale = 'en'): FieldProblem {
  const check = FIELD_CHECKS[field](typed, locale);
  return SERVER_ERRORS.profileField(field, check.ok ? null : check.problem)(firstError(errors)).problem;
}

/** A typed code as the server reads it: upper case, without spaces or dashes. */
export const normalizeCode = normalizeEmailCode;

/** Whether a typed code can be one of ours (8 characters of the code alphabet, case and spaces aside). */
export function checkCode(value: string): FieldProblem | null {
  return fieldProblem(emailCode, value);
}

/**
 * What confirms deleting the account (ACC-DELETE): the current password, taken as it is typed;
 * or, for an account without a password, the 8-character code mailed by
 * `sendAccountDeletionCode` (case, spaces and dashes aside, as the server compares).
 */
export function deleteConfirmation(account: { passwordIsSet: boolean }) {
  return account.passwordIsSet ? z.string().min(1, 'validation.required') : emailCode;
}

/** The problem of a typed deletion confirmation, or null (see `deleteConfirmation`). */
export function confirmationProblem(value: string, account: { passwordIsSet: boolean }): FieldProblem | null {
  return fieldProblem(deleteConfirmation(account), value);
}
