/**
 * The `test` every spec uses: Playwright's, plus an automatic guard that fails a test when any
 * page of its browser context logged a console error or warning, or threw an uncaught error.
 * Nothing is ignored globally; a test that expects a specific browser message (for example the
 * browser's own "Failed to load resource" line for an HTTP error it provokes on purpose) lists
 * it with `test.use({ allowConsole: [...] })`, matched on both the text and the resource URL.
 *
 * Also: the site's copy straight from the web app's message catalogues (`@studio/web/messages/*.json`),
 * so assertions never drift from the texts the app shows, the locales and locale paths of
 * `@studio/site/locales`, a hydration helper, the mail the SMTP sink received, the test OpenID
 * provider's sign-in form, and an axe check (`axeViolations`).
 */
import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test as base } from '@playwright/test';
import { type Locale, localizePath } from '@studio/site/locales';
import { simpleParser } from 'mailparser';

export { expect };
export { LOCALES, LOCALE_TAGS, type Locale, localizePath } from '@studio/site/locales';

/** A console message a test expects: `text` must match, and `url` (when given) the message's source URL. */
export interface AllowedConsoleMessage {
  text: RegExp;
  url?: RegExp;
}

interface Problem {
  kind: 'console.error' | 'console.warning' | 'pageerror';
  text: string;
  url: string;
  page: string;
}

interface Fixtures {
  /** Console errors/warnings this test provokes on purpose (default: none). */
  allowConsole: AllowedConsoleMessage[];
  /** Automatic: collects console errors/warnings and page errors and fails the test on any. */
  consoleGuard: void;
}

export const test = base.extend<Fixtures>({
  allowConsole: [[], { option: true }],
  consoleGuard: [
    async ({ context, allowConsole }, use, testInfo) => {
      const problems: Problem[] = [];
      context.on('console', (message) => {
        const type = message.type();
        if (type !== 'error' && type !== 'warning') return;
        const text = message.text();
        const url = message.location().url;
        if (allowConsole.some((a) => a.text.test(text) && (!a.url || a.url.test(url)))) return;
        problems.push({ kind: type === 'error' ? 'console.error' : 'console.warning', text, url, page: message.page()?.url() ?? '' });
      });
      context.on('weberror', (webError) => {
        const error = webError.error();
        // Chromium rejects its own cross-document view transition promise (nobody's code holds it)
        // when a transition is skipped, e.g. a navigation lands mid-transition: no animation, no harm.
        if (error.name === 'InvalidStateError' && error.message.startsWith('Transition was aborted')) return;
        problems.push({ kind: 'pageerror', text: error.stack ?? String(error), url: '', page: webError.page()?.url() ?? '' });
      });
      await use();
      if (problems.length > 0) {
        await testInfo.attach('browser-problems.json', { body: JSON.stringify(problems, null, 2), contentType: 'application/json' });
      }
      expect(problems, 'console errors/warnings or uncaught page errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

// ---------------------------------------------------------------------------------------------
// Locales and copy

/** The site name the server renders (SITE_NAME default). */
export const SITE_NAME = 'Studio';

/** Origin of the server under test (PUBLIC_URL in playwright.config.ts). */
export const ORIGIN = `http://localhost:${process.env['E2E_PORT'] ?? 3100}`;

// The catalogues through @studio/web's package exports, never by a path into its source.
const requireHere = createRequire(import.meta.url);

/** The message `id` of `locale` as written in the catalogue (ICU syntax untouched); throws when missing. */
export function message(locale: Locale, id: string): string {
  const text = (requireHere(`@studio/web/messages/${locale}.json`) as Record<string, string>)[id];
  if (text === undefined) throw new Error(`No message ${id} in ${locale}.json`);
  return text;
}

/**
 * The message `id` in `locale` with simple `{name}` arguments filled in. ICU plural/select
 * messages are refused rather than approximated.
 */
export function t(locale: Locale, id: string, values: Record<string, string> = {}): string {
  const text = message(locale, id);
  if (/\{\s*\w+\s*,/.test(text)) throw new Error(`Message ${id} uses ICU syntax; t() only fills simple arguments`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Message ${id} needs a value for {${name}}`);
    return value;
  });
}

/** Escapes `text` for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A RegExp matching exactly `ORIGIN + path` (optionally with a query string). */
export function urlOf(path: string, options: { query?: boolean } = {}): RegExp {
  return new RegExp(`^${escapeRegExp(ORIGIN + path)}${options.query ? '(\\?.*)?' : ''}$`);
}

/**
 * Waits until the page is interactive. An app page: React has hydrated the document (the server
 * HTML carries no React fiber properties, `hydrateRoot` attaches them to every element it adopts).
 * An HTML-first page (`<html data-delivery="document">`, SITE-DELIVERY): its islands say they are
 * ready (`data-islands`, and `data-order-island` where the order form is).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const html = document.documentElement;
    if (html.dataset['delivery'] === 'document')
      return html.dataset['islands'] === 'ready' && (!document.getElementById('order-island') || html.dataset['orderIsland'] === 'ready');
    const main = document.getElementById('main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}

/**
 * Registers `account` through the /auth registration form in `locale` and waits until the new
 * profile shows its name.
 */
export async function registerThroughForm(page: Page, locale: Locale, account: { name: string; email: string; password: string }): Promise<void> {
  await page.goto(`${localizePath('/auth', locale)}?mode=register`);
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByLabel(t(locale, 'auth.name.label'), { exact: true }).fill(account.name);
  await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(account.email);
  await main.getByLabel(t(locale, 'auth.password.label'), { exact: true }).fill(account.password);
  await main.getByRole('button', { name: t(locale, 'auth.register.submit'), exact: true }).click();
  await expect(page).toHaveURL(urlOf(localizePath('/profile', locale)));
  await expect(page.getByTestId('profile-fullName')).toHaveText(account.name);
}

// ---------------------------------------------------------------------------------------------
// Mail (the SMTP sink of playwright.config.ts)

/** SALES_EMAIL of the server under test (playwright.config.ts): order notifications go here. */
export const SALES_EMAIL = 'sales@studio.test';

/** Where the SMTP sink writes every received message as a `.eml` file. */
export const MAIL_DIR = process.env['E2E_MAIL_DIR'] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'mail');

/** A message the SMTP sink received, parsed by mailparser. */
export interface ReceivedMail {
  /** The `.eml` file's name (received order: `<ms>-<n>.eml`). */
  file: string;
  subject: string;
  /** The To header's addresses, lower-cased. */
  to: string[];
  /** The SMTP envelope's recipients (RCPT TO), lower-cased. */
  envelopeTo: string[];
  from: string;
  text: string;
  /** The HTML body ('' when the message has none). */
  html: string;
}

const parsedMail = new Map<string, ReceivedMail>();

async function readMail(file: string): Promise<ReceivedMail> {
  const cached = parsedMail.get(file);
  if (cached) return cached;
  const parsed = await simpleParser(await readFile(resolve(MAIL_DIR, file)));
  const addresses = (value: typeof parsed.to): string[] =>
    (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
  const envelope = parsed.headers.get('x-envelope-to');
  const mail: ReceivedMail = {
    file,
    subject: parsed.subject ?? '',
    to: addresses(parsed.to),
    envelopeTo:
      typeof envelope === 'string'
        ? envelope
            .split(',')
            .map((a) => a.trim().toLowerCase())
            .filter(Boolean)
        : [],
    from: parsed.from?.text ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
  };
  parsedMail.set(file, mail);
  return mail;
}

/**
 * The first message the SMTP sink received (oldest first) that `predicate` accepts, polling the
 * mail directory until `timeoutMs` has passed; then throws, listing what did arrive. Tests run
 * in parallel and share the sink, so the predicate should pick the message by something unique
 * (a recipient address made for the test, an order reference).
 */
export async function waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    const mails = await Promise.all(files.map(readMail));
    const found = mails.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = mails.map((m) => `  ${m.file}: to ${m.to.join(', ')} — ${m.subject}`).join('\n') || '  (none)';
      throw new Error(`waitForMail: no matching message within ${timeoutMs} ms in ${MAIL_DIR}; received:\n${seen}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---------------------------------------------------------------------------------------------
// Social sign-in (the test OpenID provider of playwright.config.ts, @studio/test-oidc-provider)

/** Opens /auth in `locale` and sends its password sign-in form for `email` (the caller checks where it lands). */
export async function submitPasswordSignIn(page: Page, locale: Locale, email: string, password: string): Promise<void> {
  await page.goto(`${ORIGIN}${localizePath('/auth', locale)}`);
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(email);
  await main.getByLabel(t(locale, 'auth.password.label'), { exact: true }).fill(password);
  await main.getByRole('button', { name: t(locale, 'auth.signIn.submit'), exact: true }).click();
}

/** Issuer of the test OpenID provider: always http://127.0.0.1 (the site is on localhost). */
export const OIDC_ISSUER = process.env['E2E_OIDC_ISSUER'] ?? `http://127.0.0.1:${process.env['E2E_OIDC_PORT'] ?? 3190}`;

/**
 * Plays the user at the test OpenID provider, where the site has just sent `page` (its button
 * for "Test ID"): waits for the "Sign in to Test ID" page, fills "Username" with `login` and
 * presses "Sign in" — or presses "Cancel" with `{ deny: true }` (the site then gets
 * access_denied) — and waits until the provider has sent the browser back to the site.
 *
 * The provider shows its form every time, even when this browser context signed in there
 * before, and any username works. `login` becomes `sub-<login>`, `<login>@example.test`
 * (verified; unverified when the login ends in `.unverified`, no e-mail at all for `.noemail`),
 * name `Test <login>`: pick a login unique to the test, since tests share the server.
 */
export async function signInAtTestProvider(page: Page, login: string, options: { deny?: boolean } = {}): Promise<void> {
  await page.waitForURL((url) => url.origin === OIDC_ISSUER);
  await expect(page.getByRole('heading', { name: 'Sign in to Test ID' })).toBeVisible();
  if (options.deny) {
    await page.getByRole('button', { name: 'Cancel' }).click();
  } else {
    await page.getByLabel('Username').fill(login);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.waitForURL((url) => url.origin !== OIDC_ISSUER);
}

// ---------------------------------------------------------------------------------------------
// The header's user menu (NAV-USER-MENU)

/** The button of the header's user menu (app and documents alike): its accessible name ends in "Account menu". */
export function accountMenuButton(page: Page, locale: Locale) {
  return page.getByRole('banner').getByRole('button', { name: new RegExp(`${escapeRegExp(t(locale, 'nav.accountMenu'))}$`) });
}

/** Opens the user menu and chooses "Sign out" (a menu item in the app, a button in a document's list). */
export async function signOutFromHeader(page: Page, locale: Locale): Promise<void> {
  const button = accountMenuButton(page, locale);
  // In the app the menu's code arrives just after hydration; a click on the waiting button does nothing.
  await expect(async () => {
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass();
  const name = t(locale, 'nav.signOut');
  await page
    .getByRole('menuitem', { name, exact: true })
    .or(page.getByRole('banner').getByRole('button', { name, exact: true }))
    .click();
}

// ---------------------------------------------------------------------------------------------
// Accessibility

/** The WCAG rules every page is checked against (2.0 and 2.1, levels A and AA). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The axe violations of the page as it is now (rule, impact, help, element selectors); [] when none. */
export async function axeViolations(page: Page) {
  // Legacy mode runs axe.run in the page itself instead of axe's per-frame runs finished in an
  // extra blank page: half the time, and the same result while the page has no iframes.
  const axe = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  return axe.violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The built admin CLI (`pnpm admin:create`, ACC-ADMIN-BOOTSTRAP). */
const ADMIN_CLI = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'api', 'dist', 'modules', 'identity', 'users', 'adminCli.js');

/**
 * Makes the account `email` of the server under test an administrator, as the studio does it:
 * with the admin CLI against the server's own data directory (E2E_DATA_DIR). The role takes effect
 * at the account's next request (the server reads it with every token check).
 */
export function promoteToAdmin(email: string): void {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  execFileSync(process.execPath, [ADMIN_CLI, '--email', email], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'pipe' });
}

/**
 * Moves the sign-ins and proofs of account `email`'s sessions `minutes` into the past, in the
 * server's own SQLite database (E2E_DATA_DIR), so a test meets the end of the 10-minute
 * re-authentication window (ACC-SUDO) without waiting for it. better-sqlite3 comes from the api
 * package, which owns the database; SQLite's locking makes the write safe beside the server.
 */
export function ageSessions(email: string, minutes: number): void {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  const requireFromApi = createRequire(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'api', 'package.json'));
  const Database = requireFromApi('better-sqlite3') as new (file: string) => {
    prepare(sql: string): { run(...params: unknown[]): { changes: number } };
    close(): void;
  };
  const db = new Database(resolve(dataDir, 'studio.sqlite'));
  try {
    const past = new Date(Date.now() - minutes * 60_000).toISOString();
    const { changes } = db
      .prepare('update sessions set created = ?, reauthenticated_at = null where user_id = (select id from users where email = ?)')
      .run(past, email.toLowerCase());
    if (changes === 0) throw new Error(`no session of ${email} to age`);
  } finally {
    db.close();
  }
}
