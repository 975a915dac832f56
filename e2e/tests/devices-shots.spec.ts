import { ORIGIN, expect, localizePath, registerThroughForm, t, test, waitForHydration, type Locale } from './fixtures';

const PASSWORD = 'correct horse battery staple';
const UAS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  '',
];

for (const locale of ['en', 'ru', 'es'] as Locale[]) {
  test(`shots ${locale}`, async ({ page, playwright }) => {
    const email = `shots.${locale}.${Date.now().toString(36)}@example.com`;
    await registerThroughForm(page, locale, { name: 'Dana Devices', email, password: PASSWORD });
    for (const [i, ua] of UAS.entries()) {
      const api = await playwright.request.newContext({ extraHTTPHeaders: ua ? { 'user-agent': ua } : {} });
      const r = await api.post(`${ORIGIN}/api/auth/login`, { data: { email, password: PASSWORD, deviceToken: `shot-${locale}-${i}` }, headers: ua ? {} : { 'user-agent': '' } });
      expect(r.status()).toBe(200);
      await api.dispose();
    }
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(localizePath('/profile', locale));
      await waitForHydration(page);
      const card = page.getByRole('region', { name: t(locale, 'profile.devices.title'), exact: true });
      await expect(card.getByTestId('profile-session')).toHaveCount(4);
      await card.screenshot({ path: `/tmp/dev/card-${locale}-${width}.png` });
      if (width === 390) {
        await card.getByRole('button', { name: t(locale, 'profile.devices.signOutOthers'), exact: true }).click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `/tmp/dev/dialog-${locale}-${width}.png` });
        await page.keyboard.press('Escape');
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `/tmp/dev/page-${locale}-1280.png`, fullPage: true });
  });
}
