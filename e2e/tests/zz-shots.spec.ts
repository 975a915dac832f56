// Temporary: screenshots of the user menu and toasts (not committed).
import { type Locale, accountMenuButton, registerThroughForm, t, test, waitForHydration, expect, ORIGIN } from './fixtures';

const DIR = '.tmp-feedback/shots';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

for (const locale of ['en', 'ru', 'es'] as Locale[]) {
  test(`shots ${locale}`, async ({ page, context }) => {
    test.setTimeout(240_000);
    const names = { en: 'Maria Example', ru: 'Мария Пример', es: 'María Ejemplo' };
    await registerThroughForm(page, locale, { name: names[locale], email: `shots-${locale}-${Date.now()}@example.test`, password: 'correct horse battery 42' });
    const prefix = locale === 'en' ? '' : `/${locale}`;
    for (const theme of ['light', 'dark'] as const) {
      await context.addCookies([{ name: 'studio.theme', value: theme, url: ORIGIN }]);
      for (const [vp, size] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(size);
        // App: toast after saving the name, then the open menu.
        await page.goto(`${prefix}/profile/change-name`);
        await waitForHydration(page);
        await page.getByRole('main').getByLabel(t(locale, 'profile.changeName.label'), { exact: true }).fill(names[locale]);
        await page.getByRole('main').getByRole('button', { name: t(locale, 'profile.changeName.submit'), exact: true }).click();
        await expect(page.getByText(t(locale, 'toast.nameSaved'), { exact: true })).toBeVisible();
        await accountMenuButton(page, locale).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${DIR}/app-menu-toast-${locale}-${theme}-${vp}.png` });
        await page.keyboard.press('Escape');
        // Document: the island's menu, open.
        await page.goto(`${prefix}/news`);
        await waitForHydration(page);
        await expect(accountMenuButton(page, locale)).toContainText(names[locale]);
        await accountMenuButton(page, locale).click();
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${DIR}/document-menu-${locale}-${theme}-${vp}.png` });
      }
    }
  });
}
