import { Slot, Slottable } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import { Spinner } from '../Spinner';
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
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  asChild = false,
  className,
  type,
  disabled,
  children,
  onClick,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      {...props}
      {...(asChild ? {} : { type: type ?? 'button', disabled })}
      aria-busy={loading || undefined}
      aria-disabled={(asChild && disabled) || loading || undefined}
      data-variant={variant}
      data-size={size}
      data-loading={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      className={clsx(styles.button, className)}
    >
      {loading ? <Spinner size="sm" className={styles.spinner} /> : null}
      <Slottable>{children}</Slottable>
    </Component>
  );
}
