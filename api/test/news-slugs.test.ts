/**
 * Readable news addresses (SITE-NEWS, SITE-SEO, SITE-CACHE) on SQLite and PostgreSQL, with the real
 * built web app (`pnpm build` first): every seeded item has a slug per language made from its
 * title (Russian transliterated), unique per language; `newsItemBySlug` finds an item by a
 * current, earlier or other-language slug; the page at the slug answers 200 with each language's
 * alternate at that language's slug; the old global-id address, an earlier slug and another
 * language's slug answer 301 to the current slug address of the same language; a renamed item's
 * new page is served (the cache dropped) and its old address redirects; the sitemap lists slugs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/platform/config.js';
import { slugOfTitle } from '../src/platform/db/slugs.js';
import { describeEachDb, ok, startServer, type TestServer } from './harness.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SLUGS = 'query ($id: ID!) { newsItem(id: $id) { id en: slug(locale: EN) ru: slug(locale: RU) es: slug(locale: ES) titleRu: title(locale: RU) } }';
const BY_SLUG = 'query ($slug: String!, $locale: Locale!) { newsItemBySlug(slug: $slug, locale: $locale) { id slug(locale: $locale) } }';
const LIST = '{ news(first: 50) { edges { node { id en: slug(locale: EN) ru: slug(locale: RU) es: slug(locale: ES) } } } }';
const CREATE = 'mutation ($t: [NewsItemTextsInput!]!) { createNewsItem(texts: $t) { id en: slug(locale: EN) ru: slug(locale: RU) es: slug(locale: ES) } }';
const UPDATE = 'mutation ($id: ID!, $t: [NewsItemTextsInput!]) { updateNewsItem(id: $id, texts: $t) { id en: slug(locale: EN) ru: slug(locale: RU) } }';
const PUBLISH = 'mutation ($id: ID!) { publishNewsItem(id: $id) { isPublished } }';

const texts = (en: string, ru: string, es: string) =>
  (
    [
      ['EN', en],
      ['RU', ru],
      ['ES', es],
    ] as const
  ).map(([locale, title]) => ({ locale, title, summary: `${title}: a short summary.`, body: ['One paragraph.'] }));

describe('slugOfTitle', () => {
  it('transliterates, lower-cases and joins words with hyphens; never empty; at most 80 characters', () => {
    expect(slugOfTitle('Voice Match 3: Faster')).toBe('voice-match-3-faster');
    expect(slugOfTitle('Голос узнаёт за секунду')).toMatch(/^golos-uzna[a-z]*t-za-sekundu$/);
    expect(slugOfTitle('¿Qué hay de nuevo? Año 2026')).toBe('que-hay-de-nuevo-ano-2026');
    expect(slugOfTitle('!!!')).toBe('news');
    const long = slugOfTitle('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

if (!existsSync(join(repoRoot, 'web', 'dist', 'server', 'entry-server.js'))) {
  throw new Error('news-slugs.test.ts needs the built web app: run `pnpm build` first (pnpm test does).');
}

describeEachDb('news slugs on %s', (kind) => {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    server = await startServer(kind, { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false' }, { web: true });
    const admin = await server.register({ name: 'Admin' });
    await server.app.database.db.updateTable('users').set({ role: 'ADMIN' }).where('email', '=', admin.email).execute();
    adminToken = admin.accessToken;
  });
  afterAll(() => server?.close());

  const page = (path: string) => fetch(server.baseUrl + path, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
  const location = (response: Response) => new URL(response.headers.get('location') ?? '', server.baseUrl);

  it('gives every seeded item a slug per language, unique per language, Russian in Latin letters', async () => {
    const nodes = ok(await server.graphql(LIST)).news.edges.map((e: any) => e.node);
    expect(nodes.length).toBeGreaterThanOrEqual(10);
    for (const locale of ['en', 'ru', 'es'] as const) {
      const slugs = nodes.map((n: any) => n[locale] as string);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
    const first = ok(await server.graphql(SLUGS, { id: nodes[0].id })).newsItem;
    expect(first.titleRu).toMatch(/[а-яё]/i);
    expect(first.ru).not.toBe(first.en);
  });

  it('newsItemBySlug finds an item by its slug in a language, another language’s slug too; null for unknown or malformed slugs', async () => {
    const node = ok(await server.graphql(LIST)).news.edges[0].node;
    for (const [locale, slug] of [
      ['EN', node.en],
      ['RU', node.ru],
      ['ES', node.es],
    ]) {
      expect(ok(await server.graphql(BY_SLUG, { slug, locale })).newsItemBySlug, `${locale} ${slug}`).toEqual({ id: node.id, slug });
    }
    expect(ok(await server.graphql(BY_SLUG, { slug: node.ru, locale: 'ES' })).newsItemBySlug).toEqual({ id: node.id, slug: node.es });
    for (const slug of ['no-such-news', 'UPPER', '', 'a--b', '../x'])
      expect(ok(await server.graphql(BY_SLUG, { slug, locale: 'EN' })).newsItemBySlug, slug).toBeNull();
    // Too long is bad input (4xx-style GraphQL error), never a server error.
    const long = await server.graphql(BY_SLUG, { slug: 'a'.repeat(201), locale: 'EN' });
    expect(long.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  });

  it('the same title twice gets -2; drafts are not found by visitors', async () => {
    const title = `Same title ${Date.now()}`;
    const a = ok(await server.graphql(CREATE, { t: texts(title, `Тот же заголовок ${title}`, title) }, adminToken)).createNewsItem;
    const b = ok(await server.graphql(CREATE, { t: texts(title, `Тот же заголовок ${title}`, title) }, adminToken)).createNewsItem;
    expect(b.en).toBe(`${a.en}-2`);
    expect(b.ru).toBe(`${a.ru}-2`);
    expect(a.ru).toMatch(/^tot-zhe-zagolovok-same-title-\d+$/);
    expect(ok(await server.graphql(BY_SLUG, { slug: a.en, locale: 'EN' })).newsItemBySlug).toBeNull();
    expect(ok(await server.graphql(BY_SLUG, { slug: a.en, locale: 'EN' }, adminToken)).newsItemBySlug.id).toBe(a.id);
    expect((await page(`/news/${a.en}`)).status).toBe(404);
  });

  it('serves the page at the slug with each language’s alternate at its own slug; the id address and other slugs answer 301', async () => {
    const node = ok(await server.graphql(LIST)).news.edges[0].node;
    const response = await page(`/ru/news/${node.ru}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const origin = server.config.publicUrl;
    expect(html).toContain(`<link rel="canonical" href="${origin}/ru/news/${node.ru}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${origin}/news/${node.en}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="ru" href="${origin}/ru/news/${node.ru}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="es" href="${origin}/es/news/${node.es}"/>`);

    for (const [from, to] of <Array<[string, string]>>[
      [`/news/${node.id}`, `/news/${node.en}`],
      [`/ru/news/${node.id}`, `/ru/news/${node.ru}`],
      [`/es/news/${node.id}?x=1`, `/es/news/${node.es}?x=1`],
      [`/news/${node.ru}`, `/news/${node.en}`], // the language switcher keeps the slug
    ]) {
      const redirect = await page(from);
      expect(redirect.status, from).toBe(301);
      const target = location(redirect);
      expect(target.pathname + target.search, from).toBe(to);
    }
    expect((await page('/news/no-such-news')).status).toBe(404);
  });

  it('a renamed item gets a new slug; its old address answers 301; the cached page and sitemap follow', async () => {
    const title = `Renamed later ${Date.now()}`;
    const created = ok(await server.graphql(CREATE, { t: texts(title, `Переименуем ${title}`, `Renombrado ${title}`) }, adminToken)).createNewsItem;
    ok(await server.graphql(PUBLISH, { id: created.id }, adminToken));
    expect((await page(`/news/${created.en}`)).status).toBe(200); // now cached
    const renamed = ok(
      await server.graphql(
        UPDATE,
        { id: created.id, t: texts(`${title} and then some`, `Переименуем ${title}`, `Renombrado ${title}`).slice(0, 1) },
        adminToken,
      ),
    ).updateNewsItem;
    expect(renamed.en).toBe(`${created.en}-and-then-some`);
    expect(renamed.ru).toBe(created.ru);
    const old = await page(`/news/${created.en}`);
    expect(old.status).toBe(301);
    expect(location(old).pathname).toBe(`/news/${renamed.en}`);
    expect(await (await page(`/news/${renamed.en}`)).text()).toContain('and then some');

    const sitemap = await (await page('/sitemap.xml')).text();
    const origin = server.config.publicUrl;
    expect(sitemap).toContain(`<loc>${origin}/news/${renamed.en}</loc>`);
    expect(sitemap).toContain(`<loc>${origin}/ru/news/${created.ru}</loc>`);
    expect(sitemap).toContain(`<loc>${origin}/es/news/${created.es}</loc>`);
    expect(sitemap).not.toContain(`<loc>${origin}/news/${created.en}</loc>`);
    expect(sitemap).not.toContain(created.id);
  });
});
