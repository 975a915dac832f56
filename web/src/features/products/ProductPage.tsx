/**
 * A product's page `/products/{slug}`: cover, name, tagline, description, features, technologies,
 * related news and a call to order, from GraphQL through the colocated fragment
 * `ProductDetail_product`. An unknown slug is a 404 "Page Not Found: <path>" (SITE-PAGES).
 */
import { fetchQuery, graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { useParams } from 'react-router';
import { MissingRecord } from '../pages';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import { type Loader, type PageMeta, pageNotFound } from '../../routes/types';
import type { ProductDetail_product$key } from './__generated__/ProductDetail_product.graphql';
import type { ProductPageQuery as ProductPageQueryType } from './__generated__/ProductPageQuery.graphql';
import { ProductView } from './ProductView';
import styles from './ProductPage.module.css';

const ProductPageQuery = graphql`
  query ProductPageQuery($slug: String!, $locale: Locale!) {
    product(slug: $slug) {
      name(locale: $locale)
      tagline(locale: $locale)
      ...ProductDetail_product @arguments(locale: $locale)
    }
  }
`;

const variables = (slug: string, locale: Locale) => ({ slug, locale: GRAPHQL_LOCALE[locale] });

/** Fills the store; a slug the catalogue does not have is a 404. */
export const productLoader: Loader = async ({ params, request }, context, locale) => {
  const slug = params['slug'] ?? '';
  const data = /^[a-z0-9-]{1,80}$/.test(slug)
    ? await fetchQuery<ProductPageQueryType>(context.environmentRef.current, ProductPageQuery, variables(slug, locale), {
        fetchPolicy: 'store-or-network',
      }).toPromise()
    : undefined;
  if (!data?.product) pageNotFound(request);
  const url = new URL(request.url);
  const meta: PageMeta = {
    title: data.product.name,
    description: data.product.tagline,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: data.product.name,
        description: data.product.tagline,
        url: `${url.origin}${url.pathname}`,
        applicationCategory: 'BusinessApplication',
        inLanguage: locale,
      },
    ],
  };
  return { meta };
};

function ProductDetail(props: { product: ProductDetail_product$key }) {
  const product = useFragment(
    graphql`
      fragment ProductDetail_product on Product @argumentDefinitions(locale: { type: "Locale!" }) {
        slug
        name(locale: $locale)
        tagline(locale: $locale)
        description(locale: $locale)
        features(locale: $locale)
        technologies
        year
        visual {
          motif
          hue
        }
        news(first: 3) {
          id
          slug(locale: $locale)
          title(locale: $locale)
          published
        }
      }
    `,
    props.product,
  );
  return (
    <ProductView
      slug={product.slug}
      name={product.name}
      tagline={product.tagline}
      description={product.description}
      features={product.features}
      technologies={product.technologies}
      year={product.year ?? null}
      visual={product.visual}
      news={product.news.map((item) => ({ id: item.id, slug: item.slug, title: item.title, published: item.published ?? null }))}
    />
  );
}

export function ProductPage() {
  const locale = useLocale();
  const { slug = '' } = useParams();
  const data = useLazyLoadQuery<ProductPageQueryType>(ProductPageQuery, variables(slug, locale), { fetchPolicy: 'store-or-network' });
  if (!data.product) {
    return <MissingRecord className={styles.body} />;
  }
  return <ProductDetail product={data.product} />;
}
