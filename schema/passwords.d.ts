/** Minimum password length in characters (OWASP ASVS 5.0 §6.2.1). */
export declare const PASSWORD_MIN: 8;
/** Maximum password length in characters (ASVS 6.2.9 asks that at least 64 be allowed). */
export declare const PASSWORD_MAX: 128;
/** What `passwordProblem` can find. */
export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'common';
/** Turns the text of common-passwords.txt (one lower-case password per line) into a set. */
export declare function parseCommonPasswords(text: string): Set<string>;
/** What is wrong with a new password, or null; `common` null skips the common-password list. */
export declare function passwordProblem(password: string, common: ReadonlySet<string> | null): PasswordProblem | null;
