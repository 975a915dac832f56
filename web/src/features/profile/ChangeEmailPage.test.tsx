/**
 * /profile/change-email (ACC-EMAIL) as the owner uses it. Step 1 (new address and password):
 * checked in the browser (messages at the fields, the first focused, no `updateUser`), a wrong
 * password and a taken address from the server at their fields with the typed values kept, then
 * step 2. Step 2 (the mailed code): a malformed code checked in the browser, a wrong code with
 * the tries left (selected to type again), a void code with the way to start again, and a
 * confirmed change back on /profile.
 */
import { screen, waitFor } from '@testing-library/react';
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
  it('checks both fields in the browser, focuses the first invalid one and sends nothing', async () => {
    const { environment, user, intl, click } = await renderChangeEmail();
    const email = labelled(intl.formatMessage({ id: 'passwords.changeEmail.newLabel' }));
    const password = labelled(intl.formatMessage({ id: 'passwords.current.label' }));

    await click('passwords.changeEmail.submit');
    expect(fieldMessage(email)).toContain(intl.formatMessage({ id: 'validation.required' }));
    expect(fieldMessage(password)).toContain(intl.formatMessage({ id: 'validation.required' }));
    await waitFor(() => expect(document.activeElement).toBe(email));

    await fill(user, email, 'Anna@Example.com');
    await fill(user, password, 'correct horse');
    await click('passwords.changeEmail.submit');
    expect(fieldMessage(email)).toContain(intl.formatMessage({ id: 'passwords.changeEmail.same' }));
    expect(fieldMessage(password)).toBeNull();

    await fill(user, email, 'anna.new@example');
    await click('passwords.changeEmail.submit');
    expect(fieldMessage(email)).toContain(intl.formatMessage({ id: 'validation.email' }));
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('shows a wrong password (WRONG_PASSWORD) at the password field, focused, and keeps the address', async () => {
    const { environment, user, intl, click } = await renderChangeEmail();
    const email = labelled(intl.formatMessage({ id: 'passwords.changeEmail.newLabel' }));
    const password = labelled(intl.formatMessage({ id: 'passwords.current.label' }));
    await fill(user, email, 'Anna.New@Example.com');
    await fill(user, password, 'not my password');
    await click('passwords.changeEmail.submit');
    expect(mutationsSent(environment)).toEqual([
      { name: 'ChangeEmailPageStartMutation', variables: { id: 'VXNlcjox', email: 'anna.new@example.com', checkPassword: 'not my password' } },
    ]);

    await answerError(environment, 'WRONG_PASSWORD', 'checkPassword: the password is not correct', { field: 'checkPassword' });

    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(fieldMessage(password)).toContain(intl.formatMessage({ id: 'passwords.error.wrongPassword' }));
    expect((email as HTMLInputElement).value).toBe('Anna.New@Example.com');
  });

  it('shows an address of another account (EMAIL_TAKEN) at the address field', async () => {
    const { environment, user, intl, click } = await renderChangeEmail();
    const email = labelled(intl.formatMessage({ id: 'passwords.changeEmail.newLabel' }));
    await fill(user, email, 'maria@example.com');
    await fill(user, labelled(intl.formatMessage({ id: 'passwords.current.label' })), 'correct horse');
    await click('passwords.changeEmail.submit');

    await answerError(environment, 'EMAIL_TAKEN', 'email: an account with this e-mail already exists', { field: 'email' });

    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(fieldMessage(email)).toContain(intl.formatMessage({ id: 'passwords.changeEmail.taken' }));
    expect((email as HTMLInputElement).value).toBe('maria@example.com');
  });

  it('asks for the code once the server accepted the new address', async () => {
    const { environment, user, intl, click } = await renderChangeEmail();
    await fill(user, labelled(intl.formatMessage({ id: 'passwords.changeEmail.newLabel' })), 'anna.new@example.com');
    await fill(user, labelled(intl.formatMessage({ id: 'passwords.current.label' })), 'correct horse');
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
