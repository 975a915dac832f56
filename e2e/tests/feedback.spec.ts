/**
 * Feedback and focus in a real Chromium (FEEDBACK-TOAST, NAV-USER-MENU, A11Y-FOCUS, AUTH-RETURN):
 * a signed-out visit to /ru/profile/earnings sends the visitor to /auth with the page as `?next=`;
 * switching to registration puts focus on the name field; registering lands back on the earnings
 * page; the user menu works from the keyboard (Enter opens it on the first item, arrows move,
 * Escape returns to the trigger) and passes axe while open; following one of its links moves focus
 * to the new page's heading; saving the name shows a toast; signing out says so; and a password
 * sign-in from a page's header link returns to that page.
 */
import { accountMenuButton, axeViolations, expect, signOutFromHeader, t, test, urlOf, waitForHydration } from './fixtures';

const PASSWORD = 'correct horse battery 42';

test('return after sign-in, focus, the user menu and toasts', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `feedback-${Date.now()}@example.test`;
  const main = page.getByRole('main');

  // A signed-out visit to an account page: its sign-in link carries the page (AUTH-RETURN).
  await page.goto('/ru/profile/earnings');
  await waitForHydration(page);
  await main.getByRole('link', { name: t('ru', 'nav.signIn'), exact: true }).click();
  await expect(page).toHaveURL(urlOf(`/ru/auth?next=${encodeURIComponent('/ru/profile/earnings')}`));
  // The client navigation moved focus to the new page's heading (A11Y-FOCUS).
  await expect(main.getByRole('heading', { level: 1 })).toBeFocused();

  // Switching to registration moves focus to its first field, and keeps `next`.
  await main.getByRole('link', { name: t('ru', 'auth.switchToRegister'), exact: true }).click();
  const name = main.getByLabel(t('ru', 'auth.name.label'), { exact: true });
  await expect(name).toBeFocused();
  await page.keyboard.type('Вера Отзыв');
  await page.keyboard.press('Tab');
  await expect(main.getByLabel(t('ru', 'auth.email.label'), { exact: true })).toBeFocused();
  await page.keyboard.type(email);
  await main.getByLabel(t('ru', 'auth.password.label'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t('ru', 'auth.register.submit'), exact: true }).click();

  // Registered: back on the earnings page it started from.
  await expect(page).toHaveURL(urlOf('/ru/profile/earnings'));
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('ru', 'page.profileEarnings.title'));

  // The user menu: named after the person, operated from the keyboard.
  const trigger = accountMenuButton(page, 'ru');
  await expect(trigger).toContainText('Вера Отзыв');
  // The menu's own code has arrived (Radix marks its trigger).
  await expect(trigger).toHaveAttribute('data-state', 'closed');
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitem');
  await expect(items).toHaveText([t('ru', 'nav.profile'), t('ru', 'nav.requests'), t('ru', 'nav.earnings'), t('ru', 'payouts.link'), t('ru', 'nav.signOut')]);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(trigger).toBeFocused();

  // Following "Profile" from the menu: focus goes to the profile's heading.
  await page.keyboard.press('Enter');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(urlOf('/ru/profile'));
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('ru', 'profile.title'));
  await expect(main.getByRole('heading', { level: 1 })).toBeFocused();

  // Saving the name: back on the profile with a toast (FEEDBACK-TOAST).
  await page.goto('/ru/profile/change-name');
  await waitForHydration(page);
  await main.getByLabel(t('ru', 'profile.changeName.label'), { exact: true }).fill('Вера Отзывчивая');
  await main.getByRole('button', { name: t('ru', 'profile.changeName.submit'), exact: true }).click();
  await expect(page).toHaveURL(urlOf('/ru/profile'));
  const notifications = page.getByRole('region', { name: /Уведомления/ });
  await expect(notifications.getByText(t('ru', 'toast.nameSaved'), { exact: true })).toBeVisible();
  await expect(trigger).toContainText('Вера Отзывчивая');

  // Signing out from the menu says so.
  await signOutFromHeader(page, 'ru');
  await expect(page).toHaveURL(urlOf('/ru'));
  await expect(notifications.getByText(t('ru', 'toast.signedOut'), { exact: true })).toBeVisible();

  // A password sign-in from a document's header link returns to that page.
  await page.goto('/ru/news');
  await waitForHydration(page);
  await page
    .getByRole('banner')
    .getByRole('link', { name: t('ru', 'nav.signIn'), exact: true })
    .click();
  await expect(page).toHaveURL(urlOf(`/ru/auth?next=${encodeURIComponent('/ru/news')}`));
  await waitForHydration(page);
  await main.getByLabel(t('ru', 'auth.email.label'), { exact: true }).fill(email);
  await main.getByLabel(t('ru', 'auth.password.label'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t('ru', 'auth.signIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(urlOf('/ru/news'));
  await expect(accountMenuButton(page, 'ru')).toContainText('Вера Отзывчивая');
});

test('a hostile `next` lands on the profile', async ({ page }) => {
  const email = `feedback-next-${Date.now()}@example.test`;
  await page.goto(`/auth?mode=register&next=${encodeURIComponent('//evil.test/profile')}`);
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByLabel(t('en', 'auth.name.label'), { exact: true }).fill('Hostile Next');
  await main.getByLabel(t('en', 'auth.email.label'), { exact: true }).fill(email);
  await main.getByLabel(t('en', 'auth.password.label'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t('en', 'auth.register.submit'), exact: true }).click();
  await expect(page).toHaveURL(urlOf('/profile'));
});
