/**
 * The GraphQL errors of the profile's own mutations (issue 6; contract: `extensions.code`, often
 * `extensions.field`) as message descriptors, so the page never shows the server's English.
 * Mutations run through `runMutation` of the account forms (auth/forms.ts), which folds Relay's
 * two ways of failing into one list of errors (`NETWORK` when the server could not be reached);
 * network and rate-limit messages are the ones those forms use too.
 */
import { type GraphQLErrorLike, firstError, formProblem } from '../auth/forms';
import { FIELD_CHECKS, type FieldProblem, type InlineField } from './fieldRules';

export type { GraphQLErrorLike };

/** Codes whose message is the same everywhere: unreachable server, rate limits. */
const SHARED_CODES = new Set(['NETWORK', 'TOO_MANY_REQUESTS', 'RATE_LIMITED']);

/** The code of the first error that has one (`UNKNOWN` for errors without), or null for none. */
export function errorCode(errors: readonly GraphQLErrorLike[]): string | null {
  return firstError(errors)?.code ?? null;
}

/** The message for errors a block does not handle itself: network, rate limit, or "could not save". */
export function genericProblem(errors: readonly GraphQLErrorLike[]): FieldProblem {
  const first = firstError(errors);
  return first && SHARED_CODES.has(first.code) ? formProblem(first) : { id: 'profile.error.save' };
}

/**
 * The message shown at an in-place field after a failed `updateUser`:
 * - `USERNAME_TAKEN` → "already taken";
 * - `BAD_USER_INPUT` for this field → the browser's own check of `typed` when it finds the problem
 *   (the rules are the server's), else a plain "not accepted";
 * - anything else → network, rate limit or "could not save, try again".
 */
export function inlineFieldProblem(field: InlineField, errors: readonly GraphQLErrorLike[], typed: string): FieldProblem {
  if (field === 'username' && errors.some((error) => error.extensions?.['code'] === 'USERNAME_TAKEN')) return { id: 'profile.username.error.taken' };
  const bad = errors.some((error) => error.extensions?.['code'] === 'BAD_USER_INPUT' && error.extensions?.['field'] === field);
  if (bad) {
    const check = FIELD_CHECKS[field](typed);
    return check.ok ? { id: 'profile.field.error.rejected' } : check.problem;
  }
  return genericProblem(errors);
}
