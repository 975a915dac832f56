/**
 * The schema form's submits (useSchemaForm.tsx): busy while checking and sending (a second submit
 * meanwhile is ignored), the promise of `submit()`, and the wait for `prepare` before checking.
 */
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { INTENT } from './schemaCheck';

/** Busy while checking or sending; `settle` ends the promise of the pending `submit()`. */
export function useSubmitState(formRef: RefObject<HTMLFormElement | null>) {
  const [busy, setBusyState] = useState(false);
  const busyRef = useRef(false);
  const waiter = useRef<((ok: boolean) => void) | null>(null);
  const setBusy = (value: boolean) => {
    busyRef.current = value;
    setBusyState(value);
  };
  const settle = (ok: boolean) => {
    waiter.current?.(ok);
    waiter.current = null;
  };
  /** Submits as the user would; resolves whether the values were sent and accepted. */
  const submit = () =>
    new Promise<boolean>((resolve) => {
      if (busyRef.current) return resolve(false);
      settle(false);
      waiter.current = resolve;
      formRef.current?.requestSubmit();
    });
  return { busy, busyRef, setBusy, settle, submit };
}

/** Sends valid values with `onValid`, busy meanwhile; `done` gets its answer (what the server refused, if anything). */
export function sendValid<T>(
  onValid: () => Promise<T | null | void> | T | null | void,
  state: Pick<ReturnType<typeof useSubmitState>, 'setBusy' | 'settle'>,
  done: (found: T) => void,
) {
  state.setBusy(true);
  void Promise.resolve(onValid()).then(
    (found) => {
      state.setBusy(false);
      if (found) done(found);
      state.settle(!found);
    },
    (error: unknown) => {
      state.setBusy(false);
      state.settle(false);
      throw error;
    },
  );
}

/** The `<form>`'s submit handler: ignores a submit while busy, and waits for `prepare` before Conform checks. */
export function usePreparedSubmit(
  prepare: ((formData: FormData) => Promise<unknown> | null) | undefined,
  state: Pick<ReturnType<typeof useSubmitState>, 'busyRef' | 'setBusy'>,
  check: (event: FormEvent<HTMLFormElement>) => void,
) {
  const prepared = useRef(false);
  return function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute('name') !== INTENT) {
      if (state.busyRef.current) {
        // Still checking or sending the last one.
        event.preventDefault();
        return;
      }
      const waiting = prepared.current ? null : prepare?.(new FormData(event.currentTarget));
      prepared.current = false;
      if (waiting) {
        // Check once it has arrived (or failed: the check then runs without it).
        event.preventDefault();
        state.setBusy(true);
        const element = event.currentTarget;
        void waiting
          .catch(() => undefined)
          .then(() => {
            state.setBusy(false);
            prepared.current = true;
            element.requestSubmit();
          });
        return;
      }
    }
    check(event);
  };
}
