import type { HTMLAttributes } from 'react';
import { clsx } from 'clsx';
import styles from './Spinner.module.css';

export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement> {
  /** Diameter: `sm` 16 px, `md` 24 px (default), `lg` 40 px. */
  size?: 'sm' | 'md' | 'lg';
  /** Text for screen readers (e.g. "Loading…"); without it the spinner is decorative (`aria-hidden`). */
  label?: string;
}

/** An indeterminate progress indicator. With `label` it is a `status` region that announces the label. */
export function Spinner({ size = 'md', label, className, ...props }: SpinnerProps) {
  return (
    <span
      {...props}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-size={size}
      className={clsx(styles.spinner, className)}
    />
  );
}
