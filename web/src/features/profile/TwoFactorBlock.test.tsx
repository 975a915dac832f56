/**
 * TwoFactorBlock through the profile's query (`ProfilePage_user` → `TwoFactorBlock_user`), ACC-2FA:
 * off → "Turn on" starts the set-up (QR code as an image and the secret as text), a wrong code is
 * said at the field, the right one turns it on and shows the ten recovery codes once ("I saved
 * them" closes them for good); on → how many codes are left, "New recovery codes" and "Turn off"
 * (asked first) each need a recent proof (ACC-SUDO): the re-authentication dialog opens and the
 * action is sent again once after it; Copy puts the codes in the clipboard, or selects them and
 * says so when the browser refuses; Russian.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it, vi } from 'vitest';
import { viewerResolvers } from '../../test/mockData';
import { answerError, fieldMessage, fill, labelled, mutationsSent } from '../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import ProfilePageQuery, { type ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import ProfilePageUser, { type ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import { TwoFactorBlock } from './TwoFactorBlock';

const CODES = [
  'AAAAA-BBBBB',
  'CCCCC-DDDDD',
  'EEEEE-FFFFF',
  'GGGGG-HHHHH',
  'JJJJJ-KKKKK',
  'LLLLL-MMMMM',
  'NNNNN-PPPPP',
  'QQQQQ-RRRRR',
  'SSSSS-TTTTT',
  'UUUUU-VVVVV',
];
const SECRET = 'JBSWY3DPEHPK3PXP';

/** The block with the viewer the profile's query answers. */
function Block() {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {});
  const user = useFragment<ProfilePage_user$key>(ProfilePageUser, data.viewer);
  return user ? <TwoFactorBlock user={user} /> : null;
}

function renderBlock(twoFactor: { enabled: boolean; recoveryCodesLeft: number }, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers({ twoFactor }));
  return renderWithRelay(<Block />, { environment, page: 'profile', locale, signedIn: true });
}

const twoFactorUser = (twoFactor: { enabled: boolean; recoveryCodesLeft: number }) => ({ User: () => ({ id: 'VXNlcjox', twoFactor }) });

describe('TwoFactorBlock', () => {
  it('turns on: QR code and secret, a wrong code at the field, then the recovery codes once', async () => {
    const { environment, user, intl } = renderBlock({ enabled: false, recoveryCodesLeft: 0 });
    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.twoFactor.title' }) });
    expect(within(card).getByTestId('two-factor-state').textContent).toBe(intl.formatMessage({ id: 'profile.twoFactor.off' }));

    await user.click(within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.turnOn' }) }));
    expect(mutationsSent(environment)).toEqual([{ name: 'TwoFactorBlockStartMutation', variables: {} }]);
    await resolveOperation(environment, {
      TwoFactorSetupPayload: () => ({ secret: SECRET, uri: `otpauth://totp/Studio:anna%40example.com?secret=${SECRET}&issuer=Studio` }),
    });
    // The set-up opens with its QR code once the server answered (never empty behind a proof dialog).
    const dialog = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'profile.twoFactor.setupTitle' }) });
    within(dialog).getByRole('img', { name: intl.formatMessage({ id: 'profile.twoFactor.qrLabel' }) });
    expect(within(dialog).getByTestId('totp-secret').textContent).toBe(SECRET);

    const code = labelled(intl.formatMessage({ id: 'profile.twoFactor.codeLabel' }));
    await fill(user, code, '123 456');
    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.confirm' }) }));
    expect(mutationsSent(environment).at(-1)).toEqual({ name: 'TwoFactorBlockConfirmMutation', variables: { code: '123456' } });
    await answerError(environment, 'CODE_INVALID', 'Invalid code');
    await waitFor(() => expect(fieldMessage(code)).toBe(intl.formatMessage({ id: 'profile.twoFactor.wrongCode' })));

    await fill(user, code, '654321');
    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.confirm' }) }));
    await resolveOperation(environment, { RecoveryCodesPayload: () => ({ recoveryCodes: CODES }), ...twoFactorUser({ enabled: true, recoveryCodesLeft: 10 }) });
    const codes = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'profile.twoFactor.codesTitle' }) });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    within(codes).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.copy' }) });
    within(codes).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.download' }) });
    expect(within(card).getByTestId('two-factor-state').textContent).toBe(intl.formatMessage({ id: 'profile.twoFactor.on' }, { count: 10 }));

    await user.click(within(codes).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.done' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(CODES[0]!)).toBeNull();
  });

  it('new recovery codes ask for re-authentication first, then are sent again once and shown', async () => {
    const { environment, user, intl } = renderBlock({ enabled: true, recoveryCodesLeft: 3 });
    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.twoFactor.title' }) });
    expect(within(card).getByTestId('two-factor-state').textContent).toBe(intl.formatMessage({ id: 'profile.twoFactor.on' }, { count: 3 }));
    expect(within(card).queryByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.turnOn' }) })).toBeNull();

    await user.click(within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.regenerate' }) }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required');
    const reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.useCode' }) }));
    await fill(user, labelled(intl.formatMessage({ id: 'payouts.reauth.code' })), '246810');
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.confirm' }) }));
    expect(mutationsSent(environment).at(-1)).toEqual({ name: 'ReauthDialogMutation', variables: { password: null, code: '246810' } });
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T03:00:00.000Z' }) });
    expect(mutationsSent(environment).map((m) => m.name)).toEqual([
      'TwoFactorBlockRegenerateMutation',
      'ReauthDialogMutation',
      'TwoFactorBlockRegenerateMutation',
    ]);

    await resolveOperation(environment, { RecoveryCodesPayload: () => ({ recoveryCodes: CODES }), ...twoFactorUser({ enabled: true, recoveryCodesLeft: 10 }) });
    const codes = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'profile.twoFactor.codesTitle' }) });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(within(card).getByTestId('two-factor-state').textContent).toBe(intl.formatMessage({ id: 'profile.twoFactor.on' }, { count: 10 }));

    // Copy: into the clipboard; when the browser refuses, the codes are selected and it says so.
    await user.click(within(codes).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.copy' }) }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    within(codes).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.copied' }) });
    const refused = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    await user.click(within(codes).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.copied' }) }));
    expect(await within(codes).findByText(intl.formatMessage({ id: 'profile.referral.copyFailed' }))).toBeTruthy();
    expect(window.getSelection()?.toString()).toContain(CODES[0]);
    refused.mockRestore();
  });

  it('turning off asks first, then for re-authentication; cancelling it sends nothing more', async () => {
    const { environment, user, intl } = renderBlock({ enabled: true, recoveryCodesLeft: 10 });
    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.twoFactor.title' }) });
    const turnOff = () => user.click(within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.turnOff' }) }));

    await turnOff();
    let ask = await screen.findByRole('alertdialog', { name: intl.formatMessage({ id: 'profile.twoFactor.offTitle' }) });
    await user.click(within(ask).getByRole('button', { name: intl.formatMessage({ id: 'payouts.dialog.cancel' }) }));
    expect(mutationsSent(environment)).toEqual([]);

    await turnOff();
    ask = await screen.findByRole('alertdialog', { name: intl.formatMessage({ id: 'profile.twoFactor.offTitle' }) });
    await user.click(within(ask).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.turnOff' }) }));
    await waitFor(() => expect(mutationsSent(environment).map((m) => m.name)).toEqual(['TwoFactorBlockDisableMutation']));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required');
    let reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.dialog.cancel' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutationsSent(environment).map((m) => m.name)).toEqual(['TwoFactorBlockDisableMutation']);
    expect(within(card).queryByRole('alert')).toBeNull();

    await turnOff();
    ask = await screen.findByRole('alertdialog', { name: intl.formatMessage({ id: 'profile.twoFactor.offTitle' }) });
    await user.click(within(ask).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.turnOff' }) }));
    await waitFor(() => expect(mutationsSent(environment)).toHaveLength(2));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required');
    reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    await fill(user, labelled(intl.formatMessage({ id: 'payouts.reauth.password' })), 'correct horse battery staple');
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.confirm' }) }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T03:00:00.000Z' }) });
    expect(mutationsSent(environment).map((m) => m.name)).toEqual([
      'TwoFactorBlockDisableMutation',
      'TwoFactorBlockDisableMutation',
      'ReauthDialogMutation',
      'TwoFactorBlockDisableMutation',
    ]);
    await resolveOperation(environment, twoFactorUser({ enabled: false, recoveryCodesLeft: 0 }));
    await waitFor(() => expect(within(card).getByTestId('two-factor-state').textContent).toBe(intl.formatMessage({ id: 'profile.twoFactor.off' })));
  });

  it('speaks Russian under /ru', async () => {
    renderBlock({ enabled: true, recoveryCodesLeft: 2 }, 'ru');
    const card = await screen.findByRole('region', { name: 'Двухфакторная аутентификация' });
    expect(within(card).getByTestId('two-factor-state').textContent).toBe('Включена. Осталось резервных кодов: 2.');
    within(card).getByRole('button', { name: 'Новые резервные коды' });
  });

  it('starting and confirming the set-up ask for a recent proof (ACC-SUDO), each then sent again once', async () => {
    const { environment, user, intl } = renderBlock({ enabled: false, recoveryCodesLeft: 0 });
    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.twoFactor.title' }) });
    await user.click(within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.turnOn' }) }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['PASSWORD'] });
    let reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    // The proof is asked alone: the set-up has not opened behind it.
    expect(screen.queryByRole('dialog', { name: intl.formatMessage({ id: 'profile.twoFactor.setupTitle' }) })).toBeNull();
    await user.type(within(reauth).getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.confirm' }) }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T05:10:00.000Z' }) });
    await waitFor(() =>
      expect(mutationsSent(environment).map((m) => m.name)).toEqual(['TwoFactorBlockStartMutation', 'ReauthDialogMutation', 'TwoFactorBlockStartMutation']),
    );
    await resolveOperation(environment, {
      TwoFactorSetupPayload: () => ({ secret: SECRET, uri: `otpauth://totp/Studio:anna%40example.com?secret=${SECRET}&issuer=Studio` }),
    });
    const dialog = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'profile.twoFactor.setupTitle' }) });
    expect((await within(dialog).findByTestId('totp-secret')).textContent).toBe(SECRET);

    const code = labelled(intl.formatMessage({ id: 'profile.twoFactor.codeLabel' }));
    await fill(user, code, '654321');
    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.confirm' }) }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['PASSWORD'] });
    reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    await user.type(within(reauth).getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.confirm' }) }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T05:20:00.000Z' }) });
    await waitFor(() => expect(mutationsSent(environment).at(-1)).toEqual({ name: 'TwoFactorBlockConfirmMutation', variables: { code: '654321' } }));
    expect(mutationsSent(environment).filter((m) => m.name === 'TwoFactorBlockConfirmMutation')).toHaveLength(2);
    await resolveOperation(environment, { RecoveryCodesPayload: () => ({ recoveryCodes: CODES }), ...twoFactorUser({ enabled: true, recoveryCodesLeft: 10 }) });
    await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'profile.twoFactor.codesTitle' }) });
  });

  it('cancelling the proof when the set-up starts closes the set-up and sends nothing more', async () => {
    const { environment, user, intl } = renderBlock({ enabled: false, recoveryCodesLeft: 0 });
    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.twoFactor.title' }) });
    await user.click(within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.twoFactor.turnOn' }) }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['PASSWORD'] });
    const reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.dialog.cancel' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutationsSent(environment).map((m) => m.name)).toEqual(['TwoFactorBlockStartMutation']);
  });
});
