/**
 * Small helpers the account forms of issue 6 share (e-mail, password, codes): a Relay mutation as
 * a promise that always resolves with its GraphQL errors, the error code and extensions the server
 * sends (schema 1.3 `extensions.code` / `field` / `attemptsLeft` / `retryAfterSeconds`), the
 * localized "wait and try again" message, and focusing the first field in error (contract: validate
 * in the browser first, focus the first bad field, never show the server's English).
 */
import type { Disposable, MutationParameters } from 'relay-runtime';
import type { UseMutationConfig } from 'react-relay';
import { type GraphQLErrorLike, graphQLErrorsOf } from '../order/validation';
import type { FieldProblem } from './validation';

export type { GraphQLErrorLike };

/** What a finished mutation answered: its data (null when it failed) and its GraphQL errors. */
export interface MutationResult<T extends MutationParameters> {
  response: T['response'] | null;
  errors: readonly GraphQLErrorLike[];
}

/**
 * Runs `commit` (from `useMutation`) and resolves when it is done, never rejecting: a failure
 * without GraphQL errors (the server could not be reached) resolves with a `NETWORK` error.
 */
export function runMutation<T extends MutationParameters>(
  commit: (config: UseMutationConfig<T>) => Disposable,
  config: Omit<UseMutationConfig<T>, 'onCompleted' | 'onError'>,
): Promise<MutationResult<T>> {
  return new Promise((resolve) => {
    commit({
      ...config,
      onCompleted: (response, errors) => resolve({ response: errors?.length ? null : response, errors: (errors ?? []) as GraphQLErrorLike[] }),
      onError: (error) => {
        const errors = graphQLErrorsOf(error);
        resolve({ response: null, errors: errors.length ? errors : [{ message: error.message, extensions: { code: 'NETWORK' } }] });
      },
    });
  });
}

/** The first error that carries a code, with its extensions. */
export function firstError(errors: readonly GraphQLErrorLike[]): { code: string; field: string | null; extensions: Record<string, unknown> } | null {
  for (const error of errors) {
    const extensions = error.extensions ?? {};
    if (typeof extensions['code'] === 'string') {
      return { code: extensions['code'], field: typeof extensions['field'] === 'string' ? extensions['field'] : null, extensions };
    }
  }
  return errors.length ? { code: 'UNKNOWN', field: null, extensions: {} } : null;
}

/** "Too many attempts — wait …": in seconds under a minute, else in whole minutes; no number when unknown. */
export function waitProblem(seconds: number | null | undefined): FieldProblem {
  const s = Number(seconds);
  if (!Number.isFinite(s) || s <= 0) return { id: 'passwords.error.tooManyRequests' };
  if (s < 60) return { id: 'passwords.error.waitSeconds', values: { seconds: Math.ceil(s) } };
  return { id: 'passwords.error.waitMinutes', values: { minutes: Math.ceil(s / 60) } };
}

/** The form-level message of an error no field owns (network, rate limit, anything unexpected). */
export function formProblem(error: { code: string; extensions: Record<string, unknown> }): FieldProblem {
  switch (error.code) {
    case 'NETWORK':
      return { id: 'error.NETWORK' };
    case 'TOO_MANY_REQUESTS':
    case 'RATE_LIMITED':
      return waitProblem(error.extensions['retryAfterSeconds'] as number | undefined);
    default:
      return { id: 'error.UNKNOWN' };
  }
}

/** Focuses the first of `order` that has a problem (its input is found by `name`); answers whether one did. */
export function focusFirstInvalid<F extends string>(form: HTMLFormElement | null, order: readonly F[], problems: Partial<Record<F, unknown>>): boolean {
  const first = order.find((field) => problems[field]);
  if (!first) return false;
  form?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  return true;
}

/** Letters and digits of the mailed codes: A–Z and 2–9 without I, O, 0, 1 (schema 1.3). */
const CODE = /^[A-HJ-NP-Z2-9]{8}$/;

/** A typed code as the server reads it: upper case, without spaces or dashes. */
export function normalizeCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

/** Whether a typed code can be one of ours (8 characters of the code alphabet, case and spaces aside). */
export function checkCode(value: string): FieldProblem | null {
  const code = normalizeCode(value);
  if (!code) return { id: 'validation.required' };
  return CODE.test(code) ? null : { id: 'passwords.code.format' };
}
