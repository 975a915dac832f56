import { Slottable } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import { Spinner } from '../Spinner';
import { ButtonBase } from './ButtonBase';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight: `primary` (default) for the one main action, `secondary`, `ghost`, or `danger` for destructive ones. */
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** Height: `sm` 32 px, `md` 44 px (default, a comfortable touch target), `lg` 52 px. */
  size?: 'sm' | 'md' | 'lg';
  /** Shows a spinner, sets `aria-busy` and blocks clicks while work is in progress; the label stays for screen readers. */
  loading?: boolean;
  /** Render the child element (e.g. a router link) with the button's look (Radix Slot). */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}

/**
 * A button, or with `asChild` a link that looks like one. Variants are `data-variant` / `data-size`
 * attributes so CSS (and tests) can select them.
 */
export function Button({ variant = 'primary', size = 'md', loading = false, className, children, onClick, ...props }: ButtonProps) {
  return (
    <ButtonBase
      {...props}
      variant={variant}
      size={size}
      busy={loading}
      data-loading={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      className={clsx(styles.button, className)}
    >
      {loading ? <Spinner size="sm" className={styles.spinner} /> : null}
      <Slottable>{children}</Slottable>
    </ButtonBase>
  );
}
