/**
 * The offline page (SITE-SW): what the service worker answers, in the URL's language, when a
 * navigation fails for lack of network. Static HTML, never hydrated (shell/Document.tsx sends it
 * without the app's scripts): a heading, a short text and a "Try again" link whose empty `href`
 * reloads the address the visitor asked for (the fallback is shown at that address).
 */
import { Button, Container, Heading, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import styles from '../../styles/Page.module.css';

/** The `offline` page's component (route table, lazily loaded). */
export function OfflinePage() {
  return (
    <Container className={styles.page}>
      <Heading level={1} size="2xl">
        <FormattedMessage id="page.offline.title" />
      </Heading>
      <Text size="lg" tone="muted" className={styles.lead}>
        <FormattedMessage id="offline.text" />
      </Text>
      <Button asChild>
        <a href="">
          <FormattedMessage id="offline.retry" />
        </a>
      </Button>
    </Container>
  );
}
