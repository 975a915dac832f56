import { createStaticHandler } from 'react-router';
import { Environment, Network, RecordSource, Store } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { PAGES } from '@studio/site/pages';
import type { RouteHandle } from './types';
import { createRoutes } from './table';

// The route table answers every path of SITE-PAGES in each locale with the right page, and a 404
// "Page not found: <path>" for anything else. Pages whose loaders need data are not loaded here.
const handler = createStaticHandler(
  createRoutes({ environmentRef: { current: null as unknown as Environment }, siteName: 'Studio', viewerRole: async () => null }),
);

function concrete(path: string): string {
  return path.replace(':id', '42').replace(':slug', 'voice-match').replace(':reference', 'ST-ABC234');
}

async function leaf(url: string) {
  const context = await handler.query(new Request(`http://localhost${url}`), {
    filterMatchesToLoad: (match) => match.route.id.endsWith(':notFound'),
  });
  if (context instanceof Response) throw new Error(`unexpected response for ${url}`);
  const last = context.matches[context.matches.length - 1];
  return { context, page: (last?.route.handle as RouteHandle | undefined)?.page, locale: context.matches[1]?.route.id };
}

describe('route table', () => {
  for (const prefix of ['', '/ru', '/es']) {
    const locale = prefix ? prefix.slice(1) : 'en';
    it.each(PAGES.map((p) => [p.id, p.path]))(`${locale}: %s`, async (id, path) => {
      const url = path === '' ? prefix || '/' : `${prefix}/${concrete(path)}`;
      const result = await leaf(url);
      expect(result.page).toBe(id);
      expect(result.locale).toBe(locale);
      expect(result.context.statusCode).toBe(200);
    });
  }

  describe("administrators' pages (ADMIN-AREA)", () => {
    const adminPages = PAGES.filter((p) => p.adminOnly);
    const gate = (role: string | null) =>
      createStaticHandler(createRoutes({ environmentRef: { current: null as unknown as Environment }, siteName: 'Studio', viewerRole: async () => role }));
    const load = (role: string | null, url: string) =>
      gate(role).query(new Request(`http://localhost${url}`), { filterMatchesToLoad: (match) => /:(admin|notFound)/.test(match.route.id) });

    it('are the /admin pages, none of them indexable', () => {
      expect(adminPages.map((p) => p.path).every((path) => path === 'admin' || path.startsWith('admin/'))).toBe(true);
      expect(adminPages.length).toBeGreaterThanOrEqual(10);
      expect(adminPages.some((p) => p.indexable)).toBe(false);
    });

    it.each(adminPages.map((p) => [p.id, p.path]))('%s answers the 404 page to visitors and users, the page to administrators', async (_id, path) => {
      for (const prefix of ['', '/ru', '/es']) {
        const url = `${prefix}/${concrete(path)}`;
        for (const role of [null, 'USER']) {
          const context = await load(role, url);
          if (context instanceof Response) throw new Error('unexpected response');
          expect(context.statusCode).toBe(404);
          expect((Object.values(context.errors ?? {})[0] as { data: string }).data).toBe(`Page Not Found: ${url}`);
        }
        const admin = await load('ADMIN', url);
        if (admin instanceof Response) throw new Error('unexpected response');
        expect(admin.statusCode).toBe(200);
      }
    });
  });

  it('matches paths case-sensitively: /RU is not the Russian home page', async () => {
    const { context } = await leaf('/RU');
    expect(context.statusCode).toBe(404);
    expect(context.matches[1]?.route.id).toBe('en');
  });

  it('answers 404 "Page Not Found: <full path>" for a product slug the catalogue does not have', async () => {
    // The product loader asks GraphQL; this network answers that no product has the slug.
    const asked: unknown[] = [];
    const environment = new Environment({
      network: Network.create((_operation, variables) => {
        asked.push(variables);
        return Promise.resolve({ data: { product: null } });
      }),
      store: new Store(new RecordSource()),
    });
    const withNetwork = createStaticHandler(createRoutes({ environmentRef: { current: environment }, siteName: 'Studio', viewerRole: async () => null }));
    const context = await withNetwork.query(new Request('http://localhost/ru/products/nope?x=1'), {
      filterMatchesToLoad: (match) => match.route.id.endsWith(':product'),
    });
    if (context instanceof Response) throw new Error('unexpected response');
    expect(context.statusCode).toBe(404);
    expect((Object.values(context.errors ?? {})[0] as { data: string }).data).toBe('Page Not Found: /ru/products/nope?x=1');
    expect(asked).toEqual([{ slug: 'nope', locale: 'RU' }]);
  });

  it('answers 404 without asking GraphQL for a slug that cannot be one', async () => {
    const context = await handler.query(new Request('http://localhost/products/NOT%20A%20SLUG'), {
      filterMatchesToLoad: (match) => match.route.id.endsWith(':product'),
    });
    if (context instanceof Response) throw new Error('unexpected response');
    expect(context.statusCode).toBe(404);
  });

  it.each([
    ['/no/such/page', 'en'],
    ['/ru/nichego', 'ru'],
    ['/es/nada/mas', 'es'],
    ['/profile/unknown', 'en'],
  ])('unknown path %s answers 404 "Page not found: <path>" in %s', async (url, locale) => {
    const { context } = await leaf(url);
    expect(context.statusCode).toBe(404);
    const error = Object.values(context.errors ?? {})[0] as { status: number; data: string };
    expect(error.status).toBe(404);
    expect(error.data).toBe(`Page not found: ${url}`);
    expect(context.matches[1]?.route.id).toBe(locale);
  });
});
