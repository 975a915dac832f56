/** A product card on the home page; its data comes through the colocated fragment. */
import { Card, Heading, Text } from '@studio/ui';
import { useFragment, graphql } from 'react-relay';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import type { ProductTeaser_product$key } from './__generated__/ProductTeaser_product.graphql';
import styles from './HomePage.module.css';

export function ProductTeaser(props: { product: ProductTeaser_product$key }) {
  const product = useFragment(
    graphql`
      fragment ProductTeaser_product on Product @argumentDefinitions(locale: { type: "Locale!" }) {
        slug
        name(locale: $locale)
        tagline(locale: $locale)
      }
    `,
    props.product,
  );
  const to = useLocalizePath();
  return (
    <Card asChild interactive className={styles.teaser}>
      <li>
        <Heading level={3} size="md" className={styles.cardTitle}>
          <Link to={to(`/products/${product.slug}`)}>{product.name}</Link>
        </Heading>
        <Text tone="muted" size="sm">
          {product.tagline}
        </Text>
        <span className={styles.cardMore} aria-hidden="true">
          <FormattedMessage id="product.viewDetails" /> →
        </span>
      </li>
    </Card>
  );
}
