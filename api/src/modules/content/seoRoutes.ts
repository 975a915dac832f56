/**
 * `/sitemap.xml` and `/robots.txt` (SITE-SEO). The sitemap lists every public page in every
 * locale — the indexable pages of the page list, every product and every published news item
 * (content/sitemap.ts; a news item at its slug in each language) — each with its hreflang alternates (every locale and x-default; Google's
 * "localized versions" format), written by the `sitemap` library. Built per request from the
 * database (a few dozen rows), so content changes show at once. robots.txt keeps crawlers out of
 * the API and of every page that is not indexable (account screens, /loading).
 */
import { DEFAULT_LOCALE, LOCALES, type Locale, localizePath } from '@studio/site/locales';
import { PAGES, PUBLIC_PATHS, localizedPaths } from '@studio/site/pages';
import type { FastifyInstance } from 'fastify';
import { type SitemapItemLoose, SitemapStream, streamToPromise } from 'sitemap';
import type { Config } from '../../platform/config.js';
import { sitemapContent } from './sitemap.js';
import type { Db } from '../../platform/db/index.js';
import { globalId } from '../../platform/graphql/ids.js';

/** Answers the sitemap's items: one per page and locale, each linking its alternates. */
export async function sitemapItems(db: Db, publicUrl: string): Promise<SitemapItemLoose[]> {
  const { products, news } = await sitemapContent(db);
  const pages: { paths: Record<Locale, string>; lastmod?: string; priority: number }[] = [
    ...PUBLIC_PATHS.map((path) => ({ paths: localizedPaths(path), priority: path === '/' ? 1 : 0.7 })),
    ...products.map((p) => ({ paths: localizedPaths(`/products/${p.slug}`), priority: 0.6 })),
    // Each locale's address of a news item has that locale's slug (SITE-NEWS); the global id only if one is missing.
    ...news.map((n) => ({
      paths: Object.fromEntries(
        LOCALES.map((locale) => [locale, localizePath(`/news/${n.slugs[locale] ?? n.slugs.en ?? globalId('NewsItem', n.id)}`, locale)]),
      ) as Record<Locale, string>,
      lastmod: n.updated,
      priority: 0.5,
    })),
  ];
  return pages.flatMap(({ paths, lastmod, priority }) => {
    const links = [
      ...Object.entries(paths).map(([lang, p]) => ({ lang, url: `${publicUrl}${p}` })),
      { lang: 'x-default', url: `${publicUrl}${paths[DEFAULT_LOCALE]}` },
    ];
    return Object.values(paths).map((p) => ({ url: `${publicUrl}${p}`, links, priority, ...(lastmod ? { lastmod } : {}) }));
  });
}

/** The first path segment of every page that is not indexable ('/loading', '/auth', '/profile'), once each. */
function closedSections(): string[] {
  return [...new Set(PAGES.filter((page) => !page.indexable).map((page) => `/${page.path.split('/')[0]}`))];
}

/** Registers /sitemap.xml (cached an hour) and /robots.txt (cached a day). */
export function registerSeoRoutes(app: FastifyInstance, opts: { db: Db; config: Pick<Config, 'publicUrl'> }): void {
  const { db, config } = opts;
  app.get('/sitemap.xml', async (_request, reply) => {
    const stream = new SitemapStream({ hostname: config.publicUrl, xmlns: { xhtml: true, news: false, image: false, video: false } });
    const done = streamToPromise(stream);
    for (const item of await sitemapItems(db, config.publicUrl)) stream.write(item);
    stream.end();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await done);
  });

  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...closedSections().flatMap((section) => Object.values(localizedPaths(section)).map((path) => `Disallow: ${path}`)),
    '',
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots));
}
