/**
 * A referral from link to money, across three people (LEDGER-ATTRIBUTION, LEDGER-COMMISSION,
 * LEDGER-HOLD, LEDGER-LIVE, LEDGER-EARNINGS-PAGE), in Chromium against the built server:
 * - a referrer signs up on the Spanish site and keeps `/es/profile/earnings` open in two tabs;
 * - a visitor opens the Russian order form with a code that does not exist and is told so at the
 *   field in Russian, then orders through the referrer's link (`?ref=` fills the code in);
 * - an administrator moves the request to WON with its contract value;
 * - the referrer's open tab shows the commission on hold with "available on <date>", without a
 *   reload; after the hold (REFERRAL_HOLD_DAYS ≈ 17 s on the e2e server) both tabs show it
 *   available, again without a reload.
 */
import { type Browser, type Page } from '@playwright/test';
import { localizePath } from '@studio/site/locales';
import { axeViolations, expect, promoteToAdmin, registerThroughForm, t, test, waitForHydration } from './fixtures';

const REFERENCE = /ST-[2-9A-HJ-NP-Z]{6}/;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A signed-in account in its own browser context; `framesSent` collects what its first page sends over the GraphQL socket. */
async function person(browser: Browser, locale: 'en' | 'es', name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${unique()}@example.com`;
  await registerThroughForm(page, locale, { name, email, password: 'a long enough passphrase 7' });
  return { context, page, email };
}

/** Opens `/es/profile/earnings` in `page` and waits until its live subscription is sent. */
async function openEarnings(page: Page): Promise<void> {
  const subscribed = new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framesent', (frame) => {
        if (String(frame.payload).includes('"subscribe"')) resolve();
      }),
    );
  });
  await page.goto(localizePath('/profile/earnings', 'es'));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: t('es', 'page.profileEarnings.title'), exact: true })).toBeVisible();
  await subscribed;
}

test('a referred request won by the studio pays its referrer: on hold at once, available after the hold, in every open tab', async ({ browser }) => {
  test.setTimeout(120_000);
  const referrer = await person(browser, 'es', 'Rosa Referente');
  await openEarnings(referrer.page);
  const tabA = referrer.page;
  await expect(tabA.getByTestId('earnings-empty')).toBeVisible();
  expect(await axeViolations(tabA)).toEqual([]);
  const code = (await tabA.getByTestId('profile-referral-code').innerText()).trim();
  const link = (await tabA.getByTestId('profile-referral-link').getByRole('link').getAttribute('href'))!;
  expect(link).toMatch(new RegExp(`/es/order\\?ref=${code}$`));
  const tabB = await referrer.context.newPage();
  await openEarnings(tabB);

  // A visitor with a code that does not exist is told so at the field, in the page's language.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${localizePath('/order', 'ru')}?ref=ZZZZ999999`);
  await waitForHydration(visitor);
  const main = visitor.getByRole('main');
  const field = (role: 'textbox' | 'combobox', id: string) => main.getByRole(role, { name: t('ru', id), exact: true });
  await expect(field('textbox', 'order.referralCode.label')).toHaveValue('ZZZZ999999');
  await field('textbox', 'order.name.label').fill('Виктор Посетитель');
  await field('textbox', 'order.email.label').fill(`visitor.${unique()}@example.com`);
  await field('combobox', 'order.interest.label').selectOption('design');
  await field('combobox', 'order.budget.label').selectOption('FROM_25K_TO_50K');
  await field('textbox', 'order.message.label').fill('Нужен редизайн личного кабинета для наших клиентов.');
  await main.getByRole('checkbox').click();
  await main.getByRole('button', { name: t('ru', 'order.submit'), exact: true }).click();
  await expect(main.getByText(t('ru', 'order.referralCode.error.unknown'), { exact: true })).toBeVisible();
  await expect(field('textbox', 'order.referralCode.label')).toHaveAttribute('aria-invalid', 'true');

  // Through the referrer's code it goes through.
  await field('textbox', 'order.referralCode.label').fill(code);
  await main.getByRole('button', { name: t('ru', 'order.submit'), exact: true }).click();
  await expect(main.getByRole('heading', { level: 2, name: t('ru', 'order.success.title'), exact: true })).toBeVisible();
  const reference = (await main.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0];

  // The studio wins the request: 12,500.50 USD.
  const admin = await person(browser, 'en', 'Ada Admin');
  promoteToAdmin(admin.email);
  await admin.page.goto(`/admin/requests/${reference}`);
  await waitForHydration(admin.page);
  const adminMain = admin.page.getByRole('main');
  await expect(adminMain.getByText(code, { exact: true })).toBeVisible();
  for (const status of ['IN_REVIEW', 'PROPOSAL_SENT'] as const) {
    await adminMain.getByRole('button', { name: t('en', `admin.requests.step.${status}`), exact: true }).click();
    const dialog = admin.page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: t('en', 'admin.requests.confirm.submit'), exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await adminMain.getByRole('button', { name: t('en', 'admin.requests.step.WON'), exact: true }).click();
  const won = admin.page.getByRole('dialog');
  await won.getByLabel(t('en', 'admin.requests.won.amount')).fill('12500.50');
  await won.getByRole('button', { name: t('en', 'admin.requests.won.submit'), exact: true }).click();
  await expect(won).toBeHidden();
  // The commission (10 %) in the request's details.
  await expect(adminMain.getByText(/\$1,250\.05/)).toBeVisible();

  // Tab A follows without a reload: one commission on hold with the day it becomes available.
  const movement = tabA.getByTestId('earnings-movement');
  await expect(movement).toHaveCount(1);
  await expect(movement.getByText(t('es', 'earnings.kind.COMMISSION'), { exact: true })).toBeVisible();
  await expect(movement.getByText(t('es', 'earnings.status.PENDING'), { exact: true })).toBeVisible();
  await expect(movement.getByTestId('earnings-available-on')).toBeVisible();
  await expect(movement.getByTestId('earnings-movement-amount')).toHaveText(/1250,05/);
  await expect(movement.getByText(reference)).toBeVisible();
  expect(await axeViolations(tabA)).toEqual([]);

  // After the hold, both open tabs show it available, still without a reload.
  for (const tab of [tabA, tabB]) {
    const row = tab.getByTestId('earnings-movement');
    await expect(row.getByText(t('es', 'earnings.status.AVAILABLE'), { exact: true })).toBeVisible({ timeout: 45_000 });
    await expect(row.getByTestId('earnings-available-on')).toHaveCount(0);
    await expect(tab.getByTestId('earnings-available')).toHaveText(/1250,05/);
  }

  await referrer.context.close();
  await visitor.context().close();
  await admin.context.close();
});
