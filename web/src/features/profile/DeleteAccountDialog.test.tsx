/**
 * "Delete account" on /profile (ACC-DELETE) as the owner uses it: the confirmation dialog asks for
 * the password (required: the button stays disabled while the field is empty, and Enter in the
 * empty field says so, sending nothing), a wrong password from the server at the field (kept and
 * selected, the dialog open), a failure without a field in the dialog's alert, the wait of a 429,
 * an account without a password sending itself a code and confirming with it (its e-mail address
 * refused), and a deleted account (signed out, on the home page). Earnings (LEDGER-DELETION): money
 * in payout stops the deletion before anything is asked, earnings still on the accounts are named
 * as forfeited, and the server's PAYOUT_IN_PROGRESS is said in the user's language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, failNetwork, fieldMessage, fill, labelled, mutationsSent } from '../../test/forms';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { readCredentials } from '../../session/credentials';
import { ACCOUNT_DELETED_STATE } from './AccountDeletedNotice';
import { ProfilePage } from './ProfilePage';

/** /profile with Anna's record (`viewer` changes it) and the delete dialog open; answers the dialog, its field and its buttons. */
async function openDeleteDialog(viewer: Record<string, unknown> = {}) {
  const environment = createTestEnvironment();
  // No earnings unless a test gives some (LEDGER-DELETION).
  queueResolvers(environment, viewerResolvers({ balances: [], ...viewer }));
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

  it('says in the dialog how long to wait when the password checks of the account are held back (429)', async () => {
    const { environment, user, intl, dialog, confirm } = await openDeleteDialog();
    const password = labelled(intl.formatMessage({ id: 'profile.delete.password.label' })) as HTMLInputElement;
    await fill(user, password, 'a guess');
    await user.click(confirm);

    await answerError(environment, 'TOO_MANY_REQUESTS', 'Too many attempts; try again in 8 s.', { retryAfterSeconds: 8 });

    expect((await within(dialog).findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'passwords.error.waitSeconds' }, { seconds: 8 }));
    expect(password.value).toBe('a guess');
  });

  it('asks an account without a password to send a code to its address first, then takes the code (not the address)', async () => {
    const { environment, user, intl, dialog, confirm } = await openDeleteDialog({ passwordIsSet: false, email: 'anna@example.com' });
    expect(within(dialog).getByText(intl.formatMessage({ id: 'profile.delete.code.intro' }, { email: 'anna@example.com' }))).toBeTruthy();
    expect(confirm.disabled).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.delete.code.send' }) }));
    expect(mutationsSent(environment)).toEqual([{ name: 'DeleteAccountDialogSendCodeMutation', variables: {} }]);
    await resolveOperation(environment, { EmailCodePayload: () => ({ sentTo: 'anna@example.com', expiresAt: '2026-11-24T12:20:00.000Z' }) });

    const code = labelled(intl.formatMessage({ id: 'profile.delete.code.label' })) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(code));
    // The address is no confirmation: refused in the browser, nothing sent.
    await fill(user, code, 'anna@example.com');
    await user.click(confirm);
    expect(fieldMessage(code)).toBe(intl.formatMessage({ id: 'passwords.code.format' }));
    expect(mutationsSent(environment)).toHaveLength(1);

    await fill(user, code, 'abcd efgh');
    await user.click(confirm);
    expect(mutationsSent(environment)[1]).toEqual({ name: 'DeleteAccountDialogMutation', variables: { id: 'VXNlcjox', confirmation: 'ABCDEFGH' } });
    await answerError(environment, 'CODE_INVALID', 'confirmation: this code is not right; 4 tries left', { field: 'confirmation', attemptsLeft: 4 });
    await waitFor(() => expect(fieldMessage(code)).toBe(intl.formatMessage({ id: 'passwords.code.wrongAttempts' }, { attemptsLeft: 4 })));
  });

  it('says how long to wait when too many codes were sent (429)', async () => {
    const { environment, user, intl, dialog } = await openDeleteDialog({ passwordIsSet: false, email: 'anna@example.com' });
    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.delete.code.send' }) }));
    await answerError(environment, 'TOO_MANY_REQUESTS', 'Too many attempts; try again in 600 s.', { retryAfterSeconds: 600 });
    expect(await within(dialog).findByText(intl.formatMessage({ id: 'passwords.error.waitMinutes' }, { minutes: 10 }))).toBeTruthy();
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

  it('names no earnings when there are none', async () => {
    const { dialog } = await openDeleteDialog({ balances: [] });
    expect(within(dialog).queryByTestId('delete-forfeit')).toBeNull();
    expect(within(dialog).queryByTestId('delete-payout-in-progress')).toBeNull();
  });
});

describe('DeleteAccountDialog and the earnings', () => {
  it('refuses while a payout is in progress: says so, asks for nothing, the button stays disabled', async () => {
    const { environment, user, intl, dialog, confirm } = await openDeleteDialog({
      balances: [{ currency: 'USD', available: 1000, pending: 0, inPayout: 5000 }],
    });
    expect(within(dialog).getByTestId('delete-payout-in-progress').textContent).toBe(intl.formatMessage({ id: 'profile.delete.payout.blocked' }));
    expect(within(dialog).queryByLabelText(intl.formatMessage({ id: 'profile.delete.password.label' }))).toBeNull();
    expect(within(dialog).queryByTestId('delete-forfeit')).toBeNull();
    expect(confirm.disabled).toBe(true);
    await user.click(confirm);
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('warns that the earnings still on the accounts are forfeited, naming the amount', async () => {
    const { environment, user, intl, dialog, confirm } = await openDeleteDialog({
      balances: [{ currency: 'USD', available: 10000, pending: 5000, inPayout: 0 }],
    });
    expect(within(dialog).getByTestId('delete-forfeit').textContent).toBe(intl.formatMessage({ id: 'profile.delete.earnings.forfeit' }, { amount: '$150.00' }));
    await fill(user, labelled(intl.formatMessage({ id: 'profile.delete.password.label' })), 'correct horse');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect(mutationsSent(environment)).toEqual([{ name: 'DeleteAccountDialogMutation', variables: { id: 'VXNlcjox', confirmation: 'correct horse' } }]);
  });

  it('names the earnings of every currency that has some (a negative balance is no earning)', async () => {
    const { intl, dialog } = await openDeleteDialog({
      balances: [
        { currency: 'EUR', available: 2000, pending: 0, inPayout: 0 },
        { currency: 'GBP', available: -700, pending: 0, inPayout: 0 },
        { currency: 'JPY', available: 0, pending: 500, inPayout: 0 },
      ],
    });
    expect(within(dialog).getByTestId('delete-forfeit').textContent).toBe(
      intl.formatMessage({ id: 'profile.delete.earnings.forfeit' }, { amount: '€20.00 and ¥500' }),
    );
  });

  it('says a payout started meanwhile (PAYOUT_IN_PROGRESS) in the dialog’s alert', async () => {
    const { environment, user, intl, dialog, confirm } = await openDeleteDialog();
    await fill(user, labelled(intl.formatMessage({ id: 'profile.delete.password.label' })), 'correct horse');
    await user.click(confirm);

    await answerError(environment, 'PAYOUT_IN_PROGRESS', 'The account has money in payout');

    expect((await within(dialog).findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'profile.delete.error.payoutInProgress' }));
    expect(screen.getByRole('alertdialog')).toBe(dialog);
  });
});
