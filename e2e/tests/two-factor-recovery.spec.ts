/**
 * The e-mail recovery of a lost authenticator in real Chromium (ACC-2FA-RECOVERY, decision 0047):
 * a user with two-factor authentication signs in with the password, says on the second step that
 * the authenticator and recovery codes cannot be used, confirms the dialog and is told when 2FA
 * will be turned off; the mail says the same and links the cancel page, which takes the token out
 * of the address (sent with `Referrer-Policy: no-referrer`), cancels with one button and says 2FA stays on — and the cancel is mailed too.
 * axe checks the dialog and the cancel page. (The removal after the delay is api/test's: the
 * server here runs with the default 72 hours.)
 */
import { generateTOTP } from '@epic-web/totp';
import { ORIGIN, axeViolations, expect, registerThroughForm, submitPasswordSignIn, t, test, waitForMail } from './fixtures';

const PASSWORD = 'correct horse battery staple';
const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const;

// The used link's second cancel answers 409 on purpose (RECOVERY_ALREADY_CANCELLED).
test.use({ allowConsole: [{ text: /status of 409/, url: /\/api\/auth\/2fa\/recovery\/cancel$/ }] });

test('lost authenticator: ask for the e-mail recovery on the second step, then cancel it from the mail', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `lost.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await registerThroughForm(page, 'en', { name: 'Lou Lost', email, password: PASSWORD });
  await expect(page.getByTestId('profile-fullName')).toHaveText('Lou Lost');

  // Turn 2FA on from the profile.
  const block = page.getByTestId('two-factor-block');
  await block.getByRole('button', { name: t('en', 'profile.twoFactor.turnOn'), exact: true }).click();
  const setup = page.getByRole('dialog', { name: t('en', 'profile.twoFactor.setupTitle') });
  const secret = (await setup.getByTestId('totp-secret').textContent())!.trim();
  await setup.getByLabel(t('en', 'profile.twoFactor.codeLabel')).fill((await generateTOTP({ ...TOTP, secret })).otp);
  await setup.getByRole('button', { name: t('en', 'profile.twoFactor.confirm'), exact: true }).click();
  const codesDialog = page.getByRole('dialog', { name: t('en', 'profile.twoFactor.codesTitle') });
  await expect(codesDialog.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  await codesDialog.getByRole('button', { name: t('en', 'profile.twoFactor.done'), exact: true }).click();
  await page
    .getByRole('main')
    .getByRole('button', { name: t('en', 'profile.signOut'), exact: true })
    .click();
  await expect(page.getByRole('banner').getByRole('link', { name: t('en', 'nav.signIn'), exact: true })).toBeVisible();

  // The password, then "Can't use your authenticator or recovery codes?".
  await submitPasswordSignIn(page, 'en', email, PASSWORD);
  const step = page.getByTestId('two-factor-step');
  await expect(step).toBeVisible();
  await step.getByRole('button', { name: t('en', 'auth.twoFactor.lost.link'), exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: t('en', 'auth.twoFactor.lost.title') });
  await expect(dialog).toContainText(t('en', 'auth.twoFactor.lost.text'));
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: t('en', 'auth.twoFactor.lost.confirm'), exact: true }).click();
  await expect(dialog).toBeHidden();
  const requested = page.getByTestId('two-factor-recovery-requested');
  await expect(requested).toContainText("We've e-mailed you. Two-factor authentication will be turned off on");

  // The mail: the time and the cancel link.
  const notice = await waitForMail((m) => m.to.includes(email) && /will be turned off/.test(m.subject));
  expect(notice.text).toMatch(/turned off on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M UTC/);
  const link = /(http:\/\/localhost:\d+\/auth\/cancel-recovery\?token=[A-Za-z0-9_%-]+)/.exec(notice.text)![1]!;
  expect(link.startsWith(ORIGIN)).toBe(true);

  // The cancel page: the token leaves the address, one button cancels.
  const opened = await page.goto(link);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('en', 'page.authCancelRecovery.title'));
  await expect(page).toHaveURL(`${ORIGIN}/auth/cancel-recovery`);
  expect(await axeViolations(page)).toEqual([]);
  await main.getByRole('button', { name: t('en', 'recovery.cancel.submit'), exact: true }).click();
  await expect(main.getByText(t('en', 'recovery.cancel.done'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const cancelled = await waitForMail((m) => m.to.includes(email) && /stays on/.test(m.subject));
  expect(cancelled.text).toContain('cancelled with the link in our email');

  // A reload keeps the token (history state); the used link says so.
  await page.reload();
  await main.getByRole('button', { name: t('en', 'recovery.cancel.submit'), exact: true }).click();
  await expect(main.getByText(t('en', 'recovery.cancel.alreadyCancelled'))).toBeVisible();
});
