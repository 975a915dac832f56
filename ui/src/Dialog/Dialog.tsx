import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '../Button';
import { CloseButton } from '../Button/CloseButton';
import { Stack } from '../Stack';
import { DialogFrame, type DialogFrameProps, DialogHeading } from './DialogFrame';
import styles from './Dialog.module.css';

export interface DialogProps extends DialogFrameProps {
  /** Accessible name of the × close button, e.g. "Close" (the button shows only an icon). */
  closeLabel: string;
  /** The body: text, a form, anything. */
  children?: ReactNode;
  /** Actions at the bottom, right-aligned; wrap a cancel button in `DialogClose asChild` to close on click. */
  footer?: ReactNode;
  /** Maximum width: `sm` 420 px, `md` 560 px (default), `lg` 760 px. Set as `data-size`. */
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A modal dialog (Radix Dialog in the shared DialogFrame): overlay, centred panel with title,
 * optional description, body, footer and an icon-only × button. Focus moves into the panel on open
 * (to the first focusable element), is trapped there, and returns to the trigger on close; the ×
 * button, Escape and a click on the overlay close it.
 */
export function Dialog({ title, closeLabel, children, footer, size = 'md', ...frame }: DialogProps) {
  return (
    <DialogFrame parts={RadixDialog} {...frame} panelClassName={styles.content} data-size={size}>
      <div className={styles.header}>
        <DialogHeading parts={RadixDialog} title={title} description={frame.description} />
      </div>
      {children ? <div className={styles.body}>{children}</div> : null}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
      {/* Last in the DOM so initial focus lands on the body or footer, first on screen (top right). */}
      <RadixDialog.Close asChild>
        <CloseButton label={closeLabel} className={styles.close} />
      </RadixDialog.Close>
    </DialogFrame>
  );
}

/** Closes the surrounding `Dialog` when its child is clicked; use with `asChild` around a footer button (e.g. "Cancel"). */
export const DialogClose = RadixDialog.Close;

/**
 * The action row of a form inside a `Dialog`'s body (the form's submit button must sit inside the
 * form, so it cannot go in `footer`): a secondary "Cancel" that closes the dialog, then `children`
 * (the primary action), right-aligned and wrapping when they do not fit.
 */
export function DialogActions({ cancelLabel, cancelDisabled = false, children }: { cancelLabel: ReactNode; cancelDisabled?: boolean; children?: ReactNode }) {
  return (
    <Stack direction="row" gap={2} justify="end" wrap>
      <RadixDialog.Close asChild>
        <Button type="button" variant="secondary" disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
      </RadixDialog.Close>
      {children}
    </Stack>
  );
}
