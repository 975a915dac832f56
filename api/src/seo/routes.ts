/**
 * `/sitemap.xml` and `/robots.txt` (issue 5, SEO). The sitemap lists every public page in every
 * locale — the informational pages, every product and every published news item — each with its
 * hreflang alternates (en, ru, es, x-default; Google's "localized versions" format), written by
 * the `sitemap` library. Built per request from the database (a few dozen rows), so content
 * changes show at once.
 */
import type { FastifyInstance } from 'fastify';
import { type SitemapItemLoose, SitemapStream, streamToPromise } from 'sitemap';
import type { Config } from '../config.js';
import { type Db, nowIso } from '../db/index.js';
import { globalId } from '../graphql/ids.js';

/**
 * The public informational paths (unprefixed). Must match the indexable pages of the route table
 * (web/src/routes/pages.ts); the e2e suite checks that the sitemap covers every one.
 */
export const PUBLIC_PATHS = ['/', '/faq', '/how', '/team', '/order', '/techs', '/culture', '/privacy', '/news', '/products'] as const;

/** `path` (unprefixed) in each locale: ('/faq') → { en: '/faq', ru: '/ru/faq', es: '/es/faq' }. */
export function localizedPaths(path: string): Record<'en' | 'ru' | 'es', string> {
  const at = (prefix: string) => (path === '/' ? prefix || '/' : `${prefix}${path}`);
  return { en: at(''), ru: at('/ru'), es: at('/es') };
}

/** Answers the sitemap's items: one per page and locale, each linking its alternates. */
export async function sitemapItems(db: Db, publicUrl: string): Promise<SitemapItemLoose[]> {
  const [products, news] = await Promise.all([
    db.selectFrom('products').select(['slug', 'created']).orderBy('position').execute(),
    db.selectFrom('newsItems').select(['id', 'updated']).where('publishedAt', 'is not', null).where('publishedAt', '<=', nowIso()).orderBy('publishedAt', 'desc').execute(),
  ]);
  const pages: { path: string; lastmod?: string; priority: number }[] = [
    ...PUBLIC_PATHS.map((path) => ({ path, priority: path === '/' ? 1 : 0.7 })),
    ...products.map((p) => ({ path: `/products/${p.slug}`, priority: 0.6 })),
    ...news.map((n) => ({ path: `/news/${globalId('NewsItem', n.id)}`, lastmod: n.updated, priority: 0.5 })),
  ];
  return pages.flatMap(({ path, lastmod, priority }) => {
    const paths = localizedPaths(path);
    const links = [
      ...Object.entries(paths).map(([lang, p]) => ({ lang, url: `${publicUrl}${p}` })),
      { lang: 'x-default', url: `${publicUrl}${paths.en}` },
    ];
    return Object.values(paths).map((p) => ({ url: `${publicUrl}${p}`, links, priority, ...(lastmod ? { lastmod } : {}) }));
  });
}

export function registerSeoRoutes(app: FastifyInstance, opts: { db: Db; config: Pick<Config, 'publicUrl'> }): void {
  const { db, config } = opts;
  app.get('/sitemap.xml', async (_request, reply) => {
    const stream = new SitemapStream({ hostname: config.publicUrl, xmlns: { xhtml: true, news: false, image: false, video: false } });
    const done = streamToPromise(stream);
    for (const item of await sitemapItems(db, config.publicUrl)) stream.write(item);
    stream.end();
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(await done);
  });

  // Account screens, the social-login return page and the API are not for search engines.
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...['/auth', '/profile', '/loading'].flatMap((p) => [`Disallow: ${p}`, `Disallow: /ru${p}`, `Disallow: /es${p}`]),
    '',
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots));
}
