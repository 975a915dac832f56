/**
 * What the sitemap lists besides the fixed public pages (SITE-SEO): every product of the
 * catalogue (SITE-CATALOGUE) in catalogue order and every published news item (SITE-NEWS: a draft
 * or an item scheduled for later is not listed), newest first. Read per request: a few dozen rows.
 */
import { type Db, nowIso } from '../db/index.js';

/** The sitemap's dynamic entries: product slugs, and news ids (database ids) with their last change (ISO 8601). */
export interface SitemapContent {
  products: { slug: string }[];
  news: { id: string; updated: string }[];
}

/** Reads the products and published news items the sitemap lists. */
export async function sitemapContent(db: Db): Promise<SitemapContent> {
  const [products, news] = await Promise.all([
    db.selectFrom('products').select(['slug']).orderBy('position').execute(),
    db.selectFrom('newsItems').select(['id', 'updated']).where('publishedAt', 'is not', null).where('publishedAt', '<=', nowIso()).orderBy('publishedAt', 'desc').execute(),
  ]);
  return { products, news };
}
