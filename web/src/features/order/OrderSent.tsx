/**
 * The order page's side parts: the confirmation that replaces the form once an order is sent
 * (its heading takes the focus, so it is read at once; ORDER-MAIL) and "what happens next".
 */
import { Button, Callout, Card, Heading, Link as UiLink, Text } from '@studio/ui';
import { clsx } from 'clsx';
import { type ReactNode, useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocalizePath } from '../../i18n/useLocale';
import type { Sent } from './OrderForm';
import styles from './OrderPage.module.css';

const STEPS = ['reply', 'call', 'proposal'] as const;

/** The sent order: its reference and where the confirmation went. */
export function OrderSent({ sent }: { sent: Sent }) {
  const to = useLocalizePath();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card padding="lg" className={clsx(styles.card, styles.success)}>
      <Heading level={2} size="xl" ref={headingRef} tabIndex={-1} className={styles.successTitle}>
        <FormattedMessage id="order.success.title" />
      </Heading>
      <Text>
        <FormattedMessage
          id="order.success.reference"
          values={{ reference: sent.reference, ref: (chunks: ReactNode[]) => <strong className={styles.reference}>{chunks}</strong> }}
        />
      </Text>
      <Text tone="muted">
        <FormattedMessage
          id="order.success.email"
          values={{ email: sent.email, b: (chunks: ReactNode[]) => <strong className={styles.email}>{chunks}</strong> }}
        />
      </Text>
      <div className={styles.successActions}>
        {/* Documents (HTML-first pages, SITE-DELIVERY): plain links, also from the order island without a router. */}
        <Button asChild>
          <a href={to('/')}>
            <FormattedMessage id="order.success.home" />
          </a>
        </Button>
        <Button asChild variant="secondary">
          <a href={to('/products')}>
            <FormattedMessage id="order.success.products" />
          </a>
        </Button>
      </div>
    </Card>
  );
}

/** The three steps after an order, and where to ask before ordering. */
export function NextSteps() {
  const to = useLocalizePath();
  const link = (path: string) => (chunks: ReactNode[]) => <UiLink href={to(path)}>{chunks}</UiLink>;
  return (
    <section className={styles.aside} aria-labelledby="order-next-title">
      <Heading level={2} size="md" id="order-next-title" className={styles.asideTitle}>
        <FormattedMessage id="order.next.title" />
      </Heading>
      <ol className={styles.steps}>
        {STEPS.map((step) => (
          <li key={step} className={styles.step}>
            <Text weight="semibold" className={styles.stepTitle}>
              <FormattedMessage id={`order.next.${step}.title`} />
            </Text>
            <Text size="sm" tone="muted">
              <FormattedMessage id={`order.next.${step}.text`} />
            </Text>
          </li>
        ))}
      </ol>
      <Callout tone="info" role={null} title={<FormattedMessage id="order.contact.title" />}>
        <FormattedMessage id="order.contact.text" values={{ faq: link('/faq'), how: link('/how') }} />
      </Callout>
    </section>
  );
}
