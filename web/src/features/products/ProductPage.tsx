/**
 * A product's page `/products/{slug}`: cover, name, tagline, description, features, technologies,
 * related news and a call to order, from GraphQL through the colocated fragment
 * `ProductDetail_product`. An unknown slug is a 404 "Page Not Found: <path>" (SITE-PAGES).
 */
import { Badge, Button, Container, Eyebrow, Heading, Link as UiLink, Text } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { Link, useParams } from 'react-router';
import { BackLink } from '../layout/BackLink';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import { type Loader, type PageMeta, pageNotFound } from '../../routes/types';
import type { ProductDetail_product$key } from './__generated__/ProductDetail_product.graphql';
import type { ProductPageQuery as ProductPageQueryType } from './__generated__/ProductPageQuery.graphql';
import { type ProductMotif, ProductVisual } from './ProductVisual';
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
    ? await fetchQuery<ProductPageQueryType>(context.environmentRef.current, ProductPageQuery, variables(slug, locale), { fetchPolicy: 'store-or-network' }).toPromise()
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
          title(locale: $locale)
          published
        }
      }
    `,
    props.product,
  );
  const to = useLocalizePath();
  return (
    <article>
      <header className={styles.hero}>
        <Container className={styles.heroInner}>
          <div className={styles.heroText}>
            <BackLink to="/products" label="product.backToCatalogue" className={styles.breadcrumb} />
            {product.year ? (
              <Eyebrow className={styles.eyebrow}>
                <FormattedMessage id="product.launched" values={{ year: product.year }} />
              </Eyebrow>
            ) : null}
            <Heading level={1} size="4xl" className={styles.title}>
              {product.name}
            </Heading>
            <Text size="lg" tone="muted" className={styles.lead}>
              {product.tagline}
            </Text>
            <div className={styles.actions}>
              <Button asChild size="lg">
                <Link to={`${to('/order')}?product=${encodeURIComponent(product.slug)}`}>
                  <FormattedMessage id="product.orderSimilar" />
                </Link>
              </Button>
            </div>
          </div>
          <FormattedMessage id="product.visualLabel" values={{ name: product.name }}>
            {(label) => (
              <ProductVisual motif={product.visual.motif as ProductMotif} hue={product.visual.hue} label={String(label)} size="hero" className={styles.visual} />
            )}
          </FormattedMessage>
        </Container>
      </header>
      <Container className={styles.body}>
        <section className={styles.description} aria-labelledby="product-about">
          <Heading level={2} size="xl" id="product-about" className={styles.sectionTitle}>
            <FormattedMessage id="product.about" />
          </Heading>
          {product.description.map((p, i) => (
            <Text key={i} className={styles.paragraph}>
              {p}
            </Text>
          ))}
        </section>
        <aside className={styles.facts}>
          {product.features.length ? (
            <section aria-labelledby="product-features">
              <Heading level={2} size="lg" id="product-features" className={styles.sectionTitle}>
                <FormattedMessage id="product.features" />
              </Heading>
              <ul className={styles.features}>
                {product.features.map((f, i) => (
                  <li key={i}>{f}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {product.technologies.length ? (
            <section aria-labelledby="product-techs">
              <Heading level={2} size="lg" id="product-techs" className={styles.sectionTitle}>
                <FormattedMessage id="product.technologies" />
              </Heading>
              <ul className={styles.techs}>
                {product.technologies.map((t) => (
                  <li key={t}>
                    <Badge>{t}</Badge>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
        {product.news.length ? (
          <section className={styles.news} aria-labelledby="product-news">
            <Heading level={2} size="xl" id="product-news" className={styles.sectionTitle}>
              <FormattedMessage id="product.news" />
            </Heading>
            <ul className={styles.newsList}>
              {product.news.map((item) => (
                <li key={item.id}>
                  {item.published ? (
                    <Text as="span" size="sm" tone="muted" className={styles.newsDate}>
                      <FormattedDate value={item.published} dateStyle="medium" timeZone="UTC" />
                    </Text>
                  ) : null}
                  <UiLink asChild>
                    <Link to={to(`/news/${item.id}`)}>{item.title}</Link>
                  </UiLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Container>
    </article>
  );
}

export function ProductPage() {
  const locale = useLocale();
  const { slug = '' } = useParams();
  const data = useLazyLoadQuery<ProductPageQueryType>(ProductPageQuery, variables(slug, locale), { fetchPolicy: 'store-or-network' });
  // The loader answered 404 for a missing product; one deleted while the page is open says so too.
  if (!data.product) {
    return (
      <Container className={styles.body}>
        <Text>
          <FormattedMessage id="notFound.title" />
        </Text>
      </Container>
    );
  }
  return <ProductDetail product={data.product} />;
}
