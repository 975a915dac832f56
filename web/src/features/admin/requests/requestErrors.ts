/**
 * The admin request page's reading of the server's errors (ADMIN-AREA, REQ-WORKFLOW,
 * ADMIN-CONCURRENCY): a message id of `admin.requests.error.*` (or the shared network and wait
 * messages), never the server's English. `conflict` tells the page to offer a reload.
 */
import type { FieldProblem } from '@studio/site/problems';
import { type GraphQLErrorLike, UNKNOWN_ERROR, firstError, formProblem } from '../../../forms/serverErrors';

/** What the page shows for a failed change: the message, and whether it is a stale-version conflict. */
export interface RequestProblem {
  problem: FieldProblem;
  conflict: boolean;
}

const BY_CODE: Record<string, string> = {
  VERSION_CONFLICT: 'admin.requests.error.conflict',
  INVALID_TRANSITION: 'admin.requests.error.transition',
  INVALID_ASSIGNEE: 'admin.requests.error.assignee',
  FORBIDDEN: 'admin.requests.error.forbidden',
  BAD_USER_INPUT: 'admin.requests.error.rejected',
};

/** The message of a failed request mutation (`errors` as runMutation gives them). */
export function requestProblem(errors: readonly GraphQLErrorLike[]): RequestProblem {
  const error = firstError(errors) ?? UNKNOWN_ERROR;
  const id = BY_CODE[error.code];
  if (id) return { problem: { id }, conflict: error.code === 'VERSION_CONFLICT' };
  const generic = formProblem(error);
  return { problem: generic.id === 'error.UNKNOWN' ? { id: 'admin.requests.error.save' } : generic, conflict: false };
}
