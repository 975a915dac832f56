import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './Stack.module.css';

/** A step of the space scale: 0, or 1–9 for `--space-1` (4 px) … `--space-9` (96 px). */
export type SpaceStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export interface StackProps extends HTMLAttributes<HTMLElement> {
  /** The element to render: `div` (default), a sectioning element, a list (`ul`/`ol`, bullets removed) or `span`. */
  as?: 'div' | 'section' | 'article' | 'aside' | 'header' | 'footer' | 'nav' | 'main' | 'ul' | 'ol' | 'li' | 'form' | 'span';
  /** `column` (default) stacks top to bottom, `row` places items side by side. */
  direction?: 'column' | 'row';
  /** Space between items, a step of the space scale (default 4 = 16 px). */
  gap?: SpaceStep;
  /** Cross-axis alignment (`align-items`); defaults to `stretch` for columns and `center` for rows. */
  align?: 'start' | 'center' | 'end' | 'stretch' | 'baseline';
  /** Main-axis distribution (`justify-content`): `start` (default), `center`, `end` or `between`. */
  justify?: 'start' | 'center' | 'end' | 'between';
  /** Let items wrap onto new lines when they do not fit (useful for rows of buttons or badges). */
  wrap?: boolean;
  ref?: Ref<HTMLElement>;
  /** The items to stack. */
  children?: ReactNode;
}

/** A flex column or row with a gap from the space scale. All options are `data-*` attributes. */
export function Stack({ as: Tag = 'div', direction = 'column', gap = 4, align, justify = 'start', wrap = false, className, ref, ...props }: StackProps) {
  return (
    <Tag
      {...props}
      // list-style: none drops list semantics in Safari; an explicit role keeps them.
      role={props.role ?? (Tag === 'ul' || Tag === 'ol' ? 'list' : undefined)}
      ref={ref as Ref<never>}
      data-direction={direction}
      data-gap={gap}
      data-align={align ?? (direction === 'row' ? 'center' : 'stretch')}
      data-justify={justify}
      data-wrap={wrap || undefined}
      className={clsx(styles.stack, className)}
    />
  );
}
