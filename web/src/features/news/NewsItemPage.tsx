/**
 * One news item `/news/{id}` ({id} is the item's global id): headline, date, product link and the
 * text. An id that is not a published item's is a 404 "Page Not Found: <path>" (SITE-NEWS).
 */
import { Container, Link as UiLink, Text } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useParams } from 'react-router';
import { BackLink } from '../layout/BackLink';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import { type Loader, type PageMeta, pageNotFound } from '../../routes/types';
import { MissingRecord } from '../pages/MissingRecord';
import { PageHero, PageIntro } from '../pages/PageHero';
import type { NewsItemPageQuery as NewsItemPageQueryType } from './__generated__/NewsItemPageQuery.graphql';
import styles from './News.module.css';

const NewsItemPageQuery = graphql`
  query NewsItemPageQuery($id: ID!, $locale: Locale!) {
    newsItem(id: $id) {
      id
      title(locale: $locale)
      summary(locale: $locale)
      body(locale: $locale)
      published
      updated
      product {
        slug
        name(locale: $locale)
      }
    }
  }
`;

const variables = (id: string, locale: Locale) => ({ id, locale: GRAPHQL_LOCALE[locale] });

export const newsItemLoader: Loader = async ({ params, request }, context, locale) => {
  const id = params['id'] ?? '';
  const data = /^[A-Za-z0-9_-]{1,200}$/.test(id)
    ? await fetchQuery<NewsItemPageQueryType>(context.environmentRef.current, NewsItemPageQuery, variables(id, locale), { fetchPolicy: 'store-or-network' }).toPromise()
    : undefined;
  const item = data?.newsItem;
  if (!item) pageNotFound(request);
  const url = new URL(request.url);
  const organization = { '@type': 'Organization', name: context.siteName, url: `${url.origin}/` };
  const meta: PageMeta = {
    title: item.title,
    description: item.summary,
    type: 'article',
    published: item.published,
    modified: item.updated,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: item.title,
        description: item.summary,
        ...(item.published ? { datePublished: item.published } : {}),
        dateModified: item.updated,
        inLanguage: locale,
        mainEntityOfPage: `${url.origin}${url.pathname}`,
        image: [`${url.origin}/og-image.png`],
        author: organization,
        publisher: { ...organization, logo: { '@type': 'ImageObject', url: `${url.origin}/favicon.svg` } },
      },
    ],
  };
  return { meta };
};

export function NewsItemPage() {
  const locale = useLocale();
  const to = useLocalizePath();
  const { id = '' } = useParams();
  const data = useLazyLoadQuery<NewsItemPageQueryType>(NewsItemPageQuery, variables(id, locale), { fetchPolicy: 'store-or-network' });
  const item = data.newsItem;
  if (!item) {
    return <MissingRecord className={styles.body} />;
  }
  return (
    <article>
      <PageHero innerClassName={styles.articleHeader}>
        <BackLink to="/news" label="news.back" className={styles.breadcrumb} />
        <PageIntro
          eyebrow={item.published ? <FormattedDate value={item.published} dateStyle="long" timeZone="UTC" /> : null}
          eyebrowTone="muted"
          title={item.title}
          lead={item.summary}
          classes={styles}
        />
      </PageHero>
      <Container className={styles.articleBody}>
        {item.body.map((p, i) => (
          <Text key={i} className={styles.paragraph}>
            {p}
          </Text>
        ))}
        {item.product ? (
          <Text className={styles.related}>
            <FormattedMessage
              id="news.aboutProduct"
              values={{
                product: (
                  <UiLink asChild>
                    <Link to={to(`/products/${item.product.slug}`)}>{item.product.name}</Link>
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
