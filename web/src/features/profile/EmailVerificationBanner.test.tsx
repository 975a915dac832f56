/**
 * EmailVerificationBanner through the profile's query (`ProfilePage_user` →
 * `EmailVerificationBanner_user`), display only: shown while the address is not confirmed
 * (ACC-EMAIL), absent once it is; in English and Russian (SITE-LOCALES). Entering and sending
 * codes belongs to the form tests.
 */
import { screen } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import ProfilePageQuery, { type ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import ProfilePageUser, { type ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import { EmailVerificationBanner } from './EmailVerificationBanner';

/** The banner with the viewer the profile's query answers, and a marker that the user was read. */
function Banner() {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {});
  const user = useFragment<ProfilePage_user$key>(ProfilePageUser, data.viewer);
  return user ? (
    <>
      <EmailVerificationBanner user={user} />
      <p data-testid="rendered" />
    </>
  ) : null;
}

function renderBanner(viewer: Record<string, unknown>, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers(viewer));
  return renderWithRelay(<Banner />, { environment, page: 'profile', locale, signedIn: true });
}

describe('EmailVerificationBanner', () => {
  it('asks to confirm the address with the mailed code while it is not confirmed', async () => {
    const { intl } = renderBanner({ email: 'anna@example.com', isVerified: false });

    const banner = await screen.findByRole('region', { name: intl.formatMessage({ id: 'passwords.verify.title' }, { email: 'anna@example.com' }) });
    expect(banner.textContent).toContain(intl.formatMessage({ id: 'passwords.verify.lead' }));
    screen.getByRole('button', { name: intl.formatMessage({ id: 'passwords.verify.sendNew' }) });
    screen.getByRole('button', { name: intl.formatMessage({ id: 'passwords.verify.submit' }) });
  });

  it('shows nothing once the address is confirmed', async () => {
    renderBanner({ isVerified: true });

    await screen.findByTestId('rendered');
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('speaks Russian under /ru', async () => {
    renderBanner({ email: 'anna@example.com', isVerified: false }, 'ru');

    await screen.findByRole('heading', { level: 2, name: 'Подтвердите e-mail anna@example.com' });
    screen.getByRole('button', { name: 'Отправить новый код' });
    screen.getByRole('button', { name: 'Подтвердить e-mail' });
  });
});
