/**
 * BalanceBlock through the profile's query (ProfilePageQuery → `ProfilePage_user` →
 * `BalanceBlock_user`): the referral balance and the held amount, kept in minor units of the
 * balance currency (ACC-REFERRAL) and shown as money in the page's language (SITE-LOCALES), a row
 * per currency when there are several, and the link to /profile/earnings (LEDGER-EARNINGS-PAGE).
 */
import { screen, within } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import ProfilePageQuery, { type ProfilePageQuery as ProfilePageQueryType } from './__generated__/ProfilePageQuery.graphql';
import ProfilePageUser, { type ProfilePage_user$key } from './__generated__/ProfilePage_user.graphql';
import { BalanceBlock } from './BalanceBlock';

/** The block with the viewer the profile's query answers. */
function Block() {
  const data = useLazyLoadQuery<ProfilePageQueryType>(ProfilePageQuery, {});
  const user = useFragment<ProfilePage_user$key>(ProfilePageUser, data.viewer);
  return user ? <BalanceBlock user={user} /> : null;
}

function renderBalance(viewer: Record<string, unknown>, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  // One currency unless a test says otherwise: `balance`/`held` in `balanceCurrency`.
  queueResolvers(environment, viewerResolvers({ balances: [], ...viewer }));
  return renderWithRelay(<Block />, { environment, page: 'profile', locale, signedIn: true });
}

/** The amounts as the card shows them: [available, on hold]. */
function amounts(): [string | null, string | null] {
  return [screen.getByTestId('earnings-available').textContent, screen.getByTestId('earnings-held').textContent];
}

describe('BalanceBlock', () => {
  it('shows the available and held amounts as money under their labels', async () => {
    const { intl } = renderBalance({ balance: 12345, held: 2500, balanceCurrency: 'USD' });

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.balance.title' }) });
    within(card).getByText(intl.formatMessage({ id: 'profile.balance.lead' }));
    within(card).getByText(intl.formatMessage({ id: 'profile.balance.available' }));
    within(card).getByText(intl.formatMessage({ id: 'profile.balance.held' }));
    expect(amounts()).toEqual(['$123.45', '$25.00']);
    const details = within(card).getByRole('link', { name: intl.formatMessage({ id: 'profile.balance.details' }) });
    expect(details.getAttribute('href')).toBe('/profile/earnings');
  });

  it('shows a row per currency when the earnings are in several', async () => {
    renderBalance({
      balances: [
        { currency: 'EUR', available: 2000, pending: 300, inPayout: 200 },
        { currency: 'USD', available: 12345, pending: 2500, inPayout: 0 },
      ],
    });
    const eur = await screen.findByTestId('earnings-row-EUR');
    expect(
      within(eur)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€20.00', '€5.00']);
    expect(
      within(screen.getByTestId('earnings-row-USD'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$123.45', '$25.00']);
  });

  it('shows a zero balance as zero money', async () => {
    renderBalance({ balance: 0, held: 0, balanceCurrency: 'USD' });
    await screen.findByTestId('earnings-available');
    expect(amounts()).toEqual(['$0.00', '$0.00']);
  });

  it("uses the currency's own decimals (none for yen)", async () => {
    renderBalance({ balance: 12345, held: 0, balanceCurrency: 'JPY' });
    await screen.findByTestId('earnings-available');
    expect(amounts()).toEqual(['¥12,345', '¥0']);
  });

  it('shows a dash while the currency is unknown', async () => {
    renderBalance({ balance: null, held: null, balanceCurrency: null });
    await screen.findByTestId('earnings-available');
    expect(amounts()).toEqual(['—', '—']);
  });

  it('speaks Russian under /ru: labels and number format', async () => {
    renderBalance({ balance: 12345, held: 2500, balanceCurrency: 'EUR' }, 'ru');

    const card = await screen.findByRole('region', { name: 'Баланс' });
    within(card).getByText('Доступно');
    within(card).getByText('На удержании');
    expect(amounts().map((text) => text?.replace(/\s/g, ' '))).toEqual(['123,45 €', '25,00 €']);
  });
});
