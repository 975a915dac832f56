/**
 * The presentational part of a news item's page (SITE-NEWS): headline, date, summary, paragraphs
 * and the product it is about, from plain props. The public page `/news/{id}` renders it with the
 * item's data; the admin news editor (ADMIN-AREA) renders it as the preview of unsaved texts.
 */
import { Container, Link as UiLink, Text } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import { BackLink } from '../layout';
import { PageHero, PageIntro } from '../pages';
import styles from './News.module.css';

export interface NewsArticleProps {
  title: string;
  summary: string;
  /** The body: paragraphs of plain text, in order. */
  paragraphs: readonly string[];
  /** When the item was published (ISO date-time); null for a draft (no date shown). */
  published: string | null;
  /** The product the item is about, linked at the end; null for none. */
  product: { slug: string; name: string } | null;
  /** The headline's level: 1 on the page, 2 inside the admin editor's preview (one h1 per page). */
  titleLevel?: 1 | 2;
}

export function NewsArticle(props: NewsArticleProps) {
  const to = useLocalizePath();
  return (
    <article>
      <PageHero innerClassName={styles.articleHeader}>
        <BackLink to="/news" label="news.back" className={styles.breadcrumb} />
        <PageIntro
          eyebrow={props.published ? <FormattedDate value={props.published} dateStyle="long" timeZone="UTC" /> : null}
          eyebrowTone="muted"
          title={props.title}
          titleLevel={props.titleLevel}
          lead={props.summary}
          classes={styles}
        />
      </PageHero>
      <Container className={styles.articleBody}>
        {props.paragraphs.map((p, i) => (
          <Text key={i} className={styles.paragraph}>
            {p}
          </Text>
        ))}
        {props.product ? (
          <Text className={styles.related}>
            <FormattedMessage
              id="news.aboutProduct"
              values={{
                product: (
                  <UiLink asChild>
                    <Link to={to(`/products/${props.product.slug}`)}>{props.product.name}</Link>
                  </UiLink>
                ),
              }}
            />
          </Text>
        ) : null}
      </Container>
    </article>
  );
}
