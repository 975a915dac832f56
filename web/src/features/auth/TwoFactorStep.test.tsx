/**
 * The second sign-in step on /auth (ACC-2FA) as a visitor uses it, with the REST api stubbed at
 * `fetch`: the password answers a challenge, the 6-digit code completes the sign-in (spaces
 * dropped, the challenge token and device token sent); "Use a recovery code" switches the field
 * and sends `recoveryCode` instead; a wrong code, a wrong recovery code, a rate limit and an empty
 * field are said at the field; an expired challenge offers to sign in again; Russian and Spanish.
 */
import type { Locale } from '@studio/site/locales';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldMessage, fill, labelled, restAnswer, restError, stubFetch } from '../../test/forms';
import { renderWithRelay } from '../../test/renderWithRelay';
import { readCredentials } from '../../session/credentials';
import { AuthPage } from './AuthPage';

const CHALLENGE = { twoFactorRequired: true, challengeToken: 'challenge.token', expiresAt: '2026-11-28T03:00:00.000Z' };

/** /auth in `locale`, signed in with a password whose answer is the two-factor challenge; on the code step. */
async function renderSecondStep(locale: Locale = 'en') {
  const rendered = renderWithRelay(<AuthPage />, { page: 'auth', locale, route: '/auth' });
  const { intl, user } = rendered;
  await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'auth.signIn.title' }) });
  await fill(user, labelled(intl.formatMessage({ id: 'auth.email.label' })), 'anna@example.com');
  await fill(user, labelled(intl.formatMessage({ id: 'auth.password.label' })), 'correct horse');
  await user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'auth.signIn.submit' }) }));
  await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'auth.twoFactor.title' }) });
  return {
    ...rendered,
    field: (id: 'auth.twoFactor.codeLabel' | 'auth.twoFactor.recoveryLabel') => labelled(intl.formatMessage({ id })),
    submit: () => user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'auth.twoFactor.submit' }) })),
    switchTo: (id: 'auth.twoFactor.useRecovery' | 'auth.twoFactor.useCode') => user.click(screen.getByRole('button', { name: intl.formatMessage({ id }) })),
  };
}

describe('TwoFactorStep on /auth', () => {
  it('asks for the code after the password, says an empty or wrong code at the field, then signs in', async () => {
    const network = stubFetch(
      restAnswer(200, CHALLENGE),
      restError(401, 'TWO_FACTOR_CODE_INVALID', 'Invalid code'),
      restAnswer(200, { accessToken: 'access.jwt' }),
    );
    const { user, intl, field, submit } = await renderSecondStep();
    const code = field('auth.twoFactor.codeLabel');
    screen.getByText(intl.formatMessage({ id: 'auth.twoFactor.text' }));
    await waitFor(() => expect(document.activeElement).toBe(code));

    await submit();
    expect(fieldMessage(code)).toBe(intl.formatMessage({ id: 'auth.twoFactor.required' }));
    expect(network.requests()).toHaveLength(1);

    await fill(user, code, '123 456');
    await submit();
    await waitFor(() => expect(fieldMessage(code)).toBe(intl.formatMessage({ id: 'auth.twoFactor.wrongCode' })));

    await fill(user, code, '654321');
    await submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    expect(readCredentials()).toEqual({ accessToken: 'access.jwt' });
    expect(network.requests().slice(1)).toEqual([
      { url: '/api/auth/login/2fa', method: 'POST', body: { challengeToken: 'challenge.token', deviceToken: expect.any(String) as string, code: '123456' } },
      { url: '/api/auth/login/2fa', method: 'POST', body: { challengeToken: 'challenge.token', deviceToken: expect.any(String) as string, code: '654321' } },
    ]);
  });

  it('switches to a recovery code and back, and sends the recovery code instead of a code', async () => {
    const network = stubFetch(
      restAnswer(200, CHALLENGE),
      restError(401, 'TWO_FACTOR_CODE_INVALID', 'Invalid code'),
      restAnswer(200, { accessToken: 'access.jwt' }),
    );
    const { user, intl, field, submit, switchTo } = await renderSecondStep();
    await fill(user, field('auth.twoFactor.codeLabel'), '12');

    await switchTo('auth.twoFactor.useRecovery');
    const recovery = field('auth.twoFactor.recoveryLabel');
    expect((recovery as HTMLInputElement).value).toBe('');
    screen.getByText(intl.formatMessage({ id: 'auth.twoFactor.recoveryText' }));
    expect(screen.queryByLabelText(intl.formatMessage({ id: 'auth.twoFactor.codeLabel' }), { exact: false })).toBeNull();

    await fill(user, recovery, 'abcde-fghij');
    await submit();
    await waitFor(() => expect(fieldMessage(recovery)).toBe(intl.formatMessage({ id: 'auth.twoFactor.wrongRecoveryCode' })));

    await switchTo('auth.twoFactor.useCode');
    expect(fieldMessage(field('auth.twoFactor.codeLabel'))).toBeNull();
    await switchTo('auth.twoFactor.useRecovery');
    await fill(user, field('auth.twoFactor.recoveryLabel'), 'KLMNO-PQRST');
    await submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    expect(
      network
        .requests()
        .slice(1)
        .map((request) => request.body),
    ).toEqual([
      { challengeToken: 'challenge.token', deviceToken: expect.any(String) as string, recoveryCode: 'abcde-fghij' },
      { challengeToken: 'challenge.token', deviceToken: expect.any(String) as string, recoveryCode: 'KLMNO-PQRST' },
    ]);
  });

  it('names the wait after too many codes, and an expired challenge sends back to the password', async () => {
    stubFetch(
      restAnswer(200, CHALLENGE),
      restError(429, 'RATE_LIMITED', 'Too many attempts', 120),
      restError(401, 'TWO_FACTOR_CHALLENGE_INVALID', 'Challenge expired'),
    );
    const { user, intl, field, submit } = await renderSecondStep();
    const code = field('auth.twoFactor.codeLabel');
    await fill(user, code, '123456');
    await submit();
    await waitFor(() => expect(fieldMessage(code)).toBe(intl.formatMessage({ id: 'passwords.error.waitMinutes' }, { minutes: 2 })));

    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'auth.twoFactor.expired' }));
    await user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'auth.twoFactor.restart' }) }));
    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'auth.signIn.title' }) });
  });

  it('says a wrong code and a wrong recovery code in Russian', async () => {
    stubFetch(restAnswer(200, CHALLENGE), restError(401, 'TWO_FACTOR_CODE_INVALID', 'Invalid code'), restError(401, 'TWO_FACTOR_CODE_INVALID', 'Invalid code'));
    const { user, submit } = await renderSecondStep('ru');
    const code = labelled('Код из приложения');
    await fill(user, code, '123456');
    await submit();
    await waitFor(() => expect(fieldMessage(code)).toBe('Код неверен. Проверьте время на устройстве и попробуйте ещё раз.'));

    await user.click(screen.getByRole('button', { name: 'Использовать резервный код' }));
    const recovery = labelled('Резервный код');
    await fill(user, recovery, 'ABCDE-FGHIJ');
    await submit();
    await waitFor(() => expect(fieldMessage(recovery)).toBe('Резервный код неверен или уже использован.'));
  });

  it('says an empty field, a wrong code and a wrong recovery code in Spanish', async () => {
    stubFetch(restAnswer(200, CHALLENGE), restError(401, 'TWO_FACTOR_CODE_INVALID', 'Invalid code'), restError(401, 'TWO_FACTOR_CODE_INVALID', 'Invalid code'));
    const { user, submit } = await renderSecondStep('es');
    const code = labelled('Código de la aplicación');
    await submit();
    expect(fieldMessage(code)).toBe('Introduce el código.');
    await fill(user, code, '123456');
    await submit();
    await waitFor(() => expect(fieldMessage(code)).toBe('El código no es válido. Comprueba la hora de tu dispositivo e inténtalo de nuevo.'));

    await user.click(screen.getByRole('button', { name: 'Usar un código de recuperación' }));
    const recovery = labelled('Código de recuperación');
    await fill(user, recovery, 'ABCDE-FGHIJ');
    await submit();
    await waitFor(() => expect(fieldMessage(recovery)).toBe('El código de recuperación no es válido o ya se usó.'));
  });

  it('asks first, then asks for the e-mail recovery of a lost authenticator and says when 2FA goes (ACC-2FA-RECOVERY)', async () => {
    const dueAt = '2026-12-01T21:05:00.000Z';
    const network = stubFetch(restAnswer(200, CHALLENGE), restError(500, 'INTERNAL', 'Broken'), restAnswer(202, { dueAt }));
    const { user, intl } = await renderSecondStep();
    await user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'auth.twoFactor.lost.link' }) }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(intl.formatMessage({ id: 'auth.twoFactor.lost.text' }));
    const confirm = screen.getByRole('button', { name: intl.formatMessage({ id: 'auth.twoFactor.lost.confirm' }) });
    await user.click(confirm);
    expect((await screen.findByText(intl.formatMessage({ id: 'auth.twoFactor.lost.failed' }))).closest('[role="alert"]')).not.toBeNull();
    await user.click(confirm);
    const notice = await screen.findByTestId('two-factor-recovery-requested');
    expect(notice.textContent).toBe(
      intl.formatMessage({ id: 'auth.twoFactor.lost.requested' }, { date: intl.formatDate(dueAt, { dateStyle: 'long', timeStyle: 'short' }) }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'auth.twoFactor.lost.link' }) })).toBeNull();
    expect(network.requests().slice(1)).toEqual([
      { url: '/api/auth/login/2fa/recovery', method: 'POST', body: { challengeToken: 'challenge.token', deviceToken: expect.any(String) as string } },
      { url: '/api/auth/login/2fa/recovery', method: 'POST', body: { challengeToken: 'challenge.token', deviceToken: expect.any(String) as string } },
    ]);
  });

  it('an expired challenge at the recovery request sends back to the password, in Spanish', async () => {
    stubFetch(restAnswer(200, CHALLENGE), restError(401, 'TWO_FACTOR_CHALLENGE_INVALID', 'Challenge expired'));
    const { user, intl } = await renderSecondStep('es');
    await user.click(screen.getByRole('button', { name: '¿No puedes usar tu autenticador ni tus códigos de recuperación?' }));
    await user.click(await screen.findByRole('button', { name: 'Envíame un correo y desactívala después' }));
    expect((await screen.findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'auth.twoFactor.expired' }));
  });
});
