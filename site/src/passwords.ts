/**
 * The password rules the server and the browser share (product rule ACC-PASSWORD; OWASP ASVS 5.0
 * §6.2): at least 8 characters, up to 128 allowed (ASVS asks for at least 64), no composition
 * rules, and none of the most common passwords (`common-passwords.txt`, derived from
 * @zxcvbn-ts/language-common by `scripts/common-passwords.mjs`). Browser-safe: no Node imports; the
 * caller loads the list.
 */

/** Minimum password length in characters (ASVS 6.2.1). */
export const PASSWORD_MIN = 8;
/** Maximum password length in characters (ASVS 6.2.9 asks that at least 64 be allowed). */
export const PASSWORD_MAX = 128;

/** What `passwordProblem` can find. */
export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'common';

/** Turns the text of common-passwords.txt (one lower-case password per line) into a set. */
export function parseCommonPasswords(text: string): Set<string> {
  return new Set(text.split('\n').filter(Boolean));
}

/**
 * What is wrong with a new password, or null when it is acceptable. Length counts Unicode code
 * points, so an emoji is one character. `common` null skips the list (while it is loading).
 */
export function passwordProblem(password: string, common: ReadonlySet<string> | null): PasswordProblem | null {
  if (!password) return 'required';
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'tooShort';
  if (length > PASSWORD_MAX) return 'tooLong';
  if (common?.has(password.toLowerCase())) return 'common';
  return null;
}
