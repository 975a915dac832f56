/**
 * The route contract between the route table (routes/table.tsx), the pages and the document
 * shell: what a loader receives and may answer, what a route's `handle` carries, and the 404 of a
 * bad parameter. It imports no page, so pages and shared modules may import it (the table imports
 * the pages, never the other way round).
 */
import { data, type LoaderFunctionArgs } from 'react-router';
import type { Environment } from 'relay-runtime';
import type { Locale } from '@studio/site/locales';
import type { PageId } from '@studio/site/pages';

/** What loaders need from their surroundings: the current Relay environment and the site's name (`SITE_NAME`). */
export interface RouteContext {
  environmentRef: { current: Environment };
  siteName: string;
  /**
   * The signed-in user's role (`ADMIN`, `USER`) or null, for the administrators' pages (ADMIN-AREA):
   * on the server from the render request, in the browser from `viewer { role }`.
   */
  viewerRole: () => Promise<string | null>;
}

/**
 * A page loader: fills the Relay store (server: in-process; browser: on navigation) and may
 * answer `{ meta: PageMeta }` for the document head. Throws `pageNotFound` for an unknown slug or
 * id (SITE-PAGES).
 */
export type Loader = (args: LoaderFunctionArgs, context: RouteContext, locale: Locale, page: PageId) => Promise<unknown>;

/** What a route's `handle` carries: the document root, a locale route, or a page with its flags (SITE-SEO). */
export interface RouteHandle {
  kind: 'root' | 'locale' | 'page';
  page?: PageId;
  indexable?: boolean;
}

/**
 * What a page tells the document head beyond its messages (SITE-SEO): a loader answers
 * `{ meta: PageMeta }` and the head renders the title, description, Open Graph and Twitter card
 * tags and the JSON-LD blocks from it. Pages without meta use the messages `page.<id>.title` and
 * `page.<id>.description`.
 */
export interface PageMeta {
  /** The page's own title, without the site name (the head appends ` · <site>`). */
  title: string;
  /** 70–160 characters for search results and link previews. */
  description: string;
  /** Open Graph type: `website` (default) or `article` (news). */
  type?: 'website' | 'article';
  /** ISO times for articles (`article:published_time`, `article:modified_time`). */
  published?: string | null;
  modified?: string | null;
  /**
   * The page's address in each language, unprefixed (`/news/<that language's slug>`), when it
   * differs per language (SITE-NEWS); the hreflang alternates use it. Default: this address in each.
   */
  alternates?: Record<Locale, string>;
  /** Schema.org objects, each rendered as one `application/ld+json` block. */
  jsonLd?: Record<string, unknown>[];
}

/** The 404 "Page Not Found: <full path>" of a bad slug or id (SITE-PAGES); thrown from a loader. */
export function pageNotFound(request: Request): never {
  const url = new URL(request.url);
  throw data(`Page Not Found: ${url.pathname}${url.search}`, { status: 404, statusText: 'Not Found' });
}
