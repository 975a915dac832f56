/**
 * Client-side checks of the auth forms, mirroring the server's rules
 * (api/src/users/validation.ts): e-mail ≤ 254, password 8–128, name 1–100 characters.
 * Answers message descriptors so the form shows them in the user's language.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

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

export function checkPassword(value: string, mode: 'signIn' | 'register'): FieldProblem | null {
  if (!value) return { id: 'validation.required' };
  if (mode === 'register' && value.length < PASSWORD_MIN) return { id: 'validation.passwordTooShort', values: { min: PASSWORD_MIN } };
  if (value.length > (mode === 'register' ? PASSWORD_MAX : 1024)) return { id: 'validation.tooLong', values: { max: PASSWORD_MAX } };
  return null;
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
