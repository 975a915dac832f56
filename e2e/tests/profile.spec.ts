/**
 * /profile journeys (ACC-FIELDS, ACC-EMAIL, ACC-AVATAR, ACC-REFERRAL, ACC-LINKED, ACC-DELETE) in
 * real Chromium, each with a fresh account, in three languages:
 * - (ru) the e-mail confirmation: "not verified" and the banner after registration, the code
 *   from the registration mail entered → banner gone, "verified", still so after a reload;
 * - (es) in-place editing by keyboard: username (taken → localized error with the value kept,
 *   then a free one), phone (invalid → localized error, then a national number stored in E.164 and
 *   shown internationally), Telegram "@handle" stored
 *   without "@", a multi-line bio (Ctrl+Enter), Escape cancelling; everything kept over a reload;
 * - (en) the avatar: a text file, an over-5 MB file and a disguised non-image refused in the
 *   visitor's language; a real PNG becomes a 512 px WebP under /api/uploads/ that loads;
 * - (ru) the referral code and order link (on the earnings page) copied to the clipboard with the "copied" line;
 * - (es) linked accounts: the empty state (there is no social sign-in to link one yet);
 * - (ru, en) deleting the account: a wrong password refused in the dialog with nothing deleted,
 *   the right one → home page with the "deleted" notice, a second tab signed out, and the old
 *   credentials refused.
 */
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from '@playwright/test';
import {
  type AllowedConsoleMessage,
  type Locale,
  SITE_NAME,
  escapeRegExp,
  expect,
  localizePath,
  registerThroughForm,
  t,
  test,
  urlOf,
  waitForHydration,
  waitForMail,
  accountMenuButton,
} from './fixtures';

const PASSWORD = 'correct horse battery staple';
// Every session cookie, the HttpOnly refresh cookie too: sign-out leaves none (SESSION-COOKIES, decision 0026).
const SESSION_COOKIES = ['studio.session', '__Host-studio.refresh', 'studio.credentials', 'apollo:default.token'];

/** A short unique tag (lower-case letters and digits) for e-mails and usernames. */
function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A fresh e-mail address for one test (every rate limit is per e-mail or per user). */
function uniqueEmail(kind: string, locale: Locale): string {
  return `profile.${kind}.${locale}.${uniqueTag()}@example.com`;
}

/** Registers through the form in `locale` and waits for the profile; answers the e-mail. */
async function register(page: Page, locale: Locale, name: string, kind: string): Promise<string> {
  const email = uniqueEmail(kind, locale);
  await registerThroughForm(page, locale, { name, email, password: PASSWORD });
  return email;
}

async function openProfile(page: Page, locale: Locale): Promise<void> {
  await page.goto(localizePath('/profile', locale));
  await waitForHydration(page);
}

/** A card of /profile: a `<section>` named by its heading. */
function card(page: Page, locale: Locale, titleId: string) {
  return page.getByRole('main').getByRole('region', { name: t(locale, titleId), exact: true });
}

/** The GraphQL operation a request of the page runs (persisted queries carry only its name and hash). */
function operationOf(request: Request): string | null {
  if (!request.url().endsWith('/api/graphql') || request.method() !== 'POST') return null;
  try {
    return (JSON.parse(request.postData() ?? '') as { operationName?: string }).operationName ?? null;
  } catch {
    return null;
  }
}

async function sessionCookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).filter((c) => SESSION_COOKIES.includes(c.name)).map((c) => c.name);
}

// ---------------------------------------------------------------------------------------------
// A real PNG, made here (no image library in e2e): RGB, 8 bits, one IDAT, zlib-compressed.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `width`×`height` PNG with a colour gradient (so the re-encoded WebP is a real picture). */
function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x++) rows.push(Math.round((255 * x) / (width - 1)), Math.round((255 * y) / (height - 1)), 160);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------

test.describe('profile: e-mail confirmation (ru)', () => {
  const locale: Locale = 'ru';

  test('the code from the registration mail confirms the address; the banner goes and stays gone', async ({ page }) => {
    const name = 'Вера Соколова';
    const email = await register(page, locale, name, 'verify');
    const main = page.getByRole('main');

    // The profile: name, e-mail "not verified", and the confirmation banner with the address.
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'profile.title'));
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('profile-email-unverified')).toHaveText(t(locale, 'profile.email.unverified'));
    await expect(page.getByTestId('profile-email-verified')).toHaveCount(0);
    const banner = main.getByRole('region', { name: t(locale, 'passwords.verify.title', { email }), exact: true });
    await expect(banner).toBeVisible();
    await expect(banner.getByText(t(locale, 'passwords.verify.lead'), { exact: true })).toBeVisible();
    const codeField = banner.getByLabel(t(locale, 'passwords.code.label'), { exact: true });
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');

    // The registration mail, in Russian, carries the 8-character code.
    const mail = await waitForMail((m) => m.envelopeTo.includes(email) && m.to.includes(email));
    const subject = new RegExp(`^([A-HJ-NP-Z2-9]{8}) — код подтверждения для ${escapeRegExp(SITE_NAME)}$`);
    expect(mail.subject).toMatch(subject);
    const code = subject.exec(mail.subject)![1]!;
    expect(mail.text).toContain(code);

    // A malformed code is refused in the browser, in Russian.
    const submit = banner.getByRole('button', { name: t(locale, 'passwords.verify.submit'), exact: true });
    await codeField.fill('ABC');
    await codeField.press('Enter');
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(t(locale, 'passwords.code.format'))}`));
    await expect(banner).toBeVisible();

    // The real code as a person may type it: lower case, with a space in the middle.
    await codeField.fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()}`);
    const verified = page.waitForResponse((r) => operationOf(r.request()) === 'EmailVerificationBannerVerifyMutation');
    await submit.click();
    expect((await verified).status()).toBe(200);
    await expect(banner).toHaveCount(0);
    const done = main.getByRole('status').filter({ hasText: t(locale, 'passwords.verify.done', { email }) });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expect(page.getByTestId('profile-email-verified')).toHaveText(t(locale, 'profile.email.verified'));
    await expect(page.getByTestId('profile-email-unverified')).toHaveCount(0);

    // The server keeps it: after a reload the address is verified and there is no banner.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('profile-fullName')).toHaveText(name);
    await expect(page.getByTestId('profile-email-verified')).toHaveText(t(locale, 'profile.email.verified'));
    await expect(page.getByTestId('profile-email-unverified')).toHaveCount(0);
    await expect(main.getByRole('heading', { name: t(locale, 'passwords.verify.title', { email }) })).toHaveCount(0);
    await expect(main.getByLabel(t(locale, 'passwords.code.label'), { exact: true })).toHaveCount(0);
    await expect(main.getByText(t(locale, 'passwords.verify.done', { email }), { exact: true })).toHaveCount(0);
  });
});

test.describe('profile: in-place editing (es)', () => {
  const locale: Locale = 'es';

  test('username, phone, Telegram and bio edited by keyboard, with localized errors; Escape cancels', async ({ page, request }) => {
    const tag = uniqueTag();
    // Someone else already has this username.
    const taken = `ocupado${tag}`;
    const other = await request.post('/api/auth/register', {
      data: { email: uniqueEmail('taken', locale), password: PASSWORD, name: 'Otra Persona', username: taken, deviceToken: 'e2e-api', locale },
    });
    expect(other.status()).toBe(201);

    await register(page, locale, 'Lucía Gómez', 'edit');
    const identity = card(page, locale, 'profile.identity.title');
    const about = card(page, locale, 'profile.about.title');
    const editButton = (scope: typeof identity, field: string) =>
      scope.getByRole('button', { name: t(locale, 'profile.inline.editLabel', { field: t(locale, field) }), exact: true });
    const input = (scope: typeof identity, field: string) => scope.getByLabel(t(locale, field), { exact: true });
    const savedLine = (scope: typeof identity, field: string) =>
      scope.getByRole('status').filter({ hasText: t(locale, 'profile.inline.saved', { field: t(locale, field) }) });
    /** Opens a field's editor from its Edit button with the keyboard; answers the focused input. */
    async function startEditing(scope: typeof identity, field: string) {
      const button = editButton(scope, field);
      await button.focus();
      await page.keyboard.press('Enter');
      const field$ = input(scope, field);
      await expect(field$).toBeFocused();
      return field$;
    }
    /** Replaces the focused input's text by typing. */
    async function retype(text: string) {
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(text);
    }
    const updates: string[] = [];
    page.on('request', (r) => {
      const operation = operationOf(r);
      if (operation === 'ProfileCardUsernameMutation' || operation === 'AboutBlockUpdateMutation') updates.push(r.postData() ?? '');
    });

    // Username: a taken one is refused by the server, said in Spanish at the field, text kept.
    const username = await startEditing(identity, 'profile.username');
    await expect(username).toHaveValue(/^profile\.edit\.es\./);
    await retype(taken);
    await page.keyboard.press('Enter');
    const takenMessage = t(locale, 'profile.username.error.taken');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(new RegExp(escapeRegExp(takenMessage)));
    await expect(identity.getByText(takenMessage, { exact: true })).toBeVisible();
    await expect(username).toHaveValue(taken);
    await expect(username).toBeFocused();
    expect(updates).toHaveLength(1);

    // A free one (typed with capitals: usernames are lower case) is saved; focus returns to Edit.
    const free = `Lucia.${tag}`;
    await retype(free);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('profile-username')).toHaveText(`@${free.toLowerCase()}`);
    await expect(savedLine(identity, 'profile.username')).toBeVisible();
    await expect(editButton(identity, 'profile.username')).toBeFocused();
    await expect(identity.getByText(takenMessage, { exact: true })).toHaveCount(0);

    // Phone: too short → the browser's message in Spanish, no request; then a Spanish national
    // number with spaces, sent as E.164 and shown internationally (ACC-FIELDS).
    const phone = await startEditing(about, 'profile.phone');
    await expect(phone).toHaveAttribute('type', 'tel');
    const before = updates.length;
    await page.keyboard.type('612 34');
    await page.keyboard.press('Enter');
    const phoneMessage = t(locale, 'profile.phone.error.format');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(new RegExp(escapeRegExp(phoneMessage)));
    await expect(about.getByText(phoneMessage, { exact: true })).toBeVisible();
    await expect(phone).toHaveValue('612 34');
    expect(updates).toHaveLength(before);
    await retype('612 34 56 78');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('profile-phone')).toHaveText('+34 612 34 56 78');
    await expect(savedLine(about, 'profile.phone')).toBeVisible();
    await expect(about.getByText(phoneMessage, { exact: true })).toHaveCount(0);

    // Telegram: "@handle" is stored without the "@" (shown with one).
    const handle = `lucia_${tag}`;
    await startEditing(about, 'profile.telegram');
    await page.keyboard.type(`@${handle}`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('profile-telegram')).toHaveText(`@${handle}`);
    await expect(savedLine(about, 'profile.telegram')).toBeVisible();
    expect(updates.at(-1)).toContain(`"telegram":"${handle}"`);

    // Bio: multi-line; Enter adds a line, Ctrl+Enter saves.
    const bio = await startEditing(about, 'profile.bio');
    await page.keyboard.type('Diseño productos digitales.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Vivo en Valencia.');
    await expect(bio).toHaveValue('Diseño productos digitales.\nVivo en Valencia.');
    await page.keyboard.press('Control+Enter');
    const shownBio = page.getByTestId('profile-bio');
    await expect(shownBio).toHaveText('Diseño productos digitales. Vivo en Valencia.');
    expect(await shownBio.innerText()).toBe('Diseño productos digitales.\nVivo en Valencia.');
    await expect(editButton(about, 'profile.bio')).toBeFocused();

    // Escape cancels an edit: nothing sent, the old value shown, focus back on Edit.
    const sent = updates.length;
    await startEditing(about, 'profile.bio');
    await page.keyboard.type(' Esto no se guarda.');
    await page.keyboard.press('Escape');
    await expect(input(about, 'profile.bio')).toHaveCount(0);
    await expect(editButton(about, 'profile.bio')).toBeFocused();
    expect(await shownBio.innerText()).toBe('Diseño productos digitales.\nVivo en Valencia.');
    expect(updates).toHaveLength(sent);

    // Everything came from the server: a reload shows the same values.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('profile-username')).toHaveText(`@${free.toLowerCase()}`);
    await expect(page.getByTestId('profile-phone')).toHaveText('+34 612 34 56 78');
    await expect(page.getByTestId('profile-telegram')).toHaveText(`@${handle}`);
    expect(await page.getByTestId('profile-bio').innerText()).toBe('Diseño productos digitales.\nVivo en Valencia.');
    // The stored handle has no "@": the editor starts from it. Escape leaves it as it is.
    const telegram = await startEditing(about, 'profile.telegram');
    await expect(telegram).toHaveValue(handle);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('profile-telegram')).toHaveText(`@${handle}`);
    expect(updates).toHaveLength(sent);
  });
});

/**
 * The browser messages the avatar journey provokes on purpose. (Given to `test.use` as a fixture
 * tuple: Playwright reads a bare array whose second item is an object as `[value, options]`.)
 */
const AVATAR_CONSOLE: AllowedConsoleMessage[] = [
  // The disguised file is refused by the server (415); the browser logs that answer itself.
  { text: /status of 415/, url: /\/api\/uploads\/avatar$/ },
  // Playwright's trace recorder (trace: 'retain-on-failure') reads the upload preview's blob: image
  // through a request the page's CSP (connect-src 'self') refuses. The app never fetches blob: URLs;
  // with tracing off the message does not appear.
  { text: /^Connecting to 'blob:http:\/\/localhost:\d+\/[0-9a-f-]{36}' violates the following Content Security Policy directive: "connect-src 'self'"/ },
];

test.describe('profile: avatar (en)', () => {
  const locale: Locale = 'en';
  test.use({ allowConsole: [AVATAR_CONSOLE, { scope: 'test' }] });

  test("non-images and files over 5 MB are refused in the visitor's language; a PNG becomes the avatar", async ({ page }) => {
    const name = 'Amelia Hart';
    await register(page, locale, name, 'avatar');
    const photo = card(page, locale, 'profile.avatar.title');
    const uploads: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/uploads/avatar') && r.request().method() === 'POST') uploads.push(r.status());
    });
    const alert = photo.getByRole('alert');
    const avatarImage = photo.locator('img');
    await expect(photo.getByText(t(locale, 'profile.avatar.hint', { max: '5' }), { exact: true })).toBeVisible();
    // No photo yet: the initials stand in, named as the photo.
    await expect(photo.getByRole('img', { name: t(locale, 'profile.avatar.alt', { name }), exact: true })).toHaveText('AH');
    await expect(avatarImage).toHaveCount(0);

    /** Chooses `file` through the visible button and the browser's file chooser. */
    async function choose(file: { name: string; mimeType: string; buffer: Buffer }) {
      const chooser = page.waitForEvent('filechooser');
      await photo.getByRole('button', { name: t(locale, 'profile.avatar.upload'), exact: true }).click();
      await (await chooser).setFiles(file);
    }

    // A text file: refused in the browser, nothing uploaded.
    await choose({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('These are my notes, not a picture.\n') });
    await expect(alert).toHaveText(t(locale, 'profile.avatar.error.notImage'));
    expect(uploads).toEqual([]);

    // An image over 5 MB: refused in the browser too.
    await choose({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
    await expect(alert).toHaveText(t(locale, 'profile.avatar.error.tooLarge', { max: '5' }));
    expect(uploads).toEqual([]);

    // Text dressed up as a PNG passes the browser's check; the server refuses it (415), said in English.
    await choose({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('This is not really a PNG file.\n') });
    await expect(alert).toHaveText(t(locale, 'profile.avatar.error.notImage'));
    expect(uploads).toEqual([415]);
    await expect(avatarImage).toHaveCount(0);

    // A real PNG: uploaded, re-encoded and made the avatar.
    await choose({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng(96, 64) });
    await expect(photo.getByRole('status')).toHaveText(t(locale, 'profile.avatar.done'));
    expect(uploads).toEqual([415, 201]);
    await expect(alert).toHaveCount(0);
    await expect(avatarImage).toHaveAttribute('src', /^\/api\/uploads\/[0-9a-f-]{36}\.webp$/);
    await expect(avatarImage).toHaveAttribute('alt', t(locale, 'profile.avatar.alt', { name }));
    await expect(avatarImage).toBeVisible();
    // Cropped to a 512 px square by the server, and actually decoded by the browser.
    await expect.poll(() => avatarImage.evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : ''))).toBe('512x512');
    const src = (await avatarImage.getAttribute('src'))!;
    const file = await page.request.get(src);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');
    expect((await file.body()).subarray(8, 12).toString('ascii')).toBe('WEBP');
    await expect(photo.getByRole('button', { name: t(locale, 'profile.avatar.change'), exact: true })).toBeVisible();

    // The server keeps it: after a reload the same image is the avatar.
    await page.reload();
    await waitForHydration(page);
    await expect(avatarImage).toHaveAttribute('src', src);
    await expect(avatarImage).toBeVisible();
    await expect(photo.getByRole('button', { name: t(locale, 'profile.avatar.change'), exact: true })).toBeVisible();
  });
});

test.describe('profile: referral code (ru)', () => {
  const locale: Locale = 'ru';

  test('Copy puts the code and the order link on the clipboard and says so', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await register(page, locale, 'Пётр Иванов', 'referral');
    // The code and link live on the earnings page (LEDGER-EARNINGS-PAGE).
    await page.goto(localizePath('/profile/earnings', locale));
    await waitForHydration(page);
    const referral = card(page, locale, 'profile.referral.title');
    await expect(referral.getByText(t(locale, 'profile.referral.lead'), { exact: true })).toBeVisible();
    const codeText = (await page.getByTestId('profile-referral-code').innerText()).trim();
    expect(codeText).toMatch(/^[A-Za-z0-9_-]{4,}$/);
    const orderUrl = `${baseURL}/ru/order?ref=${encodeURIComponent(codeText)}`;
    await expect(page.getByTestId('profile-referral-link').getByRole('link')).toHaveText(orderUrl);

    const copied = referral.getByRole('status').filter({ hasText: t(locale, 'profile.referral.copied') });
    await expect(copied).toHaveCount(0);
    await referral.getByRole('button', { name: t(locale, 'profile.referral.copyCode'), exact: true }).click();
    await expect(copied).toHaveCount(1);
    await expect(copied).toHaveText(t(locale, 'profile.referral.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codeText);
    await expect(referral.getByText(t(locale, 'profile.referral.copyFailed'), { exact: true })).toHaveCount(0);

    // The order link too, with the keyboard this time.
    await referral.getByRole('button', { name: t(locale, 'profile.referral.copyLink'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(copied).toHaveCount(2);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderUrl);

    // The code is the account's own: the same after a reload.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('profile-referral-code')).toHaveText(codeText);
  });
});

test.describe('profile: linked accounts (es)', () => {
  const locale: Locale = 'es';

  test('a new account has no linked accounts, says so, and offers the enabled provider', async ({ page }) => {
    await register(page, locale, 'Marta Ruiz', 'accounts');
    const accounts = card(page, locale, 'profile.accounts.title');
    await expect(accounts).toBeVisible();
    await expect(page.getByTestId('profile-accounts-empty')).toHaveText(t(locale, 'profile.accounts.empty'));
    await expect(accounts.getByRole('listitem')).toHaveCount(0);
    // Nothing to disconnect; only the enabled provider (Test ID in the e2e server) to connect.
    await expect(accounts.getByRole('button')).toHaveText(['Test ID']);
    await expect(accounts.getByRole('button', { name: t(locale, 'social.connect.label', { service: 'Test ID' }), exact: true })).toBeVisible();
    await expect(accounts.getByText(t(locale, 'profile.accounts.disconnect'))).toHaveCount(0);
  });
});

for (const { locale, name } of [
  { locale: 'ru' as Locale, name: 'Олег Смирнов' },
  { locale: 'en' as Locale, name: 'Oliver Smith' },
]) {
  test.describe(`profile: delete account (${locale})`, () => {
    // Signing in with the deleted account's credentials is refused (401); the browser logs that answer.
    test.use({ allowConsole: [{ text: /status of 401/, url: /\/api\/auth\/login$/ }] });

    test('a wrong password is refused in the dialog; the right one deletes, signs out every tab, and the old credentials fail', async ({ page, context }) => {
      const email = await register(page, locale, name, 'delete');
      // A second tab of the same browser with the profile open.
      const other = await context.newPage();
      await openProfile(other, locale);
      await expect(other.getByTestId('profile-fullName')).toHaveText(name);

      const danger = card(page, locale, 'profile.delete.title');
      await expect(danger.getByText(t(locale, 'profile.delete.lead'), { exact: true })).toBeVisible();
      const open = danger.getByRole('button', { name: t(locale, 'profile.delete.open'), exact: true });
      const dialog = page.getByRole('alertdialog', { name: t(locale, 'profile.delete.confirm.title'), exact: true });
      const password = dialog.getByLabel(t(locale, 'profile.delete.password.label'), { exact: true });
      const confirm = dialog.getByRole('button', { name: t(locale, 'profile.delete.confirm.submit'), exact: true });
      const deletes: number[] = [];
      page.on('response', (r) => {
        if (operationOf(r.request()) === 'DeleteAccountDialogMutation') deletes.push(r.status());
      });

      // The dialog says what goes and asks for the password; Cancel has focus, confirm waits for input.
      await open.click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAccessibleDescription(t(locale, 'profile.delete.confirm.description'));
      await expect(dialog.getByRole('button', { name: t(locale, 'profile.delete.confirm.cancel'), exact: true })).toBeFocused();
      await expect(confirm).toBeDisabled();

      // A wrong password: the localized error at the field, the dialog stays, nothing deleted.
      await password.fill(`${PASSWORD}!`);
      await expect(confirm).toBeEnabled();
      await password.press('Enter');
      const wrong = t(locale, 'profile.delete.error.wrongPassword');
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAccessibleDescription(new RegExp(escapeRegExp(wrong)));
      await expect(dialog.getByText(wrong, { exact: true })).toBeVisible();
      await expect(password).toBeFocused();
      await expect(password).toHaveValue(`${PASSWORD}!`);
      expect(deletes).toHaveLength(1);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(open).toBeFocused();
      // Still there on the server: a reload shows the profile, and the other tab still has it.
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByTestId('profile-fullName')).toHaveText(name);
      await expect(other.getByTestId('profile-fullName')).toHaveText(name);

      // Reopened, the field is empty again; the right password deletes the account.
      await open.click();
      await expect(password).toHaveValue('');
      await password.fill(PASSWORD);
      await confirm.click();
      await expect(page).toHaveURL(urlOf(localizePath('/', locale)));
      expect(deletes).toEqual([200, 200]);
      const notice = page.getByTestId('account-deleted');
      await expect(notice).toContainText(t(locale, 'profile.delete.done.title'));
      await expect(notice).toContainText(t(locale, 'profile.delete.done.text'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'home.hero.title'));
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: t(locale, 'nav.signIn'), exact: true })).toBeVisible();
      await expect(accountMenuButton(page, locale)).toHaveCount(0);
      expect(await sessionCookieNames(context)).toEqual([]);

      // The other tab follows within a few seconds, without a reload.
      await expect(other.getByRole('banner').getByRole('link', { name: t(locale, 'nav.signIn'), exact: true })).toBeVisible({ timeout: 3000 });
      await expect(other.getByRole('main').getByRole('heading', { level: 2, name: t(locale, 'profile.signedOutTitle'), exact: true })).toBeVisible({
        timeout: 3000,
      });
      await expect(other.getByTestId('profile-fullName')).toHaveCount(0);

      // The old credentials no longer sign in.
      await page.goto(localizePath('/auth', locale));
      await waitForHydration(page);
      const main = page.getByRole('main');
      await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(email);
      await main.getByLabel(t(locale, 'auth.password.label'), { exact: true }).fill(PASSWORD);
      const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await main.getByRole('button', { name: t(locale, 'auth.signIn.submit'), exact: true }).click();
      expect((await login).status()).toBe(401);
      await expect(main.getByRole('alert')).toHaveText(t(locale, 'error.INVALID_CREDENTIALS'));
      await expect(page).toHaveURL(urlOf(localizePath('/auth', locale)));
      expect(await sessionCookieNames(context)).toEqual([]);
    });
  });
}
