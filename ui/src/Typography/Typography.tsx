import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './Typography.module.css';

/** Heading sizes, named after the `--text-*` tokens they use. */
export type HeadingSize = 'sm' | 'md' | 'lg' | 'xl' | '2xl' | '3xl' | '4xl';

const defaultHeadingSize: Record<1 | 2 | 3 | 4 | 5 | 6, HeadingSize> = { 1: '3xl', 2: '2xl', 3: 'xl', 4: 'lg', 5: 'md', 6: 'sm' };

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  /** Document outline level: 1–6 renders `<h1>`–`<h6>`. Choose it by structure, not by look. */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  /**
   * The look, independent of the level: `sm` … `4xl` (the `--text-*` scale; `3xl` and `4xl` are fluid
   * display sizes). Defaults by level: 1 → `3xl`, 2 → `2xl`, 3 → `xl`, 4 → `lg`, 5 → `md`, 6 → `sm`.
   */
  size?: HeadingSize;
  ref?: Ref<HTMLHeadingElement>;
  /** The heading text. */
  children?: ReactNode;
}

/** A section heading. `level` sets the element, `size` the look; both are also `data-*` attributes. */
export function Heading({ level, size, className, ...props }: HeadingProps) {
  const Tag = `h${level}` as const;
  return <Tag {...props} data-level={level} data-size={size ?? defaultHeadingSize[level]} className={clsx(styles.heading, className)} />;
}

export interface TextProps extends HTMLAttributes<HTMLElement> {
  /** Element: `p` (default) for paragraphs, `span` inline, `div` for blocks that hold other blocks. */
  as?: 'p' | 'span' | 'div';
  /** Font size: `xs` 12 px, `sm` 14 px, `md` 16 px (default), `lg` 18 px (lead paragraphs). */
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** Colour: `default` (ink), `muted`, `subtle` (still AA on the page background), `danger`, `success`. */
  tone?: 'default' | 'muted' | 'subtle' | 'danger' | 'success';
  /** Font weight: `regular` (default), `medium`, `semibold`, `bold`. */
  weight?: 'regular' | 'medium' | 'semibold' | 'bold';
  ref?: Ref<HTMLElement>;
  /** The text. */
  children?: ReactNode;
}

/** Body text. Size, tone and weight are `data-*` attributes; margins are zero (space comes from layout). */
export function Text({ as: Tag = 'p', size = 'md', tone = 'default', weight = 'regular', className, ref, ...props }: TextProps) {
  return (
    <Tag
      {...props}
      ref={ref as Ref<HTMLParagraphElement & HTMLSpanElement & HTMLDivElement>}
      data-size={size}
      data-tone={tone}
      data-weight={weight}
      className={clsx(styles.text, className)}
    />
  );
}

export interface EyebrowProps extends HTMLAttributes<HTMLElement> {
  /** Element: `p` (default), `span` or `div`. An eyebrow is a label, never a heading. */
  as?: 'p' | 'span' | 'div';
  /** Colour: `accent` (default, cobalt) or `muted`. */
  tone?: 'accent' | 'muted';
  ref?: Ref<HTMLElement>;
  /** The label text, e.g. "Case study". */
  children?: ReactNode;
}

/** The small mono uppercase line above a heading ("Case study", "01 — Discovery"). */
export function Eyebrow({ as: Tag = 'p', tone = 'accent', className, ref, ...props }: EyebrowProps) {
  return (
    <Tag {...props} ref={ref as Ref<HTMLParagraphElement & HTMLSpanElement & HTMLDivElement>} data-tone={tone} className={clsx(styles.eyebrow, className)} />
  );
}
