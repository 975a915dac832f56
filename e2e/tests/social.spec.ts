/**
 * Social sign-in (AUTH-SOCIAL, ACC-LINKED) in real Chromium against a real OpenID provider
 * (oidc-provider, started by playwright.config.ts on 127.0.0.1 and shown as "Test ID"); each
 * journey with its own login names, so the provider's account (`sub-<login>`,
 * `<login>@example.test`) is new:
 * - (en) sign up with Test ID, sign out, sign in again as the same user; no code stays in the URL;
 * - (ru) link Test ID from the profile of a password account — refused, explained, until the
 *   address is confirmed with the mailed code (ACC-LINKED); another user linking the same Test ID
 *   account is refused with the conflict message;
 * - (es) after a social sign-up, disconnecting the only sign-in method is refused with a link to
 *   set a password; after setting one, disconnecting works;
 * - (en) a social sign-in in one tab signs the other tab in (social-sign-in-done);
 * - (ru) a sign-up whose e-mail has a password account is refused (never linked by address), and a
 *   sign-in cancelled at the provider says so.
 * The sign-in page, the profile's accounts card and the /loading error are checked with axe.
 * Texts come from the web app's message catalogues (`t`).
 */
import type { Page } from '@playwright/test';
import {
  type Locale,
  axeViolations,
  expect,
  localizePath,
  registerThroughForm,
  signInAtTestProvider,
  t,
  test,
  urlOf,
  waitForHydration,
  waitForMail,
  accountMenuButton,
  signOutFromHeader,
} from './fixtures';

const PROVIDER = 'Test ID';
const PASSWORD = 'correct horse battery staple';

/** A login unique to this test run (lower-case letters, digits and dots). */
function uniqueLogin(kind: string): string {
  return `${kind}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function card(page: Page, locale: Locale, titleId: string) {
  return page.getByRole('main').getByRole('region', { name: t(locale, titleId), exact: true });
}

/** From the sign-in page, "Continue with Test ID" and sign in at the provider as `login`. */
async function continueWithProvider(page: Page, locale: Locale, login: string, options: { deny?: boolean } = {}) {
  await page.goto(localizePath('/auth', locale));
  await waitForHydration(page);
  await page.getByRole('link', { name: t(locale, 'social.continueWith', { provider: PROVIDER }), exact: true }).click();
  await signInAtTestProvider(page, login, options);
}

async function expectSignedInProfile(page: Page, locale: Locale, login: string) {
  await expect(page).toHaveURL(urlOf(localizePath('/profile', locale)));
  await expect(page.getByTestId('profile-fullName')).toHaveText(`Test ${login}`);
}

/** Registers a password account through the API (its e-mail chosen by the test). */
async function registerByApi(page: Page, email: string) {
  const response = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: 'Password Person', deviceToken: `e2e-${Date.now()}` },
  });
  expect(response.status()).toBe(201);
  // The answer also set the HttpOnly refresh cookie and the session marker in this browser
  // (decisions 0026, 0048): the account is meant to exist, not to be signed in here.
  await page.context().clearCookies({ name: '__Host-studio.refresh' });
  await page.context().clearCookies({ name: 'studio.session' });
}

/** Registers a password account through the form in `locale` (a fresh address) and waits for the profile; answers the address. */
async function registerByForm(page: Page, locale: Locale, name: string): Promise<string> {
  const email = `${uniqueLogin('social.pw')}@example.com`;
  await registerThroughForm(page, locale, { name, email, password: PASSWORD });
  return email;
}

/** Confirms `email` on the profile with the code of the registration mail (ACC-LINKED: linking needs it). */
async function verifyThroughBanner(page: Page, locale: Locale, email: string) {
  const banner = page.getByRole('main').getByRole('region', { name: t(locale, 'passwords.verify.title', { email }), exact: true });
  const mail = await waitForMail((m) => m.envelopeTo.includes(email) && /^[A-HJ-NP-Z2-9]{8} /.test(m.subject));
  await banner.getByLabel(t(locale, 'passwords.code.label'), { exact: true }).fill(mail.subject.slice(0, 8));
  await banner.getByRole('button', { name: t(locale, 'passwords.verify.submit'), exact: true }).click();
  await expect(page.getByTestId('profile-email-verified')).toHaveText(t(locale, 'profile.email.verified'));
}

test.describe('social sign-in', () => {
  test('(en) signs up with the provider, signs out, and signs in again as the same user', async ({ page }) => {
    const login = uniqueLogin('newcomer');
    const loadingUrls: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/loading') loadingUrls.push(frame.url());
    });
    await page.goto('/auth');
    // Only the enabled provider (the e2e server configures Test ID alone).
    await expect(page.getByTestId('social-sign-in').getByRole('link')).toHaveText([t('en', 'social.continueWith', { provider: PROVIDER })]);
    await waitForHydration(page);
    expect(await axeViolations(page), '/auth with the provider buttons').toEqual([]);
    await continueWithProvider(page, 'en', login);
    await expectSignedInProfile(page, 'en', login);
    // The browser came back with a one-time code, never with tokens, and the code left the address bar.
    expect(loadingUrls.some((url) => /[?&]code=[\w-]{43}$/.test(url))).toBe(true);
    expect(loadingUrls.join(' ')).not.toMatch(/token/i);
    expect(page.url()).not.toContain('code=');
    const accounts = card(page, 'en', 'profile.accounts.title');
    await expect(accounts.getByTestId('profile-account')).toHaveCount(1);
    await expect(accounts.getByTestId('profile-account')).toContainText(PROVIDER);
    await expect(accounts.getByTestId('profile-account')).toContainText(`${login}@example.test`);
    const username = await page.getByTestId('profile-username').textContent();

    await signOutFromHeader(page, 'en');
    // The button reads "Signing out…" while the request runs: wait for the signed-out header itself.
    await expect(page.getByRole('banner').getByRole('link', { name: t('en', 'nav.signIn'), exact: true })).toBeVisible();
    await expect(accountMenuButton(page, 'en')).toHaveCount(0);

    await continueWithProvider(page, 'en', login);
    await expectSignedInProfile(page, 'en', login);
    await expect(page.getByTestId('profile-username')).toHaveText(username ?? '');
    await expect(card(page, 'en', 'profile.accounts.title').getByTestId('profile-account')).toHaveCount(1);
  });

  test.describe('linking needs a confirmed address', () => {
    // The refused start answers 403 SOCIAL_EMAIL_NOT_VERIFIED, which the browser logs as a failed resource.
    test.use({ allowConsole: [{ text: /status of 403/, url: urlOf('/api/auth/oidc/get-login-url', { query: true }) }] });

    test('(ru) links the provider to a password account; another user cannot link the same one', async ({ page, browser }) => {
      const login = uniqueLogin('linker');
      const email = await registerByForm(page, 'ru', 'Анна Пароль');
      const accounts = card(page, 'ru', 'profile.accounts.title');
      await expect(accounts.getByTestId('profile-accounts-empty')).toBeVisible();
      const connect = accounts.getByRole('button', { name: t('ru', 'social.connect.label', { service: PROVIDER }), exact: true });
      // Not before the address is confirmed (pre-account hijacking, ACC-LINKED): explained in Russian.
      await connect.click();
      await expect(accounts.getByRole('alert')).toHaveText(t('ru', 'social.error.SOCIAL_EMAIL_NOT_VERIFIED'));
      await expect(page).toHaveURL(urlOf('/ru/profile'));
      await verifyThroughBanner(page, 'ru', email);
      await connect.click();
      await signInAtTestProvider(page, login);
      await expect(page).toHaveURL(urlOf('/ru/profile'));
      await expect(accounts.getByTestId('profile-account')).toHaveCount(1);
      await expect(accounts.getByTestId('profile-account')).toContainText(`${login}@example.test`);
      await expect(accounts.getByText(t('ru', 'social.connect.done'), { exact: true })).toBeVisible();
      await expect(page.getByTestId('profile-fullName')).toHaveText('Анна Пароль');
      expect(await axeViolations(page), '/ru/profile with a linked account and the Connect buttons').toEqual([]);

      const other = await browser.newContext();
      const otherPage = await other.newPage();
      try {
        await verifyThroughBanner(otherPage, 'ru', await registerByForm(otherPage, 'ru', 'Борис Другой'));
        await card(otherPage, 'ru', 'profile.accounts.title')
          .getByRole('button', { name: t('ru', 'social.connect.label', { service: PROVIDER }), exact: true })
          .click();
        await signInAtTestProvider(otherPage, login);
        await expect(otherPage).toHaveURL(urlOf('/ru/loading?error=SOCIAL_ACCOUNT_CONFLICT'));
        const error = otherPage.getByTestId('social-error');
        await expect(error).toHaveText(t('ru', 'social.error.SOCIAL_ACCOUNT_CONFLICT', { provider: PROVIDER }));
        await expect(error).toBeFocused();
        await otherPage.getByRole('link', { name: t('ru', 'social.backToProfile'), exact: true }).click();
        await expect(card(otherPage, 'ru', 'profile.accounts.title').getByTestId('profile-accounts-empty')).toBeVisible();
      } finally {
        await other.close();
      }
    });
  });

  test('(es) after a social sign-up, a password must be set before the provider can be disconnected', async ({ page }) => {
    const login = uniqueLogin('leaver');
    await continueWithProvider(page, 'es', login);
    await expectSignedInProfile(page, 'es', login);
    const accounts = card(page, 'es', 'profile.accounts.title');
    const disconnect = async () => {
      await accounts.getByRole('button', { name: t('es', 'profile.accounts.disconnectLabel', { service: PROVIDER }), exact: true }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t('es', 'profile.accounts.disconnect'), exact: true })
        .click();
    };
    await disconnect();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(t('es', 'profile.accounts.error.lastMethod', { service: PROVIDER }).replace(/<\/?link>/g, ''));
    await dialog.getByRole('link').click();

    await expect(page).toHaveURL(urlOf('/es/profile/set-password'));
    await waitForHydration(page);
    const main = page.getByRole('main');
    await main.getByLabel(t('es', 'passwords.new.label'), { exact: true }).fill('lantern meadow in winter');
    await main.getByLabel(t('es', 'passwords.confirm.label'), { exact: true }).fill('lantern meadow in winter');
    await main.getByRole('button', { name: t('es', 'passwords.setPassword.submit'), exact: true }).click();
    await expect(main.getByText(t('es', 'passwords.setPassword.done', { email: `${login}@example.test` }), { exact: true })).toBeVisible();

    await page.goto('/es/profile');
    await waitForHydration(page);
    await disconnect();
    await expect(accounts.getByTestId('profile-accounts-empty')).toBeVisible();
    await expect(accounts.getByText(t('es', 'profile.accounts.disconnected', { service: PROVIDER }), { exact: true })).toBeVisible();

    // The password now signs in.
    const signIn = await page.request.post('/api/auth/login', {
      data: { email: `${login}@example.test`, password: 'lantern meadow in winter', deviceToken: 'e2e-after' },
    });
    expect(signIn.status()).toBe(200);
  });

  test('(en) a social sign-in in one tab signs the other tab in', async ({ context }) => {
    const login = uniqueLogin('twotabs');
    const waiting = await context.newPage();
    await waiting.goto('/auth');
    await waitForHydration(waiting);
    await expect(waiting.getByRole('heading', { level: 1, name: t('en', 'auth.signIn.title') })).toBeVisible();

    const active = await context.newPage();
    await continueWithProvider(active, 'en', login);
    await expectSignedInProfile(active, 'en', login);

    // The waiting tab heard social-sign-in-done, switched to the signed-in session and left /auth.
    await expectSignedInProfile(waiting, 'en', login);
    await expect(accountMenuButton(waiting, 'en')).toBeVisible();
  });

  test('(ru) refuses a sign-up whose e-mail has an account, and says when the sign-in was cancelled', async ({ page }) => {
    const login = uniqueLogin('owner');
    await registerByApi(page, `${login}@example.test`);
    await continueWithProvider(page, 'ru', login);
    await expect(page).toHaveURL(urlOf('/ru/loading?error=SOCIAL_EMAIL_TAKEN'));
    const error = page.getByTestId('social-error');
    await expect(error).toHaveText(t('ru', 'social.error.SOCIAL_EMAIL_TAKEN', { provider: PROVIDER }));
    expect(await axeViolations(page), '/ru/loading with an error').toEqual([]);
    await expect(accountMenuButton(page, 'ru')).toHaveCount(0);
    await page.getByRole('link', { name: t('ru', 'social.backToSignIn'), exact: true }).click();
    await expect(page).toHaveURL(urlOf('/ru/auth'));

    await continueWithProvider(page, 'ru', uniqueLogin('shy'), { deny: true });
    await expect(page.getByTestId('social-error')).toHaveText(t('ru', 'social.error.SOCIAL_ACCESS_DENIED'));
  });
});
