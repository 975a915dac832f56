import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './Badge.module.css';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Colour and meaning: `neutral` (default), `accent`, `success`, `warning` or `danger`. */
  tone?: 'neutral' | 'accent' | 'success' | 'warning' | 'danger';
  /** Optional leading icon (decorative, hidden from assistive technology). */
  icon?: ReactNode;
  ref?: Ref<HTMLSpanElement>;
  /** The label: a word or two ("New", "In production"). */
  children?: ReactNode;
}

/** A small uppercase mono label for status and categories. The tone is a `data-tone` attribute. */
export function Badge({ tone = 'neutral', icon, className, children, ...props }: BadgeProps) {
  return (
    <span {...props} data-tone={tone} className={clsx(styles.badge, className)}>
      {icon ? (
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
      ) : null}
      {children}
    </span>
  );
}
