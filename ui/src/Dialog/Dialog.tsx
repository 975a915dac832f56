import * as RadixDialog from '@radix-ui/react-dialog';
import { Cross2Icon } from '@radix-ui/react-icons';
import type { ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import { Button } from '../Button';
import styles from './Dialog.module.css';

export interface DialogProps {
  /** Controlled open state; pair it with `onOpenChange`. */
  open?: boolean;
  /** Whether the dialog starts open when uncontrolled. */
  defaultOpen?: boolean;
  /** Called whenever the dialog asks to open or close (trigger, × button, Escape, click on the overlay). */
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog, usually a `Button`. Rendered through `asChild`, so it must forward ref and props. Focus returns to it on close. */
  trigger?: ReactNode;
  /** The dialog's heading (an `h2`); also its accessible name. */
  title: ReactNode;
  /** A sentence or two under the title, announced as the dialog's description. */
  description?: ReactNode;
  /** Accessible name of the × close button, e.g. "Close" (the button shows only an icon). */
  closeLabel: string;
  /** The body: text, a form, anything. */
  children?: ReactNode;
  /** Actions at the bottom, right-aligned; wrap a cancel button in `DialogClose asChild` to close on click. */
  footer?: ReactNode;
  /** Maximum width: `sm` 420 px, `md` 560 px (default), `lg` 760 px. Set as `data-size`. */
  size?: 'sm' | 'md' | 'lg';
  /** Extra class for the dialog panel. */
  className?: string;
  /** Ref to the dialog panel (the element with `role="dialog"`). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * A modal dialog (Radix Dialog): overlay, centred panel with title, optional description, body,
 * footer and an icon-only × button. Focus moves into the panel on open (to the first focusable
 * element), is trapped there, and returns to the trigger on close; Escape and a click on the
 * overlay close it.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  children,
  footer,
  size = 'md',
  className,
  ref,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay}>
          <RadixDialog.Content
            ref={ref}
            data-size={size}
            className={clsx(styles.content, className)}
            // Without a description, tell Radix there is none on purpose (no dangling aria-describedby).
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <div className={styles.header}>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              {description ? <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description> : null}
            </div>
            {children ? <div className={styles.body}>{children}</div> : null}
            {footer ? <div className={styles.footer}>{footer}</div> : null}
            {/* Last in the DOM so initial focus lands on the body or footer, first on screen (top right). */}
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label={closeLabel} className={styles.close}>
                <Cross2Icon aria-hidden width={16} height={16} />
              </Button>
            </RadixDialog.Close>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding `Dialog` when its child is clicked; use with `asChild` around a footer button (e.g. "Cancel"). */
export const DialogClose = RadixDialog.Close;
