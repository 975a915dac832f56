/**
 * Searching the news and the catalogue (ADMIN-AREA: every back-office list is searchable) on
 * SQLite and PostgreSQL: a title, summary, name or tagline in any language or a product's slug,
 * case-insensitive, `%` and `_` taken literally; visitors still never see drafts; a blank search
 * lists everything and an over-long one is refused naming `search`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectCode, member, newsTexts, type Member } from './admin-helpers.js';
import { describeEachDb, ok, startServer, type TestServer } from './harness.js';

const NEWS = `query ($search: String, $drafts: Boolean) { news(first: 50, search: $search, includeDrafts: $drafts) { totalCount edges { node { title(locale: EN) } } } }`;
const PRODUCTS = `query ($search: String) { products(first: 50, search: $search) { totalCount edges { node { slug } } } }`;

describeEachDb('content search on %s', (kind) => {
  let server: TestServer;
  let admin: Member;
  beforeAll(async () => {
    server = await startServer(kind);
    admin = await member(server, 'Search Admin', 'ADMIN');
    const texts = newsTexts('Zebra').map((t) => (t.locale === 'RU' ? { ...t, title: 'Квантовый скачок 100% готов' } : t));
    ok(await server.graphql(`mutation ($texts: [NewsItemTextsInput!]!) { createNewsItem(texts: $texts) { id } }`, { texts }, admin.accessToken));
  });
  afterAll(() => server?.close());

  const titles = (result: Awaited<ReturnType<TestServer['graphql']>>) => ok(result).news.edges.map((e: { node: { title: string } }) => e.node.title);

  it('finds a draft by its Russian title in any case for an administrator, never for a visitor', async () => {
    expect(titles(await server.graphql(NEWS, { search: 'КВАНТОВЫЙ', drafts: true }, admin.accessToken))).toEqual(['Zebra EN title']);
    expect(titles(await server.graphql(NEWS, { search: 'zebra es summary', drafts: true }, admin.accessToken))).toEqual(['Zebra EN title']);
    expect(ok(await server.graphql(NEWS, { search: 'Квантовый' })).news.totalCount).toBe(0);
  });

  it('takes % and _ literally', async () => {
    expect(titles(await server.graphql(NEWS, { search: '100%', drafts: true }, admin.accessToken))).toEqual(['Zebra EN title']);
    expect(ok(await server.graphql(NEWS, { search: '1_0', drafts: true }, admin.accessToken)).news.totalCount).toBe(0);
    expect(ok(await server.graphql(NEWS, { search: '%', drafts: true }, admin.accessToken)).news.totalCount).toBe(1);
  });

  it('finds products by slug and by name in any language', async () => {
    const all = ok(await server.graphql(PRODUCTS, { search: '  ' })).products.totalCount;
    expect(all).toBeGreaterThan(5);
    const bySlug = ok(await server.graphql(PRODUCTS, { search: 'VOICE-M' })).products.edges.map((e: { node: { slug: string } }) => e.node.slug);
    expect(bySlug).toEqual(['voice-match']);
    const ru = await server.app.database.db.selectFrom('productTranslations').select('name').where('locale', '=', 'ru').executeTakeFirstOrThrow();
    const byName = ok(await server.graphql(PRODUCTS, { search: ru.name.toUpperCase() })).products.totalCount;
    expect(byName).toBeGreaterThanOrEqual(1);
    expect(byName).toBeLessThan(all);
  });

  it('refuses a search longer than 200 characters, naming it', async () => {
    expectCode(await server.graphql(PRODUCTS, { search: 'x'.repeat(201) }), 'BAD_USER_INPUT', 'search');
    expectCode(await server.graphql(NEWS, { search: 'x'.repeat(201) }), 'BAD_USER_INPUT', 'search');
  });
});
