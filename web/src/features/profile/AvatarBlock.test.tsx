/**
 * AvatarBlock through the profile's query (`ProfilePage_user` → `AvatarBlock_user`): the user's
 * photo, or their initials, and the button that uploads one (ACC-AVATAR), in English and Russian;
 * removing it after a confirmation, with a toast and focus on "Upload photo" (ACC-AVATAR-REMOVE).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { mutationsSent } from '../../test/forms';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import ProfilePageQuery, { type ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import ProfilePageUser, { type ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import { AvatarBlock } from './AvatarBlock';

/** The block with the viewer the profile's query answers. */
function Block() {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {});
  const user = useFragment<ProfilePage_user$key>(ProfilePageUser, data.viewer);
  return user ? <AvatarBlock user={user} /> : null;
}

function renderAvatar(viewer: Record<string, unknown>, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers(viewer));
  return renderWithRelay(<Block />, { environment, page: 'profile', locale, signedIn: true, toasts: true });
}

describe('AvatarBlock', () => {
  it("names the person's photo, shows their initials until it loads, and offers to change it", async () => {
    const { intl } = renderAvatar({ fullName: 'Anna Petrova', image: { id: 'SW1hZ2U6MQ', url: '/uploads/avatars/anna.webp' } });

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.avatar.title' }) });
    const avatar = within(card).getByRole('img', { name: intl.formatMessage({ id: 'profile.avatar.alt' }, { name: 'Anna Petrova' }) });
    expect(avatar.textContent).toBe('AP');
    within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.avatar.change' }) });
    within(card).getByText(intl.formatMessage({ id: 'profile.avatar.hint' }, { max: 5 }));
    // Nothing is uploading: no progress bar, an empty status line, no error.
    expect(within(card).queryByRole('progressbar')).toBeNull();
    expect(within(card).getByRole('status').textContent).toBe('');
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('offers to upload a photo when there is none', async () => {
    const { intl } = renderAvatar({ image: null });

    await screen.findByRole('button', { name: intl.formatMessage({ id: 'profile.avatar.upload' }) });
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'profile.avatar.change' }) })).toBeNull();
  });

  it('speaks Russian under /ru', async () => {
    renderAvatar({ fullName: 'Анна Петрова', image: null }, 'ru');

    const card = await screen.findByRole('region', { name: 'Фото' });
    expect(within(card).getByRole('img', { name: 'Фото: Анна Петрова' }).textContent).toBe('АП');
    within(card).getByRole('button', { name: 'Загрузить фото' });
    within(card).getByText('Изображение до 5 МБ. Оно будет обрезано до квадрата.');
  });

  it('removes the photo after asking: the mutation, the initials, a toast and focus on "Upload photo"', async () => {
    const { intl, user, environment } = renderAvatar({
      id: 'VXNlcjox',
      fullName: 'Anna Petrova',
      image: { id: 'SW1hZ2U6MQ', url: '/uploads/avatars/anna.webp' },
    });
    const remove = await screen.findByRole('button', { name: intl.formatMessage({ id: 'profile.avatar.remove' }) });

    // Cancel first: nothing is sent, focus is back on the button.
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: intl.formatMessage({ id: 'profile.avatar.removeTitle' }) });
    await user.click(within(dialog).getByRole('button', { name: intl.formatMessage({ id: 'profile.changeName.cancel' }) }));
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(mutationsSent(environment)).toEqual([]);

    await user.click(remove);
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: intl.formatMessage({ id: 'profile.avatar.removeConfirm' }) }));
    expect(mutationsSent(environment)).toEqual([{ name: 'AvatarBlockRemoveImageMutation', variables: { id: 'VXNlcjox' } }]);
    await resolveOperation(environment, { User: () => ({ id: 'VXNlcjox', fullName: 'Anna Petrova', image: null }) });

    const upload = await screen.findByRole('button', { name: intl.formatMessage({ id: 'profile.avatar.upload' }) });
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'profile.avatar.remove' }) })).toBeNull();
    expect(await screen.findByText(intl.formatMessage({ id: 'toast.avatarRemoved' }))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(upload));
  });

  it('offers no "Remove photo" without a photo', async () => {
    const { intl } = renderAvatar({ image: null });
    await screen.findByRole('button', { name: intl.formatMessage({ id: 'profile.avatar.upload' }) });
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'profile.avatar.remove' }) })).toBeNull();
  });
});
