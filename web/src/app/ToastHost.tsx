/**
 * The toast area itself (FEEDBACK-TOAST), loaded on its own after hydration so the Radix toast code
 * stays out of the app's first bundle: the ui `ToastProvider` and `Toaster`, and a bridge that hands
 * `toast()` to `AppToasts` (app/toasts.tsx), which queues what was said before this loaded.
 */
import { ToastProvider, Toaster, type ToastOptions, useToast } from '@studio/ui';
import { useEffect } from 'react';

/** What `AppToasts` gives the host: the labels and where to register the show function. */
export interface ToastHostProps {
  label: string;
  regionLabel: string;
  closeLabel: string;
  register: (show: (options: ToastOptions) => void) => void;
}

function Bridge(props: { register: ToastHostProps['register'] }) {
  const { toast } = useToast();
  const { register } = props;
  useEffect(() => register((options) => void toast(options)), [register, toast]);
  return null;
}

/** The provider, the bridge and the viewport. */
export default function ToastHost(props: ToastHostProps) {
  return (
    <ToastProvider label={props.label}>
      <Bridge register={props.register} />
      <Toaster label={props.regionLabel} closeLabel={props.closeLabel} />
    </ToastProvider>
  );
}
