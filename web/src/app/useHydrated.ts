/**
 * False during server rendering and hydration, true afterwards: account pages render the same
 * shell on the server and in the first client render, then their data-dependent content.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
