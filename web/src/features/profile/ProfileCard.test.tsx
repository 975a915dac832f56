/**
 * ProfileCard through the profile's query (`ProfilePage_user` → `ProfileCard_user`): name, username,
 * e-mail with its verified state and a change waiting for its code (ACC-EMAIL), member since; in
 * English and Russian (SITE-LOCALES). Editing the username belongs to the form tests.
 */
import { screen, within } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import ProfilePageQuery, { type ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import ProfilePageUser, { type ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import { ProfileCard } from './ProfileCard';

/** The card with the viewer the profile's query answers. */
function Card() {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {});
  const user = useFragment<ProfilePage_user$key>(ProfilePageUser, data.viewer);
  return user ? <ProfileCard user={user} /> : null;
}

function renderCard(viewer: Record<string, unknown>, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers(viewer));
  return renderWithRelay(<Card />, { environment, page: 'profile', locale, signedIn: true });
}

describe('ProfileCard', () => {
  it('shows the name, @username, the verified e-mail and the date the account was made, with links to change them', async () => {
    const { intl } = renderCard({
      fullName: 'Anna Petrova',
      username: 'anna.petrova',
      email: 'anna@example.com',
      isVerified: true,
      pendingEmail: null,
      created: '2024-03-15T10:20:00.000Z',
    });

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.identity.title' }) });
    expect(within(card).getByTestId('profile-fullName').textContent).toBe('Anna Petrova');
    expect(within(card).getByTestId('profile-username').textContent).toBe('@anna.petrova');
    expect(within(card).getByTestId('profile-email').textContent).toBe('anna@example.com');
    expect(within(card).getByTestId('profile-email-verified').textContent).toBe(intl.formatMessage({ id: 'profile.email.verified' }));
    expect(within(card).queryByTestId('profile-pendingEmail')).toBeNull();
    expect(within(card).getByTestId('profile-created').textContent).toBe('March 15, 2024');
    expect(
      within(card)
        .getByRole('link', { name: intl.formatMessage({ id: 'profile.edit.name' }) })
        .getAttribute('href'),
    ).toBe('/profile/change-name');
    expect(
      within(card)
        .getByRole('link', { name: intl.formatMessage({ id: 'profile.edit.email' }) })
        .getAttribute('href'),
    ).toBe('/profile/change-email');
    within(card).getByRole('button', {
      name: intl.formatMessage({ id: 'profile.inline.editLabel' }, { field: intl.formatMessage({ id: 'profile.username' }) }),
    });
  });

  it('marks an unconfirmed e-mail and names the new address waiting for its code', async () => {
    const { intl } = renderCard({ isVerified: false, pendingEmail: 'anna.new@example.com' });

    await screen.findByTestId('profile-email-unverified');
    expect(screen.getByTestId('profile-email-unverified').textContent).toBe(intl.formatMessage({ id: 'profile.email.unverified' }));
    expect(screen.queryByTestId('profile-email-verified')).toBeNull();
    expect(screen.getByTestId('profile-pendingEmail').textContent).toBe(intl.formatMessage({ id: 'profile.email.pending' }, { email: 'anna.new@example.com' }));
  });

  it('speaks Russian under /ru', async () => {
    renderCard({ fullName: 'Анна Петрова', isVerified: false, pendingEmail: 'anna.new@example.com', created: '2024-03-15T10:20:00.000Z' }, 'ru');

    const card = await screen.findByRole('region', { name: 'Аккаунт' });
    expect(within(card).getByTestId('profile-fullName').textContent).toBe('Анна Петрова');
    expect(within(card).getByTestId('profile-email-unverified').textContent).toBe('Не подтверждён');
    expect(within(card).getByTestId('profile-pendingEmail').textContent).toBe('Ожидает подтверждения: anna.new@example.com');
    expect(within(card).getByTestId('profile-created').textContent).toBe('15 марта 2024 г.');
    expect(within(card).getByRole('link', { name: 'Изменить имя' }).getAttribute('href')).toBe('/ru/profile/change-name');
  });
});
