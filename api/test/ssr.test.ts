/**
 * The page host (SITE-LOCALES, SITE-PAGES, SITE-CACHE, SEC-HEADERS) with the real built web app
 * (`pnpm build` first; the test runner builds before this suite): the root redirect by cookie and
 * Accept-Language, bots (never redirected, error statuses with empty bodies), the page cache
 * dropped when an admin changes content, the pages' security headers (CSP, and Referrer-Policy
 * no-referrer on the password-reset page), and the 500 page when the database is gone.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/platform/config.js';
import { expectStrictCsp } from './csp.js';
import { describeEachDb, startServer, type TestServer } from './harness.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

if (!existsSync(join(repoRoot, 'web', 'dist', 'server', 'entry-server.js'))) {
  throw new Error('ssr.test.ts needs the built web app: run `pnpm build` first (pnpm test does).');
}

describeEachDb('pages on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false' }, { web: true });
  });
  afterAll(() => server?.close());

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(server.baseUrl + path, { redirect: 'manual', headers: { 'user-agent': BROWSER, ...headers } });

  describe('CORS stays on the API (SEC-TRANSPORT)', () => {
    it('a page asked for with a foreign or an allowed Origin gets no CORS header and no Vary: Origin; /api does', async () => {
      const site = new URL(server.app.config.publicUrl).origin;
      for (const origin of ['https://evil.example', site]) {
        const response = await page('/faq', { origin });
        expect(response.status).toBe(200);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(response.headers.get('vary') ?? '').not.toMatch(/Origin/);
      }
      const api = await page('/api/health/live', { origin: site });
      expect(api.headers.get('access-control-allow-origin')).toBe(site);
      expect(api.headers.get('vary')).toMatch(/Origin/);
    });
  });

  describe('root redirect', () => {
    it.each([
      ['ru-RU,ru;q=0.9,en;q=0.8', '/ru'],
      ['es-ES,es;q=0.9', '/es'],
      ['es-MX', '/es'],
      ['uk-UA,ru;q=0.8', '/ru'],
    ])('Accept-Language %s → 302 %s', async (acceptLanguage, location) => {
      const response = await page('/', { 'accept-language': acceptLanguage });
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get('location') ?? '', server.baseUrl).pathname).toBe(location);
      expect(response.headers.get('vary')).toMatch(/Cookie/);
      expect(response.headers.get('vary')).toMatch(/Accept-Language/);
    });

    it('keeps the query string', async () => {
      const response = await page('/?ref=FRIEND', { 'accept-language': 'ru' });
      expect(new URL(response.headers.get('location') ?? '', server.baseUrl).search).toBe('?ref=FRIEND');
    });

    it.each(['en-US,en;q=0.9', 'de-DE', '', '*', 'garbage;;q=x'])('Accept-Language %j stays on the English home page', async (acceptLanguage) => {
      const response = await page('/', acceptLanguage ? { 'accept-language': acceptLanguage } : {});
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toMatch(/Accept-Language/);
      expect(await response.text()).toContain('<html lang="en-US"');
    });

    it('the cookie comes before the browser languages', async () => {
      const stay = await page('/', { 'accept-language': 'ru', cookie: 'i18n_redirected=en' });
      expect(stay.status).toBe(200);
      const go = await page('/', { 'accept-language': 'en', cookie: 'i18n_redirected=es' });
      expect(go.status).toBe(302);
      expect(new URL(go.headers.get('location') ?? '', server.baseUrl).pathname).toBe('/es');
      const unknown = await page('/', { 'accept-language': 'ru', cookie: 'i18n_redirected=fr' });
      expect(unknown.status).toBe(302);
    });

    it('only the root redirects; other pages keep the language of their address', async () => {
      const response = await page('/faq', { 'accept-language': 'ru', cookie: 'i18n_redirected=ru' });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<html lang="en-US"');
    });

    it('never redirects a bot', async () => {
      const response = await page('/', { 'accept-language': 'ru', 'user-agent': GOOGLEBOT });
      expect(response.status).toBe(200);
    });
  });

  describe('error pages', () => {
    it('a person gets the localized 404 page; a bot gets the status and no page', async () => {
      const person = await page('/ru/no-such-page');
      expect(person.status).toBe(404);
      expect(await person.text()).toContain('/ru/no-such-page');
      const bot = await page('/ru/no-such-page', { 'user-agent': GOOGLEBOT });
      expect(bot.status).toBe(404);
      expect(await bot.text()).toBe('');
    });

    it('an unknown product or news id is a 404 "Page Not Found: <full path>"', async () => {
      const product = await page('/products/no-such-product?x=1');
      expect(product.status).toBe(404);
      expect(await product.text()).toContain('Page Not Found: /products/no-such-product?x=1');
      const spanish = await page('/es/products/no-such-product?x=1');
      expect(spanish.status).toBe(404);
      expect(await spanish.text()).toContain('Página no encontrada: /es/products/no-such-product?x=1');
      const news = await page('/news/AAAA');
      expect(news.status).toBe(404);
    });
  });

  describe('page cache', () => {
    it('shows an admin’s published news at once on the cached news page', async () => {
      const before = await (await page('/news')).text();
      expect(before).toContain('<html lang="en-US"');
      const admin = await server.register({ name: 'Admin' });
      const adminId = (await server.app.database.db.selectFrom('users').select('id').where('email', '=', admin.email).executeTakeFirstOrThrow()).id;
      await server.app.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', adminId).execute();
      const title = `Cache check ${Date.now()}`;
      const texts = ['EN', 'RU', 'ES'].map((locale) => ({ locale, title, summary: 'A short summary.', body: ['One paragraph.'] }));
      const created = await server.graphql('mutation($t: [NewsItemTextsInput!]!) { createNewsItem(texts: $t) { id } }', { t: texts }, admin.accessToken);
      expect(created.errors).toBeUndefined();
      expect(await (await page('/news')).text()).not.toContain(title); // a draft
      const published = await server.graphql(
        'mutation($id: ID!) { publishNewsItem(id: $id) { isPublished } }',
        { id: created.data.createNewsItem.id },
        admin.accessToken,
      );
      expect(published.data.publishNewsItem.isPublished).toBe(true);
      await expect.poll(async () => (await (await page('/news')).text()).includes(title), { timeout: 2000 }).toBe(true);
    });
  });

  describe('compression', () => {
    it.each([
      ['br;q=0, gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip;q=0', null],
      ['identity', null],
    ])('Accept-Encoding %j is answered with content-encoding %s', async (acceptEncoding, encoding) => {
      // Twice: the first render and the cached page are coded alike.
      for (let i = 0; i < 2; i++) {
        const response = await page('/faq', { 'accept-encoding': acceptEncoding });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
        expect(await response.text()).toContain('<html lang="en-US"');
      }
    });
  });

  describe('security headers', () => {
    it.each([
      '/auth/change-password?token=x',
      '/auth/change-password',
      '/es/auth/change-password',
      '/ru/auth/change-password?token=abc',
      '/loading?code=x',
      '/ru/loading',
    ])('the page %s, whose URL may hold a secret, is sent with Referrer-Policy no-referrer', async (path) => {
      const response = await page(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      // Served from the page cache the second time: the same header.
      expect((await page(path)).headers.get('referrer-policy')).toBe('no-referrer');
    });

    it.each(['/', '/faq', '/es/products', '/auth/reset', '/ru/auth/login', '/no-such-page'])('%s keeps strict-origin-when-cross-origin', async (path) => {
      const response = await page(path);
      expect(response.status).toBeLessThan(500);
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });

    it('pages carry the strict CSP with a fresh nonce, and no inline script runs without it', async () => {
      const nonces: string[] = [];
      // Every page below goes through Fastify once the cache is empty (the fast path answers stored pages only).
      server.app.ssr!.invalidate({ kind: 'all' });
      for (const path of ['/', '/es/products', '/auth/change-password?token=x', '/ru/no-such-page']) {
        const response = await page(path);
        const nonce = expectStrictCsp(response.headers);
        nonces.push(nonce);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        const html = await response.text();
        // Every <script> either loads a file or is a data block (not executed), or carries this response's nonce.
        for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
          const external = /\ssrc=/i.test(tag);
          const dataBlock = /\stype=["']?application\/(ld\+)?json/i.test(tag);
          const nonced = tag.includes(`nonce="${nonce}"`);
          expect(external || dataBlock || nonced, `${path}: ${tag}`).toBe(true);
        }
        // No inline event handlers either (CSP would block them, so they would be dead code).
        expect(html, path).not.toMatch(/<[a-z][^>]*\son[a-z]+=["']/i);
      }
      expect(new Set(nonces).size).toBe(nonces.length);
      // A stored document, once Fastify has sent it, comes from the fast path: no nonce, and no inline script to need one.
      await page('/');
      const stored = await page('/');
      expectStrictCsp(stored.headers, { nonce: 'none' });
      for (const [tag] of (await stored.text()).matchAll(/<script\b[^>]*>/gi)) expect(/\ssrc=|\stype=["']?application\/(ld\+)?json/i.test(tag), tag).toBe(true);
      const hsts = (await page('/')).headers.get('strict-transport-security') ?? '';
      expect(hsts).toMatch(/max-age=31536000\b/); // NODE_ENV=production here
    });
  });

  describe('social sign-in buttons', () => {
    it('shows only the enabled providers on the sign-in page, and none when none is enabled', async () => {
      const plain = await page('/auth');
      expect(plain.status).toBe(200);
      expect(await plain.text()).not.toContain('data-testid="social-sign-in"');
      const spare = await startServer(
        kind,
        {
          NODE_ENV: 'production',
          GRAPHQL_PERSISTED_ONLY: 'false',
          GITHUB_CLIENT_ID: 'id',
          GITHUB_CLIENT_SECRET: 'secret',
          YANDEX_CLIENT_ID: 'id',
          YANDEX_CLIENT_SECRET: 'secret',
        },
        { web: true },
      );
      try {
        const html = await (await fetch(`${spare.baseUrl}/ru/auth`, { headers: { 'user-agent': BROWSER } })).text();
        const providers = [...html.matchAll(/data-provider="(\w+)"/g)].map((m) => m[1]);
        expect(providers).toEqual(['github', 'yandex']);
        expect(html).toContain('Войти через GitHub');
        expect(html).toContain('Войти через Яндекс');
        expect(html).not.toContain('Google');
      } finally {
        await spare.close();
      }
    });
  });

  describe('when the database is gone', () => {
    it('answers the 500 page to people and the bare status to bots', async () => {
      const spare = await startServer(kind, { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false', PAGE_CACHE_MAX_ENTRIES: '0' }, { web: true });
      try {
        await spare.app.database.db.destroy();
        const person = await fetch(`${spare.baseUrl}/products`, { headers: { 'user-agent': BROWSER } });
        expect(person.status).toBe(500);
        expect(await person.text()).toContain('Internal Server Error');
        const bot = await fetch(`${spare.baseUrl}/products`, { headers: { 'user-agent': GOOGLEBOT } });
        expect(bot.status).toBe(500);
        expect(await bot.text()).toBe('');
      } finally {
        await spare.close().catch(() => {});
      }
    });
  });
});
