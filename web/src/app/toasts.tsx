/**
 * Feedback after the user's own actions (FEEDBACK-TOAST): the single-page app mounts one ui
 * `Toaster` (`AppToasts`, in the app shell) and features say "Saved" with `useNotify()`. A toast is
 * announced by Radix's live region and closes by itself after 5 s (F8 reaches it). The toast code
 * (app/ToastHost.tsx) loads on its own once the page is hydrated; what is said before that is
 * queued and shown when it arrives. Outside an `AppToasts` (an HTML-first document's React island,
 * a unit test without it) `useNotify` does nothing, so a feature never depends on it being there.
 */
import type { ToastOptions, ToastTone } from '@studio/ui';
import { type ReactNode, Suspense, createContext, lazy, useCallback, useContext, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useHydrated } from './useHydrated';

/** Shows a toast: a message id of the catalogue (with values) and a tone (`success` by default). */
export type Notify = (id: string, options?: { values?: Record<string, string | number>; tone?: ToastTone }) => void;

const silent: Notify = () => {};
const NotifyContext = createContext<Notify>(silent);
const ToastHost = lazy(() => import('./ToastHost'));

/** The app's toasts, with their labels in the page's language; wrap the app once. */
export function AppToasts(props: { children: ReactNode }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const show = useRef<((options: ToastOptions) => void) | null>(null);
  const waiting = useRef<ToastOptions[]>([]);
  const notify = useCallback<Notify>(
    (id, options) => {
      const toast: ToastOptions = { title: intl.formatMessage({ id }, options?.values), tone: options?.tone ?? 'success' };
      if (show.current) show.current(toast);
      else waiting.current.push(toast);
    },
    [intl],
  );
  const register = useCallback((next: (options: ToastOptions) => void) => {
    show.current = next;
    for (const toast of waiting.current.splice(0)) next(toast);
  }, []);
  return (
    <NotifyContext.Provider value={notify}>
      {props.children}
      {hydrated ? (
        <Suspense fallback={null}>
          {/* Radix puts the hotkey's name in place of `{hotkey}`. */}
          <ToastHost
            label={intl.formatMessage({ id: 'toast.label' })}
            regionLabel={intl.formatMessage({ id: 'toast.region' }, { hotkey: '{hotkey}' })}
            closeLabel={intl.formatMessage({ id: 'toast.close' })}
            register={register}
          />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}

/** The function that shows a toast in this page's language; a no-op outside `AppToasts`. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}
