/**
 * SecurityBlock through the profile's query (`ProfilePage_user` → `SecurityBlock_user`): whether
 * the account has a password, with the way to set or change it (ACC-PASSWORD), and signing out of
 * this device; in English and Russian (SITE-LOCALES).
 */
import { screen, within } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import ProfilePageQuery, { type ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import ProfilePageUser, { type ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import { SecurityBlock } from './SecurityBlock';

/** The block with the viewer the profile's query answers. */
function Block() {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {});
  const user = useFragment<ProfilePage_user$key>(ProfilePageUser, data.viewer);
  return user ? <SecurityBlock user={user} /> : null;
}

function renderSecurity(passwordIsSet: boolean, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers({ passwordIsSet }));
  return renderWithRelay(<Block />, { environment, page: 'profile', locale, signedIn: true });
}

describe('SecurityBlock', () => {
  it('says a password is set and links to changing it; offers to sign out', async () => {
    const { intl } = renderSecurity(true);

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.security.title' }) });
    expect(within(card).getByTestId('profile-password').textContent).toBe(intl.formatMessage({ id: 'profile.security.passwordSet' }));
    expect(
      within(card)
        .getByRole('link', { name: intl.formatMessage({ id: 'profile.edit.password' }) })
        .getAttribute('href'),
    ).toBe('/profile/change-password');
    within(card).getByText(intl.formatMessage({ id: 'profile.security.signOutText' }));
    within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.signOut' }) });
  });

  it('says there is no password yet and links to setting one', async () => {
    const { intl } = renderSecurity(false);

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.security.title' }) });
    expect(within(card).getByTestId('profile-password').textContent).toBe(intl.formatMessage({ id: 'profile.security.passwordNotSet' }));
    expect(
      within(card)
        .getByRole('link', { name: intl.formatMessage({ id: 'profile.edit.setPassword' }) })
        .getAttribute('href'),
    ).toBe('/profile/set-password');
    expect(within(card).queryByRole('link', { name: intl.formatMessage({ id: 'profile.edit.password' }) })).toBeNull();
  });

  it('speaks Russian under /ru', async () => {
    renderSecurity(false, 'ru');

    const card = await screen.findByRole('region', { name: 'Вход' });
    within(card).getByText('Пароля пока нет: вы входите через привязанный аккаунт.');
    expect(within(card).getByRole('link', { name: 'Задать пароль' }).getAttribute('href')).toBe('/ru/profile/set-password');
    within(card).getByRole('button', { name: 'Выйти' });
  });
});
