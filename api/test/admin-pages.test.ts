/**
 * The administrators' pages as the server renders them (ADMIN-AREA) with the real built web app
 * (`pnpm build` first): a visitor, a signed-in user, a signed-out or revoked session and a
 * forged cookie all get the 404 page — the same status and page as any unknown address, with no
 * hint that the page exists — and an administrator gets the page, marked noindex and never cached.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REFRESH_COOKIE } from '@studio/site/cookies';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../src/platform/config.js';
import { describeEachDb, type Registered, startServer, type TestServer } from './harness.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

if (!existsSync(join(repoRoot, 'web', 'dist', 'server', 'entry-server.js'))) {
  throw new Error('admin-pages.test.ts needs the built web app: run `pnpm build` first (pnpm test does).');
}

const ADMIN_PATHS = [
  '/admin',
  '/admin/requests',
  '/ru/admin/news',
  '/es/admin/users',
  '/admin/audit',
  '/ru/admin/requests/ST-ABC234',
  '/es/admin/products/dom',
];

describeEachDb('administrators’ pages on %s', (kind) => {
  let server: TestServer;
  let user: Registered;
  let admin: Registered;
  beforeAll(async () => {
    server = await startServer(kind, { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false' }, { web: true });
    user = await server.register();
    admin = await server.register();
    await server.app.database.db.updateTable('users').set({ role: 'ADMIN' }).where('email', '=', admin.email).execute();
  });
  afterAll(() => server?.close());

  const page = (path: string, refreshToken?: string) =>
    fetch(server.baseUrl + path, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER, ...(refreshToken ? { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refreshToken)}` } : {}) },
    });

  /** The document's title and robots meta. */
  const head = (html: string) => ({
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? '',
  });

  it('answer a visitor the 404 page, exactly like an unknown address', async () => {
    const unknown = await page('/no-such-page');
    const unknownTitle = head(await unknown.text()).title;
    for (const path of ADMIN_PATHS.filter((p) => !p.startsWith('/ru') && !p.startsWith('/es'))) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(head(await response.text()).title, path).toBe(unknownTitle);
    }
  });

  it('answer a signed-in user, a forged cookie and an ended session the 404 page', async () => {
    for (const path of ADMIN_PATHS) {
      expect((await page(path, user.refreshToken)).status, path).toBe(404);
      expect((await page(path, 'forged-token-forged-token-forged-token-xyz')).status, path).toBe(404);
    }
    const ended = await server.register();
    await server.app.database.db.updateTable('users').set({ role: 'ADMIN' }).where('email', '=', ended.email).execute();
    expect((await page('/admin', ended.refreshToken)).status).toBe(200);
    const logout = await server.post('/api/auth/logout', { deviceToken: ended.deviceToken }, { authorization: `Bearer ${ended.accessToken}` });
    expect(logout.status).toBeLessThan(300);
    expect((await page('/admin', ended.refreshToken)).status).toBe(404);
  });

  it('render the page for an administrator in every language, noindex and not stored by caches', async () => {
    for (const path of ADMIN_PATHS) {
      const response = await page(path, admin.refreshToken);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(head(html).robots, path).toContain('noindex');
      expect(response.headers.get('cache-control') ?? '', path).not.toMatch(/public/);
    }
    const ru = await (await page('/ru/admin', admin.refreshToken)).text();
    expect(head(ru).title).toContain('Бэк-офис');
  });

  it('stop rendering for an administrator whose role was taken away', async () => {
    const former = await server.register();
    await server.app.database.db.updateTable('users').set({ role: 'ADMIN' }).where('email', '=', former.email).execute();
    expect((await page('/admin/users', former.refreshToken)).status).toBe(200);
    await server.app.database.db.updateTable('users').set({ role: 'USER' }).where('email', '=', former.email).execute();
    expect((await page('/admin/users', former.refreshToken)).status).toBe(404);
  });
});
