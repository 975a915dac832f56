/**
 * GraphQL error constructors with the codes the clients rely on (API-ERRORS):
 * `Forbidden resource` / FORBIDDEN, bad input / BAD_USER_INPUT, no token / UNAUTHENTICATED (HTTP 401).
 */
import { GraphQLError } from 'graphql';
import { issueText } from '@studio/site/problems';
import type { ZodError } from 'zod';
import { HttpError } from '../http/errors.js';

export const FORBIDDEN_MESSAGE = 'Forbidden resource';

export function forbidden(): GraphQLError {
  return new GraphQLError(FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
}

export function unauthenticated(reason = 'A bearer access token is required.'): GraphQLError {
  return new GraphQLError(reason, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}

export function badInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) } });
}

export function conflict(code: string, message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}) } });
}

/**
 * One BAD_USER_INPUT error naming each invalid argument in English ("username: use at least 3
 * characters; …", `issueText` of @studio/site/problems); `extensions.field` is the first one's path.
 */
export function fromZod(error: ZodError, argument?: string): GraphQLError {
  const issues = error.issues.map((issue) => ({ ...issue, path: [...(argument ? [argument] : []), ...issue.path] }));
  const first = issues[0];
  return badInput(issues.map(issueText).join('; '), first?.path.join('.') || undefined);
}

/**
 * Runs `work` and turns an HttpError of a shared service (credentials, uploads) into a GraphQL error
 * with `extensions: { code, ...details }` (field, attemptsLeft, retryAfterSeconds); FORBIDDEN keeps
 * the `Forbidden resource` message the clients rely on. Other errors pass through.
 */
export async function fromHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.code === 'FORBIDDEN') throw forbidden();
    throw new GraphQLError(error.message, { extensions: { code: error.code, ...error.details } });
  }
}
