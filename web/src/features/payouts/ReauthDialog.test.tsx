/**
 * Re-authentication (PAYOUT-REAUTH) on /profile/payouts: a payout request or a method change the
 * server answers with REAUTHENTICATION_REQUIRED opens the password dialog; a wrong password and the
 * account's delay are shown at the field; once the password is proven the original mutation is sent
 * again exactly once; cancelling sends nothing more; a passkey (when the error names one) proves it
 * too, a dismissed browser prompt said quietly.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerError, fieldMessage, mutationsSent } from '../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { PayoutsPage } from './PayoutsPage';
import { payoutsResolvers } from './testData';
import { webauthn } from '../../session/webauthn';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderPayouts(viewer: Record<string, unknown> = {}, locale: 'en' | 'ru' | 'es' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, payoutsResolvers([], { viewer }));
  return renderWithRelay(<PayoutsPage />, { environment, page: 'profilePayouts', signedIn: true, locale });
}

describe('re-authentication', () => {
  it('asks for the password, shows a wrong one and the wait at the field, then replays the payout request once', async () => {
    const { environment, user } = renderPayouts();
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const request = await screen.findByRole('dialog', { name: 'Pay out $123.45?' });
    await user.click(within(request).getByRole('button', { name: 'Request payout' }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required');

    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = within(reauth).getByLabelText(/^Password/);
    await user.type(password, 'wrong-password');
    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    expect(mutationsSent(environment).map((m) => [m.name, m.variables])).toEqual([
      ['PayoutBalancesRequestMutation', { currency: 'USD' }],
      ['ReauthDialogMutation', { password: 'wrong-password', code: null }],
    ]);
    await answerError(environment, 'WRONG_PASSWORD', 'Wrong password');
    expect(fieldMessage(password)).toBe('The password is not correct.');

    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    await answerError(environment, 'TOO_MANY_REQUESTS', 'Too many attempts', { retryAfterSeconds: 90 });
    expect(fieldMessage(password)).toBe('Too many attempts. Please try again in 2 minutes.');

    await user.clear(password);
    await user.type(password, 'correct horse battery staple');
    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-25T04:00:00.000Z' }) });
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    // The payout request again, once.
    expect(mutationsSent(environment).map((m) => m.name)).toEqual([
      'PayoutBalancesRequestMutation',
      'ReauthDialogMutation',
      'ReauthDialogMutation',
      'ReauthDialogMutation',
      'PayoutBalancesRequestMutation',
    ]);
    await resolveOperation(environment, { Payout: () => ({ id: 'UGF5b3V0OjU', status: 'REQUESTED' }) });
    await screen.findByTestId('payout-requested');
  });

  it('replays a method change after the password, and sends nothing more when cancelled', async () => {
    const { environment, user } = renderPayouts({ withdrawalMethod: 'BANK_TRANSFER' });
    await user.click(await screen.findByRole('radio', { name: 'Stripe' }));
    await user.click(screen.getByRole('button', { name: 'Use Stripe' }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required');
    let reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(reauth).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mutationsSent(environment).map((m) => m.name)).toEqual(['PayoutMethodSetMutation']);

    await user.click(screen.getByRole('button', { name: 'Use Stripe' }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required');
    reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(reauth).getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-25T04:00:00.000Z' }) });
    const sent = mutationsSent(environment);
    expect(sent.map((m) => m.name)).toEqual(['PayoutMethodSetMutation', 'PayoutMethodSetMutation', 'ReauthDialogMutation', 'PayoutMethodSetMutation']);
    expect(sent.at(-1)?.variables).toEqual({ input: { method: 'STRIPE' } });
    await resolveOperation(environment, {
      User: () => ({ id: 'VXNlcjox', withdrawalMethod: 'STRIPE', withdrawalMethodDetails: null, stripeAccountId: null, stripeOnboardingCompleted: false }),
    });
    await screen.findByTestId('payout-method-saved');
    expect(screen.getByTestId('stripe-status').textContent).toBe('Not started');
  });

  it('proves it with a passkey when the account offers one: a dismissed prompt is said quietly, then the request is replayed once', async () => {
    const authenticate = vi.spyOn(webauthn, 'authenticate');
    authenticate.mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    authenticate.mockResolvedValueOnce('{"id":"passkey-answer"}');
    const { environment, user } = renderPayouts();
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const request = await screen.findByRole('dialog', { name: 'Pay out $123.45?' });
    await user.click(within(request).getByRole('button', { name: 'Request payout' }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['PASSWORD', 'PASSKEY'] });

    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(reauth).getByRole('button', { name: 'Use a passkey instead' }));
    expect(within(reauth).queryByLabelText(/^Password/)).toBeNull();
    await user.click(within(reauth).getByRole('button', { name: 'Confirm with a passkey' }));
    await resolveOperation(environment, { PasskeyOptionsPayload: () => ({ options: '{"challenge":"c1"}' }) });
    expect((await within(reauth).findByRole('status')).textContent).toBe('The passkey was not used. Try again when you are ready.');
    expect(authenticate).toHaveBeenLastCalledWith('{"challenge":"c1"}');

    await user.click(within(reauth).getByRole('button', { name: 'Confirm with a passkey' }));
    await resolveOperation(environment, { PasskeyOptionsPayload: () => ({ options: '{"challenge":"c2"}' }) });
    await waitFor(() => expect(mutationsSent(environment).at(-1)?.name).toBe('ReauthPasskeyProveMutation'));
    expect(mutationsSent(environment).at(-1)?.variables).toEqual({ passkey: '{"id":"passkey-answer"}' });
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T05:00:00.000Z' }) });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(mutationsSent(environment).map((m) => m.name)).toEqual([
      'PayoutBalancesRequestMutation',
      'ReauthPasskeyOptionsMutation',
      'ReauthPasskeyOptionsMutation',
      'ReauthPasskeyProveMutation',
      'PayoutBalancesRequestMutation',
    ]);
  });

  it('speaks Spanish in the dialog', async () => {
    const { environment, user } = renderPayouts({}, 'es');
    await user.click(await screen.findByRole('button', { name: 'Solicitar pago' }));
    const request = await screen.findByRole('dialog');
    await user.click(within(request).getByRole('button', { name: 'Solicitar pago' }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required');
    await screen.findByRole('dialog', { name: 'Confirma que eres tú' });
  });
});

describe('re-authentication with a mailed code (EMAIL_CODE)', () => {
  it('sends a code to the address, shows refused codes at the field, then replays the request once', async () => {
    const { environment, user } = renderPayouts();
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const request = await screen.findByRole('dialog', { name: 'Pay out $123.45?' });
    await user.click(within(request).getByRole('button', { name: 'Request payout' }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['EMAIL_CODE', 'PASSKEY'] });

    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(reauth).queryByLabelText(/^Password/)).toBeNull();
    expect(within(reauth).getByRole('button', { name: 'Use a passkey instead' })).toBeTruthy();
    await user.click(within(reauth).getByRole('button', { name: 'Send me a code' }));
    expect(mutationsSent(environment).at(-1)?.name).toBe('ReauthDialogSendCodeMutation');
    await resolveOperation(environment, { EmailCodePayload: () => ({ sentTo: 'ada@example.com', expiresAt: '2026-11-28T05:20:00.000Z' }) });
    expect(within(reauth).getByRole('status').textContent).toBe('We sent a code to ada@example.com. It works for 20 minutes.');

    const code = within(reauth).getByLabelText(/^Code from the e-mail/);
    await user.type(code, 'WRONG123');
    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    expect(mutationsSent(environment).at(-1)).toMatchObject({ name: 'ReauthDialogEmailCodeMutation', variables: { emailCode: 'WRONG123' } });
    await answerError(environment, 'CODE_INVALID', 'Wrong code', { attemptsLeft: 4 });
    expect(fieldMessage(code)).toBe('This code is not valid.');

    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    await answerError(environment, 'CODE_EXPIRED', 'Expired');
    expect(fieldMessage(code)).toBe('This code has expired. Send a new one.');

    await user.click(within(reauth).getByRole('button', { name: 'Send a new code' }));
    await answerError(environment, 'TOO_MANY_REQUESTS', 'Too many', { retryAfterSeconds: 90 });
    expect(fieldMessage(code)).toBe('Too many attempts. Please try again in 2 minutes.');

    await user.clear(code);
    await user.type(code, 'AB12CD34');
    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T05:10:00.000Z' }) });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(mutationsSent(environment).map((m) => m.name)).toEqual([
      'PayoutBalancesRequestMutation',
      'ReauthDialogSendCodeMutation',
      'ReauthDialogEmailCodeMutation',
      'ReauthDialogEmailCodeMutation',
      'ReauthDialogSendCodeMutation',
      'ReauthDialogEmailCodeMutation',
      'PayoutBalancesRequestMutation',
    ]);
  });

  it('speaks Russian for the mailed code', async () => {
    const { environment, user } = renderPayouts({}, 'ru');
    await user.click(await screen.findByRole('button', { name: 'Запросить выплату' }));
    const request = await screen.findByRole('dialog');
    await user.click(within(request).getByRole('button', { name: 'Запросить выплату' }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['EMAIL_CODE'] });
    const reauth = await screen.findByRole('dialog', { name: 'Подтвердите, что это вы' });
    await user.click(within(reauth).getByRole('button', { name: 'Отправить мне код' }));
    await resolveOperation(environment, { EmailCodePayload: () => ({ sentTo: 'ada@example.com', expiresAt: '2026-11-28T05:20:00.000Z' }) });
    expect(within(reauth).getByRole('status').textContent).toBe('Мы отправили код на ada@example.com. Он действует 20 минут.');
  });
});
