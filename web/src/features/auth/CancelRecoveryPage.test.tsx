/**
 * /auth/cancel-recovery?token=… (ACC-2FA-RECOVERY) as a visitor uses it, with the REST api stubbed
 * at `fetch`: the token leaves the address at once; the button cancels the request and the page
 * says two-factor authentication stays on; a rate limit can be tried again; an unknown link, a
 * request already cancelled and one already carried out are each said in words; no token at all
 * is an unknown link; the page in Russian.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { restAnswer, restError, stubFetch } from '../../test/forms';
import { renderWithRelay } from '../../test/renderWithRelay';
import { CancelRecoveryPage } from './CancelRecoveryPage';

async function renderCancel(options: { locale?: 'en' | 'ru'; route?: string } = {}) {
  const rendered = renderWithRelay(<CancelRecoveryPage />, {
    page: 'authCancelRecovery',
    route: options.route ?? '/auth/cancel-recovery?token=rcv_4f1a',
    locale: options.locale ?? 'en',
  });
  return rendered;
}

describe('CancelRecoveryPage', () => {
  it('takes the token out of the address, cancels with it after a rate limit, and says 2FA stays on', async () => {
    const network = stubFetch(restError(429, 'RATE_LIMITED', 'Too many', 30), restAnswer(200, { cancelled: true }));
    const { router, user, intl } = await renderCancel();
    const button = await screen.findByRole('button', { name: intl.formatMessage({ id: 'recovery.cancel.submit' }) });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'passwords.error.waitSeconds' }, { seconds: 30 }));
    await user.click(button);
    await screen.findByText(intl.formatMessage({ id: 'recovery.cancel.done' }));
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'recovery.cancel.submit' }) })).toBeNull();
    expect(network.requests()).toEqual([
      { url: '/api/auth/2fa/recovery/cancel', method: 'POST', body: { token: 'rcv_4f1a' } },
      { url: '/api/auth/2fa/recovery/cancel', method: 'POST', body: { token: 'rcv_4f1a' } },
    ]);
  });

  it.each([
    ['RECOVERY_LINK_INVALID', 404, 'recovery.cancel.invalid'],
    ['RECOVERY_ALREADY_CANCELLED', 409, 'recovery.cancel.alreadyCancelled'],
    ['RECOVERY_ALREADY_DONE', 409, 'recovery.cancel.alreadyDone'],
  ] as const)('%s is said in words', async (code, status, id) => {
    stubFetch(restError(status, code, 'No'));
    const { user, intl } = await renderCancel();
    await user.click(await screen.findByRole('button', { name: intl.formatMessage({ id: 'recovery.cancel.submit' }) }));
    await screen.findByText(intl.formatMessage({ id }));
  });

  it('without a token says the link does not work, in Russian', async () => {
    const network = stubFetch();
    await renderCancel({ locale: 'ru', route: '/auth/cancel-recovery' });
    await screen.findByText('Ссылка не работает');
    screen.getByRole('heading', { level: 1, name: 'Оставить двухфакторную аутентификацию' });
    expect(network.requests()).toEqual([]);
  });
});
