/**
 * A Relay mutation as a promise that always resolves, with its data (null when it failed) and its
 * GraphQL errors: Relay's two ways of failing (`onCompleted` with errors, `onError`) become one
 * list, and a failure without GraphQL errors (the server could not be reached) becomes `NETWORK`.
 * Mutations are sent once, never retried (SESSION-RETRY).
 */
import type { UseMutationConfig } from 'react-relay';
import type { Disposable, MutationParameters } from 'relay-runtime';
import { type GraphQLErrorLike, graphQLErrorsOf } from './serverErrors';

/** What a finished mutation answered: its data (null when it failed) and its GraphQL errors. */
export interface MutationResult<T extends MutationParameters> {
  response: T['response'] | null;
  errors: readonly GraphQLErrorLike[];
}

/** Runs `commit` (from `useMutation`) and resolves when it is done, never rejecting. */
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
