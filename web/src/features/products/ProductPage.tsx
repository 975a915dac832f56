/**
 * A product's page `/products/{slug}`: cover, name, tagline, description, features, technologies,
 * related news and a call to order, from GraphQL through the colocated fragment
 * `ProductDetail_product`. An unknown slug is a 404 "Page Not Found: <path>" (SITE-PAGES).
 */
import { Container, Heading, Link as UiLink, Text } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { Link, useParams } from 'react-router';
import { BackLink } from '../layout/BackLink';
import { ButtonLink } from '../layout/links';
import { BadgeList } from '../pages/BadgeList';
import { MissingRecord } from '../pages/MissingRecord';
import { PageHero, PageIntro } from '../pages/PageHero';
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

/** A titled part of the facts box (features, technologies); `title` is a message id. */
function FactsSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id}>
      <Heading level={2} size="lg" id={props.id} className={styles.sectionTitle}>
        <FormattedMessage id={props.title} />
      </Heading>
      {props.children}
    </section>
  );
}

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
      <PageHero className={styles.hero} innerClassName={styles.heroInner}>
        <div className={styles.heroText}>
          <BackLink to="/products" label="product.backToCatalogue" className={styles.breadcrumb} />
          <PageIntro
            eyebrow={product.year ? <FormattedMessage id="product.launched" values={{ year: product.year }} /> : null}
            title={product.name}
            titleSize="4xl"
            lead={product.tagline}
            classes={styles}
          />
          <div className={styles.actions}>
            <ButtonLink to={`/order?product=${encodeURIComponent(product.slug)}`} size="lg">
              <FormattedMessage id="product.orderSimilar" />
            </ButtonLink>
          </div>
        </div>
        <FormattedMessage id="product.visualLabel" values={{ name: product.name }}>
          {(label) => (
            <ProductVisual motif={product.visual.motif as ProductMotif} hue={product.visual.hue} label={String(label)} size="hero" className={styles.visual} />
          )}
        </FormattedMessage>
      </PageHero>
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
            <FactsSection id="product-features" title="product.features">
              <ul className={styles.features}>
                {product.features.map((f, i) => (
                  <li key={i}>{f}</li>
                ))}
              </ul>
            </FactsSection>
          ) : null}
          {product.technologies.length ? (
            <FactsSection id="product-techs" title="product.technologies">
              <BadgeList items={product.technologies} />
            </FactsSection>
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
  if (!data.product) {
    return <MissingRecord className={styles.body} />;
  }
  return <ProductDetail product={data.product} />;
}
