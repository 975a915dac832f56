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
 * The one map from a service's failure to the GraphQL error clients read (API-ERRORS): an error
 * whose original is an `HttpError` becomes `extensions: { code, ...details }` (field, attemptsLeft,
 * retryAfterSeconds) at the same path; FORBIDDEN keeps the `Forbidden resource` message and no
 * details. Services throw `HttpError`s; resolvers let them through; the server's error masking
 * (graphql/server.ts) calls this for every error of every operation, HTTP, WebSocket and SSR alike.
 * @returns the mapped error, or null when `error` did not come from an `HttpError`.
 */
export function fromServiceError(error: GraphQLError): GraphQLError | null {
  const original = error.originalError;
  if (!(original instanceof HttpError)) return null;
  const forbiddenResource = original.code === 'FORBIDDEN';
  return new GraphQLError(forbiddenResource ? FORBIDDEN_MESSAGE : original.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: forbiddenResource ? { code: 'FORBIDDEN' } : { code: original.code, ...original.details },
  });
}
