/**
 * The account security centre in real Chromium (ACC-2FA, ACC-TIMELINE, decision 0040): a user
 * turns on two-factor authentication from the profile (QR code and secret; the codes are computed
 * here with the same library as the server, @epic-web/totp), keeps the recovery codes, signs out,
 * signs in with the password and an authenticator code, then with the password and a recovery
 * code; the security activity card lists the sign-ins. axe checks every new view: the set-up
 * dialog, the recovery codes, the second sign-in step (both modes) and the activity card.
 */
import { generateTOTP } from '@epic-web/totp';
import type { Page } from '@playwright/test';
import { axeViolations, expect, registerThroughForm, submitPasswordSignIn, t, test } from './fixtures';

const PASSWORD = 'correct horse battery staple';
const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const;

/** The current code of `secret` once the 30-second step has moved past the one of `usedAt` (a code works once). */
async function freshCode(secret: string, usedAt: number): Promise<string> {
  const step = (ms: number) => Math.floor(ms / 30_000);
  while (step(Date.now()) <= step(usedAt)) await new Promise((resolve) => setTimeout(resolve, 250));
  return (await generateTOTP({ ...TOTP, secret })).otp;
}

async function signInWithPassword(page: Page, email: string): Promise<void> {
  await submitPasswordSignIn(page, 'en', email, PASSWORD);
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('button', { name: t('en', 'profile.signOut'), exact: true })
    .click();
  await expect(page.getByRole('banner').getByRole('link', { name: t('en', 'nav.signIn'), exact: true })).toBeVisible();
}

test('two-factor authentication: turn on with a QR code, sign in with a code, then with a recovery code', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `totp.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await registerThroughForm(page, 'en', { name: 'Toni Totp', email, password: PASSWORD });
  await expect(page.getByTestId('profile-fullName')).toHaveText('Toni Totp');

  // Turn it on.
  const block = page.getByTestId('two-factor-block');
  await expect(page.getByTestId('two-factor-state')).toHaveText(t('en', 'profile.twoFactor.off'));
  await block.getByRole('button', { name: t('en', 'profile.twoFactor.turnOn'), exact: true }).click();
  const setup = page.getByRole('dialog', { name: t('en', 'profile.twoFactor.setupTitle') });
  await expect(setup.getByRole('img', { name: t('en', 'profile.twoFactor.qrLabel') })).toBeVisible();
  const secret = (await setup.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  expect(await axeViolations(page)).toEqual([]);
  const confirmedAt = Date.now();
  await setup.getByLabel(t('en', 'profile.twoFactor.codeLabel')).fill((await generateTOTP({ ...TOTP, secret })).otp);
  await setup.getByRole('button', { name: t('en', 'profile.twoFactor.confirm'), exact: true }).click();
  const codesDialog = page.getByRole('dialog', { name: t('en', 'profile.twoFactor.codesTitle') });
  await expect(codesDialog.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  const codes = (await codesDialog.getByTestId('recovery-codes').locator('code').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  expect(await axeViolations(page)).toEqual([]);
  await codesDialog.getByRole('button', { name: t('en', 'profile.twoFactor.done'), exact: true }).click();
  await expect(page.getByTestId('two-factor-state')).toContainText('10 recovery codes');

  // Sign out; sign in with the password, then the authenticator's code.
  await signOut(page);
  await signInWithPassword(page, email);
  expect(await axeViolations(page)).toEqual([]);
  const step = page.getByTestId('two-factor-step');
  await step.getByLabel(t('en', 'auth.twoFactor.codeLabel')).fill(await freshCode(secret, confirmedAt));
  await step.getByRole('button', { name: t('en', 'auth.twoFactor.submit'), exact: true }).click();
  await expect(page.getByTestId('profile-fullName')).toHaveText('Toni Totp');

  // The activity card lists the sign-in with its method in words.
  const timeline = page.getByTestId('security-timeline');
  await expect(timeline.getByText(`${t('en', 'profile.timeline.kind.SIGN_IN')} · ${t('en', 'profile.timeline.method.passwordTotp')}`).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Sign out; sign in with the password and a recovery code.
  await signOut(page);
  await signInWithPassword(page, email);
  await step.getByRole('button', { name: t('en', 'auth.twoFactor.useRecovery'), exact: true }).click();
  await step.getByLabel(t('en', 'auth.twoFactor.recoveryLabel')).fill(codes[0]!);
  expect(await axeViolations(page)).toEqual([]);
  await step.getByRole('button', { name: t('en', 'auth.twoFactor.submit'), exact: true }).click();
  await expect(page.getByTestId('profile-fullName')).toHaveText('Toni Totp');
  await expect(page.getByTestId('two-factor-state')).toContainText('9 recovery codes');
});
