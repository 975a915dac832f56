/**
 * `GET /sw.js` (SITE-SW, decision 0037) with the real built web app (`pnpm build` first): the
 * built worker with its headers (JavaScript, `no-cache`, `Service-Worker-Allowed: /`, ETag and
 * 304), a CSP that lets it run, the kill switch (`SERVICE_WORKER=off`) answering the
 * self-unregistering worker, and the offline pages the worker precaches: one per locale, static
 * (no script), not indexable. The route alone (no build, development) answers the kill switch.
 */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/platform/config.js';
import { KILL_SWITCH_WORKER, registerServiceWorkerRoute } from '../src/ssr/serviceWorker.js';
import { describeEachDb, startServer, type TestServer } from './harness.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const builtWorker = join(repoRoot, 'web', 'dist', 'client', 'sw.js');

if (!existsSync(builtWorker)) throw new Error('service-worker.test.ts needs the built web app: run `pnpm build` first (pnpm test does).');

function expectWorkerHeaders(response: Response) {
  expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('service-worker-allowed')).toBe('/');
}

describeEachDb('/sw.js on %s', (kind) => {
  let server: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false' }, { web: true });
    off = await startServer(kind, { NODE_ENV: 'production', SERVICE_WORKER: 'off' }, { web: true });
  });
  afterAll(async () => {
    await off?.close();
    await server?.close();
  });

  it('answers the built worker with its headers, and 304 when the browser has it', async () => {
    const response = await fetch(`${server.baseUrl}/sw.js`);
    expect(response.status).toBe(200);
    expectWorkerHeaders(response);
    const body = await response.text();
    expect(body).toBe(readFileSync(builtWorker, 'utf8'));
    // The precache list: the offline page of every locale, and this build's assets.
    for (const url of ['/offline', '/ru/offline', '/es/offline']) expect(body).toContain(`"${url}"`);
    // What public pages load is precached (the islands), the app's own entry is not (SITE-SW).
    expect(body).toMatch(/assets\/islands-[\w-]+\.js/);
    expect(body).not.toMatch(/assets\/app-[\w-]+\.js/);
    // Same-origin scripts may run as workers (SEC-HEADERS).
    expect(response.headers.get('content-security-policy')).toContain("worker-src 'self'");
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.baseUrl}/sw.js`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('answers the self-unregistering worker when SERVICE_WORKER=off', async () => {
    const response = await fetch(`${off.baseUrl}/sw.js`);
    expect(response.status).toBe(200);
    expectWorkerHeaders(response);
    const body = await response.text();
    expect(body).toBe(KILL_SWITCH_WORKER);
    expect(body).toContain('self.registration.unregister()');
    expect(body).not.toContain('__WB_MANIFEST');
    expect(off.config.serviceWorker).toBe(false);
    expect(server.config.serviceWorker).toBe(true);
  });

  it.each([
    ['/offline', 'en-US', 'You are offline'],
    ['/ru/offline', 'ru-RU', 'Вы не в сети'],
    ['/es/offline', 'es-ES', 'Estás sin conexión'],
  ])('%s is a static, not indexable page in its language', async (path, tag, heading) => {
    const response = await fetch(server.baseUrl + path, { headers: { 'user-agent': BROWSER } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${tag}"`);
    expect(html).toContain(heading);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    // A document (SITE-DELIVERY): its island only, no app and no page data.
    expect([...html.matchAll(/<script[^>]*type="module" src="([^"]+)"/g)].map((m) => m[1])).toEqual([expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)]);
    expect(html).not.toContain('__STUDIO_DATA__');
  });
});

describe('the /sw.js route alone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-sw-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function answer(options: { built: boolean; serviceWorker: boolean; viteDev?: boolean }): Promise<string> {
    const webDistDir = join(dir, Math.random().toString(36).slice(2));
    mkdirSync(join(webDistDir, 'client'), { recursive: true });
    if (options.built) writeFileSync(join(webDistDir, 'client', 'sw.js'), '/* built worker */');
    const app = Fastify();
    registerServiceWorkerRoute(app, { config: { webDistDir, serviceWorker: options.serviceWorker }, viteDev: options.viteDev });
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['service-worker-allowed']).toBe('/');
    return response.body;
  }

  it('serves the built worker when on, the kill switch when off, unbuilt or in development', async () => {
    expect(await answer({ built: true, serviceWorker: true })).toBe('/* built worker */');
    expect(await answer({ built: true, serviceWorker: false })).toBe(KILL_SWITCH_WORKER);
    expect(await answer({ built: false, serviceWorker: true })).toBe(KILL_SWITCH_WORKER);
    expect(await answer({ built: true, serviceWorker: true, viteDev: true })).toBe(KILL_SWITCH_WORKER);
  });
});
