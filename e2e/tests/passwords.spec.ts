/**
 * Passwords and addresses (ACC-PASSWORD, ACC-RESET, ACC-EMAIL) in real Chromium, each journey with
 * a fresh account:
 * - (es) password reset: the sign-in form's "forgot" link, the same confirmation for a known and an
 *   unknown address (only the known one gets the Spanish mail), the link's page (no-referrer, token
 *   taken out of the address bar), a common password refused in the browser, a good one saved,
 *   the reset-success page, sign-in with the new password only, and the used link saying so as soon
 *   as it opens (no form);
 * - (ru) a rate-limited sign-in (the account's growing delay) names the wait;
 * - (ru) change password: wrong current password, success, another browser signed out, this one not;
 * - (en) change e-mail 11 minutes after the sign-in: the re-authentication dialog (ACC-SUDO, a
 *   wrong password, then the right one), the change sent again by itself, code to the new address,
 *   wrong code with attempts left, the right code, the notice to the old address, sign-in with the
 *   new address;
 * - (es) set password for an account that has one points to change-password (the passwordless
 *   journey needs social sign-in, which is not built yet);
 * - (en) registration refuses a common and a too-short password without calling the server;
 * - (ru) the verification banner: a new code replaces the first; after three resends the button
 *   says to wait.
 * Texts come from the web app's catalogues (`t`, and `plural` here for ICU plural messages).
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  LOCALE_TAGS,
  type Locale,
  ORIGIN,
  type ReceivedMail,
  ageSessions,
  axeViolations,
  escapeRegExp,
  expect,
  localizePath,
  message,
  t,
  test,
  urlOf,
  waitForHydration,
  waitForMail,
  signOutFromHeader,
} from './fixtures';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'violet kettle under moonlight';

/**
 * An ICU message made of one plural argument (`{n, plural, one {…} few {…} other {…}}`), as
 * react-intl formats it for `value`: the branch of the locale's plural rules, `#` → the number.
 */
function plural(locale: Locale, id: string, value: number): string {
  const text = message(locale, id);
  const whole = /^\{\s*(\w+)\s*,\s*plural\s*,(.*)\}$/s.exec(text);
  if (!whole) throw new Error(`Message ${id} is not a single plural`);
  const branches = new Map<string, string>();
  for (const match of whole[2]!.matchAll(/(=\d+|\w+)\s*\{([^{}]*)\}/g)) branches.set(match[1]!, match[2]!);
  const branch = branches.get(`=${value}`) ?? branches.get(new Intl.PluralRules(LOCALE_TAGS[locale]).select(value)) ?? branches.get('other');
  if (branch === undefined) throw new Error(`Message ${id} has no branch for ${value}`);
  return branch.replace(/#/g, new Intl.NumberFormat(LOCALE_TAGS[locale]).format(value));
}

/** A message with simple arguments where some (`wild`) may be anything: a RegExp of the whole text. */
function pattern(locale: Locale, id: string, values: Record<string, string>, wild: string[] = []): RegExp {
  const parts = message(locale, id).split(/(\{\w+\})/);
  const source = parts
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      if (wild.includes(name)) return '.+';
      const value = values[name];
      if (value === undefined) throw new Error(`Message ${id} needs a value for {${name}}`);
      return escapeRegExp(value);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** A fresh address per test (the rate limits count per address and per user). */
function uniqueEmail(tag: string): string {
  return `pw.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Registers through the API (its mails in `locale`); answers the address. */
async function registerByApi(request: APIRequestContext, tag: string, locale: Locale, name = 'Pat Doe'): Promise<string> {
  const email = uniqueEmail(tag);
  const response = await request.post('/api/auth/register', { data: { email, password: PASSWORD, name, deviceToken: `e2e-${tag}`, locale } });
  expect(response.status()).toBe(201);
  return email;
}

/** Fills and submits the sign-in form at /auth of `locale` (the page must be there already or is opened). */
async function submitSignIn(page: Page, locale: Locale, email: string, password: string, open = true): Promise<number> {
  if (open) {
    await page.goto(localizePath('/auth', locale));
    await waitForHydration(page);
  }
  const main = page.getByRole('main');
  await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(email);
  await main.getByLabel(t(locale, 'auth.password.label'), { exact: true }).fill(password);
  const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await main.getByRole('button', { name: t(locale, 'auth.signIn.submit'), exact: true }).click();
  return (await login).status();
}

/** Signs in and waits for the profile showing `email`. */
async function signIn(page: Page, locale: Locale, email: string, password: string): Promise<void> {
  expect(await submitSignIn(page, locale, email, password)).toBe(200);
  await expect(page).toHaveURL(urlOf(localizePath('/profile', locale)));
  await expect(page.getByTestId('profile-email')).toHaveText(email);
}

/** A wrong sign-in: 401 and the localized alert, still on /auth. */
async function expectSignInRefused(page: Page, locale: Locale, email: string, password: string): Promise<void> {
  expect(await submitSignIn(page, locale, email, password)).toBe(401);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(t(locale, 'error.INVALID_CREDENTIALS'));
  await expect(page).toHaveURL(urlOf(localizePath('/auth', locale)));
}

/** The 8-character code of a code mail (its own indented line in the text body). */
function codeOf(mail: ReceivedMail): string {
  const code = /^ {4}([A-HJ-NP-Z2-9]{8})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in mail "${mail.subject}"`);
  return code;
}

const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());

/** Mails received so far for `address` (after a pause long enough for the outbox worker to have sent more). */
async function mailsTo(address: string, settleMs = 1500): Promise<ReceivedMail[]> {
  await new Promise((r) => setTimeout(r, settleMs));
  const found: ReceivedMail[] = [];
  // waitForMail answers the first match: collect by excluding those already seen.
  for (;;) {
    try {
      found.push(await waitForMail((m) => to(address)(m) && !found.some((f) => f.file === m.file), 0));
    } catch {
      return found;
    }
  }
}

/** A browser context like the test's own (desktop Chrome user agent, base URL), for "another device". */
async function otherDevice(browser: Browser): Promise<BrowserContext> {
  const use = test.info().project.use;
  return browser.newContext({ baseURL: use.baseURL, userAgent: use.userAgent });
}

/** A locator's accessible description must start with `text` (the field's error, then its hint). */
function startsWith(text: string): RegExp {
  return new RegExp(`^${escapeRegExp(text)}`);
}

// ---------------------------------------------------------------------------------------------

test.describe('password reset (es)', () => {
  // Provoked on purpose: the old password (401 at login).
  test.use({ allowConsole: [{ text: /status of 401/, url: /\/api\/auth\/login$/ }] });

  test('forgot link, same answer for any address, Spanish mail, new password, used link refused', async ({ page, request }) => {
    const locale: Locale = 'es';
    const email = await registerByApi(request, 'reset', locale);
    const unknown = uniqueEmail('nobody');
    const main = page.getByRole('main');
    const resetCalls: { email: string; locale: string; status: number; body: string }[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/auth/reset')) return;
      const sent = JSON.parse(response.request().postData() ?? '{}') as { email: string; locale: string };
      resetCalls.push({ email: sent.email, locale: sent.locale, status: response.status(), body: await response.text() });
    });

    // The sign-in form's "forgot" link carries the typed address to /es/auth/reset.
    await page.goto(localizePath('/auth', locale));
    await waitForHydration(page);
    await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(email);
    await main.getByRole('link', { name: t(locale, 'auth.forgotPassword'), exact: true }).click();
    await expect(page).toHaveURL(urlOf('/es/auth/reset'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'page.authReset.title'));
    const emailField = main.getByLabel(t(locale, 'auth.email.label'), { exact: true });
    await expect(emailField).toHaveValue(email);

    // Known address: the confirmation.
    await main.getByRole('button', { name: t(locale, 'passwords.reset.submit'), exact: true }).click();
    const confirmation = main.getByRole('status').filter({ hasText: t(locale, 'passwords.reset.sentTitle') });
    await expect(confirmation).toHaveText(t(locale, 'passwords.reset.sentTitle') + t(locale, 'passwords.reset.sent', { email }));
    await expect(confirmation).toBeFocused();

    // Unknown address: exactly the same confirmation (only the address it repeats differs).
    await main.getByRole('button', { name: t(locale, 'passwords.reset.otherAddress'), exact: true }).click();
    await expect(emailField).toBeFocused();
    await emailField.fill(unknown);
    await main.getByRole('button', { name: t(locale, 'passwords.reset.submit'), exact: true }).click();
    await expect(confirmation).toHaveText(t(locale, 'passwords.reset.sentTitle') + t(locale, 'passwords.reset.sent', { email: unknown }));
    await expect.poll(() => resetCalls.length).toBe(2);
    expect(resetCalls.map((c) => c.email)).toEqual([email, unknown]);
    // Asked in the page's language (the language of the mail).
    expect(resetCalls.map((c) => c.locale)).toEqual([locale, locale]);
    expect(resetCalls.map((c) => c.status)).toEqual([202, 202]);
    expect(resetCalls[0]!.body).toBe(resetCalls[1]!.body);

    // The mail (in Spanish) reaches the known address only.
    const mail = await waitForMail((m) => to(email)(m) && m.subject.startsWith('Restablece tu contraseña'));
    expect(mail.subject).toBe('Restablece tu contraseña de Studio');
    expect(mail.text).toContain('Elegir una nueva contraseña');
    const link = new RegExp(`^(${escapeRegExp(ORIGIN)}/es/auth/change-password\\?token=\\S+)$`, 'm').exec(mail.text)?.[1];
    expect(link, 'the reset link in the mail').toBeTruthy();
    expect(await mailsTo(unknown)).toEqual([]);

    // The link's page: never sent as a Referer, and the token leaves the address bar at once.
    const opened = await page.goto(link!);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await waitForHydration(page);
    await expect(page).toHaveURL(urlOf('/es/auth/change-password'));
    expect(page.url()).not.toContain('token');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'page.authChangePassword.title'));

    // A very common password is refused in the browser: no request leaves.
    const confirms: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/reset/confirm')) confirms.push(r.url());
    });
    const newField = main.getByLabel(t(locale, 'passwords.new.label'), { exact: true });
    const repeatField = main.getByLabel(t(locale, 'passwords.confirm.label'), { exact: true });
    const save = main.getByRole('button', { name: t(locale, 'passwords.reset.save'), exact: true });
    await newField.fill('password123');
    await repeatField.fill('password123');
    await save.click();
    await expect(newField).toHaveAttribute('aria-invalid', 'true');
    await expect(newField).toHaveAccessibleDescription(startsWith(t(locale, 'passwords.error.common')));
    await expect(newField).toBeFocused();
    expect(confirms).toEqual([]);

    // A good one: saved, on to /es/auth/reset-success.
    await newField.fill(NEW_PASSWORD);
    await repeatField.fill(NEW_PASSWORD);
    const confirmed = page.waitForResponse((r) => r.url().endsWith('/api/auth/reset/confirm'));
    await save.click();
    const answer = await confirmed;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ data: { removedLinks: [], removedPasskeys: [], twoFactorRemoved: false } });
    await expect(page).toHaveURL(urlOf('/es/auth/reset-success'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'page.authResetSuccess.title'));
    await expect(main.getByRole('status')).toHaveText(t(locale, 'passwords.resetSuccess.title') + t(locale, 'passwords.resetSuccess.text'));
    // The security mail (MAIL-SECURITY), in Spanish, names this browser.
    const done = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith('Se ha restablecido tu contraseña'));
    expect(done.text).toMatch(/Dispositivo: Chrome \d+ en Linux/);

    // The same link again: the page checks it as it opens (without using it) and says at once that it
    // was used — no form to type into — with the way to a new one.
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/auth/reset/check'));
    await page.goto(link!);
    await waitForHydration(page);
    expect(await (await checked).json()).toEqual({ data: { status: 'used' } });
    await expect(page).toHaveURL(urlOf('/es/auth/change-password'));
    const dead = main.getByRole('alert');
    await expect(dead).toContainText(t(locale, 'passwords.resetLink.usedTitle'));
    await expect(dead).toContainText(t(locale, 'passwords.resetLink.used'));
    await expect(dead).toBeFocused();
    await expect(newField).toHaveCount(0);
    await expect(save).toHaveCount(0);
    await dead.getByRole('link', { name: t(locale, 'passwords.resetLink.requestNew'), exact: true }).click();
    await expect(page).toHaveURL(urlOf('/es/auth/reset'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'page.authReset.title'));

    // The old password no longer works; the new one does.
    await expectSignInRefused(page, locale, email, PASSWORD);
    await expectSignInRefused(page, locale, email, 'another fine passphrase');
    await signIn(page, locale, email, NEW_PASSWORD);
  });
});

test.describe('rate-limited sign-in (ru)', () => {
  // Provoked on purpose: wrong passwords (401) and the account's delay (429).
  test.use({
    allowConsole: async ({}, use) =>
      use([
        { text: /status of 401/, url: /\/api\/auth\/login$/ },
        { text: /status of 429/, url: /\/api\/auth\/login$/ },
      ]),
  });

  test('after repeated wrong passwords the form says how long to wait, in Russian, not "something went wrong"', async ({ page, request }) => {
    const locale: Locale = 'ru';
    const email = await registerByApi(request, 'wait', locale);
    await page.goto(localizePath('/auth', locale));
    await waitForHydration(page);
    const main = page.getByRole('main');
    await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(email);
    await main.getByLabel(t(locale, 'auth.password.label'), { exact: true }).fill(PASSWORD);

    // The e2e server frees RATE_LIMIT_PASSWORD_GUESS=2 failures; then attempts wait 1 s, 2 s, 4 s …
    // after the one before (SEC-LIMITS passwordGuess, per account, so no other test is touched).
    const wrong = (i: number) => request.post('/api/auth/login', { data: { email, password: `wrong password ${i}`, deviceToken: 'e2e-wait' } });
    for (const [i, pause] of [
      [1, 0],
      [2, 0],
      [3, 1200],
      [4, 2200],
      [5, 0],
    ] as const) {
      expect((await wrong(i)).status()).toBe(401);
      if (pause) await page.waitForTimeout(pause);
    }
    // The fifth failure holds the account back 4 s: even the right password waits.
    const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await main.getByRole('button', { name: t(locale, 'auth.signIn.submit'), exact: true }).click();
    const answer = await login;
    expect(answer.status()).toBe(429);
    const seconds = Number(answer.headers()['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(4);
    const alert = main.getByRole('alert');
    await expect(alert).toHaveText(plural(locale, 'passwords.error.waitSeconds', seconds));
    await expect(alert).toContainText('Попробуйте снова через');
    await expect(alert).toBeFocused();
    await expect(page).toHaveURL(urlOf(localizePath('/auth', locale)));
    // What was typed stays for the next try (which, after five failures, also asks for the challenge: challenge.spec.ts).
    await expect(main.getByLabel(t(locale, 'auth.password.label'), { exact: true })).toHaveValue(PASSWORD);
  });
});

test.describe('change password (ru)', () => {
  test('wrong current password, then changed: other devices signed out, this one not', async ({ page, browser, request }) => {
    const locale: Locale = 'ru';
    const email = await registerByApi(request, 'change', locale, 'Пётр Иванов');
    const main = page.getByRole('main');
    await signIn(page, locale, email, PASSWORD);

    // Another device signed in as the same person (its own browser, own device token and cookies).
    const other = await otherDevice(browser);
    const otherProblems: string[] = [];
    other.on('console', (m) => {
      if (m.type() !== 'error' && m.type() !== 'warning') return;
      // Its requests with the revoked session are refused (401) on purpose below. Nothing else may appear.
      if (/status of 401/.test(m.text())) return;
      otherProblems.push(m.text());
    });
    other.on('weberror', (e) => otherProblems.push(String(e.error())));
    const otherPage = await other.newPage();
    await signIn(otherPage, locale, email, PASSWORD);
    // It has the profile open, live (viewerUpdated), while the password changes here.
    await otherPage.goto(localizePath('/profile', locale));
    await waitForHydration(otherPage);
    await expect(otherPage.getByTestId('profile-email')).toHaveText(email);

    await page.goto(localizePath('/profile/change-password', locale));
    await waitForHydration(page);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'page.profileChangePassword.title'));
    const current = main.getByLabel(t(locale, 'passwords.current.label'), { exact: true });
    const newField = main.getByLabel(t(locale, 'passwords.new.label'), { exact: true });
    const repeatField = main.getByLabel(t(locale, 'passwords.confirm.label'), { exact: true });
    const submit = main.getByRole('button', { name: t(locale, 'passwords.changePassword.submit'), exact: true });

    // A wrong current password: said at its field, in Russian; what was typed stays.
    await current.fill('not my password at all');
    await newField.fill(NEW_PASSWORD);
    await repeatField.fill(NEW_PASSWORD);
    await submit.click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(startsWith(t(locale, 'passwords.error.wrongPassword')));
    await expect(current).toBeFocused();
    await expect(newField).toHaveValue(NEW_PASSWORD);

    // The right one: the confirmation.
    await current.fill(PASSWORD);
    await submit.click();
    const done = main.getByRole('status');
    await expect(done).toHaveText(t(locale, 'passwords.changePassword.doneTitle') + t(locale, 'passwords.changePassword.done'));
    await expect(done).toBeFocused();

    // The other device's open profile signs out in place: its subscription ends UNAUTHENTICATED, the
    // refresh is refused, and the session ends there without any navigation.
    await expect(otherPage.getByRole('main').getByRole('heading', { level: 2, name: t(locale, 'profile.signedOutTitle'), exact: true })).toBeVisible({
      timeout: 10_000,
    });
    // And stays signed out on its next navigation.
    await otherPage.goto(localizePath('/profile', locale));
    await waitForHydration(otherPage);
    await expect(otherPage.getByRole('main').getByRole('heading', { level: 2, name: t(locale, 'profile.signedOutTitle'), exact: true })).toBeVisible();
    await expect(otherPage.getByTestId('profile-email')).toHaveCount(0);
    await expect(otherPage.getByRole('banner').getByRole('link', { name: t(locale, 'nav.signIn'), exact: true })).toBeVisible();

    // This tab stays signed in, also after loading the profile afresh.
    await main.getByRole('link', { name: t(locale, 'passwords.backToProfile'), exact: true }).click();
    await expect(page).toHaveURL(urlOf(localizePath('/profile', locale)));
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('profile-email')).toHaveText(email);

    // The other device signs in with the new password (the old one is refused by the server).
    const old = await otherPage.request.post('/api/auth/login', { data: { email, password: PASSWORD, deviceToken: 'e2e-old' } });
    expect(old.status()).toBe(401);
    await signIn(otherPage, locale, email, NEW_PASSWORD);
    await other.close();
    expect(otherProblems).toEqual([]);
  });
});

test.describe('change e-mail (en)', () => {
  test('after 10 minutes it asks who it is (wrong password, then right), mails a code to the new address, wrong code, right code, notice to the old one', async ({
    page,
    request,
  }) => {
    const locale: Locale = 'en';
    const oldEmail = await registerByApi(request, 'old', locale);
    const newEmail = uniqueEmail('new');
    const main = page.getByRole('main');
    await signIn(page, locale, oldEmail, PASSWORD);
    // The sign-in was 11 minutes ago: no longer recent enough for a change of address (ACC-SUDO).
    ageSessions(oldEmail, 11);

    await main.getByRole('link', { name: t(locale, 'profile.edit.email'), exact: true }).click();
    await expect(page).toHaveURL(urlOf('/profile/change-email'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'page.profileChangeEmail.title'));
    await expect(main.getByText(t(locale, 'passwords.changeEmail.current', { email: oldEmail }), { exact: true })).toBeVisible();
    const emailField = main.getByLabel(t(locale, 'passwords.changeEmail.newLabel'), { exact: true });
    const send = main.getByRole('button', { name: t(locale, 'passwords.changeEmail.submit'), exact: true });

    await emailField.fill(newEmail);
    await send.click();
    const dialog = page.getByRole('dialog', { name: t(locale, 'payouts.reauth.title') });
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const passwordField = dialog.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(t(locale, 'payouts.reauth.password'))}`) });
    const confirmIt = dialog.getByRole('button', { name: t(locale, 'payouts.reauth.confirm'), exact: true });

    // Wrong password: said at the dialog's field; nothing is mailed.
    await passwordField.fill('not my password at all');
    await confirmIt.click();
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField).toHaveAccessibleDescription(startsWith(t(locale, 'passwords.error.wrongPassword')));

    // Right password: the change goes again by itself — the code step, and a code mail to the NEW address.
    await passwordField.fill(PASSWORD);
    await confirmIt.click();
    await expect(dialog).toHaveCount(0);
    await expect(main.getByText(t(locale, 'passwords.changeEmail.codeSent', { email: newEmail }), { exact: true })).toBeVisible();
    const codeField = main.getByLabel(t(locale, 'passwords.code.label'), { exact: true });
    await expect(codeField).toBeVisible();
    const mail = await waitForMail((m) => to(newEmail)(m) && m.subject === 'Confirm your new email address for Studio');
    expect(mail.text).toContain(newEmail);
    const code = codeOf(mail);

    // A wrong code (well formed): refused with the attempts left.
    const wrong = code === 'ABCDEFGH' ? 'HGFEDCBA' : 'ABCDEFGH';
    const confirm = main.getByRole('button', { name: t(locale, 'passwords.changeEmail.confirm'), exact: true });
    await codeField.fill(wrong);
    await confirm.click();
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField).toHaveAccessibleDescription(startsWith(plural(locale, 'passwords.code.wrongAttempts', 4)));
    await expect(codeField).toBeFocused();

    // The right code (lower case, with a space: both allowed): back on the profile with the new address.
    await codeField.fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    await confirm.click();
    await expect(page).toHaveURL(urlOf('/profile'));
    await expect(page.getByTestId('profile-email')).toHaveText(newEmail);
    await expect(page.getByTestId('profile-email-verified')).toHaveText(t(locale, 'profile.email.verified'));
    await expect(page.getByTestId('profile-pendingEmail')).toHaveCount(0);

    // The old address was told.
    const notice = await waitForMail((m) => to(oldEmail)(m) && m.subject === 'Your Studio email address was changed');
    expect(notice.text).toContain(`from ${oldEmail} to ${newEmail}`);

    // Sign out; the new address signs in, the old one no longer does.
    await signOutFromHeader(page, locale);
    await expect(page.getByRole('banner').getByRole('link', { name: t(locale, 'nav.signIn'), exact: true })).toBeVisible();
    const byOld = await page.request.post('/api/auth/login', { data: { email: oldEmail, password: PASSWORD, deviceToken: 'e2e-old' } });
    expect(byOld.status()).toBe(401);
    await signIn(page, locale, newEmail, PASSWORD);
  });
});

test.describe('set password (es)', () => {
  test('an account with a password is pointed to change-password', async ({ page, request }) => {
    const locale: Locale = 'es';
    const email = await registerByApi(request, 'set', locale);
    const main = page.getByRole('main');
    await signIn(page, locale, email, PASSWORD);

    await page.goto(localizePath('/profile/set-password', locale));
    await waitForHydration(page);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'page.profileSetPassword.title'));
    await expect(main.getByText(t(locale, 'passwords.setPassword.alreadySetTitle'), { exact: true })).toBeVisible();
    await expect(main.getByText(t(locale, 'passwords.setPassword.alreadySet'), { exact: true })).toBeVisible();
    // No form to set one: only the pointer.
    await expect(main.getByLabel(t(locale, 'passwords.new.label'), { exact: true })).toHaveCount(0);
    await main.getByRole('link', { name: t(locale, 'profile.edit.password'), exact: true }).click();
    await expect(page).toHaveURL(urlOf('/es/profile/change-password'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'page.profileChangePassword.title'));
    await expect(main.getByLabel(t(locale, 'passwords.current.label'), { exact: true })).toBeVisible();
  });
});

test.describe('registration password rules (en)', () => {
  test('a common and a too-short password are refused in the browser, without a request', async ({ page }) => {
    const locale: Locale = 'en';
    const main = page.getByRole('main');
    const registers: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/register')) registers.push(r.method());
    });
    await page.goto('/auth?mode=register');
    await waitForHydration(page);
    const email = uniqueEmail('rules');
    await main.getByLabel(t(locale, 'auth.name.label'), { exact: true }).fill('Rules Person');
    await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(email);
    const password = main.getByLabel(t(locale, 'auth.password.label'), { exact: true });
    const submit = main.getByRole('button', { name: t(locale, 'auth.register.submit'), exact: true });

    await password.fill('password123');
    await submit.click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(startsWith(t(locale, 'passwords.error.common')));
    await expect(main.getByText(t(locale, 'passwords.error.common'), { exact: true })).toBeVisible();
    await expect(password).toBeFocused();

    await password.fill('short12');
    await submit.click();
    const tooShort = plural(locale, 'validation.passwordTooShort', 8);
    await expect(password).toHaveAccessibleDescription(startsWith(tooShort));
    await expect(main.getByText(tooShort, { exact: true })).toBeVisible();
    await expect(main.getByText(t(locale, 'passwords.error.common'), { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(urlOf('/auth?mode=register'));
    expect(registers).toEqual([]);

    // A good password goes through (so the listener above does see the call when there is one).
    await password.fill(PASSWORD);
    await submit.click();
    await expect(page).toHaveURL(urlOf('/profile'));
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    expect(registers).toEqual(['POST']);
  });
});

test.describe('verification code resend (ru)', () => {
  /** Registers through the Russian form and answers the address and the registration mail's code. */
  async function registerRu(page: Page): Promise<{ email: string; firstCode: string }> {
    const locale: Locale = 'ru';
    const email = uniqueEmail('verify');
    const main = page.getByRole('main');
    await page.goto(`${localizePath('/auth', locale)}?mode=register`);
    await waitForHydration(page);
    await main.getByLabel(t(locale, 'auth.name.label'), { exact: true }).fill('Вера Петрова');
    await main.getByLabel(t(locale, 'auth.email.label'), { exact: true }).fill(email);
    await main.getByLabel(t(locale, 'auth.password.label'), { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: t(locale, 'auth.register.submit'), exact: true }).click();
    await expect(page).toHaveURL(urlOf('/ru/profile'));
    await expect(page.getByTestId('profile-email-unverified')).toHaveText(t(locale, 'profile.email.unverified'));
    const first = await waitForMail((m) => to(email)(m) && m.subject.includes('код подтверждения'));
    return { email, firstCode: codeOf(first) };
  }

  function banner(page: Page, email: string) {
    return page.getByRole('region', { name: t('ru', 'passwords.verify.title', { email }), exact: true });
  }

  test('a new code replaces the first one', async ({ page }) => {
    const locale: Locale = 'ru';
    const { email, firstCode } = await registerRu(page);
    const section = banner(page, email);
    await expect(section).toBeVisible();

    await section.getByRole('button', { name: t(locale, 'passwords.verify.sendNew'), exact: true }).click();
    await expect(section.getByText(pattern(locale, 'passwords.verify.sent', { email }, ['time']))).toBeVisible();
    const second = await waitForMail((m) => to(email)(m) && m.subject.includes('код подтверждения') && codeOf(m) !== firstCode);
    expect(second.subject).toBe(`${codeOf(second)} — код подтверждения для Studio`);
    const secondCode = codeOf(second);

    // The first code no longer works.
    const codeField = section.getByLabel(t(locale, 'passwords.code.label'), { exact: true });
    const submit = section.getByRole('button', { name: t(locale, 'passwords.verify.submit'), exact: true });
    await codeField.fill(firstCode);
    await submit.click();
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField).toHaveAccessibleDescription(startsWith(plural(locale, 'passwords.code.wrongAttempts', 4)));

    // The second does.
    await codeField.fill(secondCode);
    await submit.click();
    const done = page.getByRole('status').filter({ hasText: t(locale, 'passwords.verify.done', { email }) });
    await expect(done).toHaveText(t(locale, 'passwords.verify.done', { email }));
    await expect(done).toBeFocused();
    await expect(section).toHaveCount(0);
    await expect(page.getByTestId('profile-email-verified')).toHaveText(t(locale, 'profile.email.verified'));

    // Stored on the server: after a reload, verified and no banner.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('profile-email-verified')).toHaveText(t(locale, 'profile.email.verified'));
    await expect(section).toHaveCount(0);
  });

  test('after three resends the button says to wait', async ({ page }) => {
    const locale: Locale = 'ru';
    const { email } = await registerRu(page);
    const section = banner(page, email);
    const sendNew = section.getByRole('button', { name: t(locale, 'passwords.verify.sendNew'), exact: true });
    const sends: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/graphql') || !(response.request().postData() ?? '').includes('EmailVerificationBannerSendMutation')) return;
      const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      sends.push(body.errors?.[0]?.extensions?.code ?? 'OK');
    });

    // Three resends are accepted (the registration mail does not count), each a new mail.
    for (let i = 1; i <= 3; i++) {
      await sendNew.click();
      await expect.poll(() => sends.length).toBe(i);
      await expect(sendNew).toBeEnabled();
    }
    expect(sends).toEqual(['OK', 'OK', 'OK']);
    await expect.poll(async () => (await mailsTo(email, 0)).length, { timeout: 10_000 }).toBe(4);

    // The fourth is refused: the localized wait (about 15 minutes) and a disabled button.
    await sendNew.click();
    await expect.poll(() => sends.length).toBe(4);
    expect(sends[3]).toBe('TOO_MANY_REQUESTS');
    const wait = section.getByText(new RegExp(`^(${[15, 14].map((m) => escapeRegExp(plural(locale, 'passwords.error.waitMinutes', m))).join('|')})$`));
    await expect(wait).toBeVisible();
    await expect(sendNew).toBeDisabled();
    expect(await mailsTo(email)).toHaveLength(4);
  });
});
