/**
 * The password rules of every new-password form in the browser (ACC-PASSWORD; OWASP ASVS 5.0
 * §6.2): the server's own schema (`newPasswordField` of `@studio/site/fields`): 8–128 characters
 * counted as Unicode code points, no composition rules, none of the most common passwords, and
 * not mostly the account's own words — its e-mail address, the address's local part, its
 * username, the site's name (`withContextWords`, the shared `contextProblem`).
 *
 * The common-password list (~84 KB gzip) is loaded lazily, in its own chunk, the first time a
 * new-password field gets focus or a form is submitted — never with the entry bundle. If it cannot
 * be loaded the check runs without it: the server checks the list again anyway.
 */
import { newPasswordField } from '@studio/site/fields';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  type PasswordContext,
  type PasswordProblem,
  contextProblem,
  parseCommonPasswords,
  passwordProblem,
} from '@studio/site/passwords';
import { type FieldProblem, fieldProblem } from '@studio/site/problems';
import { z } from 'zod';

export { PASSWORD_MAX, PASSWORD_MIN, type PasswordProblem };

let loading: Promise<ReadonlySet<string>> | null = null;
let loaded: ReadonlySet<string> | null = null;

/** Loads (once) the common-password list; a failed load is forgotten, so the next call tries again. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@studio/site/common-passwords.txt?raw').then(
    (module) => (loaded = parseCommonPasswords(module.default)),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The list when it has arrived, else null (a synchronous check then skips it). */
export function commonPasswordsIfLoaded(): ReadonlySet<string> | null {
  return loaded;
}

/** A new password under the shared rules, with the list as far as it is loaded (forms wait for it with `waitForCommonPasswords`). */
export const newPassword = newPasswordField(commonPasswordsIfLoaded);

/** The repeated new password: required; that it equals the new one is `withConfirmation`'s check. */
export const confirmation = z.string().min(1, 'validation.required');

/** Adds "the repetition equals the new password" to a form schema (message at `repeat`). */
export function withConfirmation<S extends z.ZodObject>(schema: S, password: string, repeat: string): S {
  return schema.superRefine((value: Record<string, unknown>, ctx) => {
    if (value[repeat] && value[repeat] !== value[password]) ctx.addIssue({ code: 'custom', message: 'passwords.error.mismatch', path: [repeat] });
  });
}

/**
 * Adds "not mostly the account's own words" (ACC-PASSWORD) to a form schema: the message
 * `passwords.error.context` at `password` when, with the words of `context(value)` removed, fewer
 * than 8 characters are left. Runs once the fields' own rules pass (zod checks objects last).
 */
export function withContextWords<S extends z.ZodObject>(schema: S, password: string, context: (value: Record<string, unknown>) => PasswordContext): S {
  return schema.superRefine((value: Record<string, unknown>, ctx) => {
    const typed = value[password];
    if (typeof typed === 'string' && contextProblem(typed, context(value)))
      ctx.addIssue({ code: 'custom', message: 'passwords.error.context', path: [password] });
  });
}

/** A promise for the list when `password` would be checked against it and it has not arrived (length problems need no list). */
function listNeededFor(password: unknown): Promise<unknown> | null {
  if (loaded || typeof password !== 'string' || passwordProblem(password, null)) return null;
  return loadCommonPasswords().catch((error: unknown) => {
    console.warn('The common-password list could not be loaded; the server will check it.', error);
  });
}

/** The `prepare` of a form (forms/useSchemaForm) whose new password is named `name`: waits for the list when needed. */
export function waitForCommonPasswords(name: string) {
  return (formData: FormData) => listNeededFor(formData.get(name));
}

/** Checks a new password against the rules with the list as far as it is loaded (no waiting). */
export function checkNewPasswordNow(password: string): FieldProblem | null {
  return fieldProblem(newPassword, password);
}

/** Checks a new password against every rule, loading the list first when it is needed. */
export async function checkNewPassword(password: string): Promise<FieldProblem | null> {
  await listNeededFor(password);
  return checkNewPasswordNow(password);
}

/** The repeated new password must be given and equal the new one. */
export function checkConfirmation(password: string, repeated: string): FieldProblem | null {
  return fieldProblem(withConfirmation(z.object({ password: z.string(), confirmation }), 'password', 'confirmation'), { password, confirmation: repeated });
}
