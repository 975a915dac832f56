/**
 * Public pages (SITE-PAGES, SITE-SEO, SITE-LOCALES): complete server-rendered HTML in every locale
 * (readable without JavaScript, with the head tags search engines need), hydration without a
 * GraphQL request, the language switcher, and the localized 404 page.
 */
import { readFileSync } from 'node:fs';
import { LOCALES, LOCALE_TAGS, type Locale, ORIGIN, SITE_NAME, expect, localizePath, t, test, urlOf, waitForHydration } from './fixtures';

const PAGES: { path: string; locale: Locale; unprefixed: string; page: 'home' | 'faq' }[] = [
  { path: '/', locale: 'en', unprefixed: '/', page: 'home' },
  { path: '/ru', locale: 'ru', unprefixed: '/', page: 'home' },
  { path: '/es', locale: 'es', unprefixed: '/', page: 'home' },
  { path: '/ru/faq', locale: 'ru', unprefixed: '/faq', page: 'faq' },
];

/** The content file of an informational page (content/pages/<page>/<locale>.json). */
function pageContent(page: string, locale: Locale): { title: string; description: string } {
  return JSON.parse(readFileSync(new URL(`../../content/pages/${page}/${locale}.json`, import.meta.url), 'utf8'));
}

/** Products the home page features (HomePage.tsx FEATURED; the seed has more). */
const FEATURED_PRODUCTS = 6;

test.describe('server-rendered HTML without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, locale, unprefixed, page: pageId } of PAGES) {
    test(`${path} has its content and head tags`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale]);

      const main = page.getByRole('main');
      if (pageId === 'home') {
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'home.hero.title'));
        const work = main.getByRole('region', { name: t(locale, 'home.work.title') });
        await expect(work.getByRole('listitem')).toHaveCount(FEATURED_PRODUCTS);
        for (const item of await work.getByRole('listitem').all()) {
          await expect(item.getByRole('heading', { level: 3 }).getByRole('link')).toHaveText(/\S/);
        }
        await expect(page).toHaveTitle(t(locale, 'page.home.title', { site: SITE_NAME }));
      } else {
        // Informational pages take their title and description from their content file.
        const content = pageContent(pageId, locale);
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(content.title);
        await expect(page).toHaveTitle(`${content.title} · ${SITE_NAME}`);
      }

      const head = page.locator('head');
      await expect(head.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        pageId === 'home' ? t(locale, 'page.home.description', { site: SITE_NAME }) : pageContent(pageId, locale).description,
      );
      await expect(head.locator('meta[name="robots"]')).toHaveCount(0);
      await expect(head.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}${path}`);
      const alternates = head.locator('link[rel="alternate"]');
      await expect(alternates).toHaveCount(LOCALES.length + 1);
      for (const alternate of LOCALES) {
        await expect(alternates.and(page.locator(`[hreflang="${alternate}"]`))).toHaveAttribute('href', `${ORIGIN}${localizePath(unprefixed, alternate)}`);
      }
      await expect(alternates.and(page.locator('[hreflang="x-default"]'))).toHaveAttribute('href', `${ORIGIN}${unprefixed}`);
    });
  }
});

test.describe('in the browser', () => {
  test('the home page hydrates without asking GraphQL', async ({ page }) => {
    const graphqlTraffic: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/graphql')) graphqlTraffic.push(`${request.method()} ${request.url()}`);
    });
    page.on('websocket', (socket) => graphqlTraffic.push(`WebSocket ${socket.url()}`));

    await page.goto('/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const work = page.getByRole('region', { name: t('en', 'home.work.title') });
    await expect(work.getByRole('listitem')).toHaveCount(FEATURED_PRODUCTS);
    expect(graphqlTraffic).toEqual([]);
  });

  test('the language switcher goes from /faq to /ru/faq and remembers the choice', async ({ page, context }) => {
    await page.goto('/faq');
    await waitForHydration(page);
    const switcher = page.getByRole('navigation', { name: t('en', 'nav.language'), exact: true });
    await expect(switcher.getByRole('link', { name: /^EN\b/ })).toHaveAttribute('aria-current', 'true');

    await switcher.getByRole('link', { name: /^RU\b/ }).click();
    await expect(page).toHaveURL(urlOf('/ru/faq'));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(t('ru', 'page.faq.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS.ru);
    await expect(page).toHaveTitle(`${t('ru', 'page.faq.title')} · ${SITE_NAME}`);
    const ruSwitcher = page.getByRole('navigation', { name: t('ru', 'nav.language'), exact: true });
    await expect(ruSwitcher.getByRole('link', { name: /^RU\b/ })).toHaveAttribute('aria-current', 'true');

    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie).toMatchObject({ value: 'ru', path: '/', sameSite: 'Lax' });
    // 365 days (SITE-LOCALES).
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 365 * 86400 - 120);
  });
});

test('the header language menu opens the page in the chosen language, also with the keyboard, and closes on Escape', async ({ page, context }) => {
  await page.goto('/how');
  await waitForHydration(page);
  const banner = page.getByRole('banner');
  const menu = banner.locator('details[data-island="language-menu"]');
  const summary = menu.locator('summary');
  await expect(summary).toHaveAccessibleName(t('en', 'nav.language'));
  // Escape closes it and gives the focus back to its summary.
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open', '');
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open', '');
  await expect(summary).toBeFocused();
  // Keyboard: open, Tab to the second language (Русский), follow it.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'English', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(urlOf('/ru/how'));
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS.ru);
  await waitForHydration(page);
  expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ru');
  // Pointer: the current language is marked, a click outside closes the menu.
  const ruMenu = page.getByRole('banner').locator('details[data-island="language-menu"]');
  await ruMenu.locator('summary').click();
  await expect(ruMenu.getByRole('link', { name: 'Русский', exact: true })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('main').getByRole('heading', { level: 1 }).click();
  await expect(ruMenu).not.toHaveAttribute('open', '');
  await ruMenu.locator('summary').click();
  await ruMenu.getByRole('link', { name: 'Español', exact: true }).click();
  await expect(page).toHaveURL(urlOf('/es/how'));
  expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('es');
});

const NOT_FOUND: { path: string; locale: Locale; message: string }[] = [
  // English is checked against the literal text, not only the message file.
  { path: '/no/such/page', locale: 'en', message: 'Page not found: /no/such/page' },
  { path: '/es/nada', locale: 'es', message: t('es', 'notFound.message', { path: '/es/nada' }) },
];

for (const { path, locale, message } of NOT_FOUND) {
  test.describe(`unknown path ${path}`, () => {
    // Chromium logs "Failed to load resource: … status of 404" for the document itself; that
    // line (and only for this URL) is expected here. Anything else still fails the test.
    test.use({ allowConsole: [{ text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/, url: urlOf(path) }] });

    test('answers 404 with the localized "Page not found" page', async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale]);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'notFound.title'));
      await expect(main.getByText(message, { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: t(locale, 'notFound.home'), exact: true })).toHaveAttribute('href', localizePath('/', locale));
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    });
  });
}
