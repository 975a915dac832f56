/**
 * The refetch of a back-office list when its filters change (ADMIN-AREA): the first page was
 * asked with the filters of the address at mount; when they change later (typing, a control,
 * "back") the connection is refetched network-only in a transition, so the old list stays on
 * screen (dimmed through `aria-busy`) until the new one arrives. Answers whether a refetch is pending.
 * A cleared filter must be `null`, not `undefined`: Relay keeps a refetch variable left out.
 */
import { useEffect, useRef, useTransition } from 'react';

export function useRefetchOnChange<V extends Record<string, unknown>>(
  variables: V,
  refetch: (variables: V, options: { fetchPolicy: 'network-only' }) => unknown,
): boolean {
  const [pending, startTransition] = useTransition();
  // Compared by value: the variables are a fresh object every render.
  const key = JSON.stringify(variables);
  const loaded = useRef(key);
  useEffect(() => {
    if (key === loaded.current) return;
    loaded.current = key;
    startTransition(() => {
      refetch(JSON.parse(key) as V, { fetchPolicy: 'network-only' });
    });
  }, [key, refetch]);
  return pending;
}
