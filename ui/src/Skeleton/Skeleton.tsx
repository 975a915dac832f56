import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './Skeleton.module.css';

export interface SkeletonProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Width: pixels or any CSS length. Defaults to the full width available. */
  width?: number | string;
  /** Height of a single block: pixels or any CSS length. Defaults to one line of text (`1em`); ignored with `lines`. */
  height?: number | string;
  /** Corner rounding, a radius token: `xs` (default), `sm`, `md`, `lg`, or `full` for circles and pills. */
  radius?: 'xs' | 'sm' | 'md' | 'lg' | 'full';
  /** Draw a paragraph placeholder of this many text lines instead of one block; the last line is shorter. */
  lines?: number;
  ref?: Ref<HTMLSpanElement>;
}

const length = (value: number | string | undefined) => (typeof value === 'number' ? `${value}px` : value);

/**
 * A grey placeholder in the shape of content that is still loading. Hidden from assistive technology:
 * announce loading on the region instead (`aria-busy`, or a labelled Spinner). The shimmer only runs
 * when the user has not asked for reduced motion.
 */
export function Skeleton({ width, height, radius = 'xs', lines, className, style, ref, ...props }: SkeletonProps) {
  const vars = { '--skeleton-width': length(width), '--skeleton-height': length(height) } as CSSProperties;
  const common = { ...props, ref, 'aria-hidden': true, 'data-radius': radius, style: { ...vars, ...style } } as const;
  if (lines && lines > 0) {
    return (
      <span {...common} data-lines={lines} className={clsx(styles.lines, className)}>
        {Array.from({ length: lines }, (_, index) => (
          <span key={index} className={styles.skeleton} data-radius={radius} data-line="" />
        ))}
      </span>
    );
  }
  return <span {...common} className={clsx(styles.skeleton, className)} />;
}
