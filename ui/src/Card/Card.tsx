import { Slot } from '@radix-ui/react-slot';
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './Card.module.css';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** Inner spacing: `none` (media edge to edge; pad the parts yourself), `sm` 16 px, `md` 24 px (default), `lg` 32 px. */
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Lifts on hover (stronger border, deeper shadow) — for cards that are one big link, such as product cards. */
  interactive?: boolean;
  /** Render the child element (e.g. an `<a>` or `<article>`) as the card (Radix Slot): a whole-card link. */
  asChild?: boolean;
  ref?: Ref<HTMLDivElement>;
  /** The card content, usually `CardHeader`, `CardBody` and `CardFooter`. */
  children?: ReactNode;
}

/**
 * A raised surface with a 1 px border. Its content stacks vertically; put a `CardFooter` last to pin
 * it to the bottom, so footers line up across a row of cards. Variants are `data-*` attributes.
 */
export function Card({ padding = 'md', interactive = false, asChild = false, className, ...props }: CardProps) {
  const Component = asChild ? Slot : 'div';
  return <Component {...props} data-padding={padding} data-interactive={interactive || undefined} className={clsx(styles.card, className)} />;
}

export interface CardPartProps extends HTMLAttributes<HTMLDivElement> {
  ref?: Ref<HTMLDivElement>;
}

/** The top of a card: eyebrow, title and meta, tightly stacked. */
export function CardHeader({ className, ...props }: CardPartProps) {
  return <div {...props} className={clsx(styles.header, className)} />;
}

/** The main text of a card; grows to fill the card's height. */
export function CardBody({ className, ...props }: CardPartProps) {
  return <div {...props} className={clsx(styles.body, className)} />;
}

/** The bottom row of a card (price, actions, links), pinned to the bottom edge. */
export function CardFooter({ className, ...props }: CardPartProps) {
  return <div {...props} className={clsx(styles.footer, className)} />;
}
