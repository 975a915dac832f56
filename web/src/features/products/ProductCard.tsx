/**
 * A product in a list (home page, catalogue): cover, name linking to its page, tagline. Its data
 * comes through the colocated fragment `ProductCard_product` (argument `locale`).
 */
import { Card, Heading, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import type { ProductCard_product$key } from './__generated__/ProductCard_product.graphql';
import { type ProductMotif, ProductVisual } from './ProductVisual';
import styles from './ProductCard.module.css';

export function ProductCard(props: { product: ProductCard_product$key; headingLevel?: 2 | 3 }) {
  const product = useFragment(
    graphql`
      fragment ProductCard_product on Product @argumentDefinitions(locale: { type: "Locale!" }) {
        slug
        name(locale: $locale)
        tagline(locale: $locale)
        visual {
          motif
          hue
        }
      }
    `,
    props.product,
  );
  const to = useLocalizePath();
  return (
    <Card asChild interactive padding="none" className={styles.card}>
      <li>
        <ProductVisual motif={product.visual.motif as ProductMotif} hue={product.visual.hue} label="" size="card" className={styles.visual} />
        <div className={styles.body}>
          <Heading level={props.headingLevel ?? 3} size="md" className={styles.title}>
            <Link to={to(`/products/${product.slug}`)}>{product.name}</Link>
          </Heading>
          <Text tone="muted" size="sm" className={styles.tagline}>
            {product.tagline}
          </Text>
          <span className={styles.more} aria-hidden="true">
            <FormattedMessage id="product.viewDetails" /> →
          </span>
        </div>
      </li>
    </Card>
  );
}
