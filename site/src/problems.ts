/**
 * What a failed field rule (./fields.ts) reports: a `FieldProblem` — a message id of the web's
 * catalogue and its ICU values — and, for the server's answers, the same problem as English text.
 */
import type { z } from 'zod';

/** A message id and its ICU values, e.g. `{ id: 'validation.tooLong', values: { max: 100 } }`. */
export interface FieldProblem {
  id: string;
  values?: Record<string, number>;
}

/** The problem of one zod issue: its message is the id; a length limit becomes `max`/`min` (a bare "required" minimum of 1 has none). */
export function problemOf(issue: z.core.$ZodIssue): FieldProblem {
  const id = issue.message;
  if (issue.code === 'too_big') return { id, values: { max: Number(issue.maximum) } };
  if (issue.code === 'too_small' && Number(issue.minimum) > 1) return { id, values: { min: Number(issue.minimum) } };
  if (issue.code === 'custom' && issue.params && Object.keys(issue.params).length) return { id, values: issue.params as Record<string, number> };
  return { id };
}

/** The first problem of `value` under `schema`, or null when it passes. */
export function fieldProblem(schema: z.ZodType, value: unknown): FieldProblem | null {
  const result = schema.safeParse(value);
  const first = result.success ? undefined : result.error.issues[0];
  return first ? problemOf(first) : null;
}

/** The value `schema` makes of `raw` (trimmed, lower-cased, …) or the first problem. */
export function checkField<T>(schema: z.ZodType<T>, raw: unknown): { ok: true; value: T } | { ok: false; problem: FieldProblem } {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  const first = result.error.issues[0];
  return { ok: false, problem: first ? problemOf(first) : { id: 'validation.invalid' } };
}

/** English texts of the field problems, for the server's error messages (the web has its own catalogue). */
const ENGLISH: Record<string, string> = {
  'validation.required': 'this field is required',
  'validation.tooLong': 'use at most {max} characters',
  'validation.email': 'enter a valid e-mail address',
  'validation.controlCharacters': 'remove the control characters (such as NUL); only tabs and line breaks are allowed in multi-line text',
  'validation.passwordTooShort': 'use at least {min} characters',
  'validation.currency': 'use an ISO 4217 currency code, such as USD',
  'passwords.error.tooLong': 'use at most {max} characters',
  'passwords.error.common': 'this password is one of the most common ones; choose another',
  'passwords.error.context': 'this password is too close to your e-mail address, username or the site name; choose another',
  'passwords.code.format': 'enter the 8-character code from the e-mail: letters A–Z except I and O, digits 2–9',
  'passwords.code.lookalike': 'codes never contain O, 0, I or 1; check the e-mail again',
  'profile.field.error.tooShort': 'use at least {min} characters',
  'profile.username.error.characters': 'a username has only letters, digits, ".", "_" or "-"',
  // The pattern also holds the length, so its text names the whole rule (the server's message for "ab").
  'profile.username.error.start': 'a username has 3–32 letters, digits, ".", "_" or "-" and starts with a letter or digit',
  'profile.phone.error.format': 'enter a valid phone number: international (+351 912 345 678) or national of the phoneCountry (8 (912) 345-67-89 in RU)',
  'profile.telegram.error.characters': 'a Telegram username has only letters, digits or "_"',
  'profile.telegram.error.start': 'a Telegram username starts with a letter',
  'order.name.error.required': 'enter your name',
  'order.email.error.required': 'enter your e-mail address',
  'order.email.error.invalid': 'not a valid e-mail address',
  'order.error.tooLong': 'at most {max} characters',
  'order.interest.error.required': 'choose what the order is about',
  'order.interest.error.invalid': 'not a product or service of the catalogue',
  'order.budget.error.required': 'choose a budget range',
  'order.message.error.required': 'tell us about the project',
  'order.message.error.tooShort': 'at least {min} characters',
  'order.consent.error.required': 'the privacy policy must be accepted',
  'order.referralCode.error.invalid': 'only Latin letters, digits, "-" and "_"',
  'order.referralCode.error.unknown': 'there is no active referral code like this; check it or leave the field empty',
  'order.referralCode.error.own': 'your own referral code cannot be used for your own request',
};

/** The English text of a problem, with its values filled in; an unknown id is given as it is. */
export function problemText(problem: FieldProblem): string {
  const text = ENGLISH[problem.id] ?? problem.id;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (problem.values && name in problem.values ? String(problem.values[name]) : whole));
}

/** "path: text" of a zod issue, as the server's 400 messages say it (e.g. "email: enter a valid e-mail address"). */
export function issueText(issue: z.core.$ZodIssue): string {
  const text = problemText(problemOf(issue));
  return issue.path.length ? `${issue.path.join('.')}: ${text}` : text;
}
