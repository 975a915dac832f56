/**
 * The password form of /profile/change-password and /profile/set-password (ACC-PASSWORD) as the
 * owner uses it: the shared rules checked in the browser — required fields, too short, the
 * repetition, and a very common password once the common-password list has loaded (the real
 * list, loaded by the form on submit; nothing of it is mocked) — with the first invalid field
 * focused and no `updatePassword` sent; the server's refusals (a wrong current password, a new
 * password it rejects, a rate limit) at the field or as the focused alert with the typed values
 * kept; and the confirmation once the password is set or changed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, fieldMessage, fill, labelled, mutationsSent } from '../../test/forms';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { ChangePasswordPage } from './ChangePasswordPage';
import { SetPasswordPage } from './SetPasswordPage';

/** /profile/change-password (an account with a password) or /profile/set-password (one without). */
async function renderPasswordPage(kind: 'change' | 'set', locale: 'en' | 'ru' | 'es' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers({ passwordIsSet: kind === 'change' }));
  const rendered =
    kind === 'change'
      ? renderWithRelay(<ChangePasswordPage />, { environment, page: 'profileChangePassword', signedIn: true, locale })
      : renderWithRelay(<SetPasswordPage />, { environment, page: 'profileSetPassword', signedIn: true, locale });
  const { intl, user } = rendered;
  const submitId = kind === 'change' ? 'passwords.changePassword.submit' : 'passwords.setPassword.submit';
  await screen.findByRole('button', { name: intl.formatMessage({ id: submitId }) });
  return {
    ...rendered,
    current: kind === 'change' ? labelled(intl.formatMessage({ id: 'passwords.current.label' })) : null,
    fresh: labelled(intl.formatMessage({ id: 'passwords.new.label' })),
    repeat: labelled(intl.formatMessage({ id: 'passwords.confirm.label' })),
    submit: () => user.click(screen.getByRole('button', { name: intl.formatMessage({ id: submitId }) })),
  };
}

describe('UpdatePasswordForm on /profile/change-password', () => {
  it('asks for every field in the browser, focuses the current password and sends nothing', async () => {
    const { environment, intl, current, fresh, repeat, submit } = await renderPasswordPage('change');

    await submit();

    expect(fieldMessage(current!)).toContain(intl.formatMessage({ id: 'validation.required' }));
    expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'validation.required' }));
    expect(fieldMessage(repeat)).toContain(intl.formatMessage({ id: 'validation.required' }));
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('says a new password is too short, and that the repetition differs, without sending', async () => {
    const { environment, user, intl, current, fresh, repeat, submit } = await renderPasswordPage('change');
    await fill(user, current!, 'old secret');
    await fill(user, fresh, 'Kx9!f');
    await fill(user, repeat, 'Kx9!f');
    await submit();
    expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'validation.passwordTooShort' }, { min: 8 }));
    await waitFor(() => expect(document.activeElement).toBe(fresh));

    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadows');
    await submit();
    await waitFor(() => expect(fieldMessage(repeat)).toBe(intl.formatMessage({ id: 'passwords.error.mismatch' })));
    expect(fieldMessage(fresh)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(repeat));
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('refuses one of the most common passwords once the list has loaded, and sends nothing', async () => {
    const { environment, user, intl, current, fresh, repeat, submit } = await renderPasswordPage('change');
    await fill(user, current!, 'old secret');
    await fill(user, fresh, 'Sunshine1');
    await fill(user, repeat, 'Sunshine1');

    await submit();

    // The form waits for the list (its own chunk) before checking.
    await waitFor(() => expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'passwords.error.common' })), { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(fresh));
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('shows a wrong current password (WRONG_PASSWORD) at its field, focused, with the typed values kept', async () => {
    const { environment, user, intl, current, fresh, repeat, submit } = await renderPasswordPage('change');
    await fill(user, current!, 'not my password');
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');
    await submit();
    await waitFor(() =>
      expect(mutationsSent(environment)).toEqual([
        { name: 'UpdatePasswordFormMutation', variables: { newPassword: 'violet kettle meadow', oldPassword: 'not my password' } },
      ]),
    );

    await answerError(environment, 'WRONG_PASSWORD', 'oldPassword: the password is not correct', { field: 'oldPassword' });

    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(fieldMessage(current!)).toBe(intl.formatMessage({ id: 'passwords.error.wrongPassword' }));
    expect((current as HTMLInputElement).value).toBe('not my password');
    expect((fresh as HTMLInputElement).value).toBe('violet kettle meadow');
  });

  it.each([
    ['en', 'This is your current password. Choose a different one.'],
    ['ru', 'Это ваш текущий пароль. Придумайте другой.'],
    ['es', 'Es tu contraseña actual. Elige una distinta.'],
  ] as const)('says in %s that the new password is the current one (PASSWORD_UNCHANGED), at the new password', async (locale, text) => {
    const { environment, user, current, fresh, repeat, submit } = await renderPasswordPage('change', locale);
    // The same text in both fields is refused in the browser, without a request.
    await fill(user, current!, 'violet kettle meadow');
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');
    await submit();
    await waitFor(() => expect(fieldMessage(fresh)).toContain(text));
    expect(mutationsSent(environment)).toEqual([]);

    // The server's check (a password that only it knows to be the current one) reads the same.
    await fill(user, current!, 'violet kettle meadow ');
    await submit();
    await waitFor(() => expect(mutationsSent(environment)).toHaveLength(1));

    await answerError(environment, 'PASSWORD_UNCHANGED', 'newPassword: the new password is the same as the current one', { field: 'newPassword' });

    await waitFor(() => expect(document.activeElement).toBe(fresh));
    expect(fieldMessage(fresh)).toContain(text);
  });

  it('says how long to wait after too many tries, in a focused alert', async () => {
    const { environment, user, intl, current, fresh, repeat, submit } = await renderPasswordPage('change');
    await fill(user, current!, 'old secret');
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');
    await submit();
    await waitFor(() => expect(mutationsSent(environment)).toHaveLength(1));

    await answerError(environment, 'TOO_MANY_REQUESTS', 'Too many attempts; try again in 40 s.', { retryAfterSeconds: 40 });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'passwords.error.waitSeconds' }, { seconds: 40 }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('confirms a changed password with a focused notice', async () => {
    const { environment, user, intl, current, fresh, repeat, submit } = await renderPasswordPage('change');
    await fill(user, current!, 'old secret');
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');
    await submit();
    await waitFor(() => expect(mutationsSent(environment)).toHaveLength(1));

    await resolveOperation(environment, viewerResolvers());

    const title = await screen.findByText(intl.formatMessage({ id: 'passwords.changePassword.doneTitle' }));
    await waitFor(() => expect(document.activeElement?.contains(title)).toBe(true));
    expect(screen.getByRole('link', { name: intl.formatMessage({ id: 'passwords.backToProfile' }) }).getAttribute('href')).toBe('/profile');
  });
});

describe('UpdatePasswordForm: the account’s own words (ACC-PASSWORD)', () => {
  it.each([
    ['change', 'Anna@Example.COM'],
    ['change', 'anna.petrova!!'],
    ['set', 'anna-1234'],
  ] as const)('on the %s page refuses %s in the browser and sends nothing', async (kind, typed) => {
    const { environment, user, intl, current, fresh, repeat, submit } = await renderPasswordPage(kind);
    if (current) await fill(user, current, 'old secret');
    await fill(user, fresh, typed);
    await fill(user, repeat, typed);
    await submit();
    await waitFor(() => expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'passwords.error.context' })), { timeout: 10_000 });
    expect(mutationsSent(environment)).toEqual([]);
  });
});

describe('UpdatePasswordForm on /profile/set-password', () => {
  it('asks no current password and shows a new password the server rejects at its field', async () => {
    const { environment, user, intl, fresh, repeat, submit } = await renderPasswordPage('set');
    expect(screen.queryByLabelText(intl.formatMessage({ id: 'passwords.current.label' }))).toBeNull();
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');
    await submit();
    await waitFor(() =>
      expect(mutationsSent(environment)).toEqual([
        { name: 'UpdatePasswordFormMutation', variables: { newPassword: 'violet kettle meadow', oldPassword: null } },
      ]),
    );

    await answerError(environment, 'BAD_USER_INPUT', 'newPassword: this password is too common', { field: 'newPassword' });

    await waitFor(() => expect(document.activeElement).toBe(fresh));
    expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'passwords.error.rejected' }));
    expect((repeat as HTMLInputElement).value).toBe('violet kettle meadow');
  });

  it('confirms a set password with the address to sign in with', async () => {
    const { environment, user, intl, fresh, repeat, submit } = await renderPasswordPage('set');
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');
    await submit();
    await waitFor(() => expect(mutationsSent(environment)).toHaveLength(1));

    await resolveOperation(environment, viewerResolvers({ passwordIsSet: true }));

    expect(await screen.findByText(intl.formatMessage({ id: 'passwords.setPassword.doneTitle' }))).toBeTruthy();
    expect(screen.getByText(intl.formatMessage({ id: 'passwords.setPassword.done' }, { email: 'anna@example.com' }))).toBeTruthy();
  });
});

describe('UpdatePasswordForm: a recent proof (ACC-SUDO)', () => {
  it('a first password on an account without one asks for a mailed code, then is sent again once', async () => {
    const { environment, user, intl, fresh, repeat, submit } = await renderPasswordPage('set');
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');
    await submit();
    await waitFor(() => expect(mutationsSent(environment)).toHaveLength(1));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['EMAIL_CODE'] });

    const reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.emailSend' }) }));
    await resolveOperation(environment, { EmailCodePayload: () => ({ sentTo: 'anna@example.com', expiresAt: '2026-11-28T05:20:00.000Z' }) });
    await user.type(within(reauth).getByLabelText(new RegExp(`^${intl.formatMessage({ id: 'payouts.reauth.emailCode' })}`)), 'AB12CD34');
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.confirm' }) }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T05:10:00.000Z' }) });
    await waitFor(() =>
      expect(mutationsSent(environment).map((m) => m.name)).toEqual([
        'UpdatePasswordFormMutation',
        'ReauthDialogSendCodeMutation',
        'ReauthDialogEmailCodeMutation',
        'UpdatePasswordFormMutation',
      ]),
    );
    expect(mutationsSent(environment).at(-1)?.variables).toEqual({ newPassword: 'violet kettle meadow', oldPassword: null });
    await resolveOperation(environment, viewerResolvers({ passwordIsSet: true }));
    expect(await screen.findByText(intl.formatMessage({ id: 'passwords.setPassword.doneTitle' }))).toBeTruthy();
  });
});
