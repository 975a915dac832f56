/**
 * The request workflow across two people (REQ-CLIENT-AREA, REQ-WORKFLOW, REQ-MAIL, ADMIN-AREA), in
 * Chromium against the built server: a client places an order signed in on the Russian site and
 * keeps `/ru/profile/requests` open; an administrator in another browser context moves the request
 * NEW → IN_REVIEW → PROPOSAL_SENT → WON and answers; the client's open list and request page follow
 * live (no reload), and the client is mailed in Russian for each step and the answer.
 */
import { type Browser, type Page } from '@playwright/test';
import { localizePath } from '@studio/site/locales';
import { expect, promoteToAdmin, registerThroughForm, t, test, waitForHydration, waitForMail } from './fixtures';

const REFERENCE = /ST-[2-9A-HJ-NP-Z]{6}/;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A signed-in page of a new account (in `locale`) in its own browser context. */
async function person(browser: Browser, locale: 'en' | 'ru', name: string): Promise<{ page: Page; email: string; framesSent: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // What the page sends over its GraphQL WebSocket (one socket for the whole visit).
  const framesSent: string[] = [];
  page.on('websocket', (socket) => socket.on('framesent', (frame) => void framesSent.push(String(frame.payload))));
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${unique()}@example.com`;
  await registerThroughForm(page, locale, { name, email, password: 'a long enough passphrase 7' });
  return { page, email, framesSent };
}

/** Places an order through the Russian order form while signed in; answers its reference. */
async function placeOrder(page: Page): Promise<string> {
  await page.goto(`${localizePath('/order', 'ru')}?product=voice-match`);
  await waitForHydration(page);
  const main = page.getByRole('main');
  const field = (role: 'textbox' | 'combobox', id: string) => main.getByRole(role, { name: t('ru', id), exact: true });
  await field('textbox', 'order.name.label').fill('Ирина Клиентова');
  await field('combobox', 'order.budget.label').selectOption('FROM_25K_TO_50K');
  await field('textbox', 'order.message.label').fill('Нужен поиск по голосу в архиве звонков, около двух миллионов записей.');
  await main.getByRole('checkbox').click();
  await main.getByRole('button', { name: t('ru', 'order.submit'), exact: true }).click();
  await expect(main.getByRole('heading', { level: 2, name: t('ru', 'order.success.title'), exact: true })).toBeVisible();
  return (await main.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0];
}

test('an administrator moves a request from NEW to WON while the client’s open pages follow live', async ({ browser }) => {
  test.setTimeout(90_000);
  const client = await person(browser, 'ru', 'Irina Client');
  const reference = await placeOrder(client.page);

  // The client keeps the list open.
  await client.page.goto(localizePath('/profile/requests', 'ru'));
  await waitForHydration(client.page);
  const card = client.page.getByTestId('request-card').filter({ hasText: reference });
  await expect(card).toBeVisible();
  // The status badge comes first on the card; the timeline below names the steps too.
  const status = (value: string) => card.getByText(t('ru', `requests.status.${value}`), { exact: true }).first();
  await expect(status('NEW')).toBeVisible();

  const admin = await person(browser, 'en', 'Ada Admin');
  promoteToAdmin(admin.email);
  await admin.page.goto('/admin/requests');
  await waitForHydration(admin.page);
  await admin.page.getByRole('link', { name: reference, exact: true }).click();
  await expect(admin.page).toHaveURL(new RegExp(`/admin/requests/${reference}$`));
  const adminMain = admin.page.getByRole('main');

  /** One workflow step: its button, then the confirmation (or the won dialog). */
  const statusOnCard = status;
  async function step(status: 'IN_REVIEW' | 'PROPOSAL_SENT') {
    await adminMain.getByRole('button', { name: t('en', `admin.requests.step.${status}`), exact: true }).click();
    const dialog = admin.page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: t('en', 'admin.requests.confirm.submit'), exact: true }).click();
    await expect(dialog).toBeHidden();
    // The client's list shows the new status without a reload.
    await expect(statusOnCard(status)).toBeVisible();
    const mail = await waitForMail(
      (m) => m.to.includes(client.email) && m.subject.includes(reference) && m.text.includes(t('ru', `requests.status.${status}`)),
      15_000,
    );
    expect(mail.text).toContain(`/ru/profile/requests/${reference}`);
  }
  await step('IN_REVIEW');
  await step('PROPOSAL_SENT');

  // Won: the contract value in the dialog.
  await adminMain.getByRole('button', { name: t('en', 'admin.requests.step.WON'), exact: true }).click();
  const won = admin.page.getByRole('dialog');
  await won.getByLabel(t('en', 'admin.requests.won.amount')).fill('12500.50');
  await won.getByRole('button', { name: t('en', 'admin.requests.won.submit'), exact: true }).click();
  await expect(won).toBeHidden();
  await expect(status('WON')).toBeVisible();
  await expect(adminMain.getByText(/12,500\.50/)).toBeVisible();

  // The client opens the request; the studio's answer arrives live once the page follows it
  // (its subscription carries the request's id; notices sent before it was active are not replayed).
  await card.getByRole('link', { name: reference }).click();
  await expect(client.page).toHaveURL(new RegExp(`/ru/profile/requests/${reference}$`));
  await expect(client.page.getByRole('heading', { name: t('ru', 'requests.messages.title'), exact: true })).toBeVisible();
  await expect.poll(() => client.framesSent.some((frame) => frame.includes('"subscribe"') && frame.includes('"variables":{"id":'))).toBe(true);
  const answer = `Спасибо! Договор подписан, начинаем ${unique()}.`;
  await adminMain.getByLabel(t('en', 'admin.requests.conversation.label')).fill(answer);
  await adminMain.getByRole('button', { name: t('en', 'admin.requests.conversation.submit'), exact: true }).click();
  await expect(client.page.getByText(answer)).toBeVisible();
  const answered = await waitForMail(
    (m) =>
      m.to.includes(client.email) &&
      m.subject.includes(reference) &&
      m.text.includes(`/ru/profile/requests/${reference}`) &&
      !m.text.includes(t('ru', 'requests.status.WON')),
    15_000,
  );
  // REQ-MAIL: the mail says there is an answer; it never carries the answer's text.
  expect(answered.text).not.toContain(answer);

  await client.page.context().close();
  await admin.page.context().close();
});
