/**
 * The marketing site (SITE-PAGES, SITE-SEO, SITE-LOCALES), in the browser against the built server:
 * (a) every public page in every locale: status, head tags (lang, title, description, canonical,
 *     hreflang, Open Graph, Twitter card), JSON-LD by page kind, no console errors (the fixture)
 *     and no axe violations (WCAG 2.0/2.1 A and AA);
 * (b) /sitemap.xml lists all of them with their alternates; /robots.txt;
 * (c) the root redirect by cookie and Accept-Language, never for other pages or bots;
 * (d) 404 pages (unknown route, bad product slug, bad news id), and bots' empty error bodies;
 * (e) the order form end to end through the SMTP sink, its client validation and the keyboard;
 * (f) the news list's "Load more" and a news item.
 *
 * The 500 page is not tested here: the shared server cannot be broken safely from a browser
 * test (the API suite covers it).
 */
import type { Page, Response } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_PATHS } from '@studio/site/pages';
import {
  LOCALES,
  LOCALE_TAGS,
  type Locale,
  ORIGIN,
  SALES_EMAIL,
  SITE_NAME,
  axeViolations,
  escapeRegExp,
  expect,
  localizePath,
  t,
  test,
  urlOf,
  waitForHydration,
  waitForMail,
} from './fixtures';

/** Every public path that is not a product or a news item (SITE-PAGES), home first. */
const LIST_PATHS = PUBLIC_PATHS;
/** The informational pages (unprefixed): the public paths but the news and catalogue lists. */
const INFO_PATHS = PUBLIC_PATHS.filter((path) => path !== '/news' && path !== '/products');
/** The products: one file each in content/products, named by its slug (adding a product is adding a file). */
const PRODUCT_SLUGS = readdirSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'content', 'products'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));
const PRODUCT_PATHS = PRODUCT_SLUGS.map((slug) => `/products/${slug}`);
/** News items seeded from content/ (all published). */
const SEEDED_NEWS = 10;
/** Items per page of /news (web/src/features/news/NewsPage.tsx NEWS_PAGE_SIZE). */
const NEWS_PAGE_SIZE = 6;

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const REFERENCE = /^ST-[2-9A-HJ-NP-Z]{6}$/;

type PageKind = 'home' | 'faq' | 'product' | 'newsItem' | 'other';
/**
 * The JSON-LD @type each kind of page must carry. The page-specific ones (all but Organization,
 * which other pages may repeat) appear on no other kind of page.
 */
const JSON_LD_TYPE: Record<Exclude<PageKind, 'other'>, string> = {
  home: 'Organization',
  faq: 'FAQPage',
  product: 'SoftwareApplication',
  newsItem: 'NewsArticle',
};

function kindOf(unprefixed: string): PageKind {
  if (unprefixed === '/') return 'home';
  if (unprefixed === '/faq') return 'faq';
  if (unprefixed.startsWith('/products/')) return 'product';
  if (unprefixed.startsWith('/news/')) return 'newsItem';
  return 'other';
}

/** The path without its locale prefix: '/ru/faq' → '/faq', '/es' → '/'. */
function unprefix(path: string): string {
  const match = /^\/(ru|es)(\/.*)?$/.exec(path);
  return match ? (match[2] ?? '/') : path;
}

/** The tokens of a comma-separated header, lower-cased. */
function tokens(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// (a) Every public page in every locale

interface HeadData {
  lang: string | null;
  title: string;
  description: string[];
  canonical: string[];
  alternates: { hreflang: string; href: string }[];
  og: Record<string, string[]>;
  twitterCard: string[];
  jsonLd: string[];
  h1: string[];
}

async function readHead(page: Page): Promise<HeadData> {
  return page.evaluate(() => {
    const attrs = (selector: string, name: string) => [...document.head.querySelectorAll(selector)].map((e) => e.getAttribute(name) ?? '');
    const og: Record<string, string[]> = {};
    for (const key of ['og:title', 'og:description', 'og:url', 'og:image']) og[key] = attrs(`meta[property="${key}"]`, 'content');
    return {
      lang: document.documentElement.getAttribute('lang'),
      title: document.title,
      description: attrs('meta[name="description"]', 'content'),
      canonical: attrs('link[rel="canonical"]', 'href'),
      alternates: [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((e) => ({
        hreflang: e.getAttribute('hreflang') ?? '',
        href: e.getAttribute('href') ?? '',
      })),
      og,
      twitterCard: attrs('meta[name="twitter:card"]', 'content'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((e) => e.textContent ?? ''),
      h1: [...document.querySelectorAll('main h1')].map((e) => (e.textContent ?? '').trim()),
    };
  });
}

/** Visits `path` and checks everything of (a) with soft assertions, so one test reports every bad page. */
async function checkPublicPage(page: Page, path: string, locale: Locale): Promise<void> {
  const unprefixed = unprefix(path);
  const kind = kindOf(unprefixed);
  const response = await page.goto(path);
  expect.soft(response?.status(), `${path}: status`).toBe(200);
  await waitForHydration(page);
  const head = await readHead(page);

  expect.soft(head.lang, `${path}: <html lang>`).toBe(LOCALE_TAGS[locale]);
  expect.soft(head.title.trim(), `${path}: <title>`).not.toBe('');
  if (kind !== 'home') expect.soft(head.title, `${path}: <title> ends with the site name`).toMatch(new RegExp(` · ${escapeRegExp(SITE_NAME)}$`));
  expect.soft(head.description, `${path}: one meta description`).toHaveLength(1);
  const description = head.description[0] ?? '';
  const length = [...description].length;
  expect.soft(length >= 50 && length <= 170, `${path}: meta description of 50–170 characters, got ${length}: "${description}"`).toBe(true);
  expect.soft(head.canonical, `${path}: one canonical link to the page`).toEqual([`${ORIGIN}${path}`]);

  const byLang = (a: { hreflang: string }, b: { hreflang: string }) => a.hreflang.localeCompare(b.hreflang);
  if (kind === 'newsItem') {
    // A news item is at each language's own slug (SITE-NEWS): this page is its own language's
    // alternate, every language's is a slug address under its prefix, x-default is English's.
    const href = (lang: string) => head.alternates.find((a) => a.hreflang === lang)?.href ?? '';
    expect.soft(head.alternates.map((a) => a.hreflang).sort(), `${path}: hreflang alternates`).toEqual([...LOCALES, 'x-default'].sort());
    expect.soft(href(locale), `${path}: its own language's alternate`).toBe(`${ORIGIN}${path}`);
    for (const l of LOCALES)
      expect
        .soft(href(l), `${path}: the ${l} alternate`)
        .toMatch(new RegExp(`^${escapeRegExp(`${ORIGIN}${localizePath('/news/', l)}`)}[a-z0-9]+(-[a-z0-9]+)*$`));
    expect.soft(href('x-default'), `${path}: x-default`).toBe(href('en'));
  } else {
    const expectedAlternates = [
      ...LOCALES.map((l) => ({ hreflang: l, href: `${ORIGIN}${localizePath(unprefixed, l)}` })),
      { hreflang: 'x-default', href: `${ORIGIN}${unprefixed}` },
    ];
    expect.soft([...head.alternates].sort(byLang), `${path}: hreflang alternates`).toEqual(expectedAlternates.sort(byLang));
  }

  for (const [key, values] of Object.entries(head.og)) {
    expect.soft(values.length === 1 && values[0]!.trim() !== '', `${path}: one non-empty ${key}, got ${JSON.stringify(values)}`).toBe(true);
  }
  expect.soft(head.og['og:url'], `${path}: og:url is the canonical URL`).toEqual([`${ORIGIN}${path}`]);
  expect.soft(head.og['og:image']?.[0] ?? '', `${path}: og:image is absolute`).toMatch(/^https?:\/\//);
  expect.soft(head.twitterCard, `${path}: twitter:card`).toHaveLength(1);
  expect.soft(head.twitterCard[0] ?? '', `${path}: twitter:card`).toMatch(/^summary(_large_image)?$/);

  // JSON-LD: every block parses; the page kind's @type is there, other kinds' types are not.
  const types: string[] = [];
  const objects: Record<string, unknown>[] = [];
  for (const block of head.jsonLd) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(block);
    } catch (error) {
      expect.soft(String(error), `${path}: JSON-LD block parses: ${block.slice(0, 200)}`).toBe('');
      continue;
    }
    for (const object of Array.isArray(parsed) ? parsed : [parsed]) {
      const o = object as Record<string, unknown>;
      expect.soft(o['@context'], `${path}: JSON-LD @context`).toMatch(/^https?:\/\/schema\.org\/?$/);
      objects.push(o);
      types.push(...(Array.isArray(o['@type']) ? (o['@type'] as string[]) : [String(o['@type'])]));
    }
  }
  for (const [pageKind, type] of Object.entries(JSON_LD_TYPE)) {
    if (pageKind === kind) expect.soft(types, `${path}: JSON-LD has @type ${type}`).toContain(type);
    else if (pageKind !== 'home') expect.soft(types, `${path}: JSON-LD of a ${kind} page has no ${type}`).not.toContain(type);
  }
  if (kind === 'newsItem') {
    const article = objects.find((o) => o['@type'] === 'NewsArticle');
    expect.soft(article?.['headline'], `${path}: NewsArticle headline is the page's h1`).toBe(head.h1[0]);
  }
  expect.soft(head.h1, `${path}: one h1`).toHaveLength(1);

  const violations = await axeViolations(page);
  expect.soft(violations, `${path}: axe violations`).toEqual([]);
}

/** The item links of a /news page, as paths in the page's order. */
async function newsLinks(page: Page): Promise<string[]> {
  const links = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).getByRole('link');
  return links.evaluateAll((elements) => elements.map((a) => a.getAttribute('href') ?? ''));
}

test.describe('every public page in every locale', () => {
  test.describe.configure({ mode: 'parallel' });

  const half = Math.ceil(PRODUCT_PATHS.length / 2);
  const GROUPS: { name: string; paths: readonly string[] }[] = [
    { name: 'home and informational pages', paths: INFO_PATHS },
    { name: 'products list and products 1–' + half, paths: ['/products', ...PRODUCT_PATHS.slice(0, half)] },
    { name: `products ${half + 1}–${PRODUCT_PATHS.length}`, paths: PRODUCT_PATHS.slice(half) },
  ];

  for (const locale of LOCALES) {
    for (const { name, paths } of GROUPS) {
      test(`${locale}: ${name}`, async ({ page }) => {
        test.setTimeout(90_000);
        for (const path of paths) await checkPublicPage(page, localizePath(path, locale), locale);
      });
    }

    test(`${locale}: news list and two news items`, async ({ page }) => {
      test.setTimeout(60_000);
      await checkPublicPage(page, localizePath('/news', locale), locale);
      const links = await newsLinks(page);
      expect(links).toHaveLength(NEWS_PAGE_SIZE);
      for (const link of links.slice(0, 2)) {
        expect(link).toMatch(new RegExp(`^${escapeRegExp(localizePath('/news/', locale))}[A-Za-z0-9_-]+$`));
        await checkPublicPage(page, link, locale);
      }
    });
  }

  test('the product list covers exactly the product pages of content/products', async ({ page }) => {
    expect(PRODUCT_SLUGS.length).toBeGreaterThan(0);
    await page.goto('/products');
    const hrefs = await page
      .getByRole('main')
      .locator('a[href^="/products/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect([...new Set(hrefs)].sort()).toEqual([...PRODUCT_PATHS].sort());
  });
});

// ---------------------------------------------------------------------------------------------
// (b) sitemap.xml and robots.txt

test.describe('sitemap and robots.txt', () => {
  test('the sitemap lists every public page in every locale, each with its four alternates', async ({ page, request }) => {
    // Every news item the news list shows (all pages of it).
    await page.goto('/news');
    await waitForHydration(page);
    const more = page.getByRole('main').getByRole('link', { name: t('en', 'news.loadMore'), exact: true });
    while (await more.isVisible()) {
      const before = (await newsLinks(page)).length;
      await more.click();
      await expect.poll(async () => (await newsLinks(page)).length).toBeGreaterThan(before);
    }
    const newsPaths = await newsLinks(page);
    expect(newsPaths).toHaveLength(SEEDED_NEWS);
    // A news item's address has each language's own slug (SITE-NEWS): the lists of every language,
    // in the same order (newest first), give each item's address per language.
    const newsIn: Record<Locale, string[]> = { en: newsPaths, ru: [], es: [] };
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      await page.goto(`${localizePath('/news', locale)}?shown=${SEEDED_NEWS}`);
      newsIn[locale] = await newsLinks(page);
      expect(newsIn[locale]).toHaveLength(SEEDED_NEWS);
    }
    /** The unprefixed address of news item `index` in each language. */
    const newsItem = (index: number) => Object.fromEntries(LOCALES.map((l) => [l, unprefix(newsIn[l][index]!)])) as Record<Locale, string>;

    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^(application|text)\/xml\b/);
    const xml = await response.text();
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
      loc: /<loc>([^<]*)<\/loc>/.exec(body!)?.[1] ?? '',
      alternates: [...body!.matchAll(/<xhtml:link\b([^>]*)\/?>/g)].map(([, attributes]) => ({
        hreflang: /hreflang="([^"]*)"/.exec(attributes!)?.[1] ?? '',
        href: (/href="([^"]*)"/.exec(attributes!)?.[1] ?? '').replace(/&amp;/g, '&'),
      })),
    }));
    const locs = entries.map((e) => e.loc);
    expect(new Set(locs).size, 'no URL listed twice').toBe(locs.length);

    const expected = [
      ...[...LIST_PATHS, ...PRODUCT_PATHS].flatMap((path) => LOCALES.map((l) => `${ORIGIN}${localizePath(path, l)}`)),
      ...LOCALES.flatMap((l) => newsIn[l].map((path) => `${ORIGIN}${path}`)),
    ];
    for (const url of expected) expect.soft(locs, `the sitemap lists ${url}`).toContain(url);
    // Nothing else (no account screens, no unpublished news).
    expect.soft([...locs].sort(), 'the sitemap lists the public pages only').toEqual([...expected].sort());

    for (const { loc, alternates } of entries) {
      const path = new URL(loc).pathname;
      const unprefixed = unprefix(path);
      // A news item's alternates are its addresses in each language; any other page's are its one path.
      const index = LOCALES.map((l) => newsIn[l].indexOf(path)).find((i) => i >= 0);
      const paths = index === undefined ? (Object.fromEntries(LOCALES.map((l) => [l, unprefixed])) as Record<Locale, string>) : newsItem(index);
      expect
        .soft(
          [...alternates].sort((a, b) => a.hreflang.localeCompare(b.hreflang)),
          `alternates of ${loc}`,
        )
        .toEqual(
          [
            ...LOCALES.map((l) => ({ hreflang: l, href: `${ORIGIN}${localizePath(paths[l], l)}` })),
            { hreflang: 'x-default', href: `${ORIGIN}${paths.en}` },
          ].sort((a, b) => a.hreflang.localeCompare(b.hreflang)),
        );
    }
  });

  test('robots.txt names the sitemap and keeps crawlers out of the API', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain\b/);
    const lines = (await response.text()).split(/\r?\n/).map((line) => line.trim());
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('User-agent: *');
  });
});

// ---------------------------------------------------------------------------------------------
// (c) The root redirect

/** The 302 a navigation went through (the first response of its redirect chain). */
async function redirectOf(response: Response | null): Promise<Response | null> {
  let request = response?.request().redirectedFrom() ?? null;
  while (request?.redirectedFrom()) request = request.redirectedFrom();
  return (await request?.response()) ?? null;
}

const REDIRECTS: { browserLocale: string; cookie?: Locale; target: string }[] = [
  { browserLocale: 'ru-RU', target: '/ru' },
  { browserLocale: 'es-ES', target: '/es' },
  { browserLocale: 'en-US', target: '/' },
  { browserLocale: 'de-DE', target: '/' },
  { browserLocale: 'ru-RU', cookie: 'en', target: '/' },
  { browserLocale: 'en-US', cookie: 'es', target: '/es' },
];

test.describe('the root redirect', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const { browserLocale, cookie, target } of REDIRECTS) {
    test.describe(`a ${browserLocale} browser${cookie ? ` with the cookie ${cookie}` : ''}`, () => {
      test.use({ locale: browserLocale });

      test(`opening / lands on ${target}`, async ({ page, context }) => {
        if (cookie) await context.addCookies([{ name: 'i18n_redirected', value: cookie, url: ORIGIN }]);
        const response = await page.goto('/');
        expect(page.url()).toBe(`${ORIGIN}${target}`);
        expect(response?.status()).toBe(200);
        const redirect = await redirectOf(response);
        if (target === '/') {
          expect(redirect).toBeNull();
          expect(tokens(response?.headers()['vary'])).toEqual(expect.arrayContaining(['cookie', 'accept-language']));
        } else {
          expect(redirect?.status()).toBe(302);
          expect(redirect?.headers()['location']).toBe(target);
          expect(tokens(redirect?.headers()['vary'])).toEqual(expect.arrayContaining(['cookie', 'accept-language']));
        }
        await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[target === '/' ? 'en' : (target.slice(1) as Locale)]);
        await waitForHydration(page);

        // The same answer to a plain request (the browser context's language and cookies), not followed.
        const direct = await page.request.get('/?from=test', { maxRedirects: 0, headers: { 'accept-language': browserLocale } });
        if (target === '/') expect(direct.status()).toBe(200);
        else {
          expect(direct.status()).toBe(302);
          expect(direct.headers()['location'], 'the query is kept').toBe(`${target}?from=test`);
        }
      });
    });
  }

  test.describe('a Russian browser', () => {
    test.use({ locale: 'ru-RU' });

    test('is never redirected from another page than /', async ({ page }) => {
      for (const path of ['/faq', '/products/dom', '/es/how']) {
        const response = await page.goto(path);
        expect(page.url()).toBe(`${ORIGIN}${path}`);
        expect(response?.status()).toBe(200);
        expect(await redirectOf(response)).toBeNull();
      }
    });

    test('Googlebot gets / itself with 200', async ({ page }) => {
      const response = await page.request.get('/', { maxRedirects: 0, headers: { 'user-agent': GOOGLEBOT, 'accept-language': 'ru-RU,ru;q=0.9' } });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(`lang="${LOCALE_TAGS.en}"`);
    });
  });

  test.describe('an English browser', () => {
    test.use({ locale: 'en-US' });

    test('the language switcher on /products/dom opens /ru/products/dom, and / then goes to /ru', async ({ page, context }) => {
      await page.goto('/products/dom');
      await waitForHydration(page);
      // The header's language menu of an HTML-first page: a disclosure of links (SITE-DELIVERY).
      const banner = page.getByRole('banner');
      await banner.getByText('EN', { exact: true }).click();
      await banner.getByRole('link', { name: t('ru', 'language.ru'), exact: true }).click();
      await expect(page).toHaveURL(urlOf('/ru/products/dom'));
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS.ru);
      expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ru');

      const response = await page.goto('/');
      expect(page.url()).toBe(`${ORIGIN}/ru`);
      expect((await redirectOf(response))?.status()).toBe(302);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// (d) Error pages

/**
 * Unknown routes show "Page not found: <path>" (notFound.message); route validation of a bad
 * product slug or news id shows "Page Not Found: <full path>" with the query (notFound.invalid,
 * web/src/features/errors/PageError.tsx).
 */
const NOT_FOUND: { path: string; locale: Locale; message: 'notFound.message' | 'notFound.invalid' }[] = [
  { path: '/no-such-page', locale: 'en', message: 'notFound.message' },
  { path: '/ru/no-such-page', locale: 'ru', message: 'notFound.message' },
  { path: '/products/no-such-product', locale: 'en', message: 'notFound.invalid' },
  { path: '/es/products/no-such-product?from=e2e', locale: 'es', message: 'notFound.invalid' },
  { path: '/news/AAAA', locale: 'en', message: 'notFound.invalid' },
  { path: '/ru/news/AAAA', locale: 'ru', message: 'notFound.invalid' },
];

test.describe('404 pages', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const { path, locale, message } of NOT_FOUND) {
    test.describe(path, () => {
      // Chromium logs this line for the 404 document itself; nothing else is expected.
      test.use({ allowConsole: [{ text: /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/, url: urlOf(path) }] });

      test(`answers 404 with "${t(locale, message, { path })}" and a link home`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale]);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'notFound.title'));
        await expect(main.getByText(t(locale, message, { path }), { exact: true })).toBeVisible();
        await expect(main.getByRole('link', { name: t(locale, 'notFound.home'), exact: true })).toHaveAttribute('href', localizePath('/', locale));
        // Not for search engines, and titled as what it is.
        await expect.soft(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
        await expect.soft(page).toHaveTitle(`${t(locale, 'notFound.title')} · ${SITE_NAME}`);
      });
    });
  }

  test('Googlebot gets the 404 status with an empty body', async ({ request }) => {
    for (const path of ['/no-such-page', '/ru/no-such-page', '/products/no-such-product', '/news/AAAA']) {
      const response = await request.get(path, { maxRedirects: 0, headers: { 'user-agent': GOOGLEBOT } });
      expect.soft(response.status(), `${path}: status`).toBe(404);
      expect.soft(await response.text(), `${path}: body`).toBe('');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// (e) The order form

/**
 * The form's controls in `locale`, by role and accessible name (the label without its
 * aria-hidden "*").
 */
function orderForm(page: Page, locale: Locale) {
  const main = page.getByRole('main');
  const control = (role: 'textbox' | 'combobox', id: string) => main.getByRole(role, { name: t(locale, id), exact: true });
  return {
    main,
    name: control('textbox', 'order.name.label'),
    email: control('textbox', 'order.email.label'),
    company: control('textbox', 'order.company.label'),
    interest: control('combobox', 'order.interest.label'),
    budget: control('combobox', 'order.budget.label'),
    message: control('textbox', 'order.message.label'),
    referralCode: control('textbox', 'order.referralCode.label'),
    consent: main.getByRole('checkbox'),
    honeypot: page.locator('#order-website'),
    submit: main.getByRole('button', { name: t(locale, 'order.submit'), exact: true }),
  };
}

const ORDERS: { locale: Locale; name: string; company: string; message: string; greeting: string; subject: string }[] = [
  {
    locale: 'en',
    name: 'Anna Lee',
    company: 'Lee & Partners',
    message: 'We need a voice matching feature for our call archive, about 2 million recordings, by spring.',
    greeting: 'Hello,',
    subject: "We've received your request",
  },
  {
    locale: 'es',
    name: 'Lucía Pérez',
    company: 'Pérez y Asociados',
    message: 'Necesitamos comparar voces en nuestro archivo de llamadas, unos dos millones de grabaciones, antes de la primavera.',
    greeting: 'Hola:',
    subject: 'Hemos recibido tu solicitud',
  },
];

test.describe('the order form', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const order of ORDERS) {
    const { locale } = order;

    test(`${locale}: an order for a product reaches the customer and sales by e-mail`, async ({ page }) => {
      const email = `order.${locale}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
      const form = orderForm(page, locale);
      await page.goto(`${localizePath('/order', locale)}?product=voice-match`);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale]);
      await expect(form.interest).toHaveValue('voice-match');
      // The honeypot is off-screen and out of the tab order (not display: none, which bots skip).
      await expect(form.honeypot).not.toBeInViewport();
      await expect(form.honeypot).toHaveAttribute('tabindex', '-1');

      await form.name.fill(order.name);
      await form.email.fill(email);
      await form.company.fill(order.company);
      await form.budget.selectOption('FROM_25K_TO_50K');
      await form.message.fill(order.message);
      await form.consent.click();
      await expect(form.consent).toBeChecked();
      await form.submit.click();

      const success = form.main.getByRole('heading', { level: 2, name: t(locale, 'order.success.title'), exact: true });
      await expect(success).toBeVisible();
      await expect(success).toBeFocused();
      const referenceText = form.main.getByText(REFERENCE);
      await expect(referenceText).toBeVisible();
      const reference = (await referenceText.textContent())!.trim();
      await expect(form.main.getByText(email, { exact: true })).toBeVisible();

      const customer = await waitForMail((m) => m.to.includes(email) && m.subject.includes(reference), 15_000);
      expect(customer.subject).toBe(`${order.subject} ${reference}`);
      expect(customer.envelopeTo).toEqual([email]);
      // ORDER-MAIL: our own words and the reference; nothing the visitor typed is echoed.
      expect(customer.text).toContain(order.greeting);
      expect(customer.text).toContain(reference);
      expect(customer.text).not.toContain(order.message);
      expect(customer.text).not.toContain(order.name);
      expect(customer.html).toContain(reference);

      const sales = await waitForMail((m) => m.to.includes(SALES_EMAIL) && m.subject.includes(reference), 15_000);
      expect(sales.envelopeTo).toEqual([SALES_EMAIL]);
      expect(sales.subject).toContain(order.name);
      expect(sales.text).toContain(email);
      expect(sales.text).toContain(order.message);
      expect(sales.text).toContain(order.company);
    });

    test(`${locale}: an empty form is refused in the browser, in the page's language`, async ({ page }) => {
      const form = orderForm(page, locale);
      await page.goto(localizePath('/order', locale));
      await waitForHydration(page);
      const graphql: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/graphql')) graphql.push(`${request.method()} ${request.url()}`);
      });
      await form.submit.click();

      const required: [ReturnType<typeof orderForm>['name'], string][] = [
        [form.name, 'order.name.error.required'],
        [form.email, 'order.email.error.required'],
        [form.interest, 'order.interest.error.required'],
        [form.budget, 'order.budget.error.required'],
        [form.message, 'order.message.error.required'],
        [form.consent, 'order.consent.error.required'],
      ];
      for (const [control, id] of required) {
        await expect(control).toHaveAttribute('aria-invalid', 'true');
        await expect(control).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(t(locale, id))}`));
        await expect(form.main.getByText(t(locale, id), { exact: true })).toBeVisible();
      }
      for (const optional of [form.company, form.referralCode]) await expect(optional).not.toHaveAttribute('aria-invalid', 'true');
      await expect(form.name).toBeFocused();
      await expect(form.main.getByRole('heading', { name: t(locale, 'order.success.title') })).toHaveCount(0);
      expect(graphql, 'no request is sent').toEqual([]);

      // Fixing a field takes its message away as it is typed.
      await form.name.fill(order.name);
      await expect(form.name).not.toHaveAttribute('aria-invalid', 'true');
      await expect(form.main.getByText(t(locale, 'order.name.error.required'), { exact: true })).toHaveCount(0);
    });
  }

  test('?ref= fills in the referral code', async ({ page }) => {
    const form = orderForm(page, 'en');
    await page.goto('/order?ref=FRIEND-42');
    await expect(form.referralCode).toHaveValue('FRIEND-42');
    await waitForHydration(page);
    await expect(form.referralCode).toHaveValue('FRIEND-42');
    await expect(form.interest).toHaveValue('');
  });

  test('the form can be filled in and sent with the keyboard alone', async ({ page }) => {
    const form = orderForm(page, 'en');
    const email = `keyboard.${Date.now().toString(36)}@example.com`;
    await page.goto('/order');
    await waitForHydration(page);
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');

    // From the top of the page to the first field.
    let steps = 0;
    while ((await focusedId()) !== 'order-name') {
      expect(++steps, 'the name field is reachable with Tab').toBeLessThan(60);
      await page.keyboard.press('Tab');
    }
    const next = async (id: string) => {
      await page.keyboard.press('Tab');
      expect(await focusedId()).toBe(id);
    };
    await page.keyboard.type('Kim Park');
    await next('order-email');
    await page.keyboard.type(email);
    await next('order-company');
    await page.keyboard.type('Park Labs');
    await next('order-interest');
    await page.keyboard.press('ArrowDown');
    await expect(form.interest).toHaveValue('design');
    await next('order-budget');
    await page.keyboard.press('ArrowDown');
    await expect(form.budget).toHaveValue('UNDER_10K');
    await next('order-message');
    await page.keyboard.type('A booking app for our three clinics, with reminders.');
    await next('order-referral-code');
    await next('order-consent');
    await page.keyboard.press('Space');
    await expect(form.consent).toBeChecked();

    // On to the submit button (past the privacy policy link), never through the honeypot.
    steps = 0;
    while (!(await form.submit.evaluate((button) => button === document.activeElement))) {
      expect(++steps, 'the submit button is reachable with Tab').toBeLessThan(4);
      await page.keyboard.press('Tab');
      expect(await focusedId()).not.toBe('order-website');
    }
    await page.keyboard.press('Enter');
    await expect(form.main.getByRole('heading', { level: 2, name: t('en', 'order.success.title'), exact: true })).toBeFocused();
    await expect(form.main.getByText(REFERENCE)).toBeVisible();
    await expect(form.name).toHaveCount(0);
  });
});

// ---------------------------------------------------------------------------------------------
// (f) News

test.describe('news', () => {
  test('"Load more" appends the remaining items in place, and an item opens its page', async ({ page }) => {
    await page.goto('/news');
    await waitForHydration(page);
    const main = page.getByRole('main');
    const items = main.getByRole('listitem');
    await expect(items).toHaveCount(NEWS_PAGE_SIZE);
    const firstTitles = await items.getByRole('heading', { level: 2 }).allTextContents();

    const more = main.getByRole('link', { name: t('en', 'news.loadMore'), exact: true });
    await more.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before, 'the button is below the fold').toBeGreaterThan(0);
    await more.click();
    await expect(items).toHaveCount(SEEDED_NEWS);
    await expect(more).toHaveCount(0);
    // The island fetched the link's address (the list grown by a page) and kept it for a reload;
    // with the link gone, focus is on the first new item.
    await expect(page).toHaveURL(urlOf(`/news?shown=${NEWS_PAGE_SIZE * 2}`));
    await expect(items.nth(NEWS_PAGE_SIZE).getByRole('link')).toBeFocused();
    const after = await page.evaluate(() => window.scrollY);
    expect(after, 'the scroll position stays where it was').toBeGreaterThan(0);
    expect(Math.abs(after - before), `scrollY ${before} → ${after}`).toBeLessThan(100);
    // The first page is kept, in order, and the new items follow it.
    expect((await items.getByRole('heading', { level: 2 }).allTextContents()).slice(0, NEWS_PAGE_SIZE)).toEqual(firstTitles);
    expect(new Set(await newsLinks(page)).size).toBe(SEEDED_NEWS);

    const firstLink = items.first().getByRole('heading', { level: 2 }).getByRole('link');
    const title = (await firstLink.textContent())!.trim();
    const href = (await firstLink.getAttribute('href'))!;
    await firstLink.click();
    await expect(page).toHaveURL(urlOf(href));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} · ${SITE_NAME}`);
  });
});
