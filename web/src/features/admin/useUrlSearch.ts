/**
 * A list's search box kept in the address (ADMIN-AREA): the text typed goes to the query parameter
 * `q` (replacing the history entry) once typing pauses for `SEARCH_DEBOUNCE_MS`, so a search can be
 * reloaded, shared and survives "back". Also reads and writes other filter parameters of the list.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing must pause before the search runs, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The longest search the API accepts (1–200 characters). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * `text`/`setText` for the input, `search` as the address holds it (trimmed; null when empty),
 * `param(name)`, `setParam(name, value)` and `setParamValues({ name: value })` for other filters
 * (null/'' removes a parameter).
 */
export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() || null;
  const [text, setText] = useState(search ?? '');
  // The address changes by itself too (the navigation's link to the bare list, "back"): the box
  // then shows the address's search — unless it is the one this box just wrote.
  const [seen, setSeen] = useState(search);
  const [written, setWritten] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (search !== written) {
      setWritten(search);
      setText(search ?? '');
    }
  }

  /** Sets (or, with null or '', removes) query parameters in one history replacement. */
  const setParamValues = useCallback(
    (values: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(values)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const setParam = useCallback((name: string, value: string | null) => setParamValues({ [name]: value }), [setParamValues]);

  useEffect(() => {
    const wanted = text.trim().slice(0, SEARCH_MAX_LENGTH) || null;
    if (wanted === search) return;
    const timer = setTimeout(() => {
      setWritten(wanted);
      setParam('q', wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, setParam]);

  return { text, setText, search, param: (name: string) => params.get(name), setParam, setParamValues };
}
