/**
 * The password rules the server and the browser share (product rule ACC-PASSWORD; OWASP ASVS 5.0
 * §6.2): at least 8 characters, up to 128 allowed (ASVS asks for at least 64), no composition
 * rules, none of the most common passwords (`common-passwords.txt`, derived from
 * @zxcvbn-ts/language-common by `scripts/common-passwords.mjs`), and nothing that is mostly the
 * account's own context words — its e-mail address, the address's local part, the username, the
 * site's name (ASVS 5.0 §6.2.11, `contextProblem`). Browser-safe: no Node imports; the caller loads
 * the list.
 */

/** Minimum password length in characters (ASVS 6.2.1). */
export const PASSWORD_MIN = 8;
/** Maximum password length in characters (ASVS 6.2.9 asks that at least 64 be allowed). */
export const PASSWORD_MAX = 128;

/** What `passwordProblem` can find. */
export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'common' | 'context';

/**
 * What a password is checked against besides the lists: the account's e-mail address, its
 * username and the site's name (any may be missing or empty).
 */
export interface PasswordContext {
  email?: string | null | undefined;
  username?: string | null | undefined;
  siteName?: string | null | undefined;
}

/** Context words shorter than this are not looked for (a one-letter local part is in many passwords). */
export const CONTEXT_WORD_MIN = 3;

/** The context words of `context`, lower-cased: the e-mail, its local part, the username and the site name (ACC-PASSWORD). */
export function contextWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (word: string | null | undefined) => {
    const w = word?.trim().toLowerCase();
    if (w && [...w].length >= CONTEXT_WORD_MIN) words.add(w);
  };
  add(context.email);
  add(context.email?.split('@')[0]);
  add(context.username);
  add(context.siteName);
  // Longest first, so the e-mail is removed before its own local part.
  return [...words].sort((a, b) => b.length - a.length);
}

/**
 * Whether `password` is mostly context words (ACC-PASSWORD): compared case-insensitively, with
 * every occurrence of each word removed, fewer than PASSWORD_MIN characters are left — so
 * "alice@example.com", "Alice2024!" or "studio-studio" are refused for alice@example.com on the
 * Studio site, while a long passphrase that merely mentions one of them is accepted.
 */
export function contextProblem(password: string, context: PasswordContext): boolean {
  let rest = password.toLowerCase();
  let found = false;
  for (const word of contextWords(context)) {
    if (!rest.includes(word)) continue;
    found = true;
    rest = rest.split(word).join('');
  }
  return found && [...rest].length < PASSWORD_MIN;
}

/** Turns the text of common-passwords.txt (one lower-case password per line) into a set. */
export function parseCommonPasswords(text: string): Set<string> {
  return new Set(text.split('\n').filter(Boolean));
}

/**
 * What is wrong with a new password, or null when it is acceptable. Length counts Unicode code
 * points, so an emoji is one character. `common` null skips the list (while it is loading);
 * `context` (the account's e-mail, username, the site name) adds `contextProblem`.
 */
export function passwordProblem(password: string, common: ReadonlySet<string> | null, context: PasswordContext = {}): PasswordProblem | null {
  if (!password) return 'required';
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'tooShort';
  if (length > PASSWORD_MAX) return 'tooLong';
  if (common?.has(password.toLowerCase())) return 'common';
  if (contextProblem(password, context)) return 'context';
  return null;
}
