/**
 * The administrators' area (ADMIN-AREA, ADMIN-USERS, ADMIN-AUDIT), end to end against the built
 * server:
 * (a) a visitor and a signed-in account that is not an administrator get the 404 page for every
 *     /admin page, in the address's language (HTTP 404 on the document, the not-found heading,
 *     `noindex`), never a glimpse of the back office;
 * (b) an administrator (registered through the form, promoted with the admin CLI) opens every
 *     back-office page — overview, requests inbox, one request (placed through /order first),
 *     news, the new-item editor, products, a product editor, users, their own user page, the audit
 *     log — each `noindex` and without axe violations, in the light and in the dark theme (the
 *     theme cookie the server renders). On the way, the administrator marks their own e-mail
 *     verified on their user page, so the audit log has an entry with its changes to show.
 */
import type { Page } from '@playwright/test';
import { type Locale, ORIGIN, axeViolations, expect, promoteToAdmin, registerThroughForm, t, test, urlOf, waitForHydration } from './fixtures';

const unique = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const PASSWORD = 'a long enough passphrase 42';
const REFERENCE = /ST-[2-9A-HJ-NP-Z]{6}/;

/** Admin pages asked by people who may not see them, each in its language. */
const GATED: { path: string; locale: Locale }[] = [
  { path: '/admin', locale: 'en' },
  { path: '/admin/requests', locale: 'en' },
  { path: '/ru/admin/news', locale: 'ru' },
  { path: '/es/admin/users', locale: 'es' },
];

/** Chromium logs this line for a 404 document (any of GATED); nothing else is expected. One entry: Playwright reads a longer array as `[value, options]`. */
const NOT_FOUND_CONSOLE = {
  text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  url: new RegExp(`^${ORIGIN}/((ru|es)/)?admin(/[a-z]+)?$`),
};

/** Opens `path` and expects the 404 page in `locale`, not indexable. */
async function expectNotFound(page: Page, path: string, locale: Locale) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await waitForHydration(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'notFound.title'));
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('navigation', { name: t(locale, 'admin.nav.label') })).toHaveCount(0);
  // Still the 404 once the browser has the page (its own gate agrees with the server's).
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'notFound.title'));
}

test.describe('the admin area is hidden from everyone but administrators', () => {
  test.use({ allowConsole: [NOT_FOUND_CONSOLE] });

  test('a visitor gets the 404 page', async ({ page }) => {
    for (const { path, locale } of GATED) await expectNotFound(page, path, locale);
  });

  test('a signed-in user who is not an administrator gets the 404 page', async ({ page }) => {
    await registerThroughForm(page, 'en', { name: 'Nora Client', email: unique('client'), password: PASSWORD });
    for (const { path, locale } of GATED) await expectNotFound(page, path, locale);
  });
});

/** Places an order on /order as the signed-in account; answers its reference. */
async function placeOrder(page: Page, email: string): Promise<string> {
  await page.goto('/order');
  await waitForHydration(page);
  const main = page.getByRole('main');
  // Signed in, name and e-mail may already be filled in; fill them anyway.
  await main.getByRole('textbox', { name: t('en', 'order.name.label'), exact: true }).fill('Ada Admin');
  await main.getByRole('textbox', { name: t('en', 'order.email.label'), exact: true }).fill(email);
  await main.getByRole('combobox', { name: t('en', 'order.interest.label'), exact: true }).selectOption('design');
  await main.getByRole('combobox', { name: t('en', 'order.budget.label'), exact: true }).selectOption('NOT_SURE');
  await main.getByRole('textbox', { name: t('en', 'order.message.label'), exact: true }).fill('A back-office check: a website for our bakery.');
  const consent = main.getByRole('checkbox');
  if (!(await consent.isChecked())) await consent.click();
  await main.getByRole('button', { name: t('en', 'order.submit'), exact: true }).click();
  await expect(main.getByRole('heading', { level: 2, name: t('en', 'order.success.title'), exact: true })).toBeVisible();
  return (await main.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0];
}

/** Waits until an admin page shows its heading and its content (no loading skeleton left). */
async function waitForAdminPage(page: Page, title: string | RegExp) {
  await waitForHydration(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(main.getByRole('navigation', { name: t('en', 'admin.nav.label') })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: t('en', 'admin.loading') })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);
}

/** Opens `path` as an admin page titled `title` and expects no axe violations. */
async function checkPage(page: Page, path: string, title: string | RegExp, ready?: (page: Page) => Promise<void>) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForAdminPage(page, title);
  if (ready) await ready(page);
  expect(await axeViolations(page), path).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`an administrator sees every back-office page, accessible in the ${theme} theme`, async ({ page, context }) => {
    test.setTimeout(180_000);
    await context.addCookies([{ name: 'studio.theme', value: theme, url: ORIGIN }]);
    const email = unique(`admin.${theme}`);
    const name = theme === 'light' ? 'Ada Lightfoot' : 'Ada Darkwood';
    await registerThroughForm(page, 'en', { name, email, password: PASSWORD });
    promoteToAdmin(email);
    const reference = await placeOrder(page, email);
    const main = page.getByRole('main');

    await checkPage(page, '/admin', t('en', 'page.admin.title'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await checkPage(page, '/admin/requests', t('en', 'page.adminRequests.title'));
    await checkPage(page, `/admin/requests/${reference}`, new RegExp(`${t('en', 'page.adminRequest.title')}|${reference}`));
    await checkPage(page, '/admin/news', t('en', 'page.adminNews.title'));
    await checkPage(page, '/admin/news/new', /.+/);
    await checkPage(page, '/admin/products', t('en', 'page.adminProducts.title'));
    await checkPage(page, '/admin/products/voice-match', /.+/);

    // Users: find oneself by e-mail (the search goes to the address), open one's own page.
    await checkPage(page, '/admin/users', t('en', 'page.adminUsers.title'), async () => {
      await expect(main.getByTestId('admin-user-row').first()).toBeVisible();
    });
    await main.getByRole('searchbox', { name: t('en', 'admin.users.search.label') }).fill(email);
    await expect(page).toHaveURL(urlOf(`/admin/users?q=${encodeURIComponent(email)}`));
    await expect(main.getByTestId('admin-user-row')).toHaveCount(1);
    await main.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/admin/users/[^/?]+$`));
    const userPath = new URL(page.url()).pathname;

    await checkPage(page, userPath, t('en', 'page.adminUser.title'), async () => {
      await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
    });
    // One's own admin role cannot be removed here; the e-mail can be marked verified.
    await expect(main.getByRole('combobox', { name: t('en', 'admin.users.settings.role') })).toBeDisabled();
    await expect(main.getByText(t('en', 'admin.users.settings.ownRole'))).toBeVisible();
    await main.getByRole('checkbox', { name: t('en', 'admin.users.settings.verified') }).click();
    await expect(main.getByText(t('en', 'admin.users.settings.saved'))).toBeVisible();
    await expect(main.getByTestId('audit-entry').first()).toContainText(t('en', 'admin.audit.action.user_update'));
    expect(await axeViolations(page), `${userPath} after a change`).toEqual([]);

    await checkPage(page, '/admin/audit', t('en', 'page.adminAudit.title'), async () => {
      await main.getByRole('searchbox', { name: t('en', 'admin.audit.search.label') }).fill(email);
      await expect(page).toHaveURL(urlOf(`/admin/audit?q=${encodeURIComponent(email)}`));
      const entry = main
        .getByTestId('audit-entry')
        .filter({ hasText: t('en', 'admin.audit.action.user_update') })
        .first();
      await expect(entry).toBeVisible();
      await entry.locator('summary').click();
      await expect(entry.locator('dt', { hasText: 'isVerified' })).toBeVisible();
    });
  });
}
