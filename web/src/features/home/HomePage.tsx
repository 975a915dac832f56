/**
 * The home page: the studio's pitch (messages), what it does, how it works, and selected
 * products from GraphQL (server-rendered; the browser reuses the records, no request).
 */
import { Button, Container } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { HomePageQuery as HomePageQueryType } from './__generated__/HomePageQuery.graphql';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import type { RouteContext } from '../../routes/table';
import { ProductTeaser } from './ProductTeaser';
import styles from './HomePage.module.css';

const HomePageQuery = graphql`
  query HomePageQuery($first: Int!, $locale: Locale!) {
    products(first: $first) {
      totalCount
      edges {
        node {
          id
          ...ProductTeaser_product @arguments(locale: $locale)
        }
      }
    }
  }
`;

const FEATURED = 6;
const variables = (locale: Locale) => ({ first: FEATURED, locale: GRAPHQL_LOCALE[locale] });

/** Fills the Relay store before rendering (server: in-process; browser: on navigation). */
export async function homeLoader(_args: LoaderFunctionArgs, context: RouteContext, locale: Locale) {
  await fetchQuery<HomePageQueryType>(context.environmentRef.current, HomePageQuery, variables(locale), {
    fetchPolicy: 'store-or-network',
  }).toPromise();
  return null;
}

const SERVICES = ['design', 'engineering', 'ai', 'care'] as const;
const STEPS = ['discover', 'design', 'build', 'grow'] as const;

export function HomePage() {
  const locale = useLocale();
  const to = useLocalizePath();
  const data = useLazyLoadQuery<HomePageQueryType>(HomePageQuery, variables(locale), { fetchPolicy: 'store-or-network' });
  const products = data.products.edges;
  return (
    <>
      <section className={styles.hero}>
        <Container>
          <p className={styles.eyebrow}>
            <FormattedMessage id="home.hero.eyebrow" />
          </p>
          <h1 className={styles.title}>
            <FormattedMessage id="home.hero.title" />
          </h1>
          <p className={styles.lead}>
            <FormattedMessage id="home.hero.lead" />
          </p>
          <div className={styles.actions}>
            <Button asChild>
              <Link to={to('/order')}>
                <FormattedMessage id="home.hero.primaryCta" />
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={to('/products')}>
                <FormattedMessage id="home.hero.secondaryCta" />
              </Link>
            </Button>
          </div>
          <ul className={styles.stats}>
            <li>
              <FormattedMessage id="home.stats.products" values={{ count: data.products.totalCount }} />
            </li>
            <li>
              <FormattedMessage id="home.stats.years" values={{ count: 12 }} />
            </li>
            <li>
              <FormattedMessage id="home.stats.languages" />
            </li>
          </ul>
        </Container>
      </section>

      <section className={styles.section} aria-labelledby="services-title">
        <Container>
          <h2 id="services-title" className={styles.sectionTitle}>
            <FormattedMessage id="home.services.title" />
          </h2>
          <p className={styles.sectionLead}>
            <FormattedMessage id="home.services.lead" />
          </p>
          <ul className={styles.grid}>
            {SERVICES.map((key) => (
              <li key={key} className={styles.card}>
                <h3 className={styles.cardTitle}>
                  <FormattedMessage id={`home.services.${key}.title`} />
                </h3>
                <p className={styles.cardText}>
                  <FormattedMessage id={`home.services.${key}.text`} />
                </p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section className={styles.section} aria-labelledby="work-title">
        <Container>
          <h2 id="work-title" className={styles.sectionTitle}>
            <FormattedMessage id="home.work.title" />
          </h2>
          <p className={styles.sectionLead}>
            <FormattedMessage id="home.work.lead" />
          </p>
          {products.length === 0 ? (
            <p>
              <FormattedMessage id="home.work.empty" />
            </p>
          ) : (
            <ul className={styles.grid}>
              {products.map((edge) => (
                <ProductTeaser key={edge.node.id} product={edge.node} />
              ))}
            </ul>
          )}
          <p>
            <Link to={to('/products')}>
              <FormattedMessage id="home.work.viewAll" /> →
            </Link>
          </p>
        </Container>
      </section>

      <section className={styles.section} aria-labelledby="process-title">
        <Container>
          <h2 id="process-title" className={styles.sectionTitle}>
            <FormattedMessage id="home.process.title" />
          </h2>
          <ol className={styles.steps}>
            {STEPS.map((key) => (
              <li key={key}>
                <h3 className={styles.cardTitle}>
                  <FormattedMessage id={`home.process.${key}.title`} />
                </h3>
                <p className={styles.cardText}>
                  <FormattedMessage id={`home.process.${key}.text`} />
                </p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section className={styles.cta} aria-labelledby="cta-title">
        <Container>
          <h2 id="cta-title" className={styles.sectionTitle}>
            <FormattedMessage id="home.cta.title" />
          </h2>
          <p className={styles.sectionLead}>
            <FormattedMessage id="home.cta.text" />
          </p>
          <Button asChild>
            <Link to={to('/order')}>
              <FormattedMessage id="home.cta.button" />
            </Link>
          </Button>
        </Container>
      </section>
    </>
  );
}
