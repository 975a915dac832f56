/**
 * A REST request of authApi as an attempt `withReauthentication` (ReauthDialog) can run (ACC-SUDO):
 * the route's 403 `{ error: { code: 'REAUTHENTICATION_REQUIRED', message, methods } }` arrives as
 * an AuthApiError; here it becomes the GraphQL-like error the wrapper inspects, so the same dialog
 * asks for a proof and the request is sent again once.
 */
import type { MutationResult } from '../forms/runMutation';
import { AuthApiError } from '../session/authApi';

/** The MutationParameters of a REST attempt: no variables, the request's answer as `response.answer`. */
export interface RestAttempt<R> {
  readonly variables: Record<string, never>;
  readonly response: { readonly answer: R };
}

/**
 * Runs `request`: its answer as `{ response: { answer }, errors: [] }`; a `REAUTHENTICATION_REQUIRED`
 * AuthApiError as `{ response: null, errors: [{ message, extensions: { code, methods? } }] }`
 * (`methods`: the proofs the server named). Any other failure rejects as `request` did.
 */
export async function restAttempt<R>(request: () => Promise<R>): Promise<MutationResult<RestAttempt<R>>> {
  try {
    return { response: { answer: await request() }, errors: [] };
  } catch (reason) {
    if (!(reason instanceof AuthApiError) || reason.code !== 'REAUTHENTICATION_REQUIRED') throw reason;
    return {
      response: null,
      errors: [{ message: reason.message, extensions: { code: reason.code, ...(reason.methods ? { methods: [...reason.methods] } : {}) } }],
    };
  }
}
