/**
 * /profile (ACC-POLICY: the signed-in user's own record): signed out, loading (the skeleton while
 * the network-only query runs), every card of the viewer, the e-mail banner for an unconfirmed
 * address (ACC-EMAIL), a failed load with "Try again", a session the server no longer knows, and
 * the page in Russian (SITE-LOCALES).
 */
import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, rejectOperation, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { emitAppEvent } from '../../app/events';
import { ProfilePage } from './ProfilePage';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The cards' titles (message ids) in reading order. */
const CARDS = [
  'profile.avatar.title',
  'profile.identity.title',
  'profile.about.title',
  'profile.security.title',
  'profile.twoFactor.title',
  'profile.passkeys.title',
  'profile.balance.title',
  'profile.accounts.title',
  'profile.devices.title',
  'profile.timeline.title',
  'profile.delete.title',
];

describe('ProfilePage', () => {
  it('asks a visitor who is not signed in to sign in, without asking the server', async () => {
    const { environment, intl } = renderWithRelay(<ProfilePage />, { page: 'profile' });

    await screen.findByRole('heading', { level: 2, name: intl.formatMessage({ id: 'profile.signedOutTitle' }) });
    screen.getByText(intl.formatMessage({ id: 'profile.signedOutText' }));
    // Back here after signing in (AUTH-RETURN).
    expect(screen.getByRole('link', { name: intl.formatMessage({ id: 'nav.signIn' }) }).getAttribute('href')).toBe('/auth?next=%2Fprofile');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('shows the loading skeleton while the profile is fetched, then every card in reading order', async () => {
    const { environment, intl } = renderWithRelay(<ProfilePage />, { page: 'profile', signedIn: true });

    screen.getByRole('heading', { level: 1, name: intl.formatMessage({ id: 'profile.title' }) });
    expect((await screen.findByRole('status')).textContent).toBe(intl.formatMessage({ id: 'profile.loading' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('ProfilePageQuery');

    await resolveOperation(environment, viewerResolvers());
    const titles = screen.getAllByRole('region').map((region) => within(region).getAllByRole('heading', { level: 2 })[0]!.textContent);
    expect(titles).toEqual(CARDS.map((id) => intl.formatMessage({ id })));
    expect(screen.queryByText(intl.formatMessage({ id: 'profile.loading' }))).toBeNull();
    // A confirmed address: no banner above the cards.
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'passwords.verify.sendNew' }) })).toBeNull();
    expect(screen.getByTestId('profile-fullName').textContent).toBe('Anna Petrova');
  });

  it('puts the e-mail banner above the cards while the address is not confirmed', async () => {
    const environment = createTestEnvironment();
    queueResolvers(environment, viewerResolvers({ email: 'anna@example.com', isVerified: false }));
    const { intl } = renderWithRelay(<ProfilePage />, { environment, page: 'profile', signedIn: true });

    const banner = await screen.findByRole('region', { name: intl.formatMessage({ id: 'passwords.verify.title' }, { email: 'anna@example.com' }) });
    expect(screen.getAllByRole('region')[0]).toBe(banner);
  });

  it('says the profile could not be loaded and loads it again on "Try again"', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // React reports the error its boundary caught.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { environment, user, intl } = renderWithRelay(<ProfilePage />, { page: 'profile', signedIn: true });
    await screen.findByRole('status');

    await rejectOperation(environment);
    const alert = await screen.findByRole('alert');
    within(alert).getByText(intl.formatMessage({ id: 'profile.loadError' }));
    expect(warned).toHaveBeenCalledWith('Profile failed to load', expect.any(Error));

    await user.click(within(alert).getByRole('button', { name: intl.formatMessage({ id: 'profile.retry' }) }));
    expect((await screen.findByRole('status')).textContent).toBe(intl.formatMessage({ id: 'profile.loading' }));
    expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('ProfilePageQuery');
    await resolveOperation(environment, viewerResolvers());
    await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.identity.title' }) });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats a session the server no longer knows (no viewer) as signed out', async () => {
    const environment = createTestEnvironment();
    queueResolvers(environment, { Query: () => ({ viewer: null }) });
    const { intl } = renderWithRelay(<ProfilePage />, { environment, page: 'profile', signedIn: true });

    await screen.findByRole('heading', { level: 2, name: intl.formatMessage({ id: 'profile.signedOutTitle' }) });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('speaks Russian under /ru', async () => {
    const { environment } = renderWithRelay(<ProfilePage />, { page: 'profile', signedIn: true, locale: 'ru' });

    screen.getByRole('heading', { level: 1, name: 'Ваш профиль' });
    expect((await screen.findByRole('status')).textContent).toBe('Загружаем профиль…');
    await resolveOperation(environment, viewerResolvers({ fullName: 'Анна Петрова' }));
    screen.getByRole('region', { name: 'Баланс' });
    expect(within(screen.getByRole('region', { name: 'Аккаунт' })).getByTestId('profile-fullName').textContent).toBe('Анна Петрова');
  });

  it('refetches quietly when the earnings changed (the refetch-transactions app event)', async () => {
    const environment = createTestEnvironment();
    queueResolvers(environment, viewerResolvers({ balances: [], balance: 0, held: 0 }));
    renderWithRelay(<ProfilePage />, { environment, page: 'profile', signedIn: true });
    expect((await screen.findByTestId('earnings-available')).textContent).toBe('$0.00');
    const profileQueries = () => environment.mock.getAllOperations().filter((operation) => operation.request.node.params.name === 'ProfilePageQuery');
    expect(profileQueries()).toHaveLength(0);

    emitAppEvent({ type: 'refetch-transactions' }, { crossTab: false });
    expect(profileQueries()).toHaveLength(1);
    await act(async () => {
      environment.mock.resolve(
        profileQueries()[0]!,
        MockPayloadGenerator.generate(profileQueries()[0]!, viewerResolvers({ balances: [], balance: 15000, held: 0 })),
      );
    });
    expect(screen.getByTestId('earnings-available').textContent).toBe('$150.00');
  });
});
