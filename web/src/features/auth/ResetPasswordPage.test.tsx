/**
 * /auth/change-password?token=… (ACC-RESET) as a visitor uses it, with the REST api stubbed at
 * `fetch`: the token leaves the address at once; the new password checked in the browser (too
 * short, the repetition, a very common one once the real list has loaded) with no request; the
 * server's refusals — a password it rejects (VALIDATION_FAILED) at the field, a rate limit as the
 * focused alert with the typed values kept, a dead link (RESET_TOKEN_INVALID) with the way to a
 * new one — and a saved password landing on /auth/reset-success; the form in Spanish. The link is
 * checked when the page opens (`/api/auth/reset/check`): a used or expired one says so in the
 * visitor's language, with "ask for a new link", instead of the form; the current password as the
 * new one (PASSWORD_UNCHANGED) is said at the field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldMessage, fill, labelled, restAnswer, restError, stubFetch } from '../../test/forms';
import { renderWithRelay } from '../../test/renderWithRelay';
import { ResetPasswordPage } from './ResetPasswordPage';

/** The check's answer for a link that works (`/api/auth/reset/check`). */
const VALID = () => restAnswer(200, { data: { status: 'valid' } });
const CHECK = { url: '/api/auth/reset/check', method: 'POST', body: { token: 'rst_9f2c1d7e' } };

/** The page the reset mail links to, in `locale`; answers its fields and a submit. */
async function renderResetPassword(locale: 'en' | 'es' = 'en') {
  const rendered = renderWithRelay(<ResetPasswordPage />, { page: 'authChangePassword', route: '/auth/change-password?token=rst_9f2c1d7e', locale });
  const { intl, user } = rendered;
  await screen.findByRole('button', { name: intl.formatMessage({ id: 'passwords.reset.save' }) });
  return {
    ...rendered,
    fresh: labelled(intl.formatMessage({ id: 'passwords.new.label' })) as HTMLInputElement,
    repeat: labelled(intl.formatMessage({ id: 'passwords.confirm.label' })) as HTMLInputElement,
    submit: () => user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'passwords.reset.save' }) })),
  };
}

describe('ResetPasswordPage form', () => {
  it('takes the token out of the address and checks the new password in the browser, sending nothing', async () => {
    const network = stubFetch(VALID());
    const { router, user, intl, fresh, repeat, submit } = await renderResetPassword();
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await fill(user, fresh, 'Kx9!f');
    await submit();
    expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'validation.passwordTooShort' }, { min: 8 }));
    expect(fieldMessage(repeat)).toBe(intl.formatMessage({ id: 'validation.required' }));
    await waitFor(() => expect(document.activeElement).toBe(fresh));

    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle');
    await submit();
    await waitFor(() => expect(fieldMessage(repeat)).toBe(intl.formatMessage({ id: 'passwords.error.mismatch' })));

    await fill(user, fresh, 'qwertyuiop');
    await fill(user, repeat, 'qwertyuiop');
    await submit();
    // The form waits for the common-password list (its own chunk) before checking.
    await waitFor(() => expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'passwords.error.common' })), { timeout: 10_000 });
    expect(network.requests()).toEqual([CHECK]);
  });

  it('shows a password the server refuses (VALIDATION_FAILED) at the field, focused', async () => {
    const network = stubFetch(VALID(), restError(400, 'VALIDATION_FAILED', 'password: This password is one of the most common ones.'));
    const { user, intl, fresh, repeat, submit } = await renderResetPassword();
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');

    await submit();

    await waitFor(() => expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'passwords.error.rejected' })));
    await waitFor(() => expect(document.activeElement).toBe(fresh));
    expect(repeat.value).toBe('violet kettle meadow');
    // The token travels in the body, never in a URL.
    expect(network.requests()).toEqual([
      CHECK,
      { url: '/api/auth/reset/confirm', method: 'POST', body: { token: 'rst_9f2c1d7e', password: 'violet kettle meadow' } },
    ]);
  });

  it('says how long to wait after too many tries (RATE_LIMITED), in a focused alert, with the passwords kept', async () => {
    stubFetch(VALID(), restError(429, 'RATE_LIMITED', 'Rate limit exceeded, retry in 1 minute', 60));
    const { user, intl, fresh, repeat, submit } = await renderResetPassword();
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');

    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'passwords.error.waitMinutes' }, { minutes: 1 }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect([fresh.value, repeat.value]).toEqual(['violet kettle meadow', 'violet kettle meadow']);
  });

  it('explains a dead link (RESET_TOKEN_INVALID) and offers a new one', async () => {
    stubFetch(VALID(), restError(400, 'RESET_TOKEN_INVALID', 'The reset link is invalid or has expired.'));
    const { user, intl, fresh, repeat, submit } = await renderResetPassword();
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');

    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(intl.formatMessage({ id: 'passwords.resetLink.invalidTitle' }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('link', { name: intl.formatMessage({ id: 'passwords.resetLink.requestNew' }) }).getAttribute('href')).toBe('/auth/reset');
  });

  it('lands on the success page once the password is saved, and speaks Spanish under /es', async () => {
    stubFetch(VALID(), restAnswer(200, { data: { removedLinks: [{ service: 'GITHUB', name: 'mallory' }] } }));
    const { router, user, intl, fresh, repeat, submit } = await renderResetPassword('es');
    await submit();
    expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'validation.required' }));
    expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'passwords.rules' }, { min: 8, max: 128 }));

    await fill(user, fresh, 'violeta tetera prado');
    await fill(user, repeat, 'violeta tetera prado');
    await submit();

    expect((await screen.findByTestId('location')).textContent).toBe('/es/auth/reset-success');
    // The links the reset disconnected travel to the success page in the history entry (ACC-LINKED).
    expect(router.state.location.state).toEqual({ removedLinks: [{ service: 'GITHUB', name: 'mallory' }] });
  });

  it('says the current password is no new one (PASSWORD_UNCHANGED) at the field, selected', async () => {
    stubFetch(VALID(), restError(400, 'PASSWORD_UNCHANGED', 'password: the new password is the same as the current one'));
    const { user, intl, fresh, repeat, submit } = await renderResetPassword();
    await fill(user, fresh, 'violet kettle meadow');
    await fill(user, repeat, 'violet kettle meadow');
    await submit();
    await waitFor(() => expect(fieldMessage(fresh)).toContain(intl.formatMessage({ id: 'passwords.error.unchanged' })));
    expect(intl.formatMessage({ id: 'passwords.error.unchanged' })).toBe('This is your current password. Choose a different one.');
  });
});

describe('ResetPasswordPage link check', () => {
  it.each([
    ['used', 'en', 'This link has already been used'],
    ['expired', 'ru', 'Срок действия ссылки истёк'],
    ['used', 'es', 'Este enlace ya se ha usado'],
    ['invalid', 'en', 'This link no longer works'],
  ] as const)('shows a %s link as such in %s before anything is typed, with a new link instead of the form', async (status, locale, title) => {
    const network = stubFetch(restAnswer(200, { data: { status } }));
    const { intl } = renderWithRelay(<ResetPasswordPage />, { page: 'authChangePassword', route: '/auth/change-password?token=rst_9f2c1d7e', locale });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(title);
    const text = intl.formatMessage({ id: `passwords.resetLink.${status}` });
    expect(alert.textContent).toContain(text);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    const prefix = locale === 'en' ? '' : `/${locale}`;
    expect(
      within(alert)
        .getByRole('link', { name: intl.formatMessage({ id: 'passwords.resetLink.requestNew' }) })
        .getAttribute('href'),
    ).toBe(`${prefix}/auth/reset`);
    expect(screen.queryByLabelText(intl.formatMessage({ id: 'passwords.new.label' }))).toBeNull();
    expect(network.requests()).toEqual([CHECK]);
  });

  it('shows the form when the check itself fails (unreachable server): the form’s own request decides', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await renderResetPassword();
  });
});
