/**
 * Browser checks of the profile fields edited in place on /profile (issue 6, item 1): the same
 * rules as the server's (api/src/users/validation.ts), so a value passes here exactly when the
 * server accepts it, and the same normalisation (trim; username lower-cased; telegram without a
 * leading "@"). Each check answers the value to send or a message descriptor to show in the
 * user's language. Empty clears bio, phone and telegram; a username is required. Also the
 * confirmation asked before deleting the account (item 7).
 */
import type { FieldProblem } from '../auth/validation';

export type { FieldProblem };

/** The profile fields edited in place; also the `updateUser` argument names the server reports in `extensions.field`. */
export type InlineField = 'username' | 'bio' | 'phone' | 'telegram';

/** The value to send, or the problem to show. */
export type FieldCheck = { ok: true; value: string } | { ok: false; problem: FieldProblem };

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const BIO_MAX = 1000;
export const TELEGRAM_MIN = 5;
export const TELEGRAM_MAX = 32;

/** The server's USERNAME_PATTERN: 3–32 of [a-z0-9._-], the first a letter or digit (after lower-casing). */
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
/** E.164: "+" and 8–15 digits, the first not 0. */
const PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;
/** Telegram: 5–32 letters, digits or "_", starting with a letter. */
const TELEGRAM_PATTERN = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;

const ok = (value: string): FieldCheck => ({ ok: true, value });
const problem = (id: string, values?: Record<string, number>): FieldCheck => ({ ok: false, problem: values ? { id, values } : { id } });

export function checkUsername(raw: string): FieldCheck {
  const value = raw.trim().toLowerCase();
  if (!value) return problem('validation.required');
  if (value.length > USERNAME_MAX) return problem('validation.tooLong', { max: USERNAME_MAX });
  if (value.length < USERNAME_MIN) return problem('profile.field.error.tooShort', { min: USERNAME_MIN });
  if (/[^a-z0-9._-]/.test(value)) return problem('profile.username.error.characters');
  // The remaining way to fail the pattern: "." "_" or "-" first.
  return USERNAME_PATTERN.test(value) ? ok(value) : problem('profile.username.error.start');
}

export function checkBio(raw: string): FieldCheck {
  const value = raw.trim();
  return value.length > BIO_MAX ? problem('validation.tooLong', { max: BIO_MAX }) : ok(value);
}

export function checkPhone(raw: string): FieldCheck {
  const value = raw.trim();
  if (!value) return ok('');
  return PHONE_PATTERN.test(value) ? ok(value) : problem('profile.phone.error.format');
}

export function checkTelegram(raw: string): FieldCheck {
  const value = raw.trim().replace(/^@/, '');
  if (!value) return ok('');
  if (value.length > TELEGRAM_MAX) return problem('validation.tooLong', { max: TELEGRAM_MAX });
  if (value.length < TELEGRAM_MIN) return problem('profile.field.error.tooShort', { min: TELEGRAM_MIN });
  if (/[^A-Za-z0-9_]/.test(value)) return problem('profile.telegram.error.characters');
  // The remaining way to fail the pattern: a digit or "_" first.
  return TELEGRAM_PATTERN.test(value) ? ok(value) : problem('profile.telegram.error.start');
}

/** The check of each in-place field. */
export const FIELD_CHECKS: Record<InlineField, (raw: string) => FieldCheck> = {
  username: checkUsername,
  bio: checkBio,
  phone: checkPhone,
  telegram: checkTelegram,
};

/**
 * The confirmation of deleting one's account (`deleteUser(confirmation:)`): the current password
 * as typed, or, for an account without a password, its e-mail address — compared trimmed and
 * case-insensitively, as the server does.
 */
export function confirmationProblem(value: string, account: { passwordIsSet: boolean; email: string }): FieldProblem | null {
  if (account.passwordIsSet) return value ? null : { id: 'validation.required' };
  const typed = value.trim().toLowerCase();
  if (!typed) return { id: 'validation.required' };
  return typed === account.email.trim().toLowerCase() ? null : { id: 'profile.delete.error.emailMismatch' };
}
