/** A news item in the list: date, headline linking to the item's slug address (SITE-NEWS), summary; data via the colocated fragment. */
import { Card, Heading, Text } from '@studio/ui';
import { FormattedDate } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import type { NewsCard_item$key } from './__generated__/NewsCard_item.graphql';
import styles from './News.module.css';

export function NewsCard(props: { item: NewsCard_item$key }) {
  const item = useFragment(
    graphql`
      fragment NewsCard_item on NewsItem @argumentDefinitions(locale: { type: "Locale!" }) {
        id
        slug(locale: $locale)
        title(locale: $locale)
        summary(locale: $locale)
        published
        product {
          name(locale: $locale)
        }
      }
    `,
    props.item,
  );
  const to = useLocalizePath();
  return (
    <Card asChild interactive className={styles.card}>
      <li>
        <Text as="p" size="sm" tone="muted" className={styles.meta}>
          {item.published ? <FormattedDate value={item.published} dateStyle="long" timeZone="UTC" /> : null}
          {item.product ? <span className={styles.product}>{item.product.name}</span> : null}
        </Text>
        <Heading level={2} size="lg" className={styles.cardTitle}>
          <Link to={to(`/news/${item.slug}`)}>{item.title}</Link>
        </Heading>
        <Text tone="muted" className={styles.summary}>
          {item.summary}
        </Text>
      </li>
    </Card>
  );
}
