/**
 * One news item `/news/{id}` ({id} is the item's global id): headline, date, product link and the
 * text. An id that is not a published item's is a 404 "Page Not Found: <path>" (SITE-NEWS).
 */
import { fetchQuery, graphql, useLazyLoadQuery } from 'react-relay';
import { useParams } from 'react-router';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import { type Loader, type PageMeta, pageNotFound } from '../../routes/types';
import { MissingRecord } from '../pages/MissingRecord';
import type { NewsItemPageQuery as NewsItemPageQueryType } from './__generated__/NewsItemPageQuery.graphql';
import { NewsArticle } from './NewsArticle';
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
  const { id = '' } = useParams();
  const data = useLazyLoadQuery<NewsItemPageQueryType>(NewsItemPageQuery, variables(id, locale), { fetchPolicy: 'store-or-network' });
  const item = data.newsItem;
  if (!item) {
    return <MissingRecord className={styles.body} />;
  }
  return <NewsArticle title={item.title} summary={item.summary} paragraphs={item.body} published={item.published ?? null} product={item.product ?? null} />;
}
