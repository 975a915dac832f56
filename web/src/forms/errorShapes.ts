/**
 * The shapes the server's errors arrive in (API-ERRORS), read as one `ServerError`: GraphQL errors
 * with `extensions.code` (often `field`, and `retryAfterSeconds` or `attemptsLeft`), and REST
 * failures (`{ error: { code } }`, a 429's `Retry-After`; `NETWORK` when the server could not be
 * reached). ./serverErrors.ts turns them into messages.
 */
import type { FieldProblem } from '@studio/site/problems';

/** A GraphQL error as it reaches the client. */
export interface GraphQLErrorLike {
  message?: string;
  extensions?: Record<string, unknown> | null;
}

/** One error of the server: its code, the argument it names (or null) and every extension. */
export interface ServerError {
  code: string;
  field: string | null;
  extensions: Record<string, unknown>;
}

/** What a form shows for a server error: a field's message, or the form's (`field` null). */
export interface ServerProblem<F extends string = string> {
  field: F | null;
  problem: FieldProblem;
  /** Select the field's text when it gets the focus (a code or password to type again). */
  select?: boolean;
}

/** An error without a code (a failed answer that said nothing). */
export const UNKNOWN_ERROR: ServerError = { code: 'UNKNOWN', field: null, extensions: {} };

/** The first error that carries a code, with its extensions; `UNKNOWN` for codeless errors; null for none. */
export function firstError(errors: readonly GraphQLErrorLike[]): ServerError | null {
  for (const error of errors) {
    const extensions = error.extensions ?? {};
    if (typeof extensions['code'] === 'string') {
      return { code: extensions['code'], field: typeof extensions['field'] === 'string' ? extensions['field'] : null, extensions };
    }
  }
  return errors.length ? UNKNOWN_ERROR : null;
}

/** The code of the first error that has one (`UNKNOWN` for errors without), or null for none. */
export function errorCode(errors: readonly GraphQLErrorLike[]): string | null {
  return firstError(errors)?.code ?? null;
}

/** The GraphQL errors carried by a Relay mutation error (`error.source.errors`), if any. */
export function graphQLErrorsOf(error: unknown): GraphQLErrorLike[] {
  const source = (error as { source?: { errors?: unknown } } | null)?.source;
  return Array.isArray(source?.errors) ? (source.errors as GraphQLErrorLike[]) : [];
}

/** A failed REST call (session/authApi's `AuthApiError`: `code`, `status`, `retryAfterSeconds`, `field`, `problem`) as a ServerError. */
export function restError(error: unknown): ServerError {
  const rest = error as { code?: unknown; status?: unknown; retryAfterSeconds?: unknown; field?: unknown; problem?: unknown } | null;
  if (!(error instanceof Error) || typeof rest?.code !== 'string') return UNKNOWN_ERROR;
  return {
    code: rest.code,
    field: typeof rest.field === 'string' ? rest.field : null,
    extensions: { status: rest.status, retryAfterSeconds: rest.retryAfterSeconds, problem: rest.problem },
  };
}

/** The seconds a refusal asks to wait (`retryAfterSeconds`, a 429's `Retry-After`). */
export const retryAfter = (error: ServerError) => error.extensions['retryAfterSeconds'] as number | null | undefined;

/** Whether the server refused for a rate limit: a 429 status, or a rate-limit code. */
export function isWait(error: ServerError): boolean {
  return error.extensions['status'] === 429 || error.code === 'TOO_MANY_REQUESTS' || error.code === 'RATE_LIMITED';
}

/**
 * BELOW_MINIMUM's minimum as money: `extensions.minimum` as `{ amount, currency }`, or minor units of
 * `extensions.currency` or of `currency` (the balance the action was about); null when unknown.
 */
export function minimumOf(error: ServerError, currency?: string): { amount: number; currency: string } | null {
  const minimum = error.extensions['minimum'];
  const money = minimum as { amount?: unknown; currency?: unknown } | null | undefined;
  if (typeof money?.amount === 'number' && typeof money.currency === 'string') return { amount: money.amount, currency: money.currency };
  const own = error.extensions['currency'];
  const of = currency ?? (typeof own === 'string' ? own : undefined);
  return typeof minimum === 'number' && of ? { amount: minimum, currency: of } : null;
}
