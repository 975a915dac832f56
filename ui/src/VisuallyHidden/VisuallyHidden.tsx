import { Slot } from '@radix-ui/react-slot';
import { VisuallyHidden as RadixVisuallyHidden } from '@radix-ui/react-visually-hidden';
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './VisuallyHidden.module.css';

export interface VisuallyHiddenProps extends HTMLAttributes<HTMLSpanElement> {
  /** Content for assistive technology only: it stays in the accessibility tree but takes no space on screen. */
  children?: ReactNode;
  /**
   * Show the content while it (or something inside it) has focus — for skip links such as
   * "Skip to content". It is positioned absolutely: place it with `top`/`left` in your own styles.
   * Without it the content is never shown.
   */
  focusable?: boolean;
  /** Render the child element (e.g. an `<a>`) instead of a `<span>` (Radix Slot). */
  asChild?: boolean;
  ref?: Ref<HTMLSpanElement>;
}

/**
 * Hides content visually while keeping it available to screen readers (Radix VisuallyHidden).
 * Use it for text that sighted users get from context, such as "(opens in a new tab)" after a link.
 */
export function VisuallyHidden({ focusable = false, asChild = false, className, ...props }: VisuallyHiddenProps) {
  if (focusable) {
    const Component = asChild ? Slot : 'span';
    return <Component {...props} data-focusable="" className={clsx(styles.focusable, className)} />;
  }
  return <RadixVisuallyHidden {...props} asChild={asChild} className={className} />;
}
