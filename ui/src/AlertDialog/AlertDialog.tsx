import * as RadixAlertDialog from '@radix-ui/react-alert-dialog';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { type MouseEvent, type ReactNode, type Ref, useState } from 'react';
import { clsx } from 'clsx';
import { Button } from '../Button';
import styles from './AlertDialog.module.css';

export interface AlertDialogProps {
  /** Controlled open state; pair it with `onOpenChange`. */
  open?: boolean;
  /** Whether the dialog starts open when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the dialog opens or closes (trigger, Cancel, Escape, or a finished confirm). */
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog, usually a `Button`; rendered through `asChild`. Focus returns to it on close. */
  trigger?: ReactNode;
  /** The question, e.g. "Delete account?" (an `h2`, the dialog's accessible name). */
  title: ReactNode;
  /** What happens if the user confirms, e.g. "Your projects and invoices will be deleted. This cannot be undone." */
  description?: ReactNode;
  /** Label of the button that dismisses without acting (it receives focus on open: the safe default). */
  cancelLabel: ReactNode;
  /** Label of the button that performs the action. */
  confirmLabel: ReactNode;
  /**
   * Performs the action. May return a Promise: while it runs the confirm button shows a spinner, and
   * Cancel and Escape are blocked; when it resolves the dialog closes. If it throws or rejects, the
   * dialog stays open (the error is swallowed here) so the caller can show it through `error`.
   */
  onConfirm: () => void | Promise<void>;
  /** `danger` (default) for destructive actions: red confirm button and a warning icon; `default` for a primary one. Set as `data-tone`. */
  tone?: 'danger' | 'default';
  /** Extra content between the description and the buttons, e.g. a password field asked before deleting an account. */
  children?: ReactNode;
  /** Disables the confirm button, e.g. until the password field is filled in. */
  confirmDisabled?: boolean;
  /** Shows the confirm button as busy regardless of `onConfirm` (for callers that track the request themselves). */
  loading?: boolean;
  /** An error message shown above the buttons (`role="alert"`), e.g. "Wrong password". */
  error?: ReactNode;
  /** Extra class for the dialog panel. */
  className?: string;
  /** Ref to the dialog panel (the element with `role="alertdialog"`). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * A confirmation for destructive or irreversible actions (Radix AlertDialog, `role="alertdialog"`).
 * It does not close on a click outside; focus goes to Cancel on open and returns to the trigger on
 * close. An async `onConfirm` keeps the dialog open, with a busy confirm button, until it settles.
 */
export function AlertDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  tone = 'danger',
  children,
  confirmDisabled = false,
  loading = false,
  error,
  className,
  ref,
}: AlertDialogProps) {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const [pending, setPending] = useState(false);
  const busy = pending || loading;

  function setOpen(next: boolean) {
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  }

  async function handleConfirm(event: MouseEvent<HTMLButtonElement>) {
    // Keep Radix from closing right away: the dialog closes only once the action has succeeded.
    event.preventDefault();
    if (busy || confirmDisabled) return;
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // Stays open; the caller reports the failure through `error`.
    } finally {
      setPending(false);
    }
  }

  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : setOpen(next))}>
      {trigger ? <RadixAlertDialog.Trigger asChild>{trigger}</RadixAlertDialog.Trigger> : null}
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className={styles.overlay}>
          <RadixAlertDialog.Content
            ref={ref}
            data-tone={tone}
            aria-busy={busy || undefined}
            className={clsx(styles.content, className)}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <div className={styles.header}>
              {tone === 'danger' ? (
                <span className={styles.icon} aria-hidden>
                  <ExclamationTriangleIcon width={20} height={20} />
                </span>
              ) : null}
              <div className={styles.text}>
                <RadixAlertDialog.Title className={styles.title}>{title}</RadixAlertDialog.Title>
                {description ? <RadixAlertDialog.Description className={styles.description}>{description}</RadixAlertDialog.Description> : null}
              </div>
            </div>
            {children ? <div className={styles.body}>{children}</div> : null}
            {error ? (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            ) : null}
            <div className={styles.footer}>
              <RadixAlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={busy}>
                  {cancelLabel}
                </Button>
              </RadixAlertDialog.Cancel>
              <RadixAlertDialog.Action asChild>
                <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={busy} disabled={confirmDisabled} onClick={handleConfirm}>
                  {confirmLabel}
                </Button>
              </RadixAlertDialog.Action>
            </div>
          </RadixAlertDialog.Content>
        </RadixAlertDialog.Overlay>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
