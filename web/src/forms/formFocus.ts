/**
 * The schema form's focus (useSchemaForm.tsx): a field with a new message gets the focus after the
 * render that shows the message, so both are announced together.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';

/** The field to focus after the next render, and whether to select its text. */
interface PendingFocus {
  field: string;
  select: boolean;
}

/** A field to focus after the next render: `later` asks for it (from a check or an event handler). */
export function useFocusLater() {
  const [tick, setTick] = useState(0);
  const pendingRef = useRef<PendingFocus | null>(null);
  const later = (field: string, select: boolean) => {
    pendingRef.current = { field, select };
    setTick((n) => n + 1);
  };
  return { tick, pendingRef, later };
}

/** Focuses the field asked for with `useFocusLater` once the render is on screen (`focusTarget`, else the control named after it). */
export function useFocusAfterRender(
  focus: ReturnType<typeof useFocusLater>,
  formRef: RefObject<HTMLFormElement | null>,
  focusTarget: ((field: string, form: HTMLFormElement) => HTMLElement | null) | undefined,
) {
  const { tick, pendingRef } = focus;
  // The tick makes a render even when the messages did not change.
  useEffect(() => {
    const target = pendingRef.current;
    const element = target && formRef.current ? (focusTarget?.(target.field, formRef.current) ?? namedControl(formRef.current, target.field)) : null;
    pendingRef.current = null;
    element?.focus();
    if (target?.select && element instanceof HTMLInputElement) element.select();
  }, [tick, focusTarget, pendingRef, formRef]);
}

function namedControl(form: HTMLFormElement, name: string): HTMLElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLElement ? element : null;
}
