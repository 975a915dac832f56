/**
 * What the sitemap lists besides the fixed public pages (SITE-SEO): every product of the
 * catalogue (SITE-CATALOGUE) in catalogue order and every published news item (SITE-NEWS: a draft
 * or an item scheduled for later is not listed), newest first. Read per request: a few dozen rows.
 */
import type { Locale } from '@studio/site/locales';
import { type Db, nowIso } from '../../platform/db/index.js';

/** The sitemap's dynamic entries: product slugs, and news items with their slug per locale (SITE-NEWS) and last change (ISO 8601). */
export interface SitemapContent {
  products: { slug: string }[];
  news: { id: string; updated: string; slugs: Partial<Record<Locale, string>> }[];
}

/** Reads the products and published news items the sitemap lists. */
export async function sitemapContent(db: Db): Promise<SitemapContent> {
  const [products, news] = await Promise.all([
    db.selectFrom('products').select(['slug']).orderBy('position').execute(),
    db
      .selectFrom('newsItems')
      .select(['id', 'updated'])
      .where('publishedAt', 'is not', null)
      .where('publishedAt', '<=', nowIso())
      .orderBy('publishedAt', 'desc')
      .execute(),
  ]);
  const ids = news.map((n) => n.id);
  const slugs = ids.length ? await db.selectFrom('newsTranslations').select(['newsItemId', 'locale', 'slug']).where('newsItemId', 'in', ids).execute() : [];
  return {
    products,
    news: news.map((n) => ({ ...n, slugs: Object.fromEntries(slugs.filter((t) => t.newsItemId === n.id && t.slug).map((t) => [t.locale, t.slug])) })),
  };
}
