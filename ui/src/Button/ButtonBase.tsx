/**
 * The element Button and IconButton both render (internal, not exported from the package): a
 * `<button type="button">`, or with `asChild` the child element itself (Radix Slot), with the
 * variant and size as `data-variant` / `data-size` and the shared box (ButtonBase.module.css).
 */
import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './ButtonBase.module.css';

export interface ButtonBaseProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Render the child element (e.g. a router link) with the button's look (Radix Slot). */
  asChild?: boolean;
  /** Work in progress: sets `aria-busy` and `aria-disabled` (blocking clicks is the caller's part). */
  busy?: boolean;
  /** Set as `data-variant`. */
  variant: string;
  /** Set as `data-size`. */
  size: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A `<button>` (never a submit button by default) or, with `asChild`, the child; see the module docstring. */
export function ButtonBase({ asChild = false, busy = false, variant, size, type, disabled, className, ...props }: ButtonBaseProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      {...props}
      // The child of asChild (a link) has no native `disabled`: it says so through aria-disabled.
      {...(asChild ? {} : { type: type ?? 'button', disabled })}
      aria-busy={busy || undefined}
      aria-disabled={(asChild && disabled) || busy || undefined}
      data-variant={variant}
      data-size={size}
      className={clsx(styles.base, className)}
    />
  );
}
