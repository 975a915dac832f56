/**
 * Accounts in English and Russian: registration with client-side validation, the profile,
 * the session surviving a reload, sign-out from the header, sign-in again, and the server's
 * errors (wrong password, e-mail taken) shown in the visitor's language. Also the session
 * cookies (SESSION-COOKIES, decision 0026): present after sign-in with the documented attributes
 * — the refresh token only in the HttpOnly cookie, nothing script-readable holding it — and gone
 * after sign-out.
 */
import type { BrowserContext, Cookie, Page } from '@playwright/test';
import {
  LOCALE_TAGS,
  type Locale,
  escapeRegExp,
  expect,
  localizePath,
  t,
  test,
  urlOf,
  waitForHydration,
  accountMenuButton,
  signOutFromHeader,
} from './fixtures';

const CREDENTIALS_COOKIE = 'studio.credentials';
const REFRESH_COOKIE = '__Host-studio.refresh';
const SESSION_MARKER_COOKIE = 'studio.session';
const SESSION_COOKIES = [SESSION_MARKER_COOKIE, REFRESH_COOKIE];
/** The script-readable refresh-token cookie of earlier versions: never written any more. */
const LEGACY_TOKEN_COOKIE = 'apollo:default.token';
const PASSWORD = 'correct horse battery staple';

/** The locales the account journeys run in, with a person to register. */
const CASES: { locale: Locale; name: string }[] = [
  { locale: 'en', name: 'Anna Lee' },
  { locale: 'ru', name: 'Анна Ли' },
];

/**
 * A fresh account e-mail per test. Mixed case and a "+" tag on purpose: the server stores the
 * e-mail lower-cased and derives the username from the local part, lower-cased and reduced to
 * [a-z0-9._-] (so "Anna.Lee+ru1x2y3z" becomes "anna.leeru1x2y3z"; kept under 24 characters).
 */
function uniqueAccount(locale: Locale): { email: string; storedEmail: string; username: string } {
  const tag = `${locale}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `Anna.Lee+${tag}@Example.COM`;
  return { email, storedEmail: email.toLowerCase(), username: `anna.lee${tag}` };
}

async function sessionCookies(context: BrowserContext): Promise<Cookie[]> {
  return (await context.cookies()).filter((c) => [...SESSION_COOKIES, LEGACY_TOKEN_COOKIE].includes(c.name));
}

/** "November 21, 2025" / "21 ноября 2025 г.": the member-since date as the page formats it. */
function formatCreated(locale: Locale, date: Date): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

async function expectProfile(page: Page, locale: Locale, account: { name: string; storedEmail: string; username: string }, created: string[]) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'profile.title'));
  await expect(page.getByTestId('profile-fullName')).toHaveText(account.name);
  await expect(page.getByTestId('profile-email')).toHaveText(account.storedEmail);
  await expect(page.getByTestId('profile-username')).toHaveText(`@${account.username}`);
  await expect(page.getByTestId('profile-created')).toHaveText(new RegExp(`^(${created.map(escapeRegExp).join('|')})$`));
  const header = page.getByRole('banner');
  await expect(accountMenuButton(page, locale)).toBeVisible();
  await expect(accountMenuButton(page, locale)).toContainText(account.name);
  await expect(header.getByRole('link', { name: t(locale, 'nav.signIn'), exact: true })).toHaveCount(0);
}

for (const { locale, name } of CASES) {
  test.describe(`accounts (${locale})`, () => {
    test('register, reload, sign out, sign in again', async ({ page, context }) => {
      const account = { name, ...uniqueAccount(locale) };
      const started = new Date();
      const main = page.getByRole('main');
      const nameField = main.getByLabel(t(locale, 'auth.name.label'), { exact: true });
      const emailField = main.getByLabel(t(locale, 'auth.email.label'), { exact: true });
      const passwordField = main.getByLabel(t(locale, 'auth.password.label'), { exact: true });
      const required = t(locale, 'validation.required');

      // Registration form; an empty submit is refused in the browser, in the page's language.
      await page.goto(`${localizePath('/auth', locale)}?mode=register`);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale]);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'auth.register.title'));
      await main.getByRole('button', { name: t(locale, 'auth.register.submit'), exact: true }).click();
      for (const field of [nameField, emailField, passwordField]) {
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(required)}`));
      }
      await expect(main.getByText(required, { exact: true })).toHaveCount(3);
      await expect(nameField).toBeFocused();
      await expect(page).toHaveURL(urlOf(`${localizePath('/auth', locale)}?mode=register`));

      // A valid registration lands on the profile.
      await nameField.fill(account.name);
      await emailField.fill(account.email);
      await passwordField.fill(PASSWORD);
      await main.getByRole('button', { name: t(locale, 'auth.register.submit'), exact: true }).click();
      await expect(page).toHaveURL(urlOf(localizePath('/profile', locale)));
      const created = [...new Set([formatCreated(locale, started), formatCreated(locale, new Date())])];
      await expectProfile(page, locale, account, created);

      // The session cookies (SESSION-COOKIES).
      const cookies = await sessionCookies(context);
      expect(cookies.map((c) => c.name).sort()).toEqual([...SESSION_COOKIES].sort());
      const now = Date.now() / 1000;
      const token = cookies.find((c) => c.name === REFRESH_COOKIE)!;
      expect(token).toMatchObject({ domain: 'localhost', path: '/', secure: true, sameSite: 'Strict', httpOnly: true });
      expect(token.value).toMatch(/^[\w-]{43}$/);
      expect(token.expires).toBeGreaterThan(now + 604800 - 120);
      expect(token.expires).toBeLessThan(now + 604800 + 5);
      // The marker says only that a session may exist: `1`, readable by script, as long as the refresh cookie.
      const marker = cookies.find((c) => c.name === SESSION_MARKER_COOKIE)!;
      expect(marker).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', httpOnly: false, secure: true });
      expect(Math.abs(marker.expires - token.expires)).toBeLessThan(5);
      // No script on the page can read the refresh token, nor the access token (memory only, decision 0048).
      const visible = await page.evaluate(() => document.cookie);
      expect(visible).toContain(SESSION_MARKER_COOKIE);
      expect(visible).not.toContain(REFRESH_COOKIE);
      expect(visible).not.toContain(token.value);
      expect(visible).not.toContain(LEGACY_TOKEN_COOKIE);
      expect(visible).not.toContain(CREDENTIALS_COOKIE);
      const stored = await page.evaluate(() => JSON.stringify([document.cookie, { ...localStorage }, { ...sessionStorage }]));
      expect(stored).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/); // no JWT anywhere a later script could read

      // Still signed in after a reload (server render with the cookies, then the browser's fetch).
      await page.reload();
      await waitForHydration(page);
      await expectProfile(page, locale, account, created);

      // Sign out from the header: back on the localized home page, signed out.
      const header = page.getByRole('banner');
      await signOutFromHeader(page, locale);
      await expect(page).toHaveURL(urlOf(localizePath('/', locale)));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'home.hero.title'));
      await expect(header.getByRole('link', { name: t(locale, 'nav.signIn'), exact: true })).toBeVisible();
      await expect(accountMenuButton(page, locale)).toHaveCount(0);
      expect(await sessionCookies(context)).toEqual([]);

      // The profile now shows the signed-out state.
      await page.goto(localizePath('/profile', locale));
      await waitForHydration(page);
      await expect(main.getByRole('heading', { level: 2, name: t(locale, 'profile.signedOutTitle'), exact: true })).toBeVisible();
      await expect(main.getByText(t(locale, 'profile.signedOutText'), { exact: true })).toBeVisible();
      await expect(page.getByTestId('profile-email')).toHaveCount(0);

      // Sign in again with the same e-mail and password (through the header link).
      await header.getByRole('link', { name: t(locale, 'nav.signIn'), exact: true }).click();
      // AUTH-RETURN: the link carries the page it was followed from.
      await expect(page).toHaveURL(urlOf(`${localizePath('/auth', locale)}?next=${encodeURIComponent(localizePath('/profile', locale))}`));
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'auth.signIn.title'));
      await expect(nameField).toHaveCount(0);
      await emailField.fill(account.email);
      await passwordField.fill(PASSWORD);
      await main.getByRole('button', { name: t(locale, 'auth.signIn.submit'), exact: true }).click();
      await expect(page).toHaveURL(urlOf(localizePath('/profile', locale)));
      await expectProfile(page, locale, account, created);
      expect((await sessionCookies(context)).map((c) => c.name).sort()).toEqual([...SESSION_COOKIES].sort());
    });

    test.describe('server errors', () => {
      test.describe('wrong password', () => {
        // The browser itself logs the 401 answer of the login call; nothing else may appear.
        test.use({ allowConsole: [{ text: /status of 401/, url: urlOf('/api/auth/login') }] });

        test('shows the localized alert and stays on /auth', async ({ page, context, request }) => {
          const account = uniqueAccount(locale);
          const registered = await request.post('/api/auth/register', {
            data: { email: account.email, password: PASSWORD, name, deviceToken: 'e2e-api' },
          });
          expect(registered.status()).toBe(201);

          await page.goto(localizePath('/auth', locale));
          await waitForHydration(page);
          const main = page.getByRole('main');
          await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(account.email);
          await main.getByLabel(t(locale, 'auth.password.label'), { exact: true }).fill(`${PASSWORD}!`);
          const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
          await main.getByRole('button', { name: t(locale, 'auth.signIn.submit'), exact: true }).click();
          expect((await login).status()).toBe(401);
          const alert = main.getByRole('alert');
          await expect(alert).toHaveText(t(locale, 'error.INVALID_CREDENTIALS'));
          await expect(alert).toBeFocused();
          await expect(page).toHaveURL(urlOf(localizePath('/auth', locale)));
          await expect(main.getByRole('button', { name: t(locale, 'auth.signIn.submit'), exact: true })).toBeEnabled();
          expect(await sessionCookies(context)).toEqual([]);
        });
      });

      test.describe('e-mail taken', () => {
        // The browser itself logs the 409 answer of the register call; nothing else may appear.
        test.use({ allowConsole: [{ text: /status of 409/, url: urlOf('/api/auth/register') }] });

        test('registering an existing e-mail shows the localized EMAIL_TAKEN message', async ({ page, context, request }) => {
          const account = uniqueAccount(locale);
          const registered = await request.post('/api/auth/register', {
            data: { email: account.email, password: PASSWORD, name, deviceToken: 'e2e-api' },
          });
          expect(registered.status()).toBe(201);

          await page.goto(`${localizePath('/auth', locale)}?mode=register`);
          await waitForHydration(page);
          const main = page.getByRole('main');
          await main.getByLabel(t(locale, 'auth.name.label'), { exact: true }).fill(name);
          // The same address in other letter case is the same account.
          await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(account.storedEmail.toUpperCase());
          await main.getByLabel(t(locale, 'auth.password.label'), { exact: true }).fill(PASSWORD);
          const register = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
          await main.getByRole('button', { name: t(locale, 'auth.register.submit'), exact: true }).click();
          expect((await register).status()).toBe(409);
          await expect(main.getByRole('alert')).toHaveText(t(locale, 'error.EMAIL_TAKEN'));
          await expect(page).toHaveURL(urlOf(`${localizePath('/auth', locale)}?mode=register`));
          expect(await sessionCookies(context)).toEqual([]);
        });
      });
    });
  });
}
