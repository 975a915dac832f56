import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import type { SpaceStep } from '../Stack';
import styles from './Grid.module.css';

export interface GridProps extends HTMLAttributes<HTMLElement> {
  /** The element to render: `div` (default), `section`, or a list (`ul`/`ol`, bullets removed) for card collections. */
  as?: 'div' | 'section' | 'ul' | 'ol';
  /**
   * Number of equal columns. Alone it is fixed at every width; with `minItemWidth` it is the maximum,
   * and columns drop out as the grid narrows.
   */
  columns?: number;
  /**
   * Responsive mode: as many columns as fit (CSS `auto-fill`), each at least this wide — a number of
   * pixels or any CSS length ("18rem"). Never wider than the grid itself.
   */
  minItemWidth?: number | string;
  /** Space between cells, a step of the space scale (default 5 = 24 px). */
  gap?: SpaceStep;
  ref?: Ref<HTMLElement>;
  /** The cells (with `as="ul"`/`"ol"`, `<li>` elements). */
  children?: ReactNode;
}

/**
 * A CSS grid of equal columns: fixed (`columns`), fluid (`minItemWidth`) or fluid with a cap (both).
 * Options are `data-*` attributes; the numbers travel as `--grid-columns` / `--grid-min`.
 */
export function Grid({ as: Tag = 'div', columns, minItemWidth, gap = 5, className, style, ref, ...props }: GridProps) {
  const min = typeof minItemWidth === 'number' ? `${minItemWidth}px` : minItemWidth;
  const vars = {
    ...(columns ? { '--grid-columns': String(columns) } : {}),
    ...(min ? { '--grid-min': min } : {}),
  } as CSSProperties;
  return (
    <Tag
      {...props}
      // list-style: none drops list semantics in Safari; an explicit role keeps them.
      role={props.role ?? (Tag === 'ul' || Tag === 'ol' ? 'list' : undefined)}
      ref={ref as Ref<never>}
      data-columns={columns || undefined}
      data-min-item-width={min}
      data-gap={gap}
      style={{ ...vars, ...style }}
      className={clsx(styles.grid, className)}
    />
  );
}
