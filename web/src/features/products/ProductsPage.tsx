/**
 * The catalogue `/products`: every product as a ProductCard, from GraphQL (server-rendered; the
 * browser reuses the records). Ends with a call to order. `?q=` (the 404 page's search, a plain
 * GET form; SITE-PAGES) narrows it to the products whose slug, name or tagline contains the text
 * and lists the site's pages whose title or description in the page's language contains it.
 */
import { Container, Grid, Heading, Text } from '@studio/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery } from 'react-relay';
import { useLocation } from 'react-router';
import { TextLink } from '../../app/links';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import type { Loader } from '../../routes/types';
import { CallToAction, PageHero, PageIntro } from '../pages';
import type { ProductsPageQuery as ProductsPageQueryType } from './__generated__/ProductsPageQuery.graphql';
import { ProductCard } from './ProductCard';
import styles from './ProductsPage.module.css';

const ProductsPageQuery = graphql`
  query ProductsPageQuery($locale: Locale!, $search: String) {
    products(first: 50, search: $search) {
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

/**
 * The search text of `?q=`, or null when there is none: control characters as spaces (API-TEXT),
 * trimmed, at most 200 UTF-16 units (the API's limit for `search`) without a half surrogate pair.
 */
export function searchOf(search: string): string | null {
  let q = (new URLSearchParams(search).get('q') ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, 200);
  if (/[\ud800-\udbff]$/.test(q)) q = q.slice(0, -1);
  return q.trim() || null;
}

const variables = (locale: Locale, search: string | null) => ({ locale: GRAPHQL_LOCALE[locale], search });

/** The pages a search may find, by their messages (`page.<id>.title`, `page.<id>.description`). */
const SEARCHABLE_PAGES = [
  ['faq', '/faq'],
  ['how', '/how'],
  ['team', '/team'],
  ['techs', '/techs'],
  ['culture', '/culture'],
  ['privacy', '/privacy'],
  ['news', '/news'],
  ['order', '/order'],
  ['products', '/products'],
] as const;

export const productsLoader: Loader = async ({ request }, context, locale) => {
  const search = searchOf(new URL(request.url).search);
  await fetchQuery<ProductsPageQueryType>(context.environmentRef.current, ProductsPageQuery, variables(locale, search), {
    fetchPolicy: 'store-or-network',
  }).toPromise();
  return null;
};

/** The search's answer above the products: what was searched, the matching pages, a way back to all. */
function SearchResults(props: { q: string; found: number }) {
  const intl = useIntl();
  const needle = props.q.toLocaleLowerCase();
  const text = (id: string) => (intl.messages[id] === undefined ? '' : intl.formatMessage({ id }, { site: '' }));
  const pages = SEARCHABLE_PAGES.filter(([id]) => `${text(`page.${id}.title`)} ${text(`page.${id}.description`)}`.toLocaleLowerCase().includes(needle));
  return (
    <section aria-labelledby="products-search" className={styles.search}>
      <Heading level={2} size="lg" id="products-search">
        <FormattedMessage id="products.search.results" values={{ q: props.q }} />
      </Heading>
      {pages.length ? (
        <>
          <Heading level={3} size="md">
            <FormattedMessage id="products.search.pages" />
          </Heading>
          <ul data-testid="search-pages">
            {pages.map(([id, to]) => (
              <li key={id}>
                <TextLink to={to}>{text(`page.${id}.title`)}</TextLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {props.found === 0 ? (
        <Text>
          <FormattedMessage id="products.search.empty" values={{ q: props.q }} />
        </Text>
      ) : null}
      <Text>
        <TextLink to="/products">
          <FormattedMessage id="products.search.all" />
        </TextLink>
      </Text>
    </section>
  );
}

export function ProductsPage() {
  const locale = useLocale();
  const q = searchOf(useLocation().search);
  const data = useLazyLoadQuery<ProductsPageQueryType>(ProductsPageQuery, variables(locale, q), { fetchPolicy: 'store-or-network' });
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
        {q !== null ? <SearchResults q={q} found={data.products.edges.length} /> : null}
        {data.products.edges.length === 0 ? (
          q !== null ? null : (
            <Text>
              <FormattedMessage id="home.work.empty" />
            </Text>
          )
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
