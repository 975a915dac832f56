/**
 * The catalogue `/products`: every product as a ProductCard, from GraphQL (server-rendered; the
 * browser reuses the records). Ends with a call to order.
 */
import { Container, Grid, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery } from 'react-relay';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import type { Loader } from '../../routes/types';
import { CallToAction } from '../pages/CallToAction';
import { PageHero, PageIntro } from '../pages/PageHero';
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
  const data = useLazyLoadQuery<ProductsPageQueryType>(ProductsPageQuery, variables(locale), { fetchPolicy: 'store-or-network' });
  return (
    <>
      <PageHero>
        <PageIntro
          eyebrow={<FormattedMessage id="products.eyebrow" values={{ count: data.products.totalCount }} />}
          title={<FormattedMessage id="page.products.title" />}
          lead={<FormattedMessage id="products.lead" />}
          classes={styles}
        />
      </PageHero>
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
        <CallToAction
          id="products-cta"
          title={<FormattedMessage id="products.cta.title" />}
          text={<FormattedMessage id="products.cta.text" />}
          to="/order"
          label={<FormattedMessage id="home.cta.button" />}
        />
      </Container>
    </>
  );
}
