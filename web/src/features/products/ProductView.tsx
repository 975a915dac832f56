/**
 * The presentational part of a product's page (SITE-CATALOGUE): cover, name, tagline, description,
 * features, technologies, related news and a call to order, from plain props. The public page
 * `/products/{slug}` renders it with the product's data; the admin product editor (ADMIN-AREA)
 * renders it as the preview of unsaved texts.
 */
import { Container, Heading, Link as UiLink, Text } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import { BackLink } from '../layout';
import { ButtonLink } from '../../app/links';
import { BadgeList, PageHero, PageIntro } from '../pages';
import { type ProductMotif, ProductVisual } from './ProductVisual';
import styles from './ProductPage.module.css';

export interface ProductViewProps {
  slug: string;
  name: string;
  tagline: string;
  /** Paragraphs of plain text. */
  description: readonly string[];
  /** One short line each. */
  features: readonly string[];
  technologies: readonly string[];
  year: number | null;
  visual: { motif: string; hue: number };
  /** Published news about the product, newest first (at most a few). */
  news: readonly { id: string; slug: string; title: string; published: string | null }[];
  /** The name's heading level: 1 on the page, 2 inside the admin editor's preview (one h1 per page). */
  titleLevel?: 1 | 2;
}

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

export function ProductView(props: ProductViewProps) {
  const product = props;
  const to = useLocalizePath();
  return (
    <article>
      <PageHero className={styles.hero} innerClassName={styles.heroInner}>
        <div className={styles.heroText}>
          <BackLink to="/products" label="product.backToCatalogue" className={styles.breadcrumb} />
          <PageIntro
            eyebrow={product.year ? <FormattedMessage id="product.launched" values={{ year: product.year }} /> : null}
            title={product.name}
            titleLevel={product.titleLevel}
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
                    <Link to={to(`/news/${item.slug}`)}>{item.title}</Link>
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
