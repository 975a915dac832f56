/**
 * First-party analytics in Chromium (ANALYTICS-*, decision 0036), against a production server of
 * its own (so the counts are this spec's alone; the shared e2e server counts every spec's visits):
 * a page load is counted by the server, a client navigation of the app (/auth → /auth/reset) sends
 * the beacon, a bot's request and a Global Privacy Control request (through the `request` context)
 * count nothing while the same request without GPC does; then an administrator (registered through
 * the form, promoted with the admin CLI on this server's data) opens /admin/analytics and sees the
 * pages, the language, the referral visit and the totals — with no axe violations.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from '@playwright/test';
import { axeViolations, escapeRegExp, expect, t, test, waitForHydration } from './fixtures';

const here = dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env['E2E_PORT'] ?? 3100) + 23;
const BASE = `http://localhost:${PORT}`;
const API_DIST = resolve(here, '..', '..', 'api', 'dist');
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let server: ChildProcess | null = null;
let dataDir = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-analytics-'));
  server = spawn(process.execPath, [join(API_DIST, 'main.js')], {
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: String(PORT),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
      MAIL_TRANSPORT: 'memory',
      RATE_LIMIT_AUTH_MAX: '1000',
      CHALLENGE_AFTER_REGISTRATIONS: '1000/3600',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the analytics test server did not start on ${BASE}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The address `path` on this spec's server (any query when `query`). */
const at = (path: string, query = false) => new RegExp(`^${escapeRegExp(BASE + path)}${query ? '(\\?.*)?' : ''}$`);

/** The views a breakdown table shows for `key`, or null when it has no such row. */
async function viewsOf(table: Locator, key: string): Promise<number | null> {
  const row = table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: key, exact: true }) });
  if ((await row.count()) === 0) return null;
  return Number((await row.getByRole('cell').first().textContent())?.replace(/\D/g, ''));
}

test('page loads and client navigations are counted, bots and GPC are not, and the dashboard shows it', async ({ page, request }) => {
  // A page load with a referral code, in Russian: counted by the server.
  expect((await page.goto('/ru/faq?ref=E2ECODE'))?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'on');

  // A client navigation of the app: the beacon.
  await page.goto('/auth');
  await waitForHydration(page);
  const beacon = page.waitForRequest((r) => r.url() === `${BASE}/api/analytics/view` && r.method() === 'POST');
  await page
    .getByRole('main')
    .getByRole('link', { name: t('en', 'auth.forgotPassword') })
    .click();
  await expect(page).toHaveURL(at('/auth/reset'));
  const sent = await beacon;
  expect((await sent.response())?.status()).toBe(204);

  // A bot and a visitor with Global Privacy Control: answered, not counted; the same page without GPC is.
  expect((await request.get('/team', { headers: { 'user-agent': GOOGLEBOT } })).status()).toBeLessThan(500);
  expect((await request.get('/team', { headers: { 'sec-gpc': '1' } })).status()).toBe(200);
  expect((await request.get('/techs')).status()).toBe(200);

  // An administrator reads the dashboard (their own /auth and /profile visits count too, /admin never).
  const email = `analytics.${Date.now().toString(36)}@example.com`;
  await page.goto('/auth?mode=register');
  await waitForHydration(page);
  const form = page.getByRole('main');
  await form.getByLabel(t('en', 'auth.name.label'), { exact: true }).fill('Ana Lytics');
  await form.getByLabel(t('en', 'auth.email.label'), { exact: true }).fill(email);
  await form.getByLabel(t('en', 'auth.password.label'), { exact: true }).fill('a long enough passphrase 42');
  await form.getByRole('button', { name: t('en', 'auth.register.submit'), exact: true }).click();
  await expect(page).toHaveURL(at('/profile'));
  execFileSync(process.execPath, [join(API_DIST, 'modules', 'identity', 'users', 'adminCli.js'), '--email', email], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
  await page.goto('/admin');
  await waitForHydration(page);
  await page
    .getByRole('navigation', { name: t('en', 'admin.nav.label') })
    .getByRole('link', { name: t('en', 'admin.nav.analytics') })
    .click();
  await expect(page).toHaveURL(at('/admin/analytics'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'page.adminAnalytics.title'));

  const pages = page.getByTestId('analytics-pages');
  await expect(pages).toBeVisible();
  expect(await viewsOf(pages, '/faq')).toBe(1);
  expect(await viewsOf(pages, '/auth/reset')).toBe(1);
  expect(await viewsOf(pages, '/techs')).toBe(1);
  expect(await viewsOf(pages, '/team')).toBeNull();
  expect(await viewsOf(page.getByTestId('analytics-languages'), 'Russian')).toBe(1);
  await expect(page.getByTestId('analytics-funnel').getByRole('listitem').first()).toContainText(`1${t('en', 'admin.analytics.funnel.visits')}`);
  const views = Number(await page.getByTestId('analytics-views').textContent());
  expect(views).toBeGreaterThanOrEqual(4);
  expect(Number(await page.getByTestId('analytics-visitors').textContent())).toBeGreaterThanOrEqual(1);

  // The per-day figures as a table, and no accessibility violations.
  await page.getByText(t('en', 'admin.analytics.showTable')).click();
  await expect(page.getByRole('table', { name: t('en', 'admin.analytics.byDay') }).getByRole('row')).toHaveCount(31);
  expect(await axeViolations(page)).toEqual([]);

  // Another period refetches.
  await page.getByRole('combobox', { name: t('en', 'admin.analytics.period') }).selectOption('7');
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByTestId('analytics-chart').locator('> div')).toHaveCount(7);
});
