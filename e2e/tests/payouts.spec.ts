/**
 * A payout through Stripe Connect, in Chromium against the built server and the fake Stripe the
 * runner started (PAYOUT-STRIPE, PAYOUT-REQUEST, PAYOUT-WEBHOOKS, PAYOUT-PAGE; playwright.config.ts):
 * - an administrator credits a user's earnings (Adjust balance on the admin user page);
 * - the user, with `/profile/payouts` open in two tabs, chooses Stripe, goes through the fake's
 *   onboarding page and back (the page asks the API to check the account), and requests a payout;
 * - the server's job creates the transfer at the fake; a Connect transfer has no status of its
 *   own and Stripe sends no `transfer.paid` (decision 0041), so the payout is PAID as soon as the
 *   transfer exists, without any event;
 * - both tabs show the payout paid and no money left, without a reload.
 */
import { type Browser, type Page } from '@playwright/test';
import { axeViolations, expect, promoteToAdmin, registerThroughForm, t, test, waitForHydration } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const STRIPE_URL = process.env['E2E_STRIPE_URL'] ?? 'http://127.0.0.1:3191';

async function person(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${unique()}@example.com`;
  await registerThroughForm(page, 'en', { name, email, password: 'a long enough passphrase 7' });
  return { context, page, email };
}

/** Opens /profile/payouts and waits until its live subscription is sent. */
async function openPayouts(page: Page, query = ''): Promise<void> {
  const subscribed = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => socket.on('framesent', (frame) => String(frame.payload).includes('"subscribe"') && resolve()));
  });
  await page.goto(`/profile/payouts${query}`);
  await waitForHydration(page);
  await subscribed;
}

test('a user sets up Stripe through its onboarding, requests a payout, and both open tabs see it paid', async ({ browser }) => {
  test.setTimeout(120_000);
  const payee = await person(browser, 'Paula Payee');
  const admin = await person(browser, 'Ada Admin');
  promoteToAdmin(admin.email);

  // The studio credits 150.00 USD of earnings.
  await admin.page.goto(`/admin/users?q=${encodeURIComponent(payee.email)}`);
  await waitForHydration(admin.page);
  await admin.page.getByRole('main').getByRole('link', { name: 'Paula Payee', exact: true }).click();
  const adminMain = admin.page.getByRole('main');
  await adminMain.getByRole('button', { name: t('en', 'admin.earnings.adjust.open'), exact: true }).click();
  await adminMain.getByRole('textbox', { name: t('en', 'admin.earnings.adjust.amount') }).fill('150.00');
  await adminMain.getByRole('textbox', { name: t('en', 'admin.earnings.adjust.reason') }).fill('Referral bonus');
  await adminMain.getByRole('button', { name: t('en', 'admin.earnings.adjust.review'), exact: true }).click();
  await admin.page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('en', 'admin.earnings.adjust.confirm.submit'), exact: true })
    .click();
  await expect(adminMain.getByText(/\+\$150\.00/).first()).toBeVisible();

  const tabA = payee.page;
  await openPayouts(tabA);
  const tabB = await payee.context.newPage();
  await openPayouts(tabB);
  await expect(tabA.getByTestId('payout-available').first()).toHaveText('$150.00');
  expect(await axeViolations(tabA)).toEqual([]);

  // Stripe, then its onboarding (the fake's page) and back.
  const methods = tabA.getByTestId('payouts-method');
  await methods.getByRole('radio', { name: t('en', 'payouts.method.STRIPE'), exact: true }).check();
  await methods.getByRole('button', { name: t('en', 'payouts.method.useStripe'), exact: true }).click();
  await expect(tabA.getByTestId('payout-method-saved')).toBeVisible();
  await tabA.getByRole('button', { name: t('en', 'payouts.stripe.setUp'), exact: true }).click();
  await expect(tabA).toHaveURL(new RegExp(`^${STRIPE_URL.replace(/[.]/g, '\\.')}/connect/onboarding/acct_`));
  await expect(tabA.getByRole('heading', { name: 'Fake Stripe onboarding' })).toBeVisible();
  await tabA.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(tabA).toHaveURL(/\/profile\/payouts\?stripe=return$/);
  await waitForHydration(tabA);
  await expect(tabA.getByText(t('en', 'payouts.stripe.returned.complete'), { exact: true })).toBeVisible();

  // The payout request: the whole available balance, through Stripe.
  await tabA.getByRole('button', { name: t('en', 'payouts.request.button'), exact: true }).click();
  const dialog = tabA.getByTestId('request-dialog');
  await expect(dialog.getByTestId('request-summary')).toContainText('$150.00');
  await dialog.getByRole('button', { name: t('en', 'payouts.request.confirm'), exact: true }).click();
  await expect(tabA.getByTestId('payout-requested')).toBeVisible();
  const row = (tab: Page) => tab.getByTestId('payout-row').first();
  // The transfer job runs on the server (every 200 ms here): PAID once Stripe made the transfer, no event needed.
  for (const tab of [tabA, tabB]) {
    await expect(row(tab).getByText(t('en', 'payouts.status.PAID'), { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(tab.getByTestId('payout-available').first()).toHaveText('$0.00');
  }
  // Exactly one transfer at the fake for this payout.
  const state = (await (await fetch(`${STRIPE_URL}/__control/state`)).json()) as {
    transfers: { id: string; amount: number; transfer_group: string | null }[];
    events: { type: string }[];
  };
  const group = state.transfers.at(-1)!.transfer_group;
  expect(state.transfers.filter((transfer) => transfer.transfer_group === group).map((transfer) => transfer.amount)).toEqual([15000]);
  expect(state.events.map((event) => event.type)).not.toContain('transfer.paid');
  expect(await axeViolations(tabB)).toEqual([]);

  await payee.context.close();
  await admin.context.close();
});
