/**
 * Moves focus to an element when something appeared that replaced what had focus (a confirmation
 * instead of a form, a message instead of a field), so keyboard and screen-reader users keep their
 * place and hear it at once. Focuses whenever `when` turns to a new truthy value; the element needs
 * `tabIndex={-1}` unless it is focusable anyway.
 */
import { useEffect, useRef } from 'react';

export function useFocusWhen<T extends HTMLElement>(when: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}
