/**
 * The frame of every block on /profile (ACC-FIELDS): a Card rendered as a `<section>` named
 * by its `<h2>`, so the page has one landmark-free outline of headings and every card the same
 * look. The heading can take focus (`tabIndex={-1}` through `headingRef`) for blocks that move
 * focus there after an item disappears.
 */
import { Card, Heading } from '@studio/ui';
import { clsx } from 'clsx';
import { type ReactNode, type Ref, useId } from 'react';
import styles from './blocks.module.css';

export function ProfileSection({
  title,
  children,
  className,
  aside,
  headingRef,
  'data-testid': testId,
}: {
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
    <Card asChild padding="lg" className={clsx(styles.card, className)}>
      <section aria-labelledby={titleId} data-testid={testId}>
        <div className={styles.header}>
          <Heading level={2} size="lg" id={titleId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={styles.title}>
            {title}
          </Heading>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}
