/**
 * Phones (SITE-PAGES, SITE-DELIVERY): no page scrolls sideways at 320, 360 or 390 px in any
 * language — every public document of the page list (with a product and a news item), the offline
 * page, /auth and the reset pages, and the account pages of a signed-in user — and the phone
 * header's menu button opens the primary navigation and the full-named language list, without
 * JavaScript on a document and with it (Escape closes it and puts focus back on the button) in
 * the app.
 *
 * Each page is loaded once per locale at 390 px and then narrowed to 360 and 320 px (a resize
 * re-runs the layout and the media queries), so the whole matrix costs one load per page and locale.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { PAGES } from '@studio/site/pages';
import { LOCALES, type Locale, expect, localizePath, registerThroughForm, t, test, waitForHydration } from './fixtures';

const WIDTHS = [390, 360, 320] as const;
const HEIGHT = 800;
const PASSWORD = 'correct horse battery staple';

/** Parameterised pages are visited through one real instance each. */
const PRODUCT_PATH = '/products/dom';

const PUBLIC_PATHS = PAGES.filter((def) => def.htmlFirst && !def.path.includes(':'))
  .map((def) => `/${def.path}`)
  .concat(PRODUCT_PATH);
const SIGNED_OUT_APP_PATHS = [
  '/auth',
  '/auth?mode=register',
  '/auth/reset',
  '/auth/reset-success',
  '/auth/change-password?token=x',
  '/auth/cancel-recovery?token=x',
];
const ACCOUNT_PATHS = PAGES.filter((def) => def.path.startsWith('profile') && !def.path.includes(':')).map((def) => `/${def.path}`);

/** Where the page is wider than the viewport: the overflow in px and the elements that stick out (for the failure message). */
async function overflowAt(page: Page, width: number): Promise<string | null> {
  await page.setViewportSize({ width, height: HEIGHT });
  return page.evaluate(() => {
    const root = document.documentElement;
    const excess = root.scrollWidth - root.clientWidth;
    if (excess <= 0) return null;
    const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      // The outermost offenders only: an element whose parent also sticks out says nothing new.
      .filter((element) => !(element.parentElement && element.parentElement.getBoundingClientRect().right > root.clientWidth + 0.5))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ').join('.')}` : ''} (${Math.round(element.getBoundingClientRect().right)}px) "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      );
    return `${excess}px too wide: ${culprits.join('; ')}`;
  });
}

/** Loads `path` and checks every width; returns the problems found. */
async function checkPath(page: Page, path: string): Promise<string[]> {
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await waitForHydration(page);
  // App pages fill in their content after hydration (Relay): wait until the network is quiet.
  await page.waitForLoadState('networkidle');
  const problems: string[] = [];
  for (const width of WIDTHS) {
    const overflow = await overflowAt(page, width);
    if (overflow) problems.push(`${path} @ ${width}px: ${overflow}`);
  }
  return problems;
}

/** The address of the newest news item in `locale`. */
async function newsItemPath(page: Page, locale: Locale): Promise<string> {
  await page.goto(localizePath('/news', locale));
  const href = await page.getByRole('main').getByRole('listitem').first().getByRole('link').first().getAttribute('href');
  return href!;
}

test.describe('no horizontal overflow on phones', () => {
  for (const locale of LOCALES) {
    test(`${locale}: public pages at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      test.setTimeout(120_000);
      const paths = [...PUBLIC_PATHS.map((path) => localizePath(path, locale)), await newsItemPath(page, locale)];
      const problems: string[] = [];
      for (const path of paths) problems.push(...(await checkPath(page, path)));
      expect(problems).toEqual([]);
    });

    test(`${locale}: sign-in and reset pages at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      test.setTimeout(90_000);
      const problems: string[] = [];
      for (const path of SIGNED_OUT_APP_PATHS)
        problems.push(...(await checkPath(page, localizePath(path.split('?')[0]!, locale) + (path.includes('?') ? `?${path.split('?')[1]}` : ''))));
      expect(problems).toEqual([]);
    });
  }

  test.describe('signed in', () => {
    let context: BrowserContext;
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ viewport: { width: 390, height: HEIGHT } });
      page = await context.newPage();
      const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      // A long unbroken name and e-mail: the worst case for the profile's fields.
      await registerThroughForm(page, 'es', {
        name: 'Maximiliano Bartholomew-Fitzgerald',
        email: `phone.layout.${tag}.averyveryverylongaddress@example.com`,
        password: PASSWORD,
      });
    });

    test.afterAll(async () => {
      await context.close();
    });

    for (const locale of LOCALES) {
      test(`${locale}: account pages at ${WIDTHS.join(', ')} px`, async () => {
        test.setTimeout(120_000);
        const problems: string[] = [];
        for (const path of ACCOUNT_PATHS) problems.push(...(await checkPath(page, localizePath(path, locale))));
        expect(problems).toEqual([]);
      });
    }
  });
});

/**
 * The phone header's menu button: the `<summary>` named "Menu" (browsers expose it as a button with
 * its expanded state; Playwright's role engine gives `summary` no role, so it is found by its name).
 */
function menuOf(page: Page, locale: Locale) {
  const button = page.getByRole('banner').locator(`summary[aria-label="${t(locale, 'nav.menu')}"]`);
  return { button };
}

test.describe('the phone header', () => {
  test.use({ viewport: { width: 320, height: HEIGHT } });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    for (const locale of LOCALES) {
      test(`${locale}: a document's menu button opens the navigation and the languages`, async ({ page }) => {
        await page.goto(localizePath('/faq', locale));
        const banner = page.getByRole('banner');
        const products = banner.getByRole('link', { name: t(locale, 'nav.products'), exact: true });
        await expect(products).toBeHidden();
        const { button } = menuOf(page, locale);
        const box = (await button.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
        await button.click();
        await expect(products).toBeVisible();
        for (const other of LOCALES) {
          const link = banner.locator(`a[hreflang="${other}"]`).filter({ visible: true });
          await expect(link).toHaveText(t(locale, `language.${other}`));
          // Never clipped: the name fits its box.
          expect(await link.evaluate((a) => a.scrollWidth <= a.clientWidth)).toBe(true);
        }
      });
    }
  });

  test('a document: aria-expanded follows the menu, Escape closes it and focuses the button', async ({ page }) => {
    await page.goto('/es/faq');
    await waitForHydration(page);
    const { button } = menuOf(page, 'es');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await panel.getByRole('link', { name: t('es', 'nav.news'), exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('the app: the menu opens, a link navigates and closes it, Escape closes it', async ({ page }) => {
    await page.goto('/ru/auth');
    await waitForHydration(page);
    const { button } = menuOf(page, 'ru');
    const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('link', { name: 'Español', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await panel.getByRole('link', { name: t('ru', 'nav.team'), exact: true }).click();
    await expect(page).toHaveURL(/\/ru\/team$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });
});
