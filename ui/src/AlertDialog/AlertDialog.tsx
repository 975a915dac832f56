import * as RadixAlertDialog from '@radix-ui/react-alert-dialog';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { Button } from '../Button';
import { DialogFrame, type DialogFrameProps, DialogHeading } from '../Dialog/DialogFrame';
import styles from './AlertDialog.module.css';

export interface AlertDialogProps extends DialogFrameProps {
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
}

/**
 * A confirmation for destructive or irreversible actions (Radix AlertDialog, `role="alertdialog"`,
 * in the shared DialogFrame). Cancel, Escape or a finished confirm close it, a click outside does
 * not; focus goes to Cancel on open and returns to the trigger on close. An async `onConfirm` keeps
 * the dialog open, with a busy confirm button, until it settles.
 */
export function AlertDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  title,
  cancelLabel,
  confirmLabel,
  onConfirm,
  tone = 'danger',
  children,
  confirmDisabled = false,
  loading = false,
  error,
  ...frame
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
    <DialogFrame
      parts={RadixAlertDialog}
      {...frame}
      open={open}
      onOpenChange={(next) => (busy && !next ? undefined : setOpen(next))}
      panelClassName={styles.content}
      data-tone={tone}
      aria-busy={busy || undefined}
    >
      <div className={styles.header}>
        {tone === 'danger' ? (
          <span className={styles.icon} aria-hidden>
            <ExclamationTriangleIcon width={20} height={20} />
          </span>
        ) : null}
        <div className={styles.text}>
          <DialogHeading parts={RadixAlertDialog} title={title} description={frame.description} />
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
    </DialogFrame>
  );
}
