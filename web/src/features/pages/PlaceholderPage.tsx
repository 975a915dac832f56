/**
 * The fallback for a page of the route table without a component of its own: its localized
 * title and a way to get in touch meanwhile.
 */
import { Container, Heading, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../../routes/types';
import { ButtonLink } from '../../app/links';
import styles from '../../styles/Page.module.css';

export function PlaceholderPage() {
  const matches = useMatches();
  const page = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.page ?? 'home';
  return (
    <Container className={styles.page}>
      <Heading level={1} size="2xl">
        <FormattedMessage id={`page.${page}.title`} />
      </Heading>
      <Text size="lg" tone="muted" className={styles.lead}>
        <FormattedMessage id="page.comingSoon" />
      </Text>
      {page !== 'order' ? (
        <ButtonLink to="/order">
          <FormattedMessage id="page.comingSoonCta" />
        </ButtonLink>
      ) : null}
    </Container>
  );
}
