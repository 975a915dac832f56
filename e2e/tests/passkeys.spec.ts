/**
 * Passkeys in real Chromium (ACC-PASSKEYS), with the DevTools protocol's virtual authenticator
 * (CTAP2, internal, resident keys, user verification that always succeeds): a new account adds a
 * passkey on /profile (a fresh sign-in is the recent proof, so no re-authentication dialog), signs
 * out, signs in with "Sign in with a passkey" and lands on the profile, then — 11 minutes later, as
 * far as the server knows — removes the passkey after confirming and proving it is them with the
 * passkey in the re-authentication dialog (ACC-SUDO); a second journey signs in by the e-mail field's autofill (conditional UI).
 * axe checks the Passkeys card (empty and with a passkey), the name dialog, the confirmation and
 * /auth with its passkey button; screenshots of the card and of /auth at 390 px and 1280 px are
 * attached to the test's output.
 *
 * Chromium's virtual authenticator answers a conditional (autofill) request at once, with no
 * person to pick anything, which would race with the button: the button journey turns the
 * background request off with the page's test switch (`sessionStorage['studio.passkeys.noAutofill']`,
 * web/src/features/auth/PasskeySignIn.tsx), set before any script runs; the autofill journey leaves
 * it on and expects exactly that immediate answer to sign in.
 */
import type { CDPSession, Page, TestInfo } from '@playwright/test';
import { ORIGIN, ageSessions, axeViolations, expect, registerThroughForm, signOutFromHeader, t, test, urlOf, waitForHydration } from './fixtures';

const PASSWORD = 'correct horse battery staple';
const NO_AUTOFILL_KEY = 'studio.passkeys.noAutofill';

/** A virtual platform authenticator that holds discoverable credentials and verifies the user without asking. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Adds a passkey named `name` from the profile's card and waits for it in the list. */
async function addPasskey(page: Page, name: string, testInfo?: TestInfo): Promise<void> {
  const card = page.getByTestId('passkeys-block');
  await card.getByRole('button', { name: t('en', 'profile.passkeys.add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('en', 'profile.passkeys.addTitle') });
  const field = dialog.getByLabel(t('en', 'profile.passkeys.nameLabel'));
  // The device's name is offered: the e2e browser says it is Chrome on Linux.
  await expect(field).toHaveValue(`Chrome ${t('en', 'profile.devices.on')} Linux`);
  if (testInfo) {
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, testInfo, 'add-dialog', () => null, false);
  }
  await field.fill(name);
  await dialog.getByRole('button', { name: t('en', 'profile.passkeys.continue'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('passkey').filter({ hasText: name })).toBeVisible();
}

/** Screenshots of `target` at a phone's and a desktop's width, attached to the test's output. */
async function screenshots(
  page: Page,
  testInfo: TestInfo,
  label: string,
  target: () => ReturnType<Page['getByTestId']> | null,
  fullPage = true,
): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const element = target();
    if (element) await element.scrollIntoViewIfNeeded();
    const path = testInfo.outputPath(`${label}-${width}.png`);
    await (element ? element.screenshot({ path }) : page.screenshot({ path, fullPage }));
    await testInfo.attach(`${label}-${width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('passkeys: add one on the profile, sign in with the button, remove it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), NO_AUTOFILL_KEY);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  await registerThroughForm(page, 'en', { name: 'Pia Passkey', email, password: PASSWORD });

  const card = page.getByTestId('passkeys-block');
  await expect(card.getByTestId('passkeys-empty')).toHaveText(t('en', 'profile.passkeys.empty'));
  expect(await axeViolations(page)).toEqual([]);

  await addPasskey(page, 'Work laptop', testInfo);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  const item = card.getByTestId('passkey').filter({ hasText: 'Work laptop' });
  await expect(item).toContainText(t('en', 'profile.passkeys.neverUsed'));
  await expect(page.getByText(t('en', 'toast.passkeyAdded', { name: 'Work laptop' }), { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'passkeys-card', () => card);
  await screenshots(page, testInfo, 'profile', () => null);

  // Sign out, then in again with the passkey alone.
  await signOutFromHeader(page, 'en');
  await expect(page.getByRole('banner').getByRole('link', { name: t('en', 'nav.signIn'), exact: true })).toBeVisible();
  await page.goto(`${ORIGIN}/auth?next=${encodeURIComponent('/profile')}`);
  await waitForHydration(page);
  const main = page.getByRole('main');
  await expect(main.getByLabel(t('en', 'auth.email.label'), { exact: true })).toHaveAttribute('autocomplete', 'username webauthn');
  const button = main.getByRole('button', { name: t('en', 'auth.passkey.button'), exact: true });
  await expect(button).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'auth', () => null);
  // The longest button text of the three languages (Spanish) on a phone.
  await page.goto(`${ORIGIN}/es/auth`);
  await waitForHydration(page);
  await expect(main.getByRole('button', { name: t('es', 'auth.passkey.button'), exact: true })).toBeVisible();
  await screenshots(page, testInfo, 'auth-es', () => null);
  await page.goto(`${ORIGIN}/auth?next=${encodeURIComponent('/profile')}`);
  await waitForHydration(page);
  await button.click();
  await expect(page).toHaveURL(urlOf('/profile'));
  await expect(page.getByTestId('profile-fullName')).toHaveText('Pia Passkey');
  await expect(item).toContainText(t('en', 'profile.passkeys.usedNow'));

  // Remove it, after confirming. The passkey sign-in was 11 minutes ago, so the server asks who it
  // is (ACC-SUDO); the dialog offers the password and the passkey, and the passkey proves it.
  ageSessions(email, 11);
  await item.getByRole('button', { name: t('en', 'profile.passkeys.removeLabel', { name: 'Work laptop' }), exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: t('en', 'profile.passkeys.removeTitle', { name: 'Work laptop' }) });
  await expect(confirm).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: t('en', 'profile.passkeys.remove'), exact: true }).click();
  const reauth = page.getByRole('dialog', { name: t('en', 'payouts.reauth.title') });
  await expect(reauth).toBeVisible();
  await reauth.getByRole('button', { name: t('en', 'payouts.reauth.usePasskey'), exact: true }).click();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, testInfo, 'reauth-passkey', () => null, false);
  await reauth.getByRole('button', { name: t('en', 'payouts.reauth.passkeyButton'), exact: true }).click();
  await expect(reauth).toBeHidden();
  await expect(card.getByTestId('passkeys-empty')).toBeVisible();
  await expect(card.getByTestId('passkey')).toHaveCount(0);
});

test('passkeys: a passkey picked from the e-mail field autofill signs in (conditional UI)', async ({ page }) => {
  test.setTimeout(120_000);
  await virtualAuthenticator(page);
  const email = uniqueEmail('autofill');
  await registerThroughForm(page, 'en', { name: 'Abel Autofill', email, password: PASSWORD });
  await addPasskey(page, 'Phone');
  await signOutFromHeader(page, 'en');
  await expect(page.getByRole('banner').getByRole('link', { name: t('en', 'nav.signIn'), exact: true })).toBeVisible();

  // Nothing pressed: the background request is answered by the virtual authenticator at once.
  await page.goto(`${ORIGIN}/auth`);
  await expect(page).toHaveURL(urlOf('/profile'));
  await expect(page.getByTestId('profile-fullName')).toHaveText('Abel Autofill');
});
