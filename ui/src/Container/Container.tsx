import type { HTMLAttributes } from 'react';
import { clsx } from 'clsx';
import styles from './Container.module.css';

export interface ContainerProps extends HTMLAttributes<HTMLDivElement> {
  /** `wide` (default, 1120 px) or `narrow` (560 px, forms). */
  size?: 'wide' | 'narrow';
}

/** Centres content with the page's side padding. */
export function Container({ size = 'wide', className, ...props }: ContainerProps) {
  return <div {...props} data-size={size} className={clsx(styles.container, className)} />;
}
