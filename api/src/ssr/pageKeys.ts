/**
 * The page cache's key scheme and the pages a content change touches (SITE-CACHE).
 *
 * - **Cache key** `<theme> <url>`: `theme` is the visitor's theme cookie (`light`, `dark`, else
 *   `system`; the page is rendered with it, SITE-THEME) and `url` the request target as received
 *   (locale prefix, path and query: `/ru/news?x=1`). One key, one rendered document; the key is
 *   also the unit of single-flight rendering.
 * - **Stored addresses** (`isStoredTarget`): only a render of an address a page is linked at is
 *   kept, so that nobody can fill the cache (and push the real pages out of it) by asking for
 *   endless variants of one page — a cache-busting attack. That is a canonical path (lower-case
 *   letters, digits and hyphens between single slashes, no trailing slash, no percent-encoding) and
 *   no query string, or one of the few query strings a page reads and links to itself with
 *   (`STORED_QUERIES`: the news list's `?shown=12` … `?shown=48`, the order form's
 *   `?product=<slug>` of the catalogue). Anything else — the catalogue's search `?q=` (SITE-PAGES),
 *   tracking parameters, a referral `?ref=`, `/FAQ`, `/faq/` — is rendered for its request (still
 *   one render per key at a time) and not stored. The key is not normalised instead, because a page
 *   shows its own address (the language links keep the query string): a normalised key would hand
 *   one visitor's query string to everyone.
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
import { globalId } from '../platform/graphql/ids.js';
import type { ContentChange } from '../platform/graphql/pubsub.js';

/** The cache key of an anonymous request for `url` (request target) with theme cookie `theme`. */
export function pageCacheKey(theme: string | undefined, url: string): string {
  return `${theme === 'light' || theme === 'dark' ? theme : 'system'} ${url}`;
}

/** A canonical path: `/`, or lower-case letters, digits and hyphens between single slashes (no trailing slash). */
const CANONICAL_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

/** The news list's "Load more" addresses (`NEWS_PAGE_SIZE` 6 up to `NEWS_MAX_SHOWN` 48, web/src/features/news/NewsPage.tsx). */
const NEWS_SHOWN = new Set(Array.from({ length: 8 }, (_, i) => String((i + 1) * 6)));

/** The query parameters a page reads and links to itself with, by page path, each with the values it links to. */
function storedQueries(productSlugs: ReadonlySet<string>): Readonly<Record<string, Readonly<Record<string, (value: string) => boolean>>>> {
  return {
    '/news': { shown: (value) => NEWS_SHOWN.has(value) },
    '/order': { product: (value) => productSlugs.has(value) },
  };
}

/**
 * Whether a render of request target `url` may be stored in the page cache (see the module
 * docstring); `productSlugs` are the catalogue's (the file names of content/products).
 */
export function isStoredTarget(url: string, productSlugs: ReadonlySet<string>): boolean {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  if (!CANONICAL_PATH.test(path)) return false;
  if (mark < 0) return true;
  const query = url.slice(mark + 1);
  const allowed = storedQueries(productSlugs)[pagePathOf(path)];
  if (!allowed || query.length > 100) return false;
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  // One parameter of the page, once, with a value it links to, written the one way URLSearchParams writes it.
  if (names.length !== 1 || params.toString() !== query) return false;
  const [name, value] = [...params.entries()][0]!;
  return Object.hasOwn(allowed, name) && allowed[name]!(value);
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
      return new Set([
        '/',
        '/products',
        '/order',
        '/news',
        productPage(change.slug),
        ...change.newsIds.map(newsPage),
        ...(change.newsSlugs ?? []).map(slugPage),
      ]);
    case 'news':
      return new Set(['/news', newsPage(change.id), ...(change.slugs ?? []).map(slugPage), ...change.productSlugs.map(productPage)]);
    default:
      return 'all';
  }
}
