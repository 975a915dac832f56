/**
 * AboutBlock through the profile's query (`ProfilePage_user` → `AboutBlock_user`): bio, phone and
 * Telegram as the person reads them (ACC-FIELDS; the phone in the international format), "Not set" for an empty one, in English and
 * Russian (SITE-LOCALES). Editing belongs to the form tests.
 */
import { screen, within } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import ProfilePageQuery, { type ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import ProfilePageUser, { type ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import { AboutBlock } from './AboutBlock';

/** The block with the viewer the profile's query answers. */
function Block() {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {});
  const user = useFragment<ProfilePage_user$key>(ProfilePageUser, data.viewer);
  return user ? <AboutBlock user={user} /> : null;
}

function renderAbout(viewer: Record<string, unknown>, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers(viewer));
  return renderWithRelay(<Block />, { environment, page: 'profile', locale, signedIn: true });
}

describe('AboutBlock', () => {
  it('shows the bio, the phone and the Telegram handle, each with its Edit button', async () => {
    const { intl } = renderAbout({ bio: 'Product designer in Lisbon.', phone: '+14155550123', telegram: 'anna_petrova' });

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.about.title' }) });
    expect(within(card).getByTestId('profile-bio').textContent).toBe('Product designer in Lisbon.');
    expect(within(card).getByTestId('profile-phone').textContent).toBe('+1 415 555 0123');
    expect(within(card).getByTestId('profile-telegram').textContent).toBe('@anna_petrova');
    for (const field of ['profile.bio', 'profile.phone', 'profile.telegram']) {
      within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.inline.editLabel' }, { field: intl.formatMessage({ id: field }) }) });
    }
  });

  it('says "Not set" for each empty field', async () => {
    const { intl } = renderAbout({ bio: null, phone: null, telegram: null });

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.about.title' }) });
    expect(within(card).getAllByText(intl.formatMessage({ id: 'profile.notSet' }))).toHaveLength(3);
    expect(within(card).queryByTestId('profile-bio')).toBeNull();
  });

  it('speaks Russian under /ru', async () => {
    renderAbout({ bio: null, phone: '+79161234567', telegram: 'anna_petrova' }, 'ru');

    const card = await screen.findByRole('region', { name: 'О вас' });
    within(card).getByText('Не указано');
    expect(within(card).getByTestId('profile-phone').textContent).toBe('+7 916 123 45 67');
    within(card).getByRole('button', { name: 'Изменить: Телефон' });
  });
});
