/**
 * First-party analytics over real HTTP on SQLite and PostgreSQL (decision 0036, ANALYTICS-*): a
 * production server counts HTML documents and beacons as daily aggregates — page without locale
 * prefix, locale, external referrer host, device class, `?ref=` — and counts nothing for bots,
 * Do Not Track, Global Privacy Control or prefetches; a visitor is counted once per day per address
 * and browser; a bad beacon is a 400; a private page counts under its route; one address counts
 * at most RATE_LIMIT_ANALYTICS_VIEW views; a test-mode server counts nothing; only administrators
 * read the report. Needs `pnpm build` (the server renders the pages from web/dist).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, ok, startServer, type TestServer } from './harness.js';
import { member, type Member } from './admin-helpers.js';
import { recordDocumentView } from '../src/modules/content/analytics/routes.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const REPORT = `query ($days: Int) { analytics(days: $days) { from to views visitors days { day views visitors }
  pages { key views } referrers { key views } languages { key views } devices { key views } funnel { visits requests won } } }`;

describeEachDb('analytics on %s', (kind) => {
  let server: TestServer;
  let admin: Member;
  let user: Member;
  const db = () => server.app.database.db;
  const views = async () => {
    await server.app.analytics.flush();
    const rows = await db().selectFrom('analyticsDaily').selectAll().execute();
    return rows.map((r) => ({ ...r, views: Number(r.views) }));
  };
  const total = async () => (await views()).reduce((sum, r) => sum + r.views, 0);
  const dayRow = async () => {
    await server.app.analytics.flush();
    const row = await db().selectFrom('analyticsDays').selectAll().executeTakeFirst();
    return row ? { views: Number(row.views), visitors: Number(row.visitors) } : { views: 0, visitors: 0 };
  };

  beforeAll(async () => {
    server = await startServer(kind, { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false', PUBLIC_URL: 'http://localhost:3000' }, { web: true });
    [admin, user] = await Promise.all([member(server, 'Ada Admin', 'ADMIN'), member(server, 'Uma User')]);
  });
  afterAll(() => server?.close());

  it('counts an HTML page once, under its page, locale, external referrer and device class', async () => {
    expect(await total()).toBe(0);
    const page = await server.get('/ru/products?utm=x', { 'user-agent': IPHONE, referer: 'https://www.example.org/some/where?q=1' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const rows = await views();
    expect(rows).toEqual([expect.objectContaining({ path: '/products', locale: 'ru', referrer: 'example.org', device: 'mobile', referred: 0, views: 1 })]);
    expect(await dayRow()).toEqual({ views: 1, visitors: 1 });
  });

  it('counts nothing for bots, DNT, GPC, prefetches, /api, assets or non-pages', async () => {
    const before = await total();
    expect((await server.get('/faq', { 'user-agent': GOOGLEBOT })).status).toBeLessThan(500);
    expect((await server.get('/faq', { 'user-agent': CHROME, dnt: '1' })).status).toBe(200);
    expect((await server.get('/faq', { 'user-agent': CHROME, 'sec-gpc': '1' })).status).toBe(200);
    expect((await server.get('/faq', { 'user-agent': CHROME, 'sec-purpose': 'prefetch;prerender' })).status).toBe(200);
    expect((await server.get('/faq', { 'user-agent': CHROME, purpose: 'prefetch' })).status).toBe(200);
    await server.get('/api/health', { 'user-agent': CHROME });
    await server.get('/no-such-page', { 'user-agent': CHROME });
    await server.get('/robots.txt', { 'user-agent': CHROME });
    expect(await total()).toBe(before);
    // The same request without the opt-out is counted: the exclusions above were what stopped it.
    await server.get('/faq', { 'user-agent': CHROME });
    expect(await total()).toBe(before + 1);
  });

  it('counts a visitor once a day per address and browser, again with another browser', async () => {
    const before = await dayRow();
    await server.get('/how', { 'user-agent': IPAD });
    await server.get('/team', { 'user-agent': IPAD });
    expect(await dayRow()).toEqual({ views: before.views + 2, visitors: before.visitors + 1 });
    await server.get('/team', { 'user-agent': `${IPAD} Other/1` });
    expect(await dayRow()).toEqual({ views: before.views + 3, visitors: before.visitors + 2 });
    const rows = await views();
    expect(rows.find((r) => r.path === '/how')).toMatchObject({ device: 'tablet', locale: 'en', referrer: '' });
    // Only hashes are stored: no address or User-Agent in the visitors table.
    const hashes = await db().selectFrom('analyticsVisitors').select('visitor').execute();
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h.visitor))).toBe(true);
  });

  it('counts a beacon (JSON or text/plain) with ?ref= and an internal referrer as none', async () => {
    const before = await total();
    const beacon = await server.post(
      '/api/analytics/view',
      { path: '/es/order?ref=ANNA2024&x=1', referrer: 'http://localhost:3000/es' },
      { 'user-agent': CHROME },
    );
    expect(beacon.status).toBe(204);
    const text = await fetch(`${server.baseUrl}/api/analytics/view`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
      body: JSON.stringify({ path: '/es/order?ref=ANNA2024' }),
    });
    expect(text.status).toBe(204);
    const rows = await views();
    expect(rows.find((r) => r.path === '/order' && r.referred === 1)).toMatchObject({ locale: 'es', referrer: '', device: 'desktop', views: 2 });
    expect(await total()).toBe(before + 2);
    // Excluded beacons answer 204 and count nothing.
    expect((await server.post('/api/analytics/view', { path: '/faq' }, { 'user-agent': CHROME, 'sec-gpc': '1' })).status).toBe(204);
    expect((await server.post('/api/analytics/view', { path: '/faq' }, { 'user-agent': GOOGLEBOT })).status).toBe(204);
    expect((await server.post('/api/analytics/view', { path: '/admin/users' }, { 'user-agent': CHROME })).status).toBe(204);
    expect(await total()).toBe(before + 2);
  });

  it('answers 400 with a clear message to a bad beacon', async () => {
    const noPath = await server.post('/api/analytics/view', { referrer: 'x' }, { 'user-agent': CHROME });
    expect(noPath.status).toBe(400);
    expect(noPath.json.error.code).toBe('VALIDATION_FAILED');
    expect(noPath.json.error.message).toMatch(/path/);
    const relative = await server.post('/api/analytics/view', { path: 'faq' }, { 'user-agent': CHROME });
    expect(relative.status).toBe(400);
    const garbage = await fetch(`${server.baseUrl}/api/analytics/view`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'not json' });
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error.message).toMatch(/JSON/);
  });

  it('counts a page answered outside the hooks through recordDocumentView, once per request', async () => {
    const before = await total();
    const raw = {};
    const request = { method: 'GET', url: '/culture', headers: { 'user-agent': CHROME }, ip: '192.0.2.9', raw, server: server.app.fastify };
    recordDocumentView(request);
    recordDocumentView(request); // the hook runs too: still one view
    recordDocumentView({ ...request, headers: { 'user-agent': CHROME, dnt: '1' }, raw: {} });
    expect(await total()).toBe(before + 1);
    expect((await views()).find((r) => r.path === '/culture')).toMatchObject({ views: 1, locale: 'en' });
  });

  it('reports totals, days, breakdowns and the referral funnel to administrators only', async () => {
    const code = await db().selectFrom('referralCodes').select('code').where('userId', '=', user.localId).executeTakeFirstOrThrow();
    const input = {
      name: 'Ref Visitor',
      email: 'ref-visitor@example.test',
      interest: 'design',
      budget: 'NOT_SURE',
      message: 'A request through a referral link.',
      consent: true,
      locale: 'EN',
      referralCode: code.code,
    };
    ok(await server.graphql('mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }', { input }));
    const report = ok(await server.graphql(REPORT, { days: 7 }, admin.accessToken)).analytics;
    const rows = await views();
    expect(report.views).toBe(rows.reduce((sum, r) => sum + r.views, 0));
    expect(report.visitors).toBe((await dayRow()).visitors);
    expect(report.days).toHaveLength(7);
    expect(report.days[6]).toEqual({ day: report.to, views: report.views, visitors: report.visitors });
    expect(report.pages[0]).toEqual({ key: '/order', views: 2 });
    expect(report.referrers).toEqual([{ key: 'example.org', views: 1 }]);
    expect(report.languages.map((l: { key: string }) => l.key).sort()).toEqual(['en', 'es', 'ru']);
    expect(report.devices.map((d: { key: string }) => d.key).sort()).toEqual(['desktop', 'mobile', 'tablet']);
    expect(report.funnel).toEqual({ visits: 2, requests: 1, won: 0 });
    const anonymous = await server.graphql(REPORT, {});
    expect(anonymous.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    const refused = await server.graphql(REPORT, {}, user.accessToken);
    expect(refused.errors?.[0]?.message).toBe('Forbidden resource');
    const tooMany = await server.graphql(REPORT, { days: 400 }, admin.accessToken);
    expect(tooMany.errors?.[0]?.message).toMatch(/days/);
  });

  it('keeps a private page under its route, not its identifier; public slugs stay', async () => {
    for (const path of ['/ru/profile/requests/ST-2026-0042', '/profile/requests/ST-2026-0043?tab=messages']) {
      expect((await server.post('/api/analytics/view', { path }, { 'user-agent': CHROME })).status).toBe(204);
    }
    expect((await server.get('/profile/requests/ST-2026-0044', { 'user-agent': CHROME })).status).toBeLessThan(500);
    await server.post('/api/analytics/view', { path: '/products/aura' }, { 'user-agent': CHROME });
    const paths = (await views()).map((r) => r.path);
    expect(paths.filter((p) => p.includes('ST-'))).toEqual([]);
    expect(paths).toContain('/profile/requests/:reference');
    expect(paths).toContain('/products/aura');
  });

  it('300 beacons from one address with changing User-Agents count at most RATE_LIMIT_ANALYTICS_VIEW views and visitors', async () => {
    const before = await dayRow();
    for (let i = 0; i < 300; i++) {
      const answer = await server.post('/api/analytics/view', { path: '/faq' }, { 'user-agent': `${CHROME} Flood/${i}` });
      expect(answer.status).toBe(204);
    }
    const after = await dayRow();
    expect(after.visitors - before.visitors).toBeLessThanOrEqual(120);
    expect(after.views - before.views).toBeLessThanOrEqual(120);
    // Counted up to the limit, not nothing at all.
    expect(after.views - before.views).toBeGreaterThan(0);
  });
});

describeEachDb('analytics outside production on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, {}, { web: true });
  });
  afterAll(() => server?.close());

  it('counts nothing in test mode (pages or beacons)', async () => {
    expect((await server.get('/faq', { 'user-agent': CHROME })).status).toBe(200);
    expect((await server.post('/api/analytics/view', { path: '/faq' }, { 'user-agent': CHROME })).status).toBe(204);
    await server.app.analytics.flush();
    expect(await server.app.database.db.selectFrom('analyticsDaily').selectAll().execute()).toEqual([]);
    expect(await server.app.database.db.selectFrom('analyticsSalts').selectAll().execute()).toEqual([]);
  });
});
