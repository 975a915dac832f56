/**
 * The service worker in Chromium (SITE-SW, decision 0037), against a server of its own that serves
 * a temporary copy of the built web app (`pnpm build` first), so the spec can deploy a "new build"
 * under it (a changed `sw.js` and `_build/latest.json`) and restart it with the kill switch:
 * - online, `/ru/products` registers `/sw.js` with scope `/`; the worker activates and controls the
 *   page, and the catalogue's scripts, stylesheet and fonts then come from the worker;
 * - offline, a reload or a navigation shows the offline page of the URL's language, without script;
 * - a new build prompts once in each of two open tabs ("new version — Reload", role=status), and
 *   Reload in one tab reloads every tab exactly once onto the new worker;
 * - with `SERVICE_WORKER=off` the worker unregisters itself and pages are no longer controlled.
 * BUILD_POLL_INTERVAL_MS is 1 s here, so the pages look for a new worker every second.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, t, test } from './fixtures';

const here = dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env['E2E_PORT'] ?? 3100) + 23;
const BASE = `http://localhost:${PORT}`;
// Made in beforeAll: Playwright also loads this module in the runner process, which runs no hook.
let tmp = '';
let webDist = '';

let server: ChildProcess | null = null;

/** Starts the built server on PORT with the temporary web app copy and `env`; resolves when healthy. */
async function startServer(env: Record<string, string> = {}): Promise<void> {
  server = spawn(process.execPath, [resolve(here, '..', '..', 'api', 'dist', 'main.js')], {
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: String(PORT),
      HOST: 'localhost',
      DATA_DIR: mkdtempSync(join(tmp, 'data-')),
      WEB_DIST_DIR: webDist,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
      MAIL_TRANSPORT: 'memory',
      BUILD_POLL_INTERVAL_MS: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = server;
  started.once('exit', (code, signal) => {
    if (server === started) process.stderr.write(`service worker test server exited unexpectedly (code ${code}, signal ${signal})\n`);
  });
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`the service worker test server did not start on ${BASE}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopServer(): Promise<void> {
  if (server && server.exitCode === null) {
    const stopping = server;
    server = null;
    const exited = new Promise((r) => stopping.once('exit', r));
    stopping.kill('SIGTERM');
    await exited;
  }
  server = null;
}

/** "Deploys" a new build: the worker's precache revisions change and latest.json names the new id. */
function deployNewBuild(): string {
  const latestFile = join(webDist, 'client', '_build', 'latest.json');
  const { id } = JSON.parse(readFileSync(latestFile, 'utf8')) as { id: string };
  const next = `${id}-next`;
  const sw = join(webDist, 'client', 'sw.js');
  writeFileSync(sw, readFileSync(sw, 'utf8').split(id).join(next));
  writeFileSync(latestFile, JSON.stringify({ id: next, builtAt: new Date().toISOString() }));
  return next;
}

/** Waits until the page is controlled by an activated `/sw.js` of scope `/`. */
async function waitForControl(page: Page): Promise<void> {
  // The states say where it stopped when it does not get there (installing, redundant…).
  await expect
    .poll(
      () =>
        page
          .evaluate(async () => {
            const r = await navigator.serviceWorker.getRegistration();
            return {
              controller: navigator.serviceWorker.controller?.state ?? null,
              installing: r?.installing?.state ?? null,
              waiting: r?.waiting?.state ?? null,
              active: r?.active?.state ?? null,
            };
          })
          .catch(() => null),
      { timeout: 20_000 },
    )
    .toMatchObject({ controller: 'activated', active: 'activated' });
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { scope: r.scope, script: r.active?.scriptURL ?? null };
  });
  expect(registration).toEqual({ scope: `${BASE}/`, script: `${BASE}/sw.js` });
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'studio-e2e-sw-'));
  webDist = join(tmp, 'web-dist');
  // The client files are copied (the spec rewrites them); the server bundle is linked, so its
  // packages still resolve from web/node_modules.
  mkdirSync(webDist);
  cpSync(resolve(here, '..', '..', 'web', 'dist', 'client'), join(webDist, 'client'), { recursive: true });
  symlinkSync(resolve(here, '..', '..', 'web', 'dist', 'server'), join(webDist, 'server'), 'dir');
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  rmSync(tmp, { recursive: true, force: true });
});

test('online: the worker controls the page and serves the catalogue assets; offline: the page of the URL language', async ({ page, context }) => {
  await page.goto('/ru/products');
  await waitForControl(page);

  // Controlled now: the page's scripts, stylesheet and fonts come from the worker's precache.
  const assets: { url: string; fromWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('ru', 'page.products.title') })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(assets.some((a) => a.url.endsWith('.js'))).toBe(true);
  expect(assets.some((a) => a.url.endsWith('.css'))).toBe(true);
  expect(assets.some((a) => a.url.endsWith('.woff2'))).toBe(true);
  expect(assets.filter((a) => !a.fromWorker)).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('ru', 'page.offline.title') })).toBeVisible();
  await expect(page).toHaveURL(`${BASE}/ru/products`);
  // A document (SITE-DELIVERY): no app, no page data; its island comes from the precache.
  await expect(page.locator('html')).toHaveAttribute('data-delivery', 'document');
  expect(await page.locator('#__STUDIO_DATA__').count()).toBe(0);
  await expect(page.getByRole('link', { name: t('ru', 'offline.retry') })).toBeVisible();

  await page.goto('/es/faq');
  await expect(page.getByRole('heading', { level: 1, name: t('es', 'page.offline.title') })).toBeVisible();
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'page.offline.title') })).toBeVisible();

  // Back online, "Try again" loads the real page.
  await context.setOffline(false);
  await page.getByRole('link', { name: t('en', 'offline.retry') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'page.news.title') })).toBeVisible();
});

test('a new build prompts once in every tab; Reload in one reloads every tab once', async ({ context }) => {
  const tabs = [await context.newPage(), await context.newPage()];
  for (const tab of tabs) {
    await tab.goto('/ru/products');
    await waitForControl(tab);
  }
  // A controlled load of each tab, then count the loads after the deploy.
  for (const tab of tabs) await tab.reload();
  const loads = tabs.map(() => 0);
  tabs.forEach((tab, i) => tab.on('load', () => (loads[i] = (loads[i] ?? 0) + 1)));

  deployNewBuild();
  const prompts = tabs.map((tab) => tab.getByRole('status').filter({ hasText: t('ru', 'sw.update.message') }));
  for (const prompt of prompts) await expect(prompt).toHaveCount(1, { timeout: 15_000 });
  expect(loads).toEqual([0, 0]);

  const reload = prompts[0]!.getByRole('button', { name: t('ru', 'sw.update.reload') });
  await reload.focus();
  await tabs[0]!.keyboard.press('Enter');
  await expect.poll(() => loads, { timeout: 10_000 }).toEqual([1, 1]);
  // Exactly once: no second reload follows, and the new worker controls both tabs without a prompt.
  await tabs[0]!.waitForTimeout(2500);
  expect(loads).toEqual([1, 1]);
  for (const [i, tab] of tabs.entries()) {
    await waitForControl(tab);
    await expect(prompts[i]!).toHaveCount(0);
  }
});

test.describe('kill switch', () => {
  // While the server restarts, the page's build and worker checks meet a closed port.
  test.use({ allowConsole: [{ text: /ERR_CONNECTION_REFUSED/, url: /\/(_build\/latest\.json|sw\.js)/ }] });

  test('the kill switch (SERVICE_WORKER=off) unregisters the worker', async ({ page }) => {
    await page.goto('/ru/products');
    await waitForControl(page);
    await stopServer();
    await startServer({ SERVICE_WORKER: 'off' });
    // No reload of ours: the page's next update check (every second here) finds the kill switch,
    // which takes over and reloads the page itself (a reload of ours could be cut short by it).
    await expect
      .poll(
        // null while the page reloads (the kill switch reloads it).
        () =>
          page
            .evaluate(async () => ({
              controlled: !!navigator.serviceWorker.controller,
              registrations: (await navigator.serviceWorker.getRegistrations()).length,
            }))
            .catch(() => null),
        { timeout: 15_000 },
      )
      .toEqual({ controlled: false, registrations: 0 });
    // Assets now come from the network.
    const fromWorker: boolean[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) fromWorker.push(response.fromServiceWorker());
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t('ru', 'page.products.title') })).toBeVisible();
    expect(fromWorker.length).toBeGreaterThan(0);
    expect(fromWorker.every((f) => !f)).toBe(true);
  });
});
