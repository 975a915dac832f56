/**
 * The call-to-action box at the end of a page (catalogue, content pages): a titled section with a
 * sentence and a large button link. `id` names the title (aria-labelledby); `to` is unprefixed.
 * `className` may set `--cta-text-width` (default 60ch).
 */
import { Heading, Text } from '@studio/ui';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../app/links';
import styles from './CallToAction.module.css';

export function CallToAction(props: { id: string; title: ReactNode; text: ReactNode; to: string; label: ReactNode; className?: string }) {
  return (
    <section className={clsx(styles.box, props.className)} aria-labelledby={props.id}>
      <Heading level={2} size="xl" id={props.id} className={styles.title}>
        {props.title}
      </Heading>
      <Text tone="muted" className={styles.text}>
        {props.text}
      </Text>
      <ButtonLink to={props.to} size="lg">
        {props.label}
      </ButtonLink>
    </section>
  );
}
