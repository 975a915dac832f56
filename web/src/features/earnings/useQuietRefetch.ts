/**
 * A quiet refetch of a page's query into the Relay store (LEDGER-LIVE, PAYOUT-PAGE): the page keeps
 * showing what it has while the fresh answer arrives, and its fragments update in place. One
 * refetch at a time; a call while one runs asks for exactly one more after it (a burst of change
 * notices costs two requests, not one per notice). Used by /profile/earnings and /profile/payouts.
 */
import { useCallback, useEffect, useRef } from 'react';
import { type GraphQLTaggedNode, fetchQuery, useRelayEnvironment } from 'react-relay';
import type { OperationType } from 'relay-runtime';

/** Refetches `query` with `variables()` (read at each run) quietly; answers the function that starts one. */
export function useQuietRefetch<Q extends OperationType>(query: GraphQLTaggedNode, variables: () => Q['variables'], label: string): () => void {
  const environment = useRelayEnvironment();
  const variablesRef = useRef(variables);
  useEffect(() => {
    variablesRef.current = variables;
  });
  const state = useRef({ running: false, again: false });
  return useCallback(() => {
    const flags = state.current;
    const run = () => {
      flags.running = true;
      const done = () => {
        flags.running = false;
        if (flags.again) {
          flags.again = false;
          // After Relay has let go of the finished request (an identical one in flight is shared).
          setTimeout(run, 0);
        }
      };
      fetchQuery<Q>(environment, query, variablesRef.current(), { fetchPolicy: 'network-only' }).subscribe({
        complete: done,
        error: (error: unknown) => {
          console.warn(`${label} refetch failed`, error);
          done();
        },
      });
    };
    if (flags.running) flags.again = true;
    else run();
  }, [environment, query, label]);
}
