/**
 * The home page: the studio's pitch (messages), what it does, how it works, and selected
 * products from GraphQL (server-rendered; the browser reuses the records, no request).
 */
import { Button, Card, Container, Eyebrow, Grid, Heading, Link as UiLink, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { HomePageQuery as HomePageQueryType } from './__generated__/HomePageQuery.graphql';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import type { RouteContext } from '../../routes/types';
import { ProductCard } from '../products/ProductCard';
import styles from './HomePage.module.css';
import { AccountDeletedNotice } from '../profile/AccountDeletedNotice';

const HomePageQuery = graphql`
  query HomePageQuery($first: Int!, $locale: Locale!) {
    products(first: $first) {
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
          <AccountDeletedNotice className={styles.notice} />
          <Eyebrow className={styles.eyebrow}>
            <FormattedMessage id="home.hero.eyebrow" />
          </Eyebrow>
          <Heading level={1} size="4xl" className={styles.title}>
            <FormattedMessage id="home.hero.title" />
          </Heading>
          <Text size="lg" tone="muted" className={styles.lead}>
            <FormattedMessage id="home.hero.lead" />
          </Text>
          <div className={styles.actions}>
            <Button asChild size="lg">
              <Link to={to('/order')}>
                <FormattedMessage id="home.hero.primaryCta" />
              </Link>
            </Button>
            <Button asChild variant="secondary" size="lg">
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
          <Heading level={2} size="2xl" id="services-title" className={styles.sectionTitle}>
            <FormattedMessage id="home.services.title" />
          </Heading>
          <Text tone="muted" className={styles.sectionLead}>
            <FormattedMessage id="home.services.lead" />
          </Text>
          <Grid as="ul" minItemWidth={240} gap={4} className={styles.grid}>
            {SERVICES.map((key) => (
              <Card asChild key={key}>
                <li>
                  <Heading level={3} size="md" className={styles.cardTitle}>
                    <FormattedMessage id={`home.services.${key}.title`} />
                  </Heading>
                  <Text tone="muted" size="sm">
                    <FormattedMessage id={`home.services.${key}.text`} />
                  </Text>
                </li>
              </Card>
            ))}
          </Grid>
        </Container>
      </section>

      <section className={styles.section} aria-labelledby="work-title">
        <Container>
          <Heading level={2} size="2xl" id="work-title" className={styles.sectionTitle}>
            <FormattedMessage id="home.work.title" />
          </Heading>
          <Text tone="muted" className={styles.sectionLead}>
            <FormattedMessage id="home.work.lead" />
          </Text>
          {products.length === 0 ? (
            <p>
              <FormattedMessage id="home.work.empty" />
            </p>
          ) : (
            <Grid as="ul" minItemWidth={240} gap={4} className={styles.grid}>
              {products.map((edge) => (
                <ProductCard key={edge.node.id} product={edge.node} />
              ))}
            </Grid>
          )}
          <p>
            <UiLink asChild>
              <Link to={to('/products')}>
                <FormattedMessage id="home.work.viewAll" /> →
              </Link>
            </UiLink>
          </p>
        </Container>
      </section>

      <section className={styles.section} aria-labelledby="process-title">
        <Container>
          <Heading level={2} size="2xl" id="process-title" className={styles.sectionTitle}>
            <FormattedMessage id="home.process.title" />
          </Heading>
          <ol className={styles.steps}>
            {STEPS.map((key) => (
              <li key={key}>
                <Heading level={3} size="md" className={styles.cardTitle}>
                  <FormattedMessage id={`home.process.${key}.title`} />
                </Heading>
                <Text tone="muted" size="sm">
                  <FormattedMessage id={`home.process.${key}.text`} />
                </Text>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section className={styles.cta} aria-labelledby="cta-title">
        <Container>
          <Heading level={2} size="2xl" id="cta-title" className={styles.sectionTitle}>
            <FormattedMessage id="home.cta.title" />
          </Heading>
          <Text tone="muted" className={styles.sectionLead}>
            <FormattedMessage id="home.cta.text" />
          </Text>
          <Button asChild size="lg">
            <Link to={to('/order')}>
              <FormattedMessage id="home.cta.button" />
            </Link>
          </Button>
        </Container>
      </section>
    </>
  );
}
