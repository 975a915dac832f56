/**
 * One news item `/news/{slug}` ({slug}: the item's slug in the page's language): headline, date,
 * product link and the text (SITE-NEWS). An earlier slug, another language's slug or the item's
 * global id (the old address) answers 301 to the current slug address of the page's language;
 * anything else that is not a published item's is a 404 "Page Not Found: <path>".
 */
import { fetchQuery, graphql, useLazyLoadQuery } from 'react-relay';
import { redirect, useParams } from 'react-router';
import { GRAPHQL_LOCALE, LOCALES, type Locale, localizePath } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import { type Loader, type PageMeta, pageNotFound } from '../../routes/types';
import { MissingRecord } from '../pages';
import type { NewsItemPageQuery as NewsItemPageQueryType } from './__generated__/NewsItemPageQuery.graphql';
import { NewsArticle } from './NewsArticle';
import styles from './News.module.css';

const NewsItemPageQuery = graphql`
  query NewsItemPageQuery($key: String!, $id: ID!, $locale: Locale!) {
    byId: newsItem(id: $id) {
      slug(locale: $locale)
    }
    newsItem: newsItemBySlug(slug: $key, locale: $locale) {
      id
      slug(locale: $locale)
      slugEn: slug(locale: EN)
      slugRu: slug(locale: RU)
      slugEs: slug(locale: ES)
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

/** The query's variables: the address's key is looked up as a slug of `locale` and as a global id. */
const variables = (key: string, locale: Locale) => ({ key, id: key, locale: GRAPHQL_LOCALE[locale] });

/** The loader's permanent redirect to `slug`'s address in `locale`, the query string kept. */
function toSlug(request: Request, slug: string, locale: Locale): never {
  throw redirect(`${localizePath(`/news/${encodeURIComponent(slug)}`, locale)}${new URL(request.url).search}`, 301);
}

export const newsItemLoader: Loader = async ({ params, request }, context, locale) => {
  const key = params['slug'] ?? '';
  const data = /^[A-Za-z0-9_-]{1,200}$/.test(key)
    ? await fetchQuery<NewsItemPageQueryType>(context.environmentRef.current, NewsItemPageQuery, variables(key, locale), {
        fetchPolicy: 'store-or-network',
      }).toPromise()
    : undefined;
  const item = data?.newsItem;
  if (!item) {
    // The old address at the global id (SITE-NEWS): 301 to this language's slug.
    if (data?.byId?.slug) toSlug(request, data.byId.slug, locale);
    pageNotFound(request);
  }
  if (item.slug && item.slug !== key) toSlug(request, item.slug, locale);
  const url = new URL(request.url);
  const slugs: Record<Locale, string> = { en: item.slugEn, ru: item.slugRu, es: item.slugEs };
  const organization = { '@type': 'Organization', name: context.siteName, url: `${url.origin}/` };
  const meta: PageMeta = {
    title: item.title,
    description: item.summary,
    type: 'article',
    published: item.published,
    modified: item.updated,
    // Each language's alternate at that language's slug (SITE-SEO, SITE-NEWS).
    alternates: Object.fromEntries(LOCALES.map((l) => [l, `/news/${slugs[l]}`])) as Record<Locale, string>,
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
  const { slug = '' } = useParams();
  const data = useLazyLoadQuery<NewsItemPageQueryType>(NewsItemPageQuery, variables(slug, locale), { fetchPolicy: 'store-or-network' });
  const item = data.newsItem;
  if (!item) {
    return <MissingRecord className={styles.body} />;
  }
  return <NewsArticle title={item.title} summary={item.summary} paragraphs={item.body} published={item.published ?? null} product={item.product ?? null} />;
}
