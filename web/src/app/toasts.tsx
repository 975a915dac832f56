/**
 * Feedback after the user's own actions (FEEDBACK-TOAST): the single-page app mounts one ui
 * `Toaster` (`AppToasts`, in the app shell) and features say "Saved" with `useNotify()`. A toast is
 * announced by Radix's live region and closes by itself after 5 s (F8 reaches it). Outside an
 * `AppToasts` (an HTML-first document's React island, a unit test without it) `useNotify` does
 * nothing, so a feature never depends on it being there.
 */
import { ToastProvider, Toaster, type ToastTone, useToast } from '@studio/ui';
import { type ReactNode, createContext, useCallback, useContext } from 'react';
import { useIntl } from 'react-intl';

/** Shows a toast: a message id of the catalogue (with values) and a tone (`success` by default). */
export type Notify = (id: string, options?: { values?: Record<string, string | number>; tone?: ToastTone }) => void;

const silent: Notify = () => {};
const NotifyContext = createContext<Notify>(silent);

/** Hands `useToast` to the features as a `Notify` taking message ids. */
function NotifyProvider(props: { children: ReactNode }) {
  const { toast } = useToast();
  const intl = useIntl();
  const notify = useCallback<Notify>((id, options) => void toast({ title: intl.formatMessage({ id }, options?.values), tone: options?.tone ?? 'success' }), [toast, intl]);
  return <NotifyContext.Provider value={notify}>{props.children}</NotifyContext.Provider>;
}

/** The app's toast provider and viewport, with their labels in the page's language; wrap the app once. */
export function AppToasts(props: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <ToastProvider label={intl.formatMessage({ id: 'toast.label' })}>
      <NotifyProvider>{props.children}</NotifyProvider>
      {/* Radix puts the hotkey's name in place of `{hotkey}`. */}
      <Toaster label={intl.formatMessage({ id: 'toast.region' }, { hotkey: '{hotkey}' })} closeLabel={intl.formatMessage({ id: 'toast.close' })} />
    </ToastProvider>
  );
}

/** The function that shows a toast in this page's language; a no-op outside `AppToasts`. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}
