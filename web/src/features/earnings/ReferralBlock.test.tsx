/**
 * ReferralBlock on /profile/earnings (`EarningsPageQuery` → `ReferralBlock_user`): the user's
 * referral code and the order link that carries it (ACC-REFERRAL, LEDGER-EARNINGS-PAGE), copying
 * them, no code yet, and the link in the page's language (SITE-LOCALES).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import { EarningsPage } from './EarningsPage';
import { earningsResolvers } from './testData';

function renderReferral(viewer: Record<string, unknown>, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, earningsResolvers([], {}, viewer));
  return renderWithRelay(<EarningsPage />, { environment, page: 'profileEarnings', locale, signedIn: true });
}

describe('ReferralBlock', () => {
  it('shows the code and the order link on the public address, each with a Copy button', async () => {
    const { intl } = renderReferral({ defaultReferralCode: { id: 'UmVmZXJyYWxDb2RlOjE', code: 'ANNA2024' } });

    const card = await screen.findByRole('region', { name: intl.formatMessage({ id: 'profile.referral.title' }) });
    within(card).getByText(intl.formatMessage({ id: 'profile.referral.lead' }));
    expect(within(card).getByTestId('profile-referral-code').textContent).toBe('ANNA2024');
    const link = within(card).getByRole('link', { name: `${TEST_PUBLIC_URL}/order?ref=ANNA2024` });
    expect(link.getAttribute('href')).toBe('/order?ref=ANNA2024');
    within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.referral.copyCode' }) });
    within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.referral.copyLink' }) });
  });

  it('copies the link and says so', async () => {
    const { user, intl } = renderReferral({ defaultReferralCode: { id: 'UmVmZXJyYWxDb2RlOjE', code: 'ANNA2024' } });

    await user.click(await screen.findByRole('button', { name: intl.formatMessage({ id: 'profile.referral.copyLink' }) }));
    expect(await navigator.clipboard.readText()).toBe(`${TEST_PUBLIC_URL}/order?ref=ANNA2024`);
    await screen.findByText(intl.formatMessage({ id: 'profile.referral.copied' }));
  });

  it('says there is no code yet, with nothing to copy', async () => {
    const { intl } = renderReferral({ defaultReferralCode: null });

    await screen.findByText(intl.formatMessage({ id: 'profile.referral.none' }));
    const card = screen.getByRole('region', { name: intl.formatMessage({ id: 'profile.referral.title' }) });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('speaks Russian under /ru: the link leads to the Russian order page', async () => {
    renderReferral({ defaultReferralCode: { id: 'UmVmZXJyYWxDb2RlOjE', code: 'ANNA2024' } }, 'ru');

    const card = await screen.findByRole('region', { name: 'Реферальный код' });
    within(card).getByText('Ваш код');
    expect(
      within(card)
        .getByRole('link', { name: `${TEST_PUBLIC_URL}/ru/order?ref=ANNA2024` })
        .getAttribute('href'),
    ).toBe('/ru/order?ref=ANNA2024');
    within(card).getByRole('button', { name: 'Скопировать код' });
  });
});
