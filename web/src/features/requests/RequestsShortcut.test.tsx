/**
 * The profile's links (REQ-CLIENT-AREA, LEDGER-EARNINGS-PAGE, ADMIN-AREA): every user gets "Your
 * requests" and "Your earnings"; only an administrator gets "Back office".
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import { ProfilePage } from '../profile/ProfilePage';

function renderProfile(role: 'USER' | 'ADMIN') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers({ role }));
  return renderWithRelay(<ProfilePage />, { environment, page: 'profile', signedIn: true });
}

describe('RequestsShortcut on /profile', () => {
  it('links a user to their requests, without the back office', async () => {
    renderProfile('USER');
    const nav = await screen.findByRole('navigation', { name: 'Your requests and tools' });
    expect(within(nav).getByRole('link', { name: 'Your requests' }).getAttribute('href')).toBe('/profile/requests');
    expect(within(nav).getByRole('link', { name: 'Your earnings' }).getAttribute('href')).toBe('/profile/earnings');
    expect(within(nav).getByRole('link', { name: 'Payouts' }).getAttribute('href')).toBe('/profile/payouts');
    expect(within(nav).queryByRole('link', { name: 'Back office' })).toBeNull();
  });

  it('adds the back office for an administrator', async () => {
    renderProfile('ADMIN');
    const nav = await screen.findByRole('navigation', { name: 'Your requests and tools' });
    expect(within(nav).getByRole('link', { name: 'Back office' }).getAttribute('href')).toBe('/admin');
  });
});
