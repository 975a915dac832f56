/**
 * /loading after a social sign-in (AUTH-SOCIAL) with the REST api stubbed at `fetch`: the one-time
 * code is exchanged and the visitor lands on the kept return path; an account with two-factor
 * authentication (ACC-2FA) is answered a challenge instead — nobody is signed in until the
 * authenticator's code (or a recovery code) is accepted at the same step as /auth's, then the
 * return path follows; an expired challenge leads back to /auth; Spanish.
 */
import type { Locale } from '@studio/site/locales';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldMessage, fill, labelled, restAnswer, restError, stubFetch } from '../../test/forms';
import { renderWithRelay } from '../../test/renderWithRelay';
import { readCredentials } from '../../session/credentials';
import { LoadingPage } from './LoadingPage';

const CHALLENGE = { twoFactorRequired: true, challengeToken: 'social.challenge', expiresAt: '2026-11-28T03:00:00.000Z', returnPath: '/profile/payouts' };

let codes = 0;
/** /loading?code=… with a code of its own (exchanges are remembered per code for the page's life). */
function renderLoading(locale: Locale = 'en') {
  codes += 1;
  return renderWithRelay(<LoadingPage />, { page: 'loading', locale, route: `/loading?code=one-time-${codes}` });
}

describe('LoadingPage: social sign-in', () => {
  it('exchanges the code and goes to the return path', async () => {
    const network = stubFetch(restAnswer(200, { accessToken: 'social.jwt', returnPath: '/profile/payouts' }));
    renderLoading();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile/payouts'));
    expect(readCredentials()).toEqual({ accessToken: 'social.jwt' });
    expect(network.requests()).toEqual([
      {
        url: '/api/auth/social/exchange',
        method: 'POST',
        body: { code: expect.stringMatching(/^one-time-/) as string, deviceToken: expect.any(String) as string },
      },
    ]);
  });

  it('asks for the authenticator code of an account with two-factor authentication, then signs in and returns', async () => {
    const network = stubFetch(
      restAnswer(200, CHALLENGE),
      restError(401, 'TWO_FACTOR_CODE_INVALID', 'Invalid code'),
      restAnswer(200, { accessToken: 'social.2fa.jwt', returnPath: '/profile/payouts' }),
    );
    const { user, intl } = renderLoading();
    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'auth.twoFactor.title' }) });
    expect(readCredentials()).toBeNull();
    const code = labelled(intl.formatMessage({ id: 'auth.twoFactor.codeLabel' }));

    await fill(user, code, '111111');
    await user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'auth.twoFactor.submit' }) }));
    await waitFor(() => expect(fieldMessage(code)).toBe(intl.formatMessage({ id: 'auth.twoFactor.wrongCode' })));
    expect(readCredentials()).toBeNull();

    await fill(user, code, '222222');
    await user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'auth.twoFactor.submit' }) }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile/payouts'));
    expect(readCredentials()).toEqual({ accessToken: 'social.2fa.jwt' });
    expect(
      network
        .requests()
        .slice(1)
        .map((r) => [r.url, r.body]),
    ).toEqual([
      ['/api/auth/login/2fa', { challengeToken: 'social.challenge', deviceToken: expect.any(String) as string, code: '111111' }],
      ['/api/auth/login/2fa', { challengeToken: 'social.challenge', deviceToken: expect.any(String) as string, code: '222222' }],
    ]);
  });

  it('takes a recovery code in Spanish, and an expired challenge leads back to sign-in', async () => {
    const network = stubFetch(restAnswer(200, CHALLENGE), restError(401, 'TWO_FACTOR_CHALLENGE_INVALID', 'Challenge expired'));
    const { user } = renderLoading('es');
    await screen.findByRole('heading', { level: 1, name: 'Autenticación en dos pasos' });
    await user.click(screen.getByRole('button', { name: 'Usar un código de recuperación' }));
    await fill(user, labelled('Código de recuperación'), 'ABCDE-FGHIJ');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(network.requests().at(-1)?.body).toEqual({
      challengeToken: 'social.challenge',
      deviceToken: expect.any(String) as string,
      recoveryCode: 'ABCDE-FGHIJ',
    });

    await screen.findByText('Este inicio de sesión ha caducado. Vuelve a introducir tu contraseña.');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión de nuevo' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/es/auth'));
    expect(readCredentials()).toBeNull();
  });
});

describe('LoadingPage: a link whose proof lapsed (ACC-SUDO)', () => {
  it.each([
    ['en', 'For your security, the account was not connected: your last confirmation is more than 10 minutes old.'],
    ['ru', 'В целях безопасности аккаунт не привязан: последнее подтверждение было больше 10 минут назад.'],
    ['es', 'Por tu seguridad, la cuenta no se ha vinculado: tu última confirmación fue hace más de 10 minutos.'],
  ] as const)('explains error=REAUTHENTICATION_REQUIRED in %s', async (locale, text) => {
    renderWithRelay(<LoadingPage />, { page: 'loading', locale, route: '/loading?error=REAUTHENTICATION_REQUIRED' });
    const message = await screen.findByTestId('social-error');
    expect(message.getAttribute('data-code')).toBe('REAUTHENTICATION_REQUIRED');
    expect(message.textContent).toContain(text);
  });
});
