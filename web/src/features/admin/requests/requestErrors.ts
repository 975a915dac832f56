/**
 * The admin request page's reading of a failed change (ADMIN-AREA, REQ-WORKFLOW,
 * ADMIN-CONCURRENCY): forms/serverErrors.ts's message (`SERVER_ERRORS.adminRequest`), and whether
 * it is a stale-version conflict, for which the page offers a reload.
 */
import type { FieldProblem } from '@studio/site/problems';
import { type GraphQLErrorLike, SERVER_ERRORS, firstError } from '../../../forms/serverErrors';

/** What the page shows for a failed change: the message, and whether it is a stale-version conflict. */
export interface RequestProblem {
  problem: FieldProblem;
  conflict: boolean;
}

/** The message of a failed request mutation (`errors` as runMutation gives them). */
export function requestProblem(errors: readonly GraphQLErrorLike[]): RequestProblem {
  const error = firstError(errors);
  return { problem: SERVER_ERRORS.adminRequest(error).problem, conflict: error?.code === 'VERSION_CONFLICT' };
}
