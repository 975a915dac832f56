/**
 * The password rules of every new-password form in the browser (issue 6; OWASP ASVS 5.0 §6.2),
 * the same as the server's because both use `@studio/schema/passwords`: 8–128 characters counted
 * as Unicode code points, no composition rules, none of the most common passwords.
 *
 * The common-password list (~84 KB gzip) is loaded lazily, in its own chunk, the first time a
 * new-password field gets focus or a form is submitted — never with the entry bundle. If it cannot
 * be loaded the check runs without it: the server checks the list again anyway.
 */
import { PASSWORD_MAX, PASSWORD_MIN, type PasswordProblem, parseCommonPasswords, passwordProblem } from '@studio/schema/passwords';
import type { FieldProblem } from './validation';

export { PASSWORD_MAX, PASSWORD_MIN, type PasswordProblem };

let loading: Promise<ReadonlySet<string>> | null = null;
let loaded: ReadonlySet<string> | null = null;

/** Loads (once) the common-password list; a failed load is forgotten, so the next call tries again. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@studio/schema/common-passwords.txt?raw').then(
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

/** The message of a password problem, with the limits it mentions. */
export function passwordProblemMessage(problem: PasswordProblem): FieldProblem {
  switch (problem) {
    case 'required':
      return { id: 'validation.required' };
    case 'tooShort':
      return { id: 'validation.passwordTooShort', values: { min: PASSWORD_MIN } };
    case 'tooLong':
      return { id: 'passwords.error.tooLong', values: { max: PASSWORD_MAX } };
    case 'common':
      return { id: 'passwords.error.common' };
  }
}

/** Checks a new password against the rules with the list as far as it is loaded (no waiting). */
export function checkNewPasswordNow(password: string): FieldProblem | null {
  const problem = passwordProblem(password, loaded);
  return problem ? passwordProblemMessage(problem) : null;
}

/**
 * Checks a new password against every rule, loading the list first (on submit). A list that
 * fails to load is skipped with a warning rather than blocking the form.
 */
export async function checkNewPassword(password: string): Promise<FieldProblem | null> {
  // Length problems need no list; answer them without waiting for it.
  const quick = passwordProblem(password, null);
  if (quick) return passwordProblemMessage(quick);
  const common = await loadCommonPasswords().catch((error: unknown) => {
    console.warn('The common-password list could not be loaded; the server will check it.', error);
    return null;
  });
  const problem = passwordProblem(password, common);
  return problem ? passwordProblemMessage(problem) : null;
}

/** The repeated new password must be given and equal the new one. */
export function checkConfirmation(password: string, confirmation: string): FieldProblem | null {
  if (!confirmation) return { id: 'validation.required' };
  return confirmation === password ? null : { id: 'passwords.error.mismatch' };
}
