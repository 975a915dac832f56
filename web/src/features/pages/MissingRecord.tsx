/**
 * What a detail page (product, news item) shows when its record is missing at render time: the
 * loader answers 404 for a missing one (SITE-PAGES), so this is one deleted while the page is open.
 * `className` is the page body's layout.
 */
import { Container, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';

export function MissingRecord(props: { className?: string }) {
  return (
    <Container className={props.className}>
      <Text>
        <FormattedMessage id="notFound.title" />
      </Text>
    </Container>
  );
}
