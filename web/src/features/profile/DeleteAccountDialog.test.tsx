/**
 * "Delete account" on /profile (ACC-DELETE) as the owner uses it: the confirmation dialog asks for
 * the password (required: the button stays disabled while the field is empty, and Enter in the
 * empty field says so, sending nothing), a wrong password from the server at the field (kept and
 * selected, the dialog open), a failure without a field in the dialog's alert, an account without
 * a password confirming with its e-mail address (a different address refused in the browser),
 * and a deleted account (signed out, on the home page).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, failNetwork, fieldMessage, fill, labelled, mutationsSent } from '../../test/forms';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { readCredentials } from '../../session/cookies';
import { ACCOUNT_DELETED_STATE } from './AccountDeletedNotice';
import { ProfilePage } from './ProfilePage';

/** /profile with Anna's record (`viewer` changes it) and the delete dialog open; answers the dialog, its field and its buttons. */
async function openDeleteDialog(viewer: Record<string, unknown> = {}) {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers(viewer));
  const rendered = renderWithRelay(<ProfilePage />, { environment, page: 'profile', signedIn: true });
  const { intl, user } = rendered;
  await user.click(await screen.findByRole('button', { name: intl.formatMessage({ id: 'profile.delete.open' }) }));
  const dialog = await screen.findByRole('alertdialog', { name: intl.formatMessage({ id: 'profile.delete.confirm.title' }) });
  const confirm = within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.delete.confirm.submit' }) }) as HTMLButtonElement;
  return { ...rendered, dialog, confirm };
}

describe('DeleteAccountDialog on /profile', () => {
  it('requires the password: the button stays disabled while it is empty, Enter says so, nothing is sent', async () => {
    const { environment, user, intl, confirm } = await openDeleteDialog();
    const password = labelled(intl.formatMessage({ id: 'profile.delete.password.label' }));
    expect(confirm.disabled).toBe(true);

    await user.click(password);
    await user.keyboard('{Enter}');

    expect(fieldMessage(password)).toBe(intl.formatMessage({ id: 'validation.required' }));
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(mutationsSent(environment)).toEqual([]);
    await user.type(password, 's');
    expect(confirm.disabled).toBe(false);
  });

  it('shows a wrong password (WRONG_PASSWORD) at the field, kept and selected, with the dialog still open', async () => {
    const { environment, user, intl, dialog, confirm } = await openDeleteDialog();
    const password = labelled(intl.formatMessage({ id: 'profile.delete.password.label' })) as HTMLInputElement;
    await fill(user, password, 'not my password');
    await user.click(confirm);
    expect(mutationsSent(environment)).toEqual([{ name: 'DeleteAccountDialogMutation', variables: { id: 'VXNlcjox', confirmation: 'not my password' } }]);

    await answerError(environment, 'WRONG_PASSWORD', 'confirmation: the password is not correct', { field: 'confirmation' });

    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(fieldMessage(password)).toBe(intl.formatMessage({ id: 'profile.delete.error.wrongPassword' }));
    expect(password.value).toBe('not my password');
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, password.value.length]);
    expect(screen.getByRole('alertdialog')).toBe(dialog);
  });

  it('says the server could not be reached in the dialog’s alert and keeps the password', async () => {
    const { environment, user, intl, dialog, confirm } = await openDeleteDialog();
    const password = labelled(intl.formatMessage({ id: 'profile.delete.password.label' })) as HTMLInputElement;
    await fill(user, password, 'correct horse');
    await user.click(confirm);

    await failNetwork(environment);

    expect((await within(dialog).findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'error.NETWORK' }));
    expect(fieldMessage(password)).toBeNull();
    expect(password.value).toBe('correct horse');
    await waitFor(() => expect(document.activeElement).toBe(password));
  });

  it('asks an account without a password for its e-mail address, and refuses another one in the browser', async () => {
    const { environment, user, intl, confirm } = await openDeleteDialog({ passwordIsSet: false, email: 'anna@example.com' });
    const address = labelled(intl.formatMessage({ id: 'profile.delete.email.label' }, { email: 'anna@example.com' }));

    await fill(user, address, 'maria@example.com');
    await user.click(confirm);

    expect(fieldMessage(address)).toBe(intl.formatMessage({ id: 'profile.delete.error.emailMismatch' }));
    expect(mutationsSent(environment)).toEqual([]);

    await fill(user, address, ' Anna@Example.com ');
    await user.click(confirm);
    expect(mutationsSent(environment)).toEqual([{ name: 'DeleteAccountDialogMutation', variables: { id: 'VXNlcjox', confirmation: 'anna@example.com' } }]);
  });

  it('signs out and goes to the home page once the account is deleted', async () => {
    const { environment, user, intl, confirm, router } = await openDeleteDialog();
    await fill(user, labelled(intl.formatMessage({ id: 'profile.delete.password.label' })), 'correct horse');
    await user.click(confirm);

    // The api answers the deleted user's id.
    await resolveOperation(environment, { DeleteUserPayload: () => ({ id: 'VXNlcjox' }) });

    expect((await screen.findByTestId('location')).textContent).toBe('/');
    // What the home page reads to say the account was deleted (AccountDeletedNotice).
    expect(router.state.location.state).toEqual(ACCOUNT_DELETED_STATE);
    expect(readCredentials()).toBeNull();
  });
});
