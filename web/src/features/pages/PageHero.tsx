/**
 * The top of a public page.
 * - `PageHero`: the header band (catalogue, product, news, news item, content pages): a `<header>`
 *   on a soft gradient holding a Container (`innerClassName` lays out its children, e.g. text
 *   beside an illustration); `className` may set `--hero-padding-top`.
 * - `PageIntro`: the page's eyebrow (optional), `<h1>` and lead paragraph, on every public page
 *   with a title. `classes` places the three parts (a page's CSS module may be passed whole:
 *   its `eyebrow`, `title` and `lead` classes are used).
 */
import { Container, Eyebrow, Heading, type HeadingSize, Text } from '@studio/ui';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import styles from './PageHero.module.css';

export function PageHero(props: { className?: string; innerClassName?: string; children: ReactNode }) {
  return (
    <header className={clsx(styles.hero, props.className)}>
      <Container className={props.innerClassName}>{props.children}</Container>
    </header>
  );
}

export function PageIntro(props: {
  /** The line above the title; nothing is rendered when it is empty. */
  eyebrow?: ReactNode;
  eyebrowTone?: 'accent' | 'muted';
  title: ReactNode;
  titleSize?: Extract<HeadingSize, '3xl' | '4xl'>;
  /** The title's heading level: 1 on a page; 2 where the page is shown inside another (an editor's preview). */
  titleLevel?: 1 | 2;
  /** The title's id, for a landmark or form it names (aria-labelledby). */
  titleId?: string;
  lead: ReactNode;
  classes?: { readonly eyebrow?: string; readonly title?: string; readonly lead?: string };
}) {
  const { classes = {} } = props;
  return (
    <>
      {props.eyebrow ? (
        <Eyebrow tone={props.eyebrowTone} className={classes.eyebrow}>
          {props.eyebrow}
        </Eyebrow>
      ) : null}
      <Heading level={props.titleLevel ?? 1} size={props.titleSize ?? '3xl'} id={props.titleId} className={classes.title}>
        {props.title}
      </Heading>
      <Text size="lg" tone="muted" className={classes.lead}>
        {props.lead}
      </Text>
    </>
  );
}
