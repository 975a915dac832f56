/**
 * The admin news editor in the browser (ADMIN-AREA, ADMIN-CONCURRENCY): an administrator writes an
 * item in English, Russian and Spanish, previews it through the public page's component, saves and
 * publishes it, and the Russian news list and item page show it; two administrators editing the
 * same item: the second save is refused with "changed since you opened it".
 */
import type { Browser, Page } from '@playwright/test';
import { type Locale, expect, promoteToAdmin, registerThroughForm, t, test, urlOf, waitForHydration } from './fixtures';

const LANGUAGES: readonly Locale[] = ['en', 'ru', 'es'];

/** The label of a news editor field (`title`, `summary`, `body`) of `locale`'s column, in English. */
const fieldLabel = (field: 'title' | 'summary' | 'body', locale: Locale) =>
  t('en', `admin.news.field.${field}`, { language: t('en', `admin.editor.languageName.${locale}`) });

/** Registers a new account, makes it an administrator and answers its page. */
async function newAdmin(page: Page, name: string): Promise<void> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await registerThroughForm(page, 'en', { name, email, password: 'correct horse battery staple 42' });
  promoteToAdmin(email);
}

/** Opens the editor at `path` and waits until its form is there. */
async function openEditor(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByLabel(fieldLabel('title', 'en'))).toBeVisible();
}

/** Creates and stores an item with `titles` (and short texts) in every language; answers its editor path. */
async function createItem(page: Page, titles: Record<Locale, string>): Promise<string> {
  await page.goto('/admin/news');
  await waitForHydration(page);
  await page.getByRole('link', { name: t('en', 'admin.news.new') }).click();
  await expect(page).toHaveURL(urlOf('/admin/news/new'));
  await expect(page.getByLabel(fieldLabel('title', 'en'))).toBeVisible();
  for (const locale of LANGUAGES) {
    await page.getByLabel(fieldLabel('title', locale)).fill(titles[locale]);
    await page.getByLabel(fieldLabel('summary', locale)).fill(`${titles[locale]} — summary`);
    await page.getByLabel(fieldLabel('body', locale)).fill(`${titles[locale]}: first paragraph.\n\nSecond paragraph (${locale}).`);
  }
  await page.getByRole('button', { name: t('en', 'admin.editor.save'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/news\/(?!new)[A-Za-z0-9_-]+$/);
  await expect(page.getByText(t('en', 'admin.editor.saved'))).toBeVisible();
  return new URL(page.url()).pathname;
}

async function adminPage(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await newAdmin(page, name);
  return page;
}

test.describe('admin news editor', () => {
  test('writes an item in three languages, previews, publishes it, and /ru/news shows it in Russian', async ({ page }) => {
    await newAdmin(page, 'Editor');
    const stamp = Date.now();
    const titles = { en: `Launch day ${stamp}`, ru: `День запуска ${stamp}`, es: `Día de lanzamiento ${stamp}` };
    await createItem(page, titles);

    const preview = page.getByRole('region', { name: t('en', 'admin.editor.preview') });
    await preview.getByRole('tab', { name: 'Русский' }).click();
    // The previewed page's title is a level-2 heading under the editor's own h1 (one h1 per page).
    await expect(preview.getByRole('heading', { level: 2, name: titles.ru })).toBeVisible();
    await expect(preview.getByText(`Second paragraph (ru).`)).toBeVisible();

    await page.getByRole('button', { name: t('en', 'admin.news.publish'), exact: true }).click();
    await expect(page.getByText(t('en', 'admin.news.publishedNotice'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('en', 'admin.news.unpublish'), exact: true })).toBeVisible();

    await page.goto('/ru/news');
    const link = page.getByRole('link', { name: titles.ru });
    await expect(link).toBeVisible();
    await link.click();
    // At its Russian slug, made from the Russian title (SITE-NEWS).
    await expect(page).toHaveURL(urlOf(`/ru/news/den-zapuska-${stamp}`));
    await expect(page.getByRole('heading', { level: 1, name: titles.ru })).toBeVisible();
    await expect(page.getByText(`${titles.ru}: first paragraph.`)).toBeVisible();
  });

  test.describe('two administrators', () => {
    // The refused save answers HTTP 409, which Chromium logs.
    test.use({ allowConsole: [{ text: /status of 409/, url: /\/graphql$/ }] });

    test('the second of two saves of the same item is refused with "changed since you opened it"', async ({ page, browser }) => {
      await newAdmin(page, 'First');
      const stamp = Date.now();
      const path = await createItem(page, { en: `Shared ${stamp}`, ru: `Общая ${stamp}`, es: `Compartida ${stamp}` });
      const second = await adminPage(browser, 'Second');
      await openEditor(second, path);
      await openEditor(page, path);

      await page.getByLabel(fieldLabel('title', 'en')).fill(`Shared ${stamp} (first)`);
      await page.getByRole('button', { name: t('en', 'admin.editor.save'), exact: true }).click();
      await expect(page.getByText(t('en', 'admin.editor.saved'))).toBeVisible();

      await second.getByLabel(fieldLabel('title', 'en')).fill(`Shared ${stamp} (second)`);
      await second.getByRole('button', { name: t('en', 'admin.editor.save'), exact: true }).click();
      await expect(second.getByText(t('en', 'admin.editor.conflict.message'))).toBeVisible();

      await second.getByRole('button', { name: t('en', 'admin.editor.conflict.reload') }).click();
      await second
        .getByRole('alertdialog')
        .getByRole('button', { name: t('en', 'admin.editor.conflict.confirm') })
        .click();
      await expect(second.getByLabel(fieldLabel('title', 'en'))).toHaveValue(`Shared ${stamp} (first)`);
      await second.context().close();
    });
  });
});
