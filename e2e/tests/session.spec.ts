/**
 * The session across tabs (SESSION-TABS, SESSION-REFRESH, SESSION-COOKIES, LIVE-UPDATES), in real
 * Chromium with two tabs of one browser context (shared cookies, BroadcastChannel
 * `studio-few-tabs`, Web Locks):
 * - signing out in one tab signs the other out;
 * - the refresh token lives only in the HttpOnly cookie and the access token in memory: no
 *   script-readable cookie or storage holds either;
 * - two tabs loading at once each get an access token by the cookie, one rotation at a time (Web
 *   Lock), and the session goes on;
 * - a profile change in one tab reaches the other through the `viewerUpdated` subscription;
 * - killing and restarting the server mid-session: the subscription reconnects by itself;
 * - the theme choice is stored, rendered by the server and followed by the other tab.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { type Locale, expect, localizePath, t, test, waitForHydration, signOutFromHeader } from './fixtures';

const PASSWORD = 'correct horse battery staple';
const CREDENTIALS_COOKIE = 'studio.credentials';
const REFRESH_COOKIE = '__Host-studio.refresh';
const SESSION_MARKER_COOKIE = 'studio.session';
const LEGACY_TOKEN_COOKIE = 'apollo:default.token';
const SESSION_COOKIES = [SESSION_MARKER_COOKIE, REFRESH_COOKIE, CREDENTIALS_COOKIE, LEGACY_TOKEN_COOKIE];
/** A JWT as it would appear in a cookie or storage. */
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;

/** The value of the HttpOnly refresh cookie, as the browser holds it. */
async function refreshCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === REFRESH_COOKIE)?.value;
}
const here = dirname(fileURLToPath(import.meta.url));

function uniqueEmail(tag: string): string {
  return `tabs.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Registers through the form at `origin` and waits for the profile. */
async function register(page: Page, name: string, locale: Locale = 'en', origin = ''): Promise<string> {
  const email = uniqueEmail(locale);
  await page.goto(`${origin}${localizePath('/auth', locale)}?mode=register`);
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByLabel(t(locale, 'auth.name.label'), { exact: true }).fill(name);
  await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(email);
  await main.getByLabel(t(locale, 'auth.password.label'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t(locale, 'auth.register.submit'), exact: true }).click();
  await expect(page.getByTestId('profile-fullName')).toHaveText(name);
  return email;
}

async function openProfile(page: Page, locale: Locale = 'en', origin = ''): Promise<void> {
  await page.goto(`${origin}${localizePath('/profile', locale)}`);
  await waitForHydration(page);
}

/** Changes the display name on /profile/change-name in `page` and waits for the profile. */
async function changeName(page: Page, name: string, locale: Locale = 'en', origin = ''): Promise<void> {
  await page.goto(`${origin}${localizePath('/profile/change-name', locale)}`);
  await waitForHydration(page);
  const main = page.getByRole('main');
  const field = main.getByLabel(t(locale, 'profile.changeName.label'), { exact: true });
  await expect(field).toBeEditable();
  await field.fill(name);
  await main.getByRole('button', { name: t(locale, 'profile.changeName.submit'), exact: true }).click();
  await expect(page.getByTestId('profile-fullName')).toHaveText(name);
}

/** Replaces the HttpOnly refresh cookie's token with `refreshToken`; answers the one it held. */
async function replaceRefreshCookie(context: BrowserContext, refreshToken: string): Promise<string> {
  const refresh = (await context.cookies()).find((cookie) => cookie.name === REFRESH_COOKIE)!;
  await context.addCookies([{ ...refresh, value: refreshToken }]);
  return refresh.value;
}

test.describe('two tabs of one browser', () => {
  test('signing out in one tab signs the other out within a second', async ({ context }) => {
    const first = await context.newPage();
    await register(first, 'Tab Sign Out');
    const second = await context.newPage();
    await openProfile(second);
    await expect(second.getByTestId('profile-fullName')).toHaveText('Tab Sign Out');

    await signOutFromHeader(first, 'en');
    await expect(first.getByRole('banner').getByRole('link', { name: t('en', 'nav.signIn'), exact: true })).toBeVisible();

    // The other tab follows without a reload: signed-out header and signed-out profile.
    await expect(second.getByRole('banner').getByRole('link', { name: t('en', 'nav.signIn'), exact: true })).toBeVisible({ timeout: 1000 });
    await expect(second.getByRole('main').getByRole('heading', { level: 2, name: t('en', 'profile.signedOutTitle'), exact: true })).toBeVisible({
      timeout: 1000,
    });
    await expect(second.getByTestId('profile-fullName')).toHaveCount(0);
    // The server cleared the HttpOnly cookie too: nothing of the session is left.
    expect((await context.cookies()).filter((cookie) => SESSION_COOKIES.includes(cookie.name))).toEqual([]);
  });

  test('the refresh token is only in the HttpOnly cookie and the access token only in memory, never readable by a later script', async ({ context }) => {
    const page = await context.newPage();
    await register(page, 'Tab Cookie');
    const cookie = (await context.cookies()).find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).toContain(SESSION_MARKER_COOKIE);
    expect(visible).not.toContain(CREDENTIALS_COOKIE);
    expect(visible).not.toMatch(JWT);
    expect(await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]))).not.toMatch(JWT);
    // Every cookie of the browser, HttpOnly ones included: none holds the access token.
    expect(JSON.stringify(await context.cookies())).not.toMatch(JWT);
    expect(visible).not.toContain(REFRESH_COOKIE);
    expect(visible).not.toContain(cookie!.value);
    expect(visible).not.toContain(LEGACY_TOKEN_COOKIE);
    // A script that calls /refresh itself gets a new access token, never the refresh token.
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/auth/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['accessToken']);
    expect(await page.evaluate(() => document.cookie)).not.toContain(REFRESH_COOKIE);
  });

  test('two tabs loading at once each get an access token by the cookie, one rotation at a time, and stay signed in', async ({ context }) => {
    const first = await context.newPage();
    await register(first, 'Tab Refresh');
    const second = await context.newPage();
    await openProfile(second);
    await expect(first.getByTestId('profile-fullName')).toHaveText('Tab Refresh');
    await expect(second.getByTestId('profile-fullName')).toHaveText('Tab Refresh');
    const before = await refreshCookie(context);

    const rotations: { status: number; cookie?: string; body: Record<string, unknown> }[] = [];
    context.on('response', async (response) => {
      if (!response.url().endsWith('/api/auth/refresh')) return;
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      const setCookie = (await response.headerValue('set-cookie')) ?? '';
      const cookie = new RegExp(`${REFRESH_COOKIE}=([^;]*)`).exec(setCookie)?.[1];
      rotations.push({ status: response.status(), cookie, body });
    });
    // Fresh pages hold no access token: both need one at the same time.
    await Promise.all([first.reload(), second.reload()]);
    await expect(first.getByTestId('profile-fullName')).toHaveText('Tab Refresh');
    await expect(second.getByTestId('profile-fullName')).toHaveText('Tab Refresh');
    // Each rotation succeeded with the cookie the previous one set (the Web Lock keeps them apart;
    // a tab handed the other's token on the app channel first skips its own), so the family lives.
    await expect.poll(() => rotations.length).toBeGreaterThan(0);
    expect(rotations.length).toBeLessThanOrEqual(2);
    expect(rotations.every((r) => r.status === 200)).toBe(true);
    expect(rotations.every((r) => Object.keys(r.body).join() === 'accessToken')).toBe(true);
    expect(await refreshCookie(context)).toBe(rotations[rotations.length - 1]!.cookie);
    expect(await refreshCookie(context)).not.toBe(before);
    // Still signed in: a client-side navigation in each tab uses its token without another sign-in.
    await second
      .getByRole('main')
      .getByRole('link', { name: t('en', 'profile.edit.name'), exact: true })
      .click();
    await expect(second.getByRole('main').getByLabel(t('en', 'profile.changeName.label'), { exact: true })).toBeEditable();
  });

  test.describe('rejected refresh', () => {
    // The refused refresh is provoked on purpose; the browser logs the 401 of that request.
    test.use({ allowConsole: [{ text: /status of 401/, url: /\/api\/auth\/refresh$/ }] });

    test('a rejected refresh signs every tab out and forgets the user', async ({ context }) => {
      const first = await context.newPage();
      await register(first, 'Tab Rejected');
      const second = await context.newPage();
      await openProfile(second);
      await expect(second.getByTestId('profile-fullName')).toHaveText('Tab Rejected');

      // A refresh token the server does not know: the next refresh is refused (401).
      await replaceRefreshCookie(context, 'not-a-real-refresh-token');

      // The first tab is loaded afresh and needs a token; the refresh fails.
      await first.reload();
      await expect(first.getByRole('main').getByRole('heading', { level: 2, name: t('en', 'profile.signedOutTitle'), exact: true })).toBeVisible();
      expect((await context.cookies()).filter((cookie) => SESSION_COOKIES.includes(cookie.name))).toEqual([]);
      // The other tab is told and drops the user it was showing.
      await expect(second.getByRole('banner').getByRole('link', { name: t('en', 'nav.signIn'), exact: true })).toBeVisible({ timeout: 1000 });
      await expect(second.getByTestId('profile-fullName')).toHaveCount(0);
    });
  });

  test('a profile change in one tab appears in the other through the subscription', async ({ context }) => {
    const first = await context.newPage();
    await register(first, 'Tab Live');
    const second = await context.newPage();
    await openProfile(second);
    await expect(second.getByTestId('profile-fullName')).toHaveText('Tab Live');

    await changeName(first, 'Tab Live Renamed');
    await expect(second.getByTestId('profile-fullName')).toHaveText('Tab Live Renamed');
  });
});

test.describe('theme', () => {
  test('the theme toggle stores the choice, the server renders it, and other tabs follow', async ({ context }) => {
    const first = await context.newPage();
    await first.goto('/');
    await waitForHydration(first);
    const second = await context.newPage();
    await second.goto('/ru/faq');
    await waitForHydration(second);
    const html = (page: Page) => page.locator('html');
    await expect(html(first)).not.toHaveAttribute('data-theme', /.+/); // follows the system until chosen

    const toggle = first.getByRole('banner').getByRole('switch', { name: t('en', 'theme.dark'), exact: true });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(html(first)).toHaveAttribute('data-theme', 'dark');
    const cookie = (await context.cookies()).find((c) => c.name === 'studio.theme');
    expect(cookie).toMatchObject({ value: 'dark', path: '/', sameSite: 'Lax' });
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 365 * 86400 - 120);

    // The other tab (another page and language) follows through the toggle-theme event.
    await expect(html(second)).toHaveAttribute('data-theme', 'dark', { timeout: 1000 });
    await expect(second.getByRole('banner').getByRole('switch', { name: t('ru', 'theme.dark'), exact: true })).toHaveAttribute('aria-checked', 'true');

    // A new page load is rendered dark by the server: the first HTML already carries the choice.
    const response = await first.request.get('/', { headers: { cookie: 'studio.theme=dark' } });
    expect(await response.text()).toContain('<html lang="en-US" data-theme="dark"');
    const background = await first.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(17, 17, 16)');
  });
});

/** A server of our own on another port, so this test may kill and restart it. */
class OwnServer {
  readonly port = 3107;
  readonly origin = `http://localhost:${this.port}`;
  private readonly dataDir = resolve(here, '..', '.tmp', 'restart-data');
  private process: ChildProcess | null = null;

  constructor() {
    rmSync(this.dataDir, { recursive: true, force: true });
    mkdirSync(this.dataDir, { recursive: true });
  }

  async start(): Promise<void> {
    this.process = spawn(process.execPath, [resolve(here, '..', '..', 'api', 'dist', 'main.js')], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: 'localhost',
        DATA_DIR: this.dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_MAX: '1000',
        PUBLIC_URL: this.origin,
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`${this.origin}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Kills the process without a graceful shutdown (as a crash would). */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

test.describe('server restart', () => {
  // While the server is down the browser logs the failed WebSocket attempts; that is expected here.
  test.use({ allowConsole: [{ text: /WebSocket connection to 'ws:\/\/localhost:3107\/api\/graphql' failed/ }] });

  let server: OwnServer;
  test.beforeAll(async () => {
    server = new OwnServer();
    await server.start();
  });
  test.afterAll(async () => server.kill());

  test('killing and restarting the server mid-session reconnects the subscription', async ({ context }) => {
    test.setTimeout(90_000);
    const first = await context.newPage();
    await register(first, 'Restart Live', 'en', server.origin);
    const second = await context.newPage();
    await openProfile(second, 'en', server.origin);
    await expect(second.getByTestId('profile-fullName')).toHaveText('Restart Live');
    // The subscription is open: a change arrives live before the restart.
    await changeName(first, 'Before Restart', 'en', server.origin);
    await expect(second.getByTestId('profile-fullName')).toHaveText('Before Restart');

    await server.kill();
    await server.start();

    // After the restart the other tab's socket reconnects by itself (graphql-ws retries with
    // backoff), re-subscribes, and the next change arrives without a reload.
    await changeName(first, 'After Restart', 'en', server.origin);
    await expect(second.getByTestId('profile-fullName')).toHaveText('After Restart', { timeout: 45_000 });
  });
});
