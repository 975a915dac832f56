/**
 * A recent proof before every new way in and every change of where money goes (ACC-SUDO, decision
 * 0044), in real Chromium: each journey signs in, lets the sign-in grow older than the 10-minute
 * window (`ageSessions`), starts the operation, meets the "Confirm it is you" dialog with the proof
 * the account can give, and goes on by itself once it is given:
 * - (es) a first password on an account made with the OpenID provider: a code mailed to its address;
 * - (ru) linking the provider to a password account: the password;
 * - (en) turning on two-factor authentication: the password;
 * - (es) starting Stripe's onboarding (a payout destination): the password.
 * The dialog is checked with axe in each language.
 */
import type { Page } from '@playwright/test';
import {
  type Locale,
  ageSessions,
  axeViolations,
  escapeRegExp,
  expect,
  localizePath,
  registerThroughForm,
  signInAtTestProvider,
  t,
  test,
  urlOf,
  waitForHydration,
  waitForMail,
} from './fixtures';

const PASSWORD = 'a long enough passphrase 9';
const PROVIDER = 'Test ID';
const STRIPE_URL = process.env['E2E_STRIPE_URL'] ?? `http://127.0.0.1:${process.env['E2E_STRIPE_PORT'] ?? 3191}`;

function unique(kind: string): string {
  return `${kind}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The re-authentication dialog in `locale`, after axe found nothing wrong with the page that shows it. */
async function reauthDialog(page: Page, locale: Locale) {
  const dialog = page.getByRole('dialog', { name: t(locale, 'payouts.reauth.title') });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page), `the re-authentication dialog (${locale})`).toEqual([]);
  return dialog;
}

/** Gives the password in the dialog and waits for it to close. */
async function confirmWithPassword(page: Page, locale: Locale) {
  const dialog = await reauthDialog(page, locale);
  await expect(dialog.getByText(t(locale, 'payouts.reauth.text'), { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(t(locale, 'payouts.reauth.password'))}`) }).fill(PASSWORD);
  await dialog.getByRole('button', { name: t(locale, 'payouts.reauth.confirm'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** Registers through the form in `locale`; answers the address. */
async function register(page: Page, locale: Locale, name: string): Promise<string> {
  const email = `${unique('reauth')}@example.com`;
  await registerThroughForm(page, locale, { name, email, password: PASSWORD });
  await expect(page.getByTestId('profile-fullName')).toHaveText(name);
  return email;
}

test('(es) a first password on a provider account after the window asks for a code mailed to the address', async ({ page }) => {
  const login = unique('firstpw');
  const email = `${login}@example.test`;
  await page.goto(localizePath('/auth', 'es'));
  await waitForHydration(page);
  await page.getByRole('link', { name: t('es', 'social.continueWith', { provider: PROVIDER }), exact: true }).click();
  await signInAtTestProvider(page, login);
  await expect(page).toHaveURL(urlOf('/es/profile'));
  ageSessions(email, 11);

  await page.goto('/es/profile/set-password');
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByLabel(t('es', 'passwords.new.label'), { exact: true }).fill('lantern meadow in winter');
  await main.getByLabel(t('es', 'passwords.confirm.label'), { exact: true }).fill('lantern meadow in winter');
  await main.getByRole('button', { name: t('es', 'passwords.setPassword.submit'), exact: true }).click();

  // No password and no second factor: a code by e-mail is the proof on offer.
  const dialog = await reauthDialog(page, 'es');
  await expect(dialog.getByText(t('es', 'payouts.reauth.emailText'), { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: t('es', 'payouts.reauth.emailSend'), exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(t('es', 'payouts.reauth.emailSent', { address: email }));
  const mail = await waitForMail((m) => m.envelopeTo.includes(email) && /^[A-HJ-NP-Z2-9]{8} /.test(m.subject) && m.subject.includes('confirmar'));
  await dialog.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(t('es', 'payouts.reauth.emailCode'))}`) }).fill(mail.subject.slice(0, 8));
  await dialog.getByRole('button', { name: t('es', 'payouts.reauth.confirm'), exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The form went on by itself: the password is set and signs in.
  await expect(main.getByText(t('es', 'passwords.setPassword.done', { email }), { exact: true })).toBeVisible();
  const signIn = await page.request.post('/api/auth/login', { data: { email, password: 'lantern meadow in winter', deviceToken: 'e2e-reauth' } });
  expect(signIn.status()).toBe(200);
});

test.describe('linking a provider', () => {
  // The start answers 403 REAUTHENTICATION_REQUIRED, which the browser logs as a failed resource.
  test.use({ allowConsole: [{ text: /status of 403/, url: urlOf('/api/auth/oidc/get-login-url', { query: true }) }] });

  test('(ru) after the window asks for the password, then goes on to the provider and links it', async ({ page }) => {
    const email = await register(page, 'ru', 'Анна Проверка');
    // Linking needs a confirmed address (ACC-LINKED): the code of the registration mail.
    const banner = page.getByRole('main').getByRole('region', { name: t('ru', 'passwords.verify.title', { email }), exact: true });
    const mail = await waitForMail((m) => m.envelopeTo.includes(email) && /^[A-HJ-NP-Z2-9]{8} /.test(m.subject));
    await banner.getByLabel(t('ru', 'passwords.code.label'), { exact: true }).fill(mail.subject.slice(0, 8));
    await banner.getByRole('button', { name: t('ru', 'passwords.verify.submit'), exact: true }).click();
    await expect(page.getByTestId('profile-email-verified')).toHaveText(t('ru', 'profile.email.verified'));
    ageSessions(email, 11);

    const login = unique('linked');
    const accounts = page.getByRole('main').getByRole('region', { name: t('ru', 'profile.accounts.title'), exact: true });
    await accounts.getByRole('button', { name: t('ru', 'social.connect.label', { service: PROVIDER }), exact: true }).click();
    await confirmWithPassword(page, 'ru');
    await signInAtTestProvider(page, login);
    await expect(page).toHaveURL(urlOf('/ru/profile'));
    await expect(accounts.getByTestId('profile-account')).toContainText(`${login}@example.test`);
  });
});

test('(en) turning on two-factor authentication after the window asks for the password, then shows the QR code', async ({ page }) => {
  const email = await register(page, 'en', 'Tess Window');
  ageSessions(email, 11);
  await page.reload();
  await waitForHydration(page);
  await page
    .getByTestId('two-factor-block')
    .getByRole('button', { name: t('en', 'profile.twoFactor.turnOn'), exact: true })
    .click();
  await confirmWithPassword(page, 'en');
  const setup = page.getByRole('dialog', { name: t('en', 'profile.twoFactor.setupTitle') });
  await expect(setup.getByRole('img', { name: t('en', 'profile.twoFactor.qrLabel') })).toBeVisible();
  await expect(setup.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]+=*$/);
});

test('(es) starting Stripe onboarding after the window asks for the password, then opens the onboarding', async ({ page }) => {
  const email = await register(page, 'es', 'Pablo Ventana');
  await page.goto('/es/profile/payouts');
  await waitForHydration(page);
  // Choosing Stripe right after signing in needs no dialog: the sign-in is recent.
  const methods = page.getByTestId('payouts-method');
  await methods.getByRole('radio', { name: t('es', 'payouts.method.STRIPE'), exact: true }).check();
  await methods.getByRole('button', { name: t('es', 'payouts.method.useStripe'), exact: true }).click();
  await expect(page.getByTestId('payout-method-saved')).toBeVisible();
  ageSessions(email, 11);

  await page.getByRole('button', { name: t('es', 'payouts.stripe.setUp'), exact: true }).click();
  await confirmWithPassword(page, 'es');
  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(STRIPE_URL)}/connect/onboarding/acct_`));
  await expect(page.getByRole('heading', { name: 'Fake Stripe onboarding' })).toBeVisible();
});
