/**
 * PasskeysBlock through the profile's query (`ProfilePage_user` → `PasskeysBlock_user`),
 * ACC-PASSKEYS, with the browser's WebAuthn replaced on the `webauthn` object (spies restored after
 * every test: the suite shares one module graph, so nothing here may outlive its test): the list
 * (name, added, last used or not yet) and the empty state; adding asks for re-authentication when
 * the server wants it, offers the device's name, runs the browser's prompt and stores the answer;
 * a closed prompt is a quiet note, not an alert; a refusal is an alert; removing asks first;
 * without WebAuthn the Add button is replaced by a line saying so; Russian.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { webauthn } from '../../session/webauthn';
import { viewerResolvers } from '../../test/mockData';
import { answerError, fieldMessage, fill, labelled, mutationsSent } from '../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import ProfilePageQuery, { type ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import ProfilePageUser, { type ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import { PasskeysBlock } from './PasskeysBlock';

const OPTIONS =
  '{"challenge":"YWRk","rp":{"name":"Studio","id":"localhost"},"user":{"id":"dXNlcg","name":"anna@example.com","displayName":"Anna"},"pubKeyCredParams":[]}';
const ANSWER = '{"id":"new-cred","type":"public-key"}';
const LAPTOP = { id: 'UGFzc2tleTox', name: 'Work laptop', created: '2025-03-02T09:00:00.000Z', lastUsed: '2025-03-05T18:30:00.000Z' };
const PHONE = { id: 'UGFzc2tleToy', name: 'Phone', created: '2025-04-10T12:00:00.000Z', lastUsed: null };

/** The block with the viewer the profile's query answers. */
function Block() {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {});
  const user = useFragment<ProfilePage_user$key>(ProfilePageUser, data.viewer);
  return user ? <PasskeysBlock user={user} /> : null;
}

/** The browser's WebAuthn as a test wants it; every spy is restored when the test ends. */
function stubWebAuthn(supported = true) {
  const support = vi.spyOn(webauthn, 'supported').mockReturnValue(supported);
  const register = vi.spyOn(webauthn, 'register').mockResolvedValue(ANSWER);
  onTestFinished(() => {
    support.mockRestore();
    register.mockRestore();
  });
  return { register };
}

function failure(name: string): Error {
  const error = new Error(`${name} from the browser`);
  error.name = name;
  return error;
}

async function renderBlock(passkeys: unknown[], locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers({ passkeys }));
  const rendered = renderWithRelay(<Block />, { environment, page: 'profile', locale, signedIn: true });
  const card = await screen.findByRole('region', { name: rendered.intl.formatMessage({ id: 'profile.passkeys.title' }) });
  return { ...rendered, environment, card, button: (id: string) => within(card).getByRole('button', { name: rendered.intl.formatMessage({ id }) }) };
}

describe('PasskeysBlock', () => {
  it('lists the passkeys with when they were added and last used, and says when there are none', async () => {
    stubWebAuthn();
    const { card, intl } = await renderBlock([LAPTOP, PHONE]);
    const items = within(card).getAllByTestId('passkey');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual(['Work laptop', 'Phone']);
    expect(items[0]!.textContent).toContain(
      intl.formatMessage({ id: 'profile.passkeys.added' }, { date: intl.formatDate(LAPTOP.created, { dateStyle: 'medium' }) }),
    );
    expect(items[0]!.textContent).toContain(
      intl.formatMessage({ id: 'profile.passkeys.lastUsed' }, { time: intl.formatDate(LAPTOP.lastUsed, { dateStyle: 'medium' }) }),
    );
    expect(items[1]!.textContent).toContain(intl.formatMessage({ id: 'profile.passkeys.neverUsed' }));
    expect(within(card).queryByTestId('passkeys-empty')).toBeNull();
  });

  it('adds a passkey: re-authentication first, the device name offered, the prompt, then the list', async () => {
    const { register } = stubWebAuthn();
    const { environment, card, intl, user, button } = await renderBlock([]);
    expect(within(card).getByTestId('passkeys-empty').textContent).toBe(intl.formatMessage({ id: 'profile.passkeys.empty' }));

    await user.click(button('profile.passkeys.add'));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required');
    const reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    await fill(user, labelled(intl.formatMessage({ id: 'payouts.reauth.password' })), 'correct horse battery staple');
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.confirm' }) }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T03:00:00.000Z' }) });
    expect(mutationsSent(environment).map((m) => m.name)).toEqual(['PasskeysBlockStartMutation', 'ReauthDialogMutation', 'PasskeysBlockStartMutation']);
    await resolveOperation(environment, { PasskeyOptionsPayload: () => ({ options: OPTIONS }) });

    const dialog = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'profile.passkeys.addTitle' }) });
    const name = labelled(intl.formatMessage({ id: 'profile.passkeys.nameLabel' })) as HTMLInputElement;
    // jsdom's User-Agent names no browser or system we know (passkeyName.test.ts has real ones).
    expect(name.value).toBe(intl.formatMessage({ id: 'profile.passkeys.defaultName' }));
    await fill(user, name, '  ');
    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.passkeys.continue' }) }));
    expect(fieldMessage(name)).toBe(
      `${intl.formatMessage({ id: 'profile.passkeys.nameRequired' })} ${intl.formatMessage({ id: 'profile.passkeys.nameHint' })}`,
    );
    expect(register).not.toHaveBeenCalled();

    await fill(user, name, 'Work laptop');
    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.passkeys.continue' }) }));
    expect(register).toHaveBeenCalledWith(OPTIONS);
    await waitFor(() =>
      expect(mutationsSent(environment).at(-1)).toEqual({ name: 'AddPasskeyDialogFinishMutation', variables: { response: ANSWER, name: 'Work laptop' } }),
    );
    await resolveOperation(environment, { Passkey: () => ({ ...LAPTOP, lastUsed: null }) });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(card)
        .getAllByTestId('passkey')
        .map((item) => item.querySelector('span')?.textContent),
    ).toEqual(['Work laptop']);
    expect(within(card).queryByTestId('passkeys-empty')).toBeNull();
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('says a closed browser prompt quietly and sends nothing more; a refusal is an alert', async () => {
    const { register } = stubWebAuthn();
    register.mockRejectedValueOnce(failure('NotAllowedError'));
    const { environment, card, intl, user, button } = await renderBlock([LAPTOP]);

    await user.click(button('profile.passkeys.add'));
    await resolveOperation(environment, { PasskeyOptionsPayload: () => ({ options: OPTIONS }) });
    let dialog = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'profile.passkeys.addTitle' }) });
    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.passkeys.continue' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByRole('status').textContent).toBe(intl.formatMessage({ id: 'profile.passkeys.cancelled' }));
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(mutationsSent(environment).map((m) => m.name)).toEqual(['PasskeysBlockStartMutation']);

    await user.click(button('profile.passkeys.add'));
    await resolveOperation(environment, { PasskeyOptionsPayload: () => ({ options: OPTIONS }) });
    dialog = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'profile.passkeys.addTitle' }) });
    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.passkeys.continue' }) }));
    await waitFor(() => expect(mutationsSent(environment).at(-1)?.name).toBe('AddPasskeyDialogFinishMutation'));
    await answerError(environment, 'PASSKEY_INVALID', 'passkey: this passkey answer could not be verified');
    expect((await within(card).findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'profile.passkeys.invalid' }));
    expect(within(card).getByRole('status').textContent).toBe('');
    expect(within(card).getAllByTestId('passkey')).toHaveLength(1);
  });

  it('removes a passkey after asking; cancelling sends nothing', async () => {
    stubWebAuthn();
    const { environment, card, intl, user } = await renderBlock([LAPTOP, PHONE]);
    const remove = () => user.click(within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.passkeys.removeLabel' }, { name: 'Phone' }) }));

    await remove();
    let ask = await screen.findByRole('alertdialog', { name: intl.formatMessage({ id: 'profile.passkeys.removeTitle' }, { name: 'Phone' }) });
    await user.click(within(ask).getByRole('button', { name: intl.formatMessage({ id: 'payouts.dialog.cancel' }) }));
    expect(mutationsSent(environment)).toEqual([]);

    await remove();
    ask = await screen.findByRole('alertdialog', { name: intl.formatMessage({ id: 'profile.passkeys.removeTitle' }, { name: 'Phone' }) });
    await user.click(within(ask).getByRole('button', { name: intl.formatMessage({ id: 'profile.passkeys.remove' }) }));
    await waitFor(() => expect(mutationsSent(environment)).toEqual([{ name: 'PasskeysBlockDeleteMutation', variables: { id: PHONE.id } }]));
    await resolveOperation(environment, { User: () => ({ id: 'VXNlcjox', passkeys: [LAPTOP] }) });
    await waitFor(() => expect(within(card).getAllByTestId('passkey')).toHaveLength(1));
    expect(within(card).getByTestId('passkey').textContent).toContain('Work laptop');
  });

  it('replaces the Add button with a line where the browser has no WebAuthn, in Russian', async () => {
    stubWebAuthn(false);
    const { card } = await renderBlock([], 'ru');
    expect(within(card).getByTestId('passkeys-empty').textContent).toBe('Ключей доступа пока нет.');
    expect(within(card).getByTestId('passkeys-unsupported').textContent).toContain('Этот браузер не умеет создавать ключи доступа');
    expect(within(card).queryByRole('button', { name: 'Добавить ключ доступа' })).toBeNull();
  });
});
