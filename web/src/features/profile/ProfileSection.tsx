/**
 * The frame of every block on /profile (issue 6, item 1): a Card rendered as a `<section>` named
 * by its `<h2>`, so the page has one landmark-free outline of headings and every card the same
 * look. The heading can take focus (`tabIndex={-1}` through `headingRef`) for blocks that move
 * focus there after an item disappears.
 */
import { Card, Heading } from '@studio/ui';
import { type ReactNode, type Ref, useId } from 'react';
import styles from './blocks.module.css';

export function ProfileSection(props: {
  title: ReactNode;
  children: ReactNode;
  /** Extra class for the card (e.g. the grid placement). */
  className?: string;
  /** Something at the end of the heading line (a badge, a short status). */
  aside?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  'data-testid'?: string;
}) {
  const titleId = useId();
  return (
    <Card asChild padding="lg" className={[styles.card, props.className].filter(Boolean).join(' ')}>
      <section aria-labelledby={titleId} data-testid={props['data-testid']}>
        <div className={styles.header}>
          <Heading level={2} size="lg" id={titleId} ref={props.headingRef} tabIndex={props.headingRef ? -1 : undefined} className={styles.title}>
            {props.title}
          </Heading>
          {props.aside}
        </div>
        {props.children}
      </section>
    </Card>
  );
}
