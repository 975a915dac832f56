/**
 * The catalogue `/products`: every product as a ProductCard, from GraphQL (server-rendered; the
 * browser reuses the records). Ends with a call to order.
 */
import { Button, Container, Eyebrow, Grid, Heading, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import type { Loader } from '../../routes/types';
import type { ProductsPageQuery as ProductsPageQueryType } from './__generated__/ProductsPageQuery.graphql';
import { ProductCard } from './ProductCard';
import styles from './ProductsPage.module.css';

const ProductsPageQuery = graphql`
  query ProductsPageQuery($locale: Locale!) {
    products(first: 50) {
      totalCount
      edges {
        node {
          id
          ...ProductCard_product @arguments(locale: $locale)
        }
      }
    }
  }
`;

const variables = (locale: Locale) => ({ locale: GRAPHQL_LOCALE[locale] });

export const productsLoader: Loader = async (_args, context, locale) => {
  await fetchQuery<ProductsPageQueryType>(context.environmentRef.current, ProductsPageQuery, variables(locale), { fetchPolicy: 'store-or-network' }).toPromise();
  return null;
};

export function ProductsPage() {
  const locale = useLocale();
  const to = useLocalizePath();
  const data = useLazyLoadQuery<ProductsPageQueryType>(ProductsPageQuery, variables(locale), { fetchPolicy: 'store-or-network' });
  return (
    <>
      <header className={styles.hero}>
        <Container>
          <Eyebrow className={styles.eyebrow}>
            <FormattedMessage id="products.eyebrow" values={{ count: data.products.totalCount }} />
          </Eyebrow>
          <Heading level={1} size="3xl" className={styles.title}>
            <FormattedMessage id="page.products.title" />
          </Heading>
          <Text size="lg" tone="muted" className={styles.lead}>
            <FormattedMessage id="products.lead" />
          </Text>
        </Container>
      </header>
      <Container className={styles.body}>
        {data.products.edges.length === 0 ? (
          <Text>
            <FormattedMessage id="home.work.empty" />
          </Text>
        ) : (
          <Grid as="ul" minItemWidth={260} gap={5} className={styles.grid}>
            {data.products.edges.map((edge) => (
              <ProductCard key={edge.node.id} product={edge.node} headingLevel={2} />
            ))}
          </Grid>
        )}
        <section className={styles.cta} aria-labelledby="products-cta">
          <Heading level={2} size="xl" id="products-cta" className={styles.ctaTitle}>
            <FormattedMessage id="products.cta.title" />
          </Heading>
          <Text tone="muted" className={styles.ctaText}>
            <FormattedMessage id="products.cta.text" />
          </Text>
          <Button asChild size="lg">
            <Link to={to('/order')}>
              <FormattedMessage id="home.cta.button" />
            </Link>
          </Button>
        </section>
      </Container>
    </>
  );
}
