/**
 * The page cache's key scheme and the pages a content change touches (SITE-CACHE).
 *
 * - **Cache key** `<theme> <url>`: `theme` is the visitor's theme cookie (`light`, `dark`, else
 *   `system`; the page is rendered with it, SITE-THEME) and `url` the request target as received
 *   (locale prefix, path and query: `/ru/news?x=1`). One key, one rendered document; the key is
 *   also the unit of single-flight rendering.
 * - **Page path**, what invalidation names: the url's pathname percent-decoded, lower-cased,
 *   without locale prefix and without repeated or trailing slashes (`/RU/News/` → `/news`,
 *   `/es` → `/`, `/news/TmV3c0l0ZW06MQ` → `/news/tmv3c0l0zw06mq`). One page path covers the page
 *   in every locale, theme and query string. Lower case because React Router matches paths without
 *   regard to case; two global ids that differ only in case share a page path, which at worst drops
 *   a page too many, never one too few.
 * - **Content change → page paths** (`pagesShowing`), mirroring what the public pages read
 *   (web/src/features/*): the home page, the catalogue and the order form list products; a product
 *   page shows its product and its newest news items; the news list and a news item page show
 *   items with their product's name. A news item's pages are at its slugs (every slug it has or had,
 *   in any language: the page path drops the locale prefix) and at its global id (which answers a
 *   redirect today, but costs nothing to name; SITE-NEWS). Pages built from content files (faq, how, team, …) read no
 *   database content. `/sitemap.xml` is built per request (seo/routes.ts), so it has nothing here.
 *   A change of unknown kind (`{ kind: 'all' }`) drops every page.
 */
import { stripLocale } from '@studio/site/locales';
import { globalId } from '../graphql/ids.js';
import type { ContentChange } from '../graphql/pubsub.js';

/** The cache key of an anonymous request for `url` (request target) with theme cookie `theme`. */
export function pageCacheKey(theme: string | undefined, url: string): string {
  return `${theme === 'light' || theme === 'dark' ? theme : 'system'} ${url}`;
}

/** The page path of `url` (a request target such as `/ru/news/?x=1`): see the module docstring. */
export function pagePathOf(url: string): string {
  // The pathname as the renderer sees it (`new Request(publicUrl + url)`: dot segments resolved),
  // then decoded; a target no URL parser takes, or bad percent-encoding, renders no page of ours.
  let pathname = url;
  try {
    pathname = decodeURIComponent(new URL(`http://page.invalid${url}`).pathname);
  } catch {
    pathname = url.split(/[?#]/, 1)[0] ?? '/';
  }
  const path = stripLocale(pathname.toLowerCase().replace(/\/{2,}/g, '/')).replace(/(.)\/+$/, '$1');
  return path.startsWith('/') ? path : `/${path}`;
}

/** What an invalidation drops: every page, or the pages with these page paths. */
export type PageTargets = 'all' | ReadonlySet<string>;

/** The page paths that show what `change` changed (see the module docstring). */
export function pagesShowing(change: ContentChange): PageTargets {
  const newsPage = (id: string) => pagePathOf(`/news/${globalId('NewsItem', id)}`);
  const slugPage = (slug: string) => pagePathOf(`/news/${slug}`);
  const productPage = (slug: string) => pagePathOf(`/products/${slug}`);
  switch (change.kind) {
    case 'product':
      return new Set(['/', '/products', '/order', '/news', productPage(change.slug), ...change.newsIds.map(newsPage), ...(change.newsSlugs ?? []).map(slugPage)]);
    case 'news':
      return new Set(['/news', newsPage(change.id), ...(change.slugs ?? []).map(slugPage), ...change.productSlugs.map(productPage)]);
    default:
      return 'all';
  }
}
