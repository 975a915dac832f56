/**
 * The frame of the sign-in and password-reset pages (/auth, /auth/reset, /auth/change-password,
 * /auth/reset-success): a narrow column with the page's heading, an optional lead, one card with
 * the form or notice, and what comes under the card (social sign-in, the line to the other page).
 * `AuthSwitch` is that line: an optional prompt and the link ("Remembered it? Sign in").
 */
import { Card, Container, Heading, Text } from '@studio/ui';
import type { ReactNode } from 'react';
import { TextLink } from '../../app/links';
import styles from './AuthPage.module.css';

export function AuthFrame(props: {
  /** The page's heading. */
  title: ReactNode;
  lead?: ReactNode;
  /** The card's content. */
  children: ReactNode;
  cardClassName?: string;
  /** Under the card. */
  after?: ReactNode;
}) {
  return (
    <Container size="narrow" className={styles.page}>
      {/* Without a lead the heading keeps the lead's space to the card. */}
      <Heading level={1} size="2xl" className={props.lead ? undefined : styles.heading}>
        {props.title}
      </Heading>
      {props.lead ? (
        <Text tone="muted" className={styles.lead}>
          {props.lead}
        </Text>
      ) : null}
      <Card padding="lg" className={props.cardClassName}>
        {props.children}
      </Card>
      {props.after}
    </Container>
  );
}

export function AuthSwitch(props: { prompt?: ReactNode; to: string; children: ReactNode }) {
  return (
    <Text tone="muted" className={styles.switch}>
      {props.prompt ? <>{props.prompt} </> : null}
      <TextLink to={props.to}>{props.children}</TextLink>
    </Text>
  );
}
