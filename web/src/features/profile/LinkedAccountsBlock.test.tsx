/**
 * LinkedAccountsBlock through the profile's query (`ProfilePage_user` → `LinkedAccountsBlock_user`):
 * the linked sign-in accounts (ACC-LINKED) with the service, the identity the provider reported and
 * when it was linked; none yet; the providers the server offers for linking (AUTH-SOCIAL); the line
 * after a finished link; in English and Russian (SITE-LOCALES).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it, onTestFinished } from 'vitest';
import { mutationsSent, restAnswer, stubFetch } from '../../test/forms';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation, type RenderWithRelayOptions } from '../../test/renderWithRelay';
import { writeCredentials } from '../../session/credentials';
import { SOCIAL_LINKED_STATE } from '../auth/social';
import ProfilePageQuery, { type ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import ProfilePageUser, { type ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import { LinkedAccountsBlock } from './LinkedAccountsBlock';

/** The block with the viewer the profile's query answers. */
function Block() {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {});
  const user = useFragment<ProfilePage_user$key>(ProfilePageUser, data.viewer);
  return user ? <LinkedAccountsBlock user={user} /> : null;
}

function renderAccounts(viewer: Record<string, unknown> = {}, options: RenderWithRelayOptions = {}) {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers(viewer));
  return renderWithRelay(<Block />, { environment, page: 'profile', signedIn: true, ...options });
}

describe('LinkedAccountsBlock', () => {
  it('lists each linked account: service, reported e-mail or name, date linked and a Disconnect button', async () => {
    const { intl } = renderAccounts();

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.accounts.title' }) });
    const [google, github] = within(card).getAllByRole('listitem');
    within(google!).getByText('Google');
    within(google!).getByText('anna.petrova@gmail.com');
    within(google!).getByText(intl.formatMessage({ id: 'profile.accounts.linked' }, { date: 'Jan 20, 2025' }));
    within(google!).getByRole('button', { name: intl.formatMessage({ id: 'profile.accounts.disconnectLabel' }, { service: 'Google' }) });
    within(github!).getByText('GitHub');
    within(github!).getByText('annap');
    within(github!).getByText(intl.formatMessage({ id: 'profile.accounts.linked' }, { date: 'Jun 2, 2025' }));
    expect(within(card).queryByTestId('profile-accounts-empty')).toBeNull();
    expect(within(card).getByRole('status').textContent).toBe('');
  });

  it('says there are no linked accounts yet', async () => {
    const { intl } = renderAccounts({ accounts: [] });

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.accounts.title' }) });
    within(card).getByText(intl.formatMessage({ id: 'profile.accounts.empty' }));
    expect(within(card).queryByRole('list')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('offers one Connect button per provider the server enabled', async () => {
    const { intl } = renderAccounts(
      { accounts: [] },
      {
        app: {
          authProviders: [
            { id: 'google', name: 'Google' },
            { id: 'yandex', name: 'Yandex' },
          ],
        },
      },
    );

    const group = await screen.findByRole('group', { name: intl.formatMessage({ id: 'social.connect.title' }) });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Connect Google', 'Connect Yandex']);
    expect(buttons.map((b) => b.textContent)).toEqual(['Google', 'Yandex']);
  });

  it('says the account was connected after coming back from a finished link', async () => {
    const { intl } = renderAccounts({}, { state: SOCIAL_LINKED_STATE });

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.accounts.title' }) });
    expect(within(card).getByRole('status').textContent).toBe(intl.formatMessage({ id: 'social.connect.done' }));
  });

  it('speaks Russian under /ru: provider names, dates and buttons', async () => {
    renderAccounts(
      {
        accounts: [
          { id: 'U2VydmljZUFjY291bnQ6Mw', serviceType: 'YANDEX', serviceEmail: null, serviceUsername: 'anna.petrova', created: '2025-01-20T08:00:00.000Z' },
        ],
      },
      { locale: 'ru', app: { authProviders: [{ id: 'google', name: 'Google' }] } },
    );

    const card = await screen.findByRole('region', { name: 'Привязанные аккаунты' });
    const account = within(card).getByRole('listitem');
    within(account).getByText('Яндекс');
    within(account).getByText('Привязан 20 янв. 2025 г.');
    within(account).getByRole('button', { name: 'Отключить Яндекс' });
    within(card).getByRole('button', { name: 'Привязать Google' });
  });
});

/** A bearer token that is not about to expire, so the block asks get-login-url without a refresh first. */
function signedInWithFreshToken() {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  writeCredentials({ accessToken: `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'VXNlcjox', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig` });
}

describe('LinkedAccountsBlock: linking needs a recent proof (ACC-SUDO)', () => {
  it('a 403 REAUTHENTICATION_REQUIRED from get-login-url opens the dialog; after the proof the address is asked for once more', async () => {
    const network = stubFetch(
      restAnswer(403, { error: { code: 'REAUTHENTICATION_REQUIRED', message: 'Re-authentication required', methods: ['PASSWORD', 'PASSKEY'] } }),
      restAnswer(200, { data: 'https://accounts.google.test/o/oauth2/auth?state=s1' }),
    );
    // The tab's note of the provider outlives the test otherwise (test files may share a window).
    onTestFinished(() => sessionStorage.removeItem('studio.socialProvider'));
    const { environment, user, intl } = renderAccounts({ accounts: [] }, { app: { authProviders: [{ id: 'google', name: 'Google' }] } });
    signedInWithFreshToken();
    await user.click(await screen.findByRole('button', { name: 'Connect Google' }));

    const reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.usePasskey' }) });
    expect(network.requests().map((r) => new URL(r.url, 'http://x').pathname)).toEqual(['/api/auth/google/get-login-url']);
    await user.type(within(reauth).getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.reauth.confirm' }) }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T05:10:00.000Z' }) });
    await waitFor(() => expect(network.requests()).toHaveLength(2));
    expect(new URL(network.requests()[1]!.url, 'http://x').pathname).toBe('/api/auth/google/get-login-url');
    expect(mutationsSent(environment).map((m) => m.name)).toEqual(['ReauthDialogMutation']);
    // On its way to the provider: the round trip's provider is noted for /loading.
    await waitFor(() => expect(sessionStorage.getItem('studio.socialProvider')).toBe('google'));
  });

  it('cancelling the proof asks for nothing more and leaves the button usable', async () => {
    const network = stubFetch(restAnswer(403, { error: { code: 'REAUTHENTICATION_REQUIRED', message: 'Re-authentication required', methods: ['PASSWORD'] } }));
    const { user, intl } = renderAccounts({ accounts: [] }, { app: { authProviders: [{ id: 'google', name: 'Google' }] } });
    signedInWithFreshToken();
    await user.click(await screen.findByRole('button', { name: 'Connect Google' }));
    const reauth = await screen.findByRole('dialog', { name: intl.formatMessage({ id: 'payouts.reauth.title' }) });
    await user.click(within(reauth).getByRole('button', { name: intl.formatMessage({ id: 'payouts.dialog.cancel' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.requests()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Connect Google' }).getAttribute('aria-busy')).not.toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
