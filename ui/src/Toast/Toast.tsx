import { CheckCircledIcon, CrossCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import * as RadixToast from '@radix-ui/react-toast';
import { createContext, type ReactNode, type Ref, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { clsx } from 'clsx';
import { Button } from '../Button';
import { CloseButton } from '../Button/CloseButton';
import styles from './Toast.module.css';

/** Colour and icon of a toast: `neutral` (default), `success`, `danger`. */
export type ToastTone = 'neutral' | 'success' | 'danger';

/** An optional action button inside a toast, e.g. "Undo". */
export interface ToastActionOptions {
  /** Visible label of the button. */
  label: ReactNode;
  /** How to do the same without the toast, for screen-reader users (Radix requires it), e.g. "Restore it from the Trash page". */
  altText: string;
  /** Runs when the button is clicked; the toast then closes. */
  onClick: () => void;
}

export interface ToastProps {
  /** The message in one short line, e.g. "Changes saved". */
  title: ReactNode;
  /** Optional detail under the title. */
  description?: ReactNode;
  /** `neutral` (default), `success` or `danger`; sets the icon and the border, and `data-tone`. */
  tone?: ToastTone;
  /** Optional action button (e.g. "Undo"). */
  action?: ToastActionOptions;
  /** Accessible name of the × close button, e.g. "Close" (the button shows only an icon). */
  closeLabel: string;
  /** Controlled open state; pair it with `onOpenChange`. */
  open?: boolean;
  /** Whether the toast starts open when uncontrolled (default `true`). */
  defaultOpen?: boolean;
  /** Called when the toast closes (timer, × button, action, swipe, Escape). */
  onOpenChange?: (open: boolean) => void;
  /** Milliseconds before it closes by itself; overrides the provider's `duration`. `Infinity` keeps it open. */
  duration?: number;
  /** `foreground` (default) is announced at once, for results of the user's own action; `background` politely, for things that happened elsewhere. */
  type?: 'foreground' | 'background';
  /** Extra class for the toast element. */
  className?: string;
  /** Ref to the toast element. */
  ref?: Ref<HTMLLIElement>;
}

const icons = { neutral: InfoCircledIcon, success: CheckCircledIcon, danger: CrossCircledIcon } as const;

/**
 * One toast (Radix Toast): icon, title, optional description and action, and a × button. Render it
 * inside a `ToastProvider` next to a `ToastViewport`. Its content has `role="status"`; Radix
 * announces the text through a separate live region, so it is not read twice.
 */
export function Toast({ title, description, tone = 'neutral', action, closeLabel, className, ...props }: ToastProps) {
  const Icon = icons[tone];
  return (
    <RadixToast.Root {...props} data-tone={tone} className={clsx(styles.toast, className)}>
      {/* The list item keeps its role; the content is the status. Radix announces the text through its
          own live region, so this one is `aria-live="off"` to avoid a second reading. */}
      <div role="status" aria-live="off" aria-atomic="true" className={styles.layout}>
        <Icon aria-hidden width={18} height={18} className={styles.icon} />
        <div className={styles.text}>
          <RadixToast.Title className={styles.title}>{title}</RadixToast.Title>
          {description ? <RadixToast.Description className={styles.description}>{description}</RadixToast.Description> : null}
        </div>
        {action ? (
          <RadixToast.Action altText={action.altText} asChild>
            <Button variant="secondary" size="sm" className={styles.action} onClick={action.onClick}>
              {action.label}
            </Button>
          </RadixToast.Action>
        ) : null}
        <RadixToast.Close asChild>
          <CloseButton label={closeLabel} className={styles.close} />
        </RadixToast.Close>
      </div>
    </RadixToast.Root>
  );
}

export interface ToastViewportProps {
  /**
   * Accessible name of the notifications region; `{hotkey}` is replaced by the hotkey, e.g.
   * "Notifications ({hotkey})" → "Notifications (F8)".
   */
  label: string;
  /** Keys that move focus to the toasts (default `['F8']`). */
  hotkey?: string[];
  /** Extra class for the list of toasts. */
  className?: string;
}

/** Where toasts appear: a fixed stack at the bottom right, above everything (`--z-toast`). */
export function ToastViewport({ label, hotkey, className }: ToastViewportProps) {
  return <RadixToast.Viewport label={label} hotkey={hotkey} className={clsx(styles.viewport, className)} />;
}

/** Options of `toast()`: the same texts as `Toast`, minus the close label (that one comes from `Toaster`). */
export interface ToastOptions {
  /** The message in one short line. */
  title: ReactNode;
  /** Optional detail under the title. */
  description?: ReactNode;
  /** `neutral` (default), `success` or `danger`. */
  tone?: ToastTone;
  /** Optional action button. */
  action?: ToastActionOptions;
  /** Milliseconds before it closes by itself (default: the provider's `duration`). */
  duration?: number;
}

/** What `useToast()` returns. */
export interface ToastApi {
  /** Shows a toast through the nearest `Toaster`; returns its id. */
  toast: (options: ToastOptions) => string;
  /** Closes the toast with this id. */
  dismiss: (id: string) => void;
}

interface QueuedToast extends ToastOptions {
  id: string;
  open: boolean;
}

const ToastApiContext = createContext<ToastApi | null>(null);
const ToastListContext = createContext<QueuedToast[]>([]);

export interface ToastProviderProps {
  /** Word that prefixes each announcement so screen-reader users know it is a notification, e.g. "Notification". */
  label: string;
  /** Default milliseconds before a toast closes by itself (default 5000; `Infinity` keeps them open). */
  duration?: number;
  /** Direction in which a toast can be swiped away (default `right`). */
  swipeDirection?: 'up' | 'down' | 'left' | 'right';
  /** The app (anything that calls `useToast()`), a `Toaster` or `Toast`s and a `ToastViewport`. */
  children: ReactNode;
}

/**
 * Context for toasts: wrap the app once. It holds the queue of toasts shown with `toast()` (state in
 * React, no globals) and Radix's provider for timers, swipe and announcements.
 */
export function ToastProvider({ label, duration = 5000, swipeDirection = 'right', children }: ToastProviderProps) {
  const [toasts, setToasts] = useState<QueuedToast[]>([]);
  const nextId = useRef(0);
  const toast = useCallback((options: ToastOptions) => {
    nextId.current += 1;
    const id = `toast-${nextId.current}`;
    // Closed toasts have finished by the time a new one comes; drop them here rather than on a timer.
    setToasts((list) => [...list.filter((item) => item.open), { ...options, id, open: true }]);
    return id;
  }, []);
  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.map((item) => (item.id === id ? { ...item, open: false } : item)));
  }, []);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastApiContext.Provider value={api}>
      <ToastListContext.Provider value={toasts}>
        <RadixToast.Provider label={label} duration={duration} swipeDirection={swipeDirection}>
          {children}
        </RadixToast.Provider>
      </ToastListContext.Provider>
    </ToastApiContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title, description, tone })` — needs a `ToastProvider` above and a `Toaster` somewhere inside it. */
export function useToast(): ToastApi {
  const api = useContext(ToastApiContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>.');
  return api;
}

export interface ToasterProps {
  /** Accessible name of the notifications region, e.g. "Notifications ({hotkey})". */
  label: string;
  /** Accessible name of every toast's × button, e.g. "Close". */
  closeLabel: string;
  /** Keys that move focus to the toasts (default `['F8']`). */
  hotkey?: string[];
}

/** Renders the toasts shown with `toast()` and the viewport; place it once inside `ToastProvider`. */
export function Toaster({ label, closeLabel, hotkey }: ToasterProps) {
  const toasts = useContext(ToastListContext);
  const { dismiss } = useToast();
  return (
    <>
      {toasts.map(({ id, open, ...options }) => (
        <Toast key={id} {...options} closeLabel={closeLabel} open={open} onOpenChange={(next) => (next ? undefined : dismiss(id))} />
      ))}
      <ToastViewport label={label} hotkey={hotkey} />
    </>
  );
}
