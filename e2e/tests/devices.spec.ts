/**
 * Sessions the user controls (SESSION-DEVICES) in real Chromium: two browser contexts — two
 * devices with their own cookies and different user agents — sign in as one user. The first sees
 * both in the Devices card of /profile (its own marked "This device"), signs the other out, and
 * the other is signed out on its next request (its access token is refused, and so is its refresh
 * token). Signed in again, the other device is then signed out by "Sign out of all other devices"
 * after the confirmation dialog, while the first stays signed in.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, registerThroughForm, submitPasswordSignIn, t, test, waitForHydration } from './fixtures';

const PASSWORD = 'correct horse battery staple';
/** The second device: Safari on an iPhone (the first is the config's desktop Chrome on Linux). */
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function devicesCard(page: Page): Locator {
  return page.getByRole('region', { name: t('en', 'profile.devices.title'), exact: true });
}

/** Signs in through the /auth form of `page` and waits for the profile. */
async function signIn(page: Page, email: string): Promise<void> {
  await submitPasswordSignIn(page, 'en', email, PASSWORD);
  await expect(page.getByTestId('profile-fullName')).toHaveText('Dana Devices');
}

/** Reloads /profile in `page` and expects it to show the signed-out state (its session was ended elsewhere). */
async function expectSignedOutOnNextRequest(page: Page): Promise<void> {
  const refreshes: number[] = [];
  const onResponse = (r: { url(): string; status(): number }) => {
    if (r.url().endsWith('/api/auth/refresh')) refreshes.push(r.status());
  };
  page.on('response', onResponse);
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: t('en', 'profile.signedOutTitle'), exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: t('en', 'nav.signIn'), exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-fullName')).toHaveCount(0);
  // The access token was refused, and the one refresh the client then tried was refused as well.
  expect(refreshes).toEqual([401]);
  page.off('response', onResponse);
}

/** Browser problems in `context` other than the refused calls this journey provokes on purpose. */
function guard(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    if (/status of 401/.test(m.text()) && /\/api\/(graphql|auth\/refresh)$/.test(m.location().url)) return;
    problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  context.on('weberror', (e) => problems.push(String(e.error())));
  return problems;
}

test('one user on two devices: the first sees both and signs the other out, one and then all others', async ({ page, browser }) => {
  const email = `devices.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await registerThroughForm(page, 'en', { name: 'Dana Devices', email, password: PASSWORD });

  const phone = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } });
  const phoneProblems = guard(phone);
  try {
    const phonePage = await phone.newPage();
    await signIn(phonePage, email);
    // The phone sees itself as this device, and the desktop as another.
    const phoneCard = devicesCard(phonePage);
    await expect(phoneCard.locator('[data-current]')).toContainText('Safari 17 on iOS');
    await expect(phoneCard.getByRole('button', { name: 'Sign out Chrome 156 on Linux', exact: true })).toBeVisible();

    // The desktop lists both: itself first with the badge, the phone with its network and a Sign out button.
    await page.reload();
    await waitForHydration(page);
    const card = devicesCard(page);
    const items = card.getByTestId('profile-session');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Chrome 156 on Linux');
    await expect(items.nth(0)).toContainText(t('en', 'profile.devices.thisDevice'));
    await expect(items.nth(1)).toContainText('Safari 17 on iOS');
    await expect(items.nth(1)).toContainText('127.0.0.x');
    await expect(items.nth(1)).not.toContainText(t('en', 'profile.devices.thisDevice'));

    // Sign the phone out (by keyboard): the list updates, a status line says so.
    const signOut = card.getByRole('button', { name: 'Sign out Safari 17 on iOS', exact: true });
    await signOut.focus();
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(1);
    await expect(card.getByRole('status')).toHaveText('Safari 17 on iOS was signed out.');
    await expect(card.getByTestId('profile-devices-only')).toHaveText(t('en', 'profile.devices.only'));

    // The phone is signed out on its next request.
    await expectSignedOutOnNextRequest(phonePage);

    // Signed in again on the phone; the desktop signs out all other devices after confirming.
    await signIn(phonePage, email);
    await page.reload();
    await waitForHydration(page);
    await expect(items).toHaveCount(2);
    await card.getByRole('button', { name: t('en', 'profile.devices.signOutOthers'), exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: t('en', 'profile.devices.confirm.title'), exact: true });
    await expect(dialog).toContainText('The other device will be signed out and will have to sign in again.');
    await expect(dialog.getByRole('button', { name: t('en', 'profile.devices.confirm.cancel'), exact: true })).toBeFocused();
    await dialog.getByRole('button', { name: t('en', 'profile.devices.confirm.confirm'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(items).toHaveCount(1);
    await expect(card.getByRole('status')).toHaveText('Signed out of one other device.');
    await expectSignedOutOnNextRequest(phonePage);

    // The desktop itself is still signed in, after a reload too.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('profile-fullName')).toHaveText('Dana Devices');
    await expect(items).toHaveCount(1);
    expect(phoneProblems).toEqual([]);
  } finally {
    await phone.close();
  }
});
