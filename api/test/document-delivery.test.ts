/**
 * HTML-first pages and cached pages at wire speed (SITE-DELIVERY, SITE-CACHE; decision 0039),
 * through real HTTP against the built web app (`pnpm build` first) on SQLite and PostgreSQL:
 * - a document carries no page data, no app script and no nonce, loads its islands (the order
 *   island on /order only) and names the Speculation Rules; an app page is unchanged;
 * - a signed-in visitor gets the same document bytes as everyone (the cache serves both);
 * - after Fastify has sent a stored page once, the fast path answers it with the same headers
 *   (nonce-free CSP), in every coding and for HEAD, counted by its own counter; `/` is left to
 *   Fastify when the visitor's language asks for the root redirect; an invalidation drops it;
 *   once closing, Fastify answers everything;
 * - the speculation rules list documents only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { speculationRules } from '../src/ssr/speculation.js';
import { describeEachDb, startServer, type TestServer } from './harness.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

describeEachDb('HTML-first pages through real HTTP', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false' }, { web: true });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${server.baseUrl}${path}`, { method, headers: { 'user-agent': BROWSER, 'accept-encoding': 'identity', ...headers }, redirect: 'manual' });
  const fastPath = () => server.app.ssr!;

  it('a document has no page data, no app script and no nonce; it loads its islands', async () => {
    for (const path of ['/', '/ru/faq', '/es/news', '/products/dom', '/order']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain('data-delivery="document"');
      expect(html, path).not.toContain('__STUDIO_DATA__');
      expect(html, path).not.toContain('nonce=');
      const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts[0], path).toMatch(/^\/assets\/islands-[\w-]+\.js$/);
      expect(scripts.length, path).toBe(path === '/order' ? 2 : 1);
      expect(response.headers.get('speculation-rules')).toBe('"/speculation-rules.json"');
    }
    // The order island carries only the messages its form uses.
    const order = await (await get('/order')).text();
    const data = JSON.parse(/<script id="order-island-data" type="application\/json">([^<]*)<\/script>/.exec(order)![1]!) as {
      messages: Record<string, unknown>;
    };
    expect(Object.keys(data.messages).length).toBeGreaterThan(20);
    expect(Object.keys(data.messages).every((id) => /^(order|challenge|error|validation)\./.test(id))).toBe(true);
  });

  it('an app page is still the single-page app with its page data', async () => {
    const html = await (await get('/auth')).text();
    expect(html).toContain('__STUDIO_DATA__');
    expect(html).toMatch(/<script type="module" src="\/assets\/app-[\w-]+\.js"/);
    expect(html).not.toContain('data-delivery="document"');
  });

  it('a signed-in visitor gets the very bytes an anonymous one gets', async () => {
    const anonymous = await (await get('/products')).text();
    const signedIn = await (await get('/products', { cookie: 'studio.credentials=%7B%22accessToken%22%3A%22x%22%7D' })).text();
    expect(signedIn).toBe(anonymous);
  });

  it('after one send through Fastify, a stored page is answered by the fast path with the same headers in every coding', async () => {
    const path = '/techs';
    await get(path); // renders and stores
    const viaFastify = await get(path); // a hit sent by Fastify: its headers are recorded
    const servedBefore = fastPath().fastPath!.served;
    const fast = await get(path);
    expect(fastPath().fastPath!.served).toBe(servedBefore + 1);
    const plain = await fast.text();
    expect(plain).toBe(await viaFastify.text());
    const headersOf = (response: Response) =>
      Object.fromEntries(
        [...response.headers]
          .filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name))
          .map(([name, value]) => [name, value.replace(/\s*'nonce-[^']*'/, '')]),
      );
    expect(headersOf(fast)).toEqual(headersOf(viaFastify));
    expect(fast.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(fast.headers.get('x-frame-options')).toBe('DENY');

    const br = await get(path, { 'accept-encoding': 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(plain); // fetch decodes the coding
    const gz = await get(path, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(plain);
    const head = await get(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(plain)));
    expect(await head.text()).toBe('');
    expect(fastPath().fastPath!.served).toBe(servedBefore + 4);
  });

  it('leaves / to Fastify when the visitor asks for another language, and drops pages on invalidation', async () => {
    await get('/');
    await get('/');
    await get('/');
    const served = fastPath().fastPath!.served;
    const russian = await get('/', { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(russian.status).toBe(302);
    expect(russian.headers.get('location')).toBe('/ru');
    expect(fastPath().fastPath!.served).toBe(served);

    fastPath().invalidate({ kind: 'all' });
    const renders = fastPath().pages.stats.renders;
    expect((await get('/')).status).toBe(200);
    expect(fastPath().pages.stats.renders).toBe(renders + 1);
    expect(fastPath().fastPath!.served).toBe(served);
  });

  it('serves the speculation rules, which name documents only', async () => {
    const response = await get('/speculation-rules.json');
    expect(response.headers.get('content-type')).toMatch(/^application\/speculationrules\+json/);
    const rules = (await response.json()) as ReturnType<typeof speculationRules>;
    expect(rules).toEqual(JSON.parse(JSON.stringify(speculationRules())));
    const text = JSON.stringify(rules);
    for (const path of ['"/"', '"/ru/faq"', '"/es/products/:slug"', '"/news/:slug"', '"/order"']) expect(text).toContain(path);
    for (const path of ['/profile', '/auth', '/admin', '/loading', '/api']) expect(text).not.toContain(`"${path}`);
  });

  it('once closing, hands every request back to Fastify (which answers 503 while it closes)', async () => {
    await get('/team');
    await get('/team');
    const served = fastPath().fastPath!.served;
    expect((await get('/team')).status).toBe(200);
    expect(fastPath().fastPath!.served).toBe(served + 1);
    fastPath().fastPath!.close();
    expect((await get('/team')).status).toBe(200);
    expect(fastPath().fastPath!.served).toBe(served + 1);
  });
});
