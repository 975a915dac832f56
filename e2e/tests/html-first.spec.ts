/**
 * HTML-first public pages (SITE-DELIVERY) in Chromium, in every locale:
 * - with JavaScript off, every public page is complete (heading, content, header and footer) and
 *   navigable (header links, a product, "load more", FAQ answers); the order page says its form
 *   needs JavaScript;
 * - with JavaScript on, a document loads no React runtime and none of the app's chunks (checked
 *   on the requested scripts against the build manifest), only the main island (and the order
 *   island on /order), and is never hydrated;
 * - the islands work: the theme switch (stored, applied, followed by another tab, kept on reload)
 *   and the header's account actions (a session shows Profile / Sign out; signing out there ends it).
 */
import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import {
  type Locale,
  LOCALES,
  expect,
  localizePath,
  registerThroughForm,
  t,
  test,
  urlOf,
  waitForHydration,
  accountMenuButton,
  signOutFromHeader,
} from './fixtures';

/** The build manifest's chunks reachable from an entry (imported statically or on demand, transitively). */
const manifest = JSON.parse(readFileSync(new URL('../../web/dist/client/.vite/manifest.json', import.meta.url), 'utf8')) as Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[] }
>;
function reachable(entry: string, options: { onDemand?: boolean } = {}): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    [...(chunk.imports ?? []), ...(options.onDemand === false ? [] : (chunk.dynamicImports ?? []))].forEach(visit);
  };
  visit(entry);
  return files;
}
const ISLAND_FILES = reachable('src/islands/main.ts');
const ORDER_FILES = reachable('src/islands/order.tsx');
/** The app's own chunks (router, Relay, the app entry): never on a document. */
const APP_ONLY_FILES = [...reachable('src/entry-client.tsx')].filter((file) => !ORDER_FILES.has(file) && !ISLAND_FILES.has(file));
/** The order island's own chunks (React DOM, react-intl, the form): on /order, nowhere else. */
const ORDER_ONLY_FILES = [...ORDER_FILES].filter((file) => !ISLAND_FILES.has(file));
/** Of those, what /order loads at once (the challenge widget comes on demand). */
const ORDER_LOADED_FILES = [...reachable('src/islands/order.tsx', { onDemand: false })].filter((file) => !ISLAND_FILES.has(file));

const DOCUMENTS = ['/', '/faq', '/how', '/team', '/techs', '/culture', '/privacy', '/products', '/products/dom', '/news', '/order'] as const;

/** The address of the newest news item (its page is a document too). */
async function newsItemPath(page: Page, locale: Locale): Promise<string> {
  await page.goto(localizePath('/news', locale));
  const href = await page.getByRole('main').getByRole('listitem').first().getByRole('link').getAttribute('href');
  return href!;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of LOCALES) {
    test(`${locale}: every public page is complete and navigable`, async ({ page }) => {
      const paths = [...DOCUMENTS.map((path) => localizePath(path, locale)), await newsItemPath(page, locale)];
      for (const path of paths) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator('html'), path).toHaveAttribute('data-delivery', 'document');
        await expect(page.getByRole('main').getByRole('heading', { level: 1 }), path).toHaveText(/\S/);
        await expect(page.getByRole('banner').getByRole('link', { name: t(locale, 'nav.products'), exact: true }), path).toBeVisible();
        await expect(page.getByRole('contentinfo').getByRole('link', { name: /\S/ }).first(), path).toBeVisible();
      }

      // Navigable: header link → catalogue → a product; the FAQ opens; the news grows by a link.
      await page.goto(localizePath('/', locale));
      await page
        .getByRole('banner')
        .getByRole('link', { name: t(locale, 'nav.products'), exact: true })
        .click();
      await expect(page).toHaveURL(urlOf(localizePath('/products', locale)));
      const product = page.getByRole('main').getByRole('listitem').first().getByRole('link').first();
      const productHref = (await product.getAttribute('href'))!;
      await product.click();
      await expect(page).toHaveURL(urlOf(productHref));
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(/\S/);

      await page.goto(localizePath('/faq', locale));
      const question = page.getByRole('main').locator('details').nth(1);
      await expect(question).not.toHaveAttribute('open', '');
      await question.locator('summary').click();
      await expect(question).toHaveAttribute('open', '');
      await expect(question.locator('p').first()).toBeVisible();

      await page.goto(localizePath('/news', locale));
      const items = page.getByRole('main').getByRole('listitem');
      const first = await items.count();
      await page
        .getByRole('main')
        .getByRole('link', { name: t(locale, 'news.loadMore'), exact: true })
        .click();
      await expect(page).toHaveURL(urlOf(`${localizePath('/news', locale)}?shown=12`));
      expect(await items.count()).toBeGreaterThan(first);

      // The order form needs script; the page says so in a <noscript> (which Playwright's switch does not render).
      const order = await (await page.request.get(localizePath('/order', locale))).text();
      expect(/<noscript>([\s\S]*?)<\/noscript>/.exec(order)?.[1]).toContain(t(locale, 'order.noscript').replace(/'/g, '&#x27;'));
    });
  }
});

test.describe('with JavaScript', () => {
  for (const locale of LOCALES) {
    test(`${locale}: documents load their islands only, never React or the app`, async ({ page }) => {
      let scripts: string[] = [];
      const onRequest = (request: Request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      };
      page.on('request', onRequest);
      for (const path of DOCUMENTS.map((p) => localizePath(p, locale))) {
        scripts = [];
        await page.goto(path);
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        const order = path.endsWith('/order');
        const allowed = order ? new Set([...ISLAND_FILES, ...ORDER_FILES]) : ISLAND_FILES;
        expect(
          scripts.filter((file) => !allowed.has(file)),
          `${path}: scripts beyond its islands`,
        ).toEqual([]);
        expect(
          scripts.filter((file) => APP_ONLY_FILES.includes(file)),
          `${path}: app chunks`,
        ).toEqual([]);
        expect(
          ORDER_LOADED_FILES.every((file) => scripts.includes(file)),
          `${path}: the order island`,
        ).toBe(order);
        if (!order)
          expect(
            scripts.filter((file) => ORDER_ONLY_FILES.includes(file)),
            `${path}: React`,
          ).toEqual([]);
        // Never hydrated: React has no fiber on the page's main element.
        expect(await page.evaluate(() => Object.keys(document.getElementById('main')!).some((key) => key.startsWith('__reactFiber$'))), path).toBe(false);
      }
      page.off('request', onRequest);
    });
  }

  test('the theme switch stores the choice, another tab follows, and a reload keeps it', async ({ page, context }) => {
    await page.goto('/ru/faq');
    await waitForHydration(page);
    const other = await context.newPage();
    await other.goto('/es/products');
    await waitForHydration(other);
    const themeSwitch = page.getByRole('banner').getByRole('switch', { name: t('ru', 'theme.dark'), exact: true });
    const checked = (await themeSwitch.getAttribute('aria-checked')) === 'true';
    const next = checked ? 'light' : 'dark';
    await themeSwitch.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', next);
    await expect(themeSwitch).toHaveAttribute('aria-checked', String(next === 'dark'));
    expect((await context.cookies()).find((cookie) => cookie.name === 'studio.theme')?.value).toBe(next);
    await expect(other.locator('html')).toHaveAttribute('data-theme', next);
    await expect(other.getByRole('banner').getByRole('switch')).toHaveAttribute('aria-checked', String(next === 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', next);
  });

  test('the header shows the session on documents, and signing out there ends it', async ({ page }) => {
    const email = `islands-${Date.now()}@example.test`;
    await registerThroughForm(page, 'es', { name: 'Isla Ejemplo', email, password: 'correct horse battery 42' });
    await page.goto('/es/news');
    await waitForHydration(page);
    const banner = page.getByRole('banner');
    await expect(accountMenuButton(page, 'es')).toBeVisible();
    // The island reads the viewer: the menu shows the name.
    await expect(accountMenuButton(page, 'es')).toContainText('Isla Ejemplo');
    await expect(banner.getByRole('link', { name: t('es', 'nav.signIn'), exact: true })).toBeHidden();
    await signOutFromHeader(page, 'es');
    await expect(page).toHaveURL(urlOf('/es'));
    await waitForHydration(page);
    await expect(page.getByRole('banner').getByRole('link', { name: t('es', 'nav.signIn'), exact: true })).toBeVisible();
    // FEEDBACK-TOAST: the next document says so in its polite status line.
    await expect(page.locator('[data-document-notice]')).toHaveText(t('es', 'toast.signedOut'));
    // The session is over for the app too: the profile says so and offers the sign-in.
    await page.goto('/es/profile');
    await expect(page.getByRole('main').getByText(t('es', 'profile.signedOutTitle'))).toBeVisible();
  });
});
