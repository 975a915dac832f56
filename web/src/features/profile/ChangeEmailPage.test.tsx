/**
 * /profile/change-email (ACC-EMAIL) as the owner uses it. Step 1 (the new address): checked in
 * the browser (message at the field, focused, no `updateUser`); after the 10-minute window the
 * re-authentication dialog offers the proofs the server names and the change is sent again once
 * (ACC-SUDO); a taken address from the server at its field with the typed value kept, then
 * step 2. Step 2 (the mailed code): a malformed code checked in the browser, a wrong code with
 * the tries left (selected to type again), a void code with the way to start again, and a
 * confirmed change back on /profile.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, fieldMessage, fill, labelled, mutationsSent } from '../../test/forms';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { ChangeEmailPage } from './ChangeEmailPage';

/** The page with Anna's record (`viewer` changes it) loaded. */
async function renderChangeEmail(viewer: Record<string, unknown> = {}) {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers(viewer));
  const rendered = renderWithRelay(<ChangeEmailPage />, { environment, page: 'profileChangeEmail', signedIn: true });
  const { intl, user } = rendered;
  await screen.findByText('anna@example.com');
  const button = (id: string) => screen.getByRole('button', { name: intl.formatMessage({ id }) });
  return { ...rendered, button, click: (id: string) => user.click(button(id)) };
}

describe('ChangeEmailPage, step 1: the new address', () => {
  it('checks the address in the browser, focuses it and sends nothing', async () => {
    const { environment, user, intl, click } = await renderChangeEmail();
    const email = labelled(intl.formatMessage({ id: 'passwords.changeEmail.newLabel' }));
    expect(screen.queryByLabelText(intl.formatMessage({ id: 'passwords.current.label' }))).toBeNull();

    await click('passwords.changeEmail.submit');
    expect(fieldMessage(email)).toContain(intl.formatMessage({ id: 'validation.required' }));
    await waitFor(() => expect(document.activeElement).toBe(email));

    await fill(user, email, 'Anna@Example.com');
    await click('passwords.changeEmail.submit');
    expect(fieldMessage(email)).toContain(intl.formatMessage({ id: 'passwords.changeEmail.same' }));

    await fill(user, email, 'anna.new@example');
    await click('passwords.changeEmail.submit');
    expect(fieldMessage(email)).toContain(intl.formatMessage({ id: 'validation.email' }));
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('after 10 minutes asks who it is with the proofs the server names (a passkey, a code), then sends the change again once', async () => {
    const { environment, user, intl, click } = await renderChangeEmail();
    await fill(user, labelled(intl.formatMessage({ id: 'passwords.changeEmail.newLabel' })), 'Anna.New@Example.com');
    await click('passwords.changeEmail.submit');
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['TOTP', 'PASSKEY'] });

    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    // No password on this account: the code first, the passkey offered, no password field.
    expect(within(reauth).queryByLabelText(/^Password/)).toBeNull();
    expect(within(reauth).getByRole('button', { name: 'Use a passkey instead' })).toBeTruthy();
    await user.type(within(reauth).getByLabelText(/^Authenticator or recovery code/), '123 456');
    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T04:30:00.000Z' }) });
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    expect(mutationsSent(environment)).toEqual([
      { name: 'ChangeEmailPageStartMutation', variables: { id: 'VXNlcjox', email: 'anna.new@example.com' } },
      { name: 'ReauthDialogMutation', variables: { code: '123 456', password: null } },
      { name: 'ChangeEmailPageStartMutation', variables: { id: 'VXNlcjox', email: 'anna.new@example.com' } },
    ]);
    await resolveOperation(environment, viewerResolvers({ pendingEmail: 'anna.new@example.com' }));
    expect(await screen.findByLabelText(intl.formatMessage({ id: 'passwords.code.label' }))).toBeTruthy();
  });

  it('offers a fresh sign-in when the account has no proof to give, and keeps the address when the dialog is closed', async () => {
    const { environment, user, intl, click } = await renderChangeEmail();
    const email = labelled(intl.formatMessage({ id: 'passwords.changeEmail.newLabel' }));
    await fill(user, email, 'anna.new@example.com');
    await click('passwords.changeEmail.submit');
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: [] });
    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(reauth).getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    await user.click(within(reauth).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((email as HTMLInputElement).value).toBe('anna.new@example.com');
    expect(mutationsSent(environment).map((m) => m.name)).toEqual(['ChangeEmailPageStartMutation']);
  });

  it('shows an address of another account (EMAIL_TAKEN) at the address field', async () => {
    const { environment, user, intl, click } = await renderChangeEmail();
    const email = labelled(intl.formatMessage({ id: 'passwords.changeEmail.newLabel' }));
    await fill(user, email, 'maria@example.com');
    await click('passwords.changeEmail.submit');

    await answerError(environment, 'EMAIL_TAKEN', 'email: an account with this e-mail already exists', { field: 'email' });

    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(fieldMessage(email)).toContain(intl.formatMessage({ id: 'passwords.changeEmail.taken' }));
    expect((email as HTMLInputElement).value).toBe('maria@example.com');
  });

  it('asks for the code once the server accepted the new address', async () => {
    const { environment, user, intl, click } = await renderChangeEmail();
    await fill(user, labelled(intl.formatMessage({ id: 'passwords.changeEmail.newLabel' })), 'anna.new@example.com');
    await click('passwords.changeEmail.submit');

    await resolveOperation(environment, viewerResolvers({ pendingEmail: 'anna.new@example.com' }));

    expect(await screen.findByLabelText(intl.formatMessage({ id: 'passwords.code.label' }))).toBeTruthy();
    expect(screen.getByText('anna.new@example.com')).toBeTruthy();
  });
});

describe('ChangeEmailPage, step 2: the code', () => {
  const pending = { pendingEmail: 'anna.new@example.com' };

  it('checks the code’s form in the browser and sends nothing', async () => {
    const { environment, user, intl, click } = await renderChangeEmail(pending);
    const code = labelled(intl.formatMessage({ id: 'passwords.code.label' }));

    await fill(user, code, 'K7QM 2XZ');
    await click('passwords.changeEmail.confirm');

    expect(fieldMessage(code)).toContain(intl.formatMessage({ id: 'passwords.code.format' }));
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('says how many tries are left after a wrong code, with the code selected to type again', async () => {
    const { environment, user, intl, click } = await renderChangeEmail(pending);
    const code = labelled(intl.formatMessage({ id: 'passwords.code.label' })) as HTMLInputElement;
    await fill(user, code, 'k7qm-2xza');
    await click('passwords.changeEmail.confirm');
    expect(mutationsSent(environment)).toEqual([{ name: 'ChangeEmailPageConfirmMutation', variables: { code: 'K7QM2XZA' } }]);

    await answerError(environment, 'CODE_INVALID', 'code: this code is not right; 3 tries left', { field: 'code', attemptsLeft: 3 });

    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(fieldMessage(code)).toContain(intl.formatMessage({ id: 'passwords.code.wrongAttempts' }, { attemptsLeft: 3 }));
    expect(code.value).toBe('k7qm-2xza');
    expect([code.selectionStart, code.selectionEnd]).toEqual([0, code.value.length]);
  });

  it('offers to start again once the code is void (CODE_EXPIRED)', async () => {
    const { environment, user, intl, click } = await renderChangeEmail(pending);
    await fill(user, labelled(intl.formatMessage({ id: 'passwords.code.label' })), 'K7QM2XZA');
    await click('passwords.changeEmail.confirm');

    await answerError(environment, 'CODE_EXPIRED', 'code: this code has expired; ask for a new one');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(intl.formatMessage({ id: 'passwords.code.expiredTitle' }));
    expect(alert.textContent).toContain(intl.formatMessage({ id: 'passwords.changeEmail.expired' }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('button', { name: intl.formatMessage({ id: 'passwords.changeEmail.startAgain' }) })).toBeTruthy();
  });

  it('goes back to the profile once the new address is confirmed', async () => {
    const { environment, user, intl, click } = await renderChangeEmail(pending);
    await fill(user, labelled(intl.formatMessage({ id: 'passwords.code.label' })), 'K7QM2XZA');
    await click('passwords.changeEmail.confirm');

    await resolveOperation(environment, viewerResolvers({ email: 'anna.new@example.com', pendingEmail: null }));

    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
  });
});
