/**
 * The home page: the studio's pitch (messages), what it does, how it works, and selected
 * products from GraphQL (server-rendered; the browser reuses the records, no request).
 */
import { Card, Container, Grid, Heading, Link as UiLink, Text } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { HomePageQuery as HomePageQueryType } from './__generated__/HomePageQuery.graphql';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import type { RouteContext } from '../../routes/types';
import { ButtonLink } from '../../app/links';
import { PageIntro } from '../pages';
import { ProductCard } from '../products';
import styles from './HomePage.module.css';
import { AccountDeletedNotice } from '../profile';

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

/** A home page section: its `<h2>` (message `home.<name>.title`, id `<name>-title` labelling the section), an optional lead (a message id), then its content. */
function Section(props: { name: 'services' | 'work' | 'process' | 'cta'; lead?: string; className?: string; children: ReactNode }) {
  const titleId = `${props.name}-title`;
  return (
    <section className={props.className ?? styles.section} aria-labelledby={titleId}>
      <Container>
        <Heading level={2} size="2xl" id={titleId} className={styles.sectionTitle}>
          <FormattedMessage id={`home.${props.name}.title`} />
        </Heading>
        {props.lead ? (
          <Text tone="muted" className={styles.sectionLead}>
            <FormattedMessage id={props.lead} />
          </Text>
        ) : null}
        {props.children}
      </Container>
    </section>
  );
}

/** A service's or a step's title (`<h3>`) and text, from the messages `<prefix>.title` and `<prefix>.text`. */
function Item(props: { prefix: string }) {
  return (
    <>
      <Heading level={3} size="md" className={styles.cardTitle}>
        <FormattedMessage id={`${props.prefix}.title`} />
      </Heading>
      <Text tone="muted" size="sm">
        <FormattedMessage id={`${props.prefix}.text`} />
      </Text>
    </>
  );
}

/** The hero: the studio in one line, the two ways on, and a few numbers. */
function Hero(props: { productCount: number }) {
  return (
    <section className={styles.hero}>
      <Container>
        <AccountDeletedNotice className={styles.notice} />
        <PageIntro
          eyebrow={<FormattedMessage id="home.hero.eyebrow" />}
          title={<FormattedMessage id="home.hero.title" />}
          titleSize="4xl"
          lead={<FormattedMessage id="home.hero.lead" />}
          classes={styles}
        />
        <div className={styles.actions}>
          <ButtonLink to="/order" size="lg">
            <FormattedMessage id="home.hero.primaryCta" />
          </ButtonLink>
          <ButtonLink to="/products" variant="secondary" size="lg">
            <FormattedMessage id="home.hero.secondaryCta" />
          </ButtonLink>
        </div>
        <ul className={styles.stats}>
          <li>
            <FormattedMessage id="home.stats.products" values={{ count: props.productCount }} />
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
  );
}

/** Some of the products, and the way to all of them. */
function Work(props: { products: HomePageQueryType['response']['products']['edges'] }) {
  const to = useLocalizePath();
  return (
    <Section name="work" lead="home.work.lead">
      {props.products.length === 0 ? (
        <p>
          <FormattedMessage id="home.work.empty" />
        </p>
      ) : (
        <Grid as="ul" minItemWidth={240} gap={4} className={styles.grid}>
          {props.products.map((edge) => (
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
    </Section>
  );
}

export function HomePage() {
  const locale = useLocale();
  const data = useLazyLoadQuery<HomePageQueryType>(HomePageQuery, variables(locale), { fetchPolicy: 'store-or-network' });
  const products = data.products.edges;
  return (
    <>
      <Hero productCount={data.products.totalCount} />

      <Section name="services" lead="home.services.lead">
        <Grid as="ul" minItemWidth={240} gap={4} className={styles.grid}>
          {SERVICES.map((key) => (
            <Card asChild key={key}>
              <li>
                <Item prefix={`home.services.${key}`} />
              </li>
            </Card>
          ))}
        </Grid>
      </Section>

      <Work products={products} />

      <Section name="process">
        <ol className={styles.steps}>
          {STEPS.map((key) => (
            <li key={key}>
              <Item prefix={`home.process.${key}`} />
            </li>
          ))}
        </ol>
      </Section>

      <Section name="cta" lead="home.cta.text" className={styles.cta}>
        <ButtonLink to="/order" size="lg">
          <FormattedMessage id="home.cta.button" />
        </ButtonLink>
      </Section>
    </>
  );
}
