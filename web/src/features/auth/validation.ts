/**
 * Client-side checks of the auth forms, mirroring the server's rules
 * (api/src/users/validation.ts): e-mail ≤ 254, name 1–100 characters, a password to sign in with
 * given. New passwords follow the shared rules of passwordRules.ts (`@studio/schema/passwords`).
 * Answers message descriptors so the form shows them in the user's language.
 */

export interface FieldProblem {
  id: string;
  values?: Record<string, number>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): FieldProblem | null {
  const v = value.trim();
  if (!v) return { id: 'validation.required' };
  if (v.length > 254) return { id: 'validation.tooLong', values: { max: 254 } };
  return EMAIL.test(v) ? null : { id: 'validation.email' };
}

/**
 * A password to sign in (or confirm a change) with: only required. Its length is not checked, so
 * a password set under older rules still works; absurd lengths are the server's to refuse.
 */
export function checkCurrentPassword(value: string): FieldProblem | null {
  return value ? null : { id: 'validation.required' };
}

export function checkName(value: string): FieldProblem | null {
  const v = value.trim();
  if (!v) return { id: 'validation.required' };
  return v.length > 100 ? { id: 'validation.tooLong', values: { max: 100 } } : null;
}

/** The message id for a server error code (unknown codes read as a generic failure). */
export function serverErrorMessageId(code: string): string {
  const known = ['INVALID_CREDENTIALS', 'EMAIL_TAKEN', 'VALIDATION_FAILED', 'RATE_LIMITED', 'NETWORK'];
  return `error.${known.includes(code) ? code : 'UNKNOWN'}`;
}
