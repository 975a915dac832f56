import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight: `primary` (default) for the main action, `secondary`, or `ghost`. */
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Render the child element (e.g. a router link) with the button's look (Radix Slot). */
  asChild?: boolean;
  children?: ReactNode;
}

/** A button, or with `asChild` a link that looks like one. */
export function Button({ variant = 'primary', asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      {...props}
      {...(asChild ? {} : { type: type ?? 'button' })}
      data-variant={variant}
      className={[styles.button, className].filter(Boolean).join(' ')}
    />
  );
}
