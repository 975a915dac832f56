/**
 * The page cache (SITE-CACHE): `PageCache` on its own (single flight, failed renders, the
 * generation rule for renders overtaken by an invalidation, targeted invalidation, compression
 * once per fill), the key scheme of `pageKeys.ts`, the content-change payload of the bus, and the
 * same rules through real HTTP with the built web app (`pnpm build` first) on SQLite and
 * PostgreSQL, with real admin mutations as the content changes — in one process, and across two
 * processes through Redis. Renders are counted by the cache's own counters and held by its
 * `afterRender` seam, never timed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../src/platform/config.js';
import { globalId } from '../src/platform/graphql/ids.js';
import { parseContentChange } from '../src/platform/graphql/pubsub.js';
import { type FlightAnswer, PageCache, type Rendered } from '../src/ssr/pageCache.js';
import { isStoredTarget, pageCacheKey, pagePathOf, pagesShowing } from '../src/ssr/pageKeys.js';
import { readProductFiles } from '../src/modules/content/index.js';
import { describeEachDb, ok, redisSkipReason, startServer, TEST_REDIS_URL, type TestServer } from './harness.js';

/** The catalogue's slugs, as the server reads them at start (the file names of content/products). */
const PRODUCT_SLUGS = new Set(readProductFiles(join(repoRoot, 'content')).map((product) => product.slug));

const redisSkip = await redisSkipReason();

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const page = (html: string, overrides: Partial<Rendered> = {}): Rendered => ({ status: 200, html, cacheable: true, ...overrides });
const htmlOf = (answer: FlightAnswer) => ('body' in answer ? answer.body.html.toString() : `redirect ${answer.location}`);
const storedHtml = (cache: PageCache, url: string, theme?: string) => cache.get(pageCacheKey(theme, url))?.html.toString();

// ---------------------------------------------------------------------------------------------
describe('PageCache', () => {
  it('N concurrent misses for one key make one render, and every one gets its answer', async () => {
    const cache = new PageCache(10);
    const gate = deferred<Rendered>();
    let calls = 0;
    const render = () => {
      calls += 1;
      return gate.promise;
    };
    const answers = Array.from({ length: 25 }, () => cache.answer('system /faq', '/faq', render));
    // Another key (theme) is another document: its own render.
    const dark = cache.answer('dark /faq', '/faq', async () => page('dark faq'));
    expect(calls).toBe(1);
    gate.resolve(page('<html>faq</html>'));
    const all = await Promise.all(answers);
    expect(all.map(htmlOf)).toEqual(Array(25).fill('<html>faq</html>'));
    expect(htmlOf(await dark)).toBe('dark faq');
    expect(cache.stats).toMatchObject({ renders: 2, joins: 24, stored: 2, hits: 0 });
    expect(storedHtml(cache, '/faq')).toBe('<html>faq</html>');
    // Landed: the next miss on the key (after a drop) starts a new flight.
    cache.invalidate('all');
    await cache.answer('system /faq', '/faq', async () => page('again'));
    expect(cache.stats.renders).toBe(3);
  });

  it('a failed render stores nothing; every waiter gets its error, and the next miss renders again', async () => {
    const cache = new PageCache(10);
    const gate = deferred<Rendered>();
    const answers = Array.from({ length: 10 }, () => cache.answer('system /news', '/news', () => gate.promise));
    const failure = new Error('render failed');
    gate.reject(failure);
    const settled = await Promise.allSettled(answers);
    expect(settled.map((s) => (s.status === 'rejected' ? s.reason : s.value))).toEqual(Array(10).fill(failure));
    expect(cache.get('system /news')).toBeUndefined();
    expect(cache.stats).toMatchObject({ renders: 1, joins: 9, stored: 0 });

    // A render that throws before returning a promise leaves no flight behind either.
    await expect(
      cache.answer('system /news', '/news', () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(htmlOf(await cache.answer('system /news', '/news', async () => page('news')))).toBe('news');
    expect(cache.stats.renders).toBe(3);
    expect(storedHtml(cache, '/news')).toBe('news');
  });

  it('stores only cacheable 200 pages; other answers are shared by the flight but not kept', async () => {
    const cache = new PageCache(10);
    const notFound = await cache.answer('system /nope', '/nope', async () => page('404 page', { status: 404, cacheable: false }));
    expect(notFound.status).toBe(404);
    const redirect = await cache.answer('system /r', '/r', async () => page('', { status: 302, location: '/faq', cacheable: false }));
    expect(redirect).toEqual({ status: 302, location: '/faq' });
    await cache.answer('system /auth', '/auth', async () => page('sign-in', { cacheable: false }));
    expect(cache.size).toBe(0);
    // PAGE_CACHE_MAX_ENTRIES=0: nothing stored, still one render per key at a time.
    const off = new PageCache(0);
    const gate = deferred<Rendered>();
    const both = [off.answer('system /faq', '/faq', () => gate.promise), off.answer('system /faq', '/faq', () => gate.promise)];
    gate.resolve(page('faq'));
    await Promise.all(both);
    expect(off.stats).toMatchObject({ renders: 1, joins: 1, stored: 0 });
    expect(off.get('system /faq')).toBeUndefined();
  });

  describe('generations: a render overtaken by an invalidation is never stored', () => {
    it('of its page: not stored; a miss after the invalidation renders anew instead of joining', async () => {
      const cache = new PageCache(10);
      const old = deferred<Rendered>();
      const first = cache.answer('system /news', '/news', () => old.promise);
      cache.invalidate(new Set(['/news']));
      const fresh = deferred<Rendered>();
      const second = cache.answer('system /news', '/news', () => fresh.promise);
      expect(cache.stats.renders).toBe(2);
      fresh.resolve(page('new news'));
      await second;
      expect(storedHtml(cache, '/news')).toBe('new news');
      // The old render lands last: its own waiter (who asked before the change) gets it, the cache keeps the new page.
      old.resolve(page('old news'));
      expect(htmlOf(await first)).toBe('old news');
      expect(storedHtml(cache, '/news')).toBe('new news');
      expect(cache.stats).toMatchObject({ stored: 1, discarded: 1 });
    });

    it('when everything is dropped, or while the page is being compressed', async () => {
      const cache = new PageCache(10);
      const gate = deferred<Rendered>();
      const flying = cache.answer('system /faq', '/faq', () => gate.promise);
      cache.invalidate('all');
      gate.resolve(page('old faq'));
      await flying;
      expect(cache.get('system /faq')).toBeUndefined();

      // An invalidation after the render returned, before its page is stored (the seam runs there).
      cache.hooks.afterRender = () => cache.invalidate(pagesShowing({ kind: 'news', id: 'n1', productSlugs: [] }));
      await cache.answer('system /news', '/news', async () => page('old news'));
      expect(cache.get('system /news')).toBeUndefined();
      expect(cache.stats).toMatchObject({ stored: 0, discarded: 2 });
    });

    it('of another page: the render is stored', async () => {
      const cache = new PageCache(10);
      const gate = deferred<Rendered>();
      const flying = cache.answer('system /faq', '/faq', () => gate.promise);
      cache.invalidate(pagesShowing({ kind: 'product', slug: 'dom', newsIds: ['n1'] }));
      gate.resolve(page('faq'));
      await flying;
      expect(storedHtml(cache, '/faq')).toBe('faq');
    });
  });

  it('targeted invalidation drops the touched pages in every locale, theme and query, and keeps the others', async () => {
    const cache = new PageCache(100);
    const touchedNews = `/news/${globalId('NewsItem', 'n1')}`;
    const otherNews = `/news/${globalId('NewsItem', 'n2')}`;
    const touched = ['/news', '/ru/news', '/es/news?page=2', '/news/', '/RU/News', touchedNews, `/es${touchedNews}`, '/products/dom', '/ru/products/dom/'];
    const kept = ['/', '/ru', '/faq', '/es/faq', '/products', '/order', '/products/aura', otherNews, '/ru/products/dom-2'];
    for (const theme of [undefined, 'dark']) {
      for (const url of [...touched, ...kept]) await cache.answer(pageCacheKey(theme, url), pagePathOf(url), async () => page(url));
    }
    expect(cache.size).toBe(2 * (touched.length + kept.length));
    cache.invalidate(pagesShowing({ kind: 'news', id: 'n1', productSlugs: ['dom'] }));
    for (const theme of [undefined, 'dark']) {
      expect(touched.filter((url) => storedHtml(cache, url, theme) !== undefined)).toEqual([]);
      expect(kept.filter((url) => storedHtml(cache, url, theme) === url)).toEqual(kept);
    }
    // A product's change also reaches the pages listing products and the news about it.
    cache.invalidate(pagesShowing({ kind: 'product', slug: 'aura', newsIds: ['n2'] }));
    expect(kept.filter((url) => storedHtml(cache, url) !== undefined)).toEqual(['/faq', '/es/faq', '/ru/products/dom-2']);
  });

  it('compresses a page once when it is stored: brotli and gzip decode to the HTML; hits send the stored bytes', async () => {
    const cache = new PageCache(10);
    const html = `<!DOCTYPE html><html lang="ru-RU"><body>${'<p>Новости студии — studio news</p>'.repeat(2000)}</body></html>`;
    await cache.answer('system /ru/news', '/news', async () => page(html));
    const stored = cache.get('system /ru/news')!;
    expect(brotliDecompressSync(stored.br).toString()).toBe(html);
    expect(gunzipSync(stored.gzip).toString()).toBe(html);
    expect(stored.br.length).toBeLessThan(html.length / 10);
    const again = cache.get('system /ru/news')!;
    expect([again.br, again.gzip, again.html]).toEqual([stored.br, stored.gzip, stored.html]);
    expect(again.br).toBe(stored.br);
    expect(cache.stats.hits).toBe(2);
  });

  it('serves a stored page for at most its maximum age (PAGE_CACHE_MAX_AGE_SECONDS); then the next request renders it again', async () => {
    const cache = new PageCache(10, 0.3);
    let renders = 0;
    const render = async () => page(`render ${(renders += 1)}`);
    await cache.answer('system /faq', '/faq', render);
    expect(cache.peek('system /faq')?.html.toString()).toBe('render 1');
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Gone for the fast path (peek) and the page host (get) alike, without any invalidation.
    expect(cache.peek('system /faq')).toBeUndefined();
    expect(cache.get('system /faq')).toBeUndefined();
    expect(htmlOf(await cache.answer('system /faq', '/faq', render))).toBe('render 2');
    expect(storedHtml(cache, '/faq')).toBe('render 2');
    expect(cache.stats.invalidations).toBe(0);
    expect(() => new PageCache(10, 0)).toThrow(RangeError);
  });
});

describe('page keys', () => {
  it.each([
    ['/', '/'],
    ['/ru', '/'],
    ['/es/', '/'],
    ['/RU/News/', '/news'],
    ['/news?page=2#x', '/news'],
    ['//news', '/news'],
    ['/news/../faq', '/faq'],
    ['/%6Eews', '/news'],
    ['/ru/products/three-dv/', '/products/three-dv'],
    ['/rufus', '/rufus'],
  ])('the page path of %j is %j', (url, path) => {
    expect(pagePathOf(url)).toBe(path);
  });

  it.each([
    '/',
    '/ru',
    '/faq',
    '/es/products/three-dv',
    '/news/voice-match-3-shorter-clips-bigger-archives-and-clear-reasons',
    '/news?shown=12',
    '/ru/news?shown=48',
    '/order?product=voice-match',
    '/es/order?product=three-dv',
  ])('stores renders of %j, an address the site links to', (url) => {
    expect(isStoredTarget(url, PRODUCT_SLUGS)).toBe(true);
  });

  it.each([
    '/products?q=voice',
    '/ru/products?q=',
    '/faq?utm_source=mail',
    '/faq?',
    '/order?ref=ABC123',
    '/order?product=voice-match&ref=ABC123',
    '/order?product=not-a-product',
    '/news?shown=13',
    '/news?shown=54',
    '/news?shown=012',
    '/news?shown=12&shown=18',
    '/news?%73hown=12',
    '/faq?shown=12',
    '/FAQ',
    '/faq/',
    '//faq',
    '/f%61q',
    '/news/../faq',
    '/ru/',
  ])('renders %j for its request without storing it (search, made-up query, non-canonical path)', (url) => {
    expect(isStoredTarget(url, PRODUCT_SLUGS)).toBe(false);
  });

  it('keys by theme choice and the request target', () => {
    expect(pageCacheKey('dark', '/ru/faq?x=1')).toBe('dark /ru/faq?x=1');
    expect(pageCacheKey('purple', '/faq')).toBe('system /faq');
    expect(pageCacheKey(undefined, '/faq')).toBe('system /faq');
  });

  it('a notice the listener cannot read flushes everything', () => {
    expect(parseContentChange({ id: 'site' })).toEqual({ kind: 'all' });
    expect(parseContentChange('garbage')).toEqual({ kind: 'all' });
    expect(parseContentChange({ kind: 'news', id: 'n1' })).toEqual({ kind: 'all' });
    expect(parseContentChange({ kind: 'news', id: 'n1', productSlugs: ['dom'] })).toEqual({ kind: 'news', id: 'n1', productSlugs: ['dom'] });
    expect(pagesShowing(parseContentChange(null))).toBe('all');
  });
});

// ---------------------------------------------------------------------------------------------
// Through real HTTP with the built web app.

if (!existsSync(join(repoRoot, 'web', 'dist', 'server', 'entry-server.js'))) {
  throw new Error('page-cache.test.ts needs the built web app: run `pnpm build` first (pnpm test does).');
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (compressed when content-encoding says so). */
  body: Buffer;
  /** The body decoded. */
  html: string;
}

/** A GET with node:http (no automatic decoding, a connection of its own), anonymous. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const decoded = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, html: decoded.toString('utf8') });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const WEB_ENV = { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false' };
const NEWS_LIST =
  '{ news(first: 50) { edges { node { id titleEn: title(locale: EN) en: slug(locale: EN) ru: slug(locale: RU) es: slug(locale: ES) product { slug } } } } }';
const EN_SLUG = 'query ($id: ID!) { newsItem(id: $id) { slug(locale: EN) } }';
const UPDATE_NEWS = 'mutation ($id: ID!, $texts: [NewsItemTextsInput!]) { updateNewsItem(id: $id, texts: $texts) { id } }';
const CREATE_NEWS = 'mutation ($texts: [NewsItemTextsInput!]!) { createNewsItem(texts: $texts) { id } }';
const PUBLISH_NEWS = 'mutation ($id: ID!) { publishNewsItem(id: $id) { isPublished } }';
const UPDATE_PRODUCT = 'mutation ($id: ID!, $texts: ProductTextsInput!) { updateProductTexts(id: $id, texts: $texts) { id } }';
const PRODUCT = 'query ($slug: String!) { product(slug: $slug) { id } }';

const texts = (title: string, locales = ['EN', 'RU', 'ES']) =>
  locales.map((locale) => ({ locale, title, summary: `${title}: summary`, body: [`${title}: body`] }));

/** An administrator's access token on `server`. */
async function adminToken(server: TestServer): Promise<string> {
  const admin = await server.register({ name: 'Cache Admin' });
  const db = server.app.database.db;
  await db.updateTable('users').set({ role: 'ADMIN' }).where('email', '=', admin.email).execute();
  return admin.accessToken;
}

/** The page cache of `server` (started with the web app). */
const pagesOf = (server: TestServer) => {
  const ssr = server.app.ssr;
  if (!ssr) throw new Error('the server runs without the web app');
  return ssr.pages;
};

/** GETs `path` anonymously and says whether that request rendered (false: a hit, or joined a flight). */
async function visit(server: TestServer, path: string): Promise<{ rendered: boolean; html: string }> {
  const pages = pagesOf(server);
  const before = pages.stats.renders;
  const answer = await rawGet(server.baseUrl, path, { 'accept-encoding': 'br, gzip' });
  expect(answer.status, path).toBe(200);
  return { rendered: pages.stats.renders > before, html: answer.html };
}

/** Waits until `server` has handled `count` more invalidations than `before` (the bus delivers asynchronously). */
async function invalidated(server: TestServer, before: number, count = 1): Promise<void> {
  await vi.waitFor(() => expect(pagesOf(server).stats.invalidations).toBeGreaterThanOrEqual(before + count), { timeout: 10_000, interval: 10 });
}

describeEachDb('the page cache over HTTP on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let news: { id: string; titleEn: string; en: string; ru: string; es: string; product: { slug: string } | null }[];
  beforeAll(async () => {
    server = await startServer(kind, WEB_ENV, { web: true });
    token = await adminToken(server);
    news = ok(await server.graphql(NEWS_LIST)).news.edges.map((edge: { node: unknown }) => edge.node);
  });
  afterAll(() => server?.close());
  afterEach(() => {
    pagesOf(server).hooks = {};
  });
  const newsAbout = (slug: string) => {
    const item = news.find((n) => n.product?.slug === slug);
    if (!item) throw new Error(`no seeded news item about ${slug}`);
    return item;
  };

  it('20 concurrent requests for a cold page make one render; each gets the page, br and gzip decoding to the same HTML', async () => {
    const pages = pagesOf(server);
    const before = { ...pages.stats };
    const gate = deferred();
    pages.hooks.afterRender = () => gate.promise;
    const codings = ['br', 'gzip', 'identity'];
    const answers = Array.from({ length: 20 }, (_, i) => rawGet(server.baseUrl, '/es/products', { 'accept-encoding': codings[i % 3]! }));
    // All 20 are in: one rendered and is held at the gate, 19 joined its flight.
    await vi.waitFor(() => expect(pages.stats.joins - before.joins).toBe(19), { timeout: 10_000, interval: 10 });
    gate.resolve();
    const results = await Promise.all(answers);
    expect(pages.stats.renders - before.renders).toBe(1);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.map((r) => r.headers['content-encoding'] ?? 'identity')).toEqual(results.map((_, i) => codings[i % 3]));
    const html = results[2]!.html;
    expect(html).toContain('<html lang="es-ES"');
    expect(results.every((r) => r.html === html)).toBe(true);
    // Stored compressed: hits answer the same bytes, and render nothing.
    const hit = await rawGet(server.baseUrl, '/es/products', { 'accept-encoding': 'br' });
    expect(hit.body.equals(results[0]!.body)).toBe(true);
    expect(pages.stats.renders - before.renders).toBe(1);
    expect(pages.stats.hits - before.hits).toBe(1);
  });

  it('a render that started before a content change is not stored after it: the next visitor sees the change', async () => {
    const pages = pagesOf(server);
    const title = `Gate check ${randomBytes(4).toString('hex')}`;
    const invalidationsBefore = pages.stats.invalidations;
    const draft = ok(await server.graphql(CREATE_NEWS, { texts: texts(title) }, token)).createNewsItem;
    await invalidated(server, invalidationsBefore);

    // A visitor's render of /ru/news reads the list without the item, then is held.
    const gate = deferred();
    const held = deferred();
    pages.hooks.afterRender = (key) => {
      if (key !== pageCacheKey(undefined, '/ru/news')) return;
      held.resolve();
      return gate.promise;
    };
    const early = rawGet(server.baseUrl, '/ru/news');
    await held.promise;
    // Meanwhile the admin publishes the item; the notice reaches the cache.
    const before = pages.stats.invalidations;
    expect(ok(await server.graphql(PUBLISH_NEWS, { id: draft.id }, token)).publishNewsItem.isPublished).toBe(true);
    await invalidated(server, before);
    gate.resolve();
    const first = await early;
    expect(first.status).toBe(200);
    expect(first.html).not.toContain(title); // rendered before the change
    // Not stored: the next request renders again and shows the item, and keeps showing it.
    expect(await visit(server, '/ru/news')).toMatchObject({ rendered: true });
    const after = await visit(server, '/ru/news');
    expect(after).toMatchObject({ rendered: false });
    expect(after.html).toContain(title);
  });

  it('a product change drops its pages, the lists and the news about it; other pages stay cached', async () => {
    const aura = newsAbout('aura');
    const solwy = newsAbout('solwy');
    const touched = ['/products/aura', '/ru/products/aura', '/products', '/', '/order', '/news', `/news/${aura.en}`, `/ru/news/${aura.ru}`];
    const kept = ['/faq', '/products/dom', `/news/${solwy.en}`, '/es/products/solwy'];
    for (const path of [...touched, ...kept]) await visit(server, path);
    for (const path of [...touched, ...kept]) expect(await visit(server, path), path).toMatchObject({ rendered: false });

    const tagline = `Accessible by default ${randomBytes(4).toString('hex')}`;
    const id = ok(await server.graphql(PRODUCT, { slug: 'aura' })).product.id;
    const before = pagesOf(server).stats.invalidations;
    ok(await server.graphql(UPDATE_PRODUCT, { id, texts: { locale: 'EN', tagline } }, token));
    await invalidated(server, before);

    for (const path of touched) expect(await visit(server, path), path).toMatchObject({ rendered: true });
    for (const path of kept) expect(await visit(server, path), path).toMatchObject({ rendered: false });
    expect((await visit(server, '/products/aura')).html).toContain(tagline);
  });

  it('a news change drops the item, the news list and its product’s page; other pages stay cached', async () => {
    const item = newsAbout('thinksport');
    const other = newsAbout('voice-match');
    // The English title changes, so the English slug: the item's pages in every language go (SITE-NEWS).
    const touched = [`/news/${item.en}`, `/ru/news/${item.ru}`, `/es/news/${item.es}`, '/news', '/ru/news', '/products/thinksport'];
    const kept = ['/', '/products', '/faq', `/news/${other.en}`, '/products/voice-match'];
    for (const path of [...touched, ...kept]) await visit(server, path);

    const title = `Thinksport news ${randomBytes(4).toString('hex')}`;
    const before = pagesOf(server).stats.invalidations;
    ok(await server.graphql(UPDATE_NEWS, { id: item.id, texts: texts(title, ['EN']) }, token));
    await invalidated(server, before);

    for (const path of touched.slice(1)) expect(await visit(server, path), path).toMatchObject({ rendered: true });
    for (const path of kept) expect(await visit(server, path), path).toMatchObject({ rendered: false });
    expect((await rawGet(server.baseUrl, touched[0]!, {})).status).toBe(301); // the old English slug
    const slug = ok(await server.graphql(EN_SLUG, { id: item.id })).newsItem.slug;
    expect((await visit(server, `/news/${slug}`)).html).toContain(title);
    expect((await visit(server, '/products/thinksport')).html).toContain(title);
  });

  it('searches and made-up query strings are rendered but never stored: they cannot push the real pages out (cache busting)', async () => {
    const pages = pagesOf(server);
    await visit(server, '/faq');
    const size = pages.size;
    const before = { ...pages.stats };
    const queries = [
      '/products?q=voice',
      '/ru/products?q=голос',
      `/products?q=${randomBytes(8).toString('hex')}`,
      `/faq?utm_source=${randomBytes(4).toString('hex')}`,
      '/order?ref=ABC123',
      '/news?shown=13',
    ];
    for (const path of [...queries, ...queries]) expect(await visit(server, path), path).toMatchObject({ rendered: true });
    expect(pages.size).toBe(size);
    expect(pages.stats.stored - before.stored).toBe(0);
    expect(pages.stats.unstored - before.unstored).toBe(queries.length * 2);
    // The search still answers what was asked.
    const found = await visit(server, '/products?q=voice%20match');
    expect(found.html).toContain('/products/voice-match');
    expect(found.html).not.toContain('/products/three-dv');
    // The pages' own addresses are still kept.
    expect(await visit(server, '/faq')).toMatchObject({ rendered: false });
    await visit(server, '/ru/news?shown=12');
    expect(await visit(server, '/ru/news?shown=12')).toMatchObject({ rendered: false });
  });

  it.each([
    ['a very long search', `/products?q=${'a'.repeat(5000)}`],
    ['a long search of multi-byte letters and emoji, cut at 200', `/products?q=${encodeURIComponent('я😀'.repeat(150))}`],
    ['bad percent-encoding', '/products?q=%E0%A4%A&x=%'],
    ['a lone surrogate', '/products?q=%ED%A0%80'],
    ['several q', '/products?q=a&q=b&q[]=c'],
    ['LIKE wildcards', '/es/products?q=%25_%5C'],
    ['markup', `/products?q=${encodeURIComponent('"><script>alert(1)</script>')}`],
  ])('%s gives the catalogue, never a 500', async (_, path) => {
    const answer = await rawGet(server.baseUrl, path);
    expect(answer.status, path).toBe(200);
    expect(answer.html).toContain('id="products-search"');
    expect(answer.html).not.toContain('<script>alert(1)');
  });

  it('a control character in the search is refused like in any request (API-TEXT, 400), never a 500', async () => {
    expect((await rawGet(server.baseUrl, '/products?q=%00%01x')).status).toBe(400);
  });

  it.skipIf(redisSkip !== null)('with Redis, a change made through one process drops only the touched pages of another', async () => {
    const env = { ...WEB_ENV, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `studio-test-${randomBytes(6).toString('hex')}:`, MAIL_TRANSPORT: 'memory' };
    const a = await startServer(kind, env, { web: true });
    try {
      const b = await startServer(kind, env, { shareDataWith: a, web: true });
      try {
        const boss = await adminToken(a);
        const item = ok(await a.graphql(NEWS_LIST)).news.edges[0].node;
        for (const path of ['/news', '/faq', `/ru/news/${item.ru}`]) await visit(b, path);
        const title = `Across processes ${randomBytes(4).toString('hex')}`;
        const before = pagesOf(b).stats.invalidations;
        // The SUBSCRIBE reaches Redis asynchronously: change until b hears a notice.
        await vi.waitFor(
          async () => {
            ok(await a.graphql(UPDATE_NEWS, { id: item.id, texts: texts(title, ['EN']) }, boss));
            expect(pagesOf(b).stats.invalidations).toBeGreaterThan(before);
          },
          { timeout: 10_000, interval: 100 },
        );
        expect(await visit(b, '/faq')).toMatchObject({ rendered: false });
        const list = await visit(b, '/news');
        expect(list.rendered).toBe(true);
        expect(list.html).toContain(title);
        expect(await visit(b, `/ru/news/${item.ru}`)).toMatchObject({ rendered: true });
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });
});
