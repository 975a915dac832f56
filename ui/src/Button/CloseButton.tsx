/**
 * The icon-only × button that closes a Dialog or a Toast (internal, not exported from the package).
 * Wrap it in the primitive's `Close asChild`; the caller places it (its `className`).
 */
import { Cross2Icon } from '@radix-ui/react-icons';
import { clsx } from 'clsx';
import { Button, type ButtonProps } from './Button';
import styles from './CloseButton.module.css';

export interface CloseButtonProps extends Omit<ButtonProps, 'children' | 'variant' | 'size' | 'aria-label'> {
  /** The accessible name, e.g. "Close" (the button shows only an icon). */
  label: string;
}

/** A ghost, small, square Button holding a 16 px ×. */
export function CloseButton({ label, className, ...props }: CloseButtonProps) {
  return (
    <Button {...props} variant="ghost" size="sm" aria-label={label} className={clsx(styles.close, className)}>
      <Cross2Icon aria-hidden width={16} height={16} />
    </Button>
  );
}
