/**
 * Field rules for user data, shared by REST registration and the GraphQL mutations so that
 * both refuse the same input with the same messages. Lengths are in characters.
 */
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, newPasswordProblem } from '../auth/passwords.js';

/** E-mail: trimmed, lower-cased, at most 254 characters (RFC 5321 path limit). */
export const email = z.string().trim().toLowerCase().max(254, 'Use at most 254 characters').pipe(z.email('Enter a valid e-mail address'));
/**
 * A new password (registration, change, reset): the shared rules of @studio/schema/passwords —
 * 8–128 characters (code points), none of the most common passwords (OWASP ASVS 5.0 §6.2).
 */
export const newPassword = z.string().superRefine((value, ctx) => {
  const problem = newPasswordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
export { PASSWORD_MAX, PASSWORD_MIN };
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const username = z
  .string()
  .trim()
  .toLowerCase()
  .max(32, 'Use at most 32 characters')
  .regex(USERNAME_PATTERN, 'A username has 3–32 letters, digits, ".", "_" or "-" and starts with a letter or digit');
export const fullName = z.string().trim().min(1, 'The name must not be empty').max(100, 'Use at most 100 characters');
export const bio = z.string().trim().max(1000, 'Use at most 1000 characters');
/** Phone in E.164: "+" and 8–15 digits, the first not 0 (ITU-T E.164). Empty clears it. */
export const phone = z.string().trim().regex(/^(\+[1-9]\d{7,14})?$/, 'Enter the phone number in international form, e.g. +14155550123');
/** Telegram handle: 5–32 letters, digits or "_" (Telegram username rules); "@" is stripped. Empty clears it. */
export const telegram = z
  .string()
  .trim()
  .transform((v) => v.replace(/^@/, ''))
  .pipe(z.string().regex(/^([A-Za-z][A-Za-z0-9_]{4,31})?$/, 'A Telegram username has 5–32 letters, digits or "_"'));
export const deviceToken = z.string().trim().min(1, 'deviceToken is required').max(200, 'Use at most 200 characters');
