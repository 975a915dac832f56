/**
 * /profile/earnings (LEDGER-EARNINGS-PAGE, LEDGER-MOVEMENTS, LEDGER-LIVE): the summary as money in
 * the page's language (one currency, several currencies), the movements (kind, signed amount,
 * status, request, date, "available on" for a pending commission, an adjustment's reason), the
 * empty state with the programme's terms, "Load more", the referral code and link with Copy,
 * live updates through `transactionsUpdated` (a quiet refetch, announced to the other tabs once)
 * and the `refetch-transactions` app event from another tab (a refetch, never announced again).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { RelayMockEnvironment } from 'relay-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_CHANNEL_NAME, onAppEvent } from '../../app/events';
import * as relayEnvironment from '../../relay/environment';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation, TEST_PUBLIC_URL } from '../../test/renderWithRelay';
import { live } from '../requests/testData';
import { EarningsPage } from './EarningsPage';
import { TRANSACTIONS_PAGE_SIZE } from './EarningsPageQuery';
import {
  ADJUSTMENT,
  AVAILABLE_COMMISSION,
  earningsResolvers,
  PAYOUT,
  PAYOUT_REVERSED,
  PENDING_COMMISSION,
  REVERSAL,
  REVERSED_COMMISSION,
  type MovementFixture,
} from './testData';

// The environment "has a WebSocket" while `live.enabled` (the switch the client area's tests share).
// A spy on the module's export, not a vi.mock: the suite shares one module graph (isolate: false),
// so a page module another test file loaded first would keep the real function past a vi.mock.
beforeEach(() => {
  vi.spyOn(relayEnvironment, 'hasSubscriptions').mockImplementation(() => live.enabled);
});

afterEach(() => {
  live.enabled = false;
  vi.mocked(relayEnvironment.hasSubscriptions).mockRestore();
});

type Page = Parameters<typeof earningsResolvers>[1];

function renderEarnings(
  movements: MovementFixture[],
  options: { page?: Page; viewer?: Record<string, unknown>; locale?: 'en' | 'ru' | 'es'; terms?: { commissionPercent: number; holdDays: number } } = {},
) {
  const environment = createTestEnvironment();
  queueResolvers(environment, earningsResolvers(movements, options.page, options.viewer, options.terms));
  return renderWithRelay(<EarningsPage />, { environment, page: 'profileEarnings', signedIn: true, locale: options.locale ?? 'en' });
}

/** The names of the operations sent so far, in order. */
function operationNames(environment: RelayMockEnvironment): string[] {
  return environment.mock.getAllOperations().map((operation) => operation.request.node.params.name);
}

const text = (element: Element | null) => element?.textContent?.replace(/\s/g, ' ') ?? null;

describe('EarningsPage', () => {
  it('shows the balance, the referral code and link, and each movement in words and money', async () => {
    const { intl } = renderEarnings([PENDING_COMMISSION, ADJUSTMENT, AVAILABLE_COMMISSION]);
    screen.getByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.profileEarnings.title' }) });
    const rows = await screen.findAllByTestId('earnings-movement');

    const summary = screen.getByTestId('earnings-summary');
    expect(within(summary).getByTestId('earnings-available').textContent).toBe('$123.45');
    expect(within(summary).getByTestId('earnings-held').textContent).toBe('$25.00');
    // Beside the balance, the way to pay it out (PAYOUT-PAGE).
    expect(within(summary).getByRole('link', { name: 'Payouts' }).getAttribute('href')).toBe('/profile/payouts');
    expect(screen.getByTestId('profile-referral-code').textContent).toBe('ANNA2024');
    expect(screen.getByRole('link', { name: `${TEST_PUBLIC_URL}/order?ref=ANNA2024` }).getAttribute('href')).toBe('/order?ref=ANNA2024');

    expect(rows).toHaveLength(3);
    const [pending, adjustment, available] = rows as [HTMLElement, HTMLElement, HTMLElement];
    within(pending).getByText('Commission');
    within(pending).getByText('On hold');
    expect(text(within(pending).getByTestId('earnings-movement-amount'))).toBe('+$1,250.00');
    expect(pending.textContent).toContain('Nov 20, 2026');
    expect(pending.textContent).toContain('Request ST-2M8P4X');
    expect(within(pending).getByTestId('earnings-available-on').textContent).toBe('Available on Dec 20, 2026');

    within(adjustment).getByText('Adjustment');
    within(adjustment).getByText('Done');
    expect(text(within(adjustment).getByTestId('earnings-movement-amount'))).toBe('-$30.00');
    within(adjustment).getByText('Reason: Duplicate commission for ST-7K3Q9D');
    expect(adjustment.textContent).not.toContain('Request ');

    within(available).getByText('Available');
    expect(text(within(available).getByTestId('earnings-movement-amount'))).toBe('+$500.00');
    // Only a commission on hold says when it becomes available.
    expect(within(available).queryByTestId('earnings-available-on')).toBeNull();

    expect(screen.getByText(intl.formatMessage({ id: 'earnings.shown' }, { shown: 3, total: 3 }))).toBeTruthy();
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'earnings.loadMore' }) })).toBeNull();
  });

  it('speaks Russian: money, dates and words in the page’s language', async () => {
    renderEarnings([PENDING_COMMISSION, ADJUSTMENT], { locale: 'ru' });
    screen.getByRole('heading', { level: 1, name: 'Ваши начисления' });
    const [pending, adjustment] = (await screen.findAllByTestId('earnings-movement')) as [HTMLElement, HTMLElement];
    expect(text(screen.getByTestId('earnings-available'))).toBe('123,45 $');
    within(pending).getByText('Вознаграждение');
    expect(text(within(pending).getByTestId('earnings-movement-amount'))).toBe('+1 250,00 $');
    expect(text(within(pending).getByTestId('earnings-available-on'))).toBe('Станет доступно 20 дек. 2026 г.');
    expect(pending.textContent).toContain('Заявка ST-2M8P4X');
    within(adjustment).getByText('Причина: Duplicate commission for ST-7K3Q9D');
    expect(text(within(adjustment).getByTestId('earnings-movement-amount'))).toBe('-30,00 $');
  });

  it('says a refund in Spanish: the reversal and the commission it took back', async () => {
    renderEarnings([REVERSAL, REVERSED_COMMISSION], { locale: 'es' });
    const [reversal, reversed] = (await screen.findAllByTestId('earnings-movement')) as [HTMLElement, HTMLElement];
    within(reversal).getByText('Comisión anulada');
    within(reversal).getByText('Aplicado');
    expect(text(within(reversal).getByTestId('earnings-movement-amount'))).toBe('-800,00 €');
    expect(reversal.textContent).toContain('Solicitud ST-9Q4W2E');
    within(reversed).getByText('Comisión');
    within(reversed).getByText('Anulada');
    // A commission taken back is no longer waiting for its hold to end.
    expect(within(reversed).queryByTestId('earnings-available-on')).toBeNull();
  });

  it('names a payout and a payout Stripe took back in words, in every language', async () => {
    const words = { en: ['Payout taken back', 'Payout'], ru: ['Возврат выплаты', 'Выплата'], es: ['Pago devuelto', 'Pago'] } as const;
    for (const locale of ['en', 'ru', 'es'] as const) {
      const { unmount } = renderEarnings([PAYOUT_REVERSED, PAYOUT], { locale });
      const [back, paid] = (await screen.findAllByTestId('earnings-movement')) as [HTMLElement, HTMLElement];
      within(back).getByText(words[locale][0]);
      within(paid).getByText(words[locale][1]);
      expect(text(within(back).getByTestId('earnings-movement-amount'))).toMatch(/^\+/);
      unmount();
    }
  });

  it('shows a row per currency when the earnings are in several', async () => {
    renderEarnings([AVAILABLE_COMMISSION], {
      viewer: {
        balances: [
          { currency: 'EUR', available: 2000, pending: 0, inPayout: 500 },
          { currency: 'USD', available: 12345, pending: 2500, inPayout: 0 },
        ],
      },
      locale: 'es',
    });
    const summary = await screen.findByTestId('earnings-summary');
    const table = within(summary).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Moneda', 'Disponible', 'Retenido']);
    expect(within(screen.getByTestId('earnings-row-EUR')).getAllByRole('cell').map(text)).toEqual(['20,00 €', '5,00 €']);
    expect(within(screen.getByTestId('earnings-row-USD')).getAllByRole('cell').map(text)).toEqual(['123,45 US$', '25,00 US$']);
    expect(screen.queryByTestId('earnings-available')).toBeNull();
  });

  it('explains the programme with its terms before the first movement', async () => {
    const { intl } = renderEarnings([], { terms: { commissionPercent: 12.5, holdDays: 14 } });
    const empty = await screen.findByTestId('earnings-empty');
    within(empty).getByRole('heading', { name: intl.formatMessage({ id: 'earnings.empty.title' }) });
    expect(empty.textContent).toContain('you earn 12.5% of its value; the money becomes available 14 days later.');
    expect(screen.queryByTestId('earnings-movement')).toBeNull();
    // The code and link to share are on the page all the same.
    expect(screen.getByTestId('profile-referral-code').textContent).toBe('ANNA2024');
  });

  it('says the terms in Spanish, with a hold under a day as “right away”', async () => {
    renderEarnings([], { locale: 'es', terms: { commissionPercent: 10, holdDays: 0.0001 } });
    const empty = await screen.findByTestId('earnings-empty');
    expect(text(empty)).toContain('ganarás el 10 % de su valor; el dinero estará disponible de inmediato.');
  });

  it('loads the next movements in place', async () => {
    const { environment, user, intl } = renderEarnings([PENDING_COMMISSION], { page: { totalCount: 2, hasNextPage: true } });
    const more = await screen.findByRole('button', { name: intl.formatMessage({ id: 'earnings.loadMore' }) });

    await user.click(more);
    const next = environment.mock.getMostRecentOperation();
    expect(next.request.node.params.name).toBe('EarningsTransactionsPaginationQuery');
    expect(next.request.variables).toMatchObject({ count: TRANSACTIONS_PAGE_SIZE, cursor: PENDING_COMMISSION.id, id: 'VXNlcjox' });

    await resolveOperation(environment, earningsResolvers([AVAILABLE_COMMISSION], { totalCount: 2 }));
    expect(screen.getAllByTestId('earnings-movement')).toHaveLength(2);
    screen.getByText(intl.formatMessage({ id: 'earnings.shown' }, { shown: 2, total: 2 }));
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'earnings.loadMore' }) })).toBeNull();
  });

  it('copies the code and the link, and says so politely', async () => {
    const { user, intl } = renderEarnings([]);
    await user.click(await screen.findByRole('button', { name: intl.formatMessage({ id: 'profile.referral.copyCode' }) }));
    expect(await navigator.clipboard.readText()).toBe('ANNA2024');
    const copied = await screen.findByText(intl.formatMessage({ id: 'profile.referral.copied' }));
    expect(copied.getAttribute('role')).toBe('status');

    await user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'profile.referral.copyLink' }) }));
    expect(await navigator.clipboard.readText()).toBe(`${TEST_PUBLIC_URL}/order?ref=ANNA2024`);
  });

  it('refetches when another tab says the earnings changed, without announcing it again', async () => {
    const { environment } = renderEarnings([PENDING_COMMISSION]);
    await screen.findAllByTestId('earnings-movement');
    const announced = vi.fn();
    const off = onAppEvent('refetch-transactions', announced);
    const otherTab = new BroadcastChannel(APP_CHANNEL_NAME);
    try {
      otherTab.postMessage({ type: 'refetch-transactions' });
      await waitFor(() => expect(operationNames(environment)).toEqual(['EarningsPageQuery']));
      const refetch = environment.mock.getMostRecentOperation();
      expect(refetch.request.variables).toEqual({ count: TRANSACTIONS_PAGE_SIZE });

      await resolveOperation(environment, earningsResolvers([AVAILABLE_COMMISSION, PENDING_COMMISSION], {}, { balance: 62345 }));
      await waitFor(() => expect(screen.getAllByTestId('earnings-movement')).toHaveLength(2));
      expect(screen.getByTestId('earnings-available').textContent).toBe('$623.45');
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      // Heard once, from the other tab; this tab said nothing and fetched nothing more.
      expect(announced.mock.calls.map(([, origin]) => origin)).toEqual(['other-tab']);
      expect(operationNames(environment)).toEqual([]);
    } finally {
      off();
      otherTab.close();
    }
  });

  it('follows transactionsUpdated: refetches once and tells the other tabs', async () => {
    live.enabled = true;
    const { environment } = renderEarnings([PENDING_COMMISSION]);
    await screen.findAllByTestId('earnings-movement');
    const subscription = await waitFor(() => {
      const found = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === 'EarningsLiveSubscription');
      if (!found) throw new Error('No subscription yet');
      return found;
    });
    const announced = vi.fn();
    const off = onAppEvent('refetch-transactions', announced);
    const otherTab = new BroadcastChannel(APP_CHANNEL_NAME);
    const heardElsewhere = vi.fn();
    otherTab.addEventListener('message', (message: MessageEvent<unknown>) => heardElsewhere(message.data));
    try {
      await act(async () => {
        environment.mock.nextValue(subscription, MockPayloadGenerator.generate(subscription, earningsResolvers([], {}, { balance: 20000, held: 0 })));
      });
      // The summary comes with the event; the movements with one quiet refetch.
      expect(screen.getByTestId('earnings-available').textContent).toBe('$200.00');
      expect(operationNames(environment).filter((name) => name === 'EarningsPageQuery')).toHaveLength(1);
      expect(announced.mock.calls.map(([, origin]) => origin)).toEqual(['this-tab']);
      await waitFor(() => expect(heardElsewhere).toHaveBeenCalledWith({ type: 'refetch-transactions' }));
      expect(heardElsewhere).toHaveBeenCalledOnce();

      await resolveOperation(environment, earningsResolvers([AVAILABLE_COMMISSION, PENDING_COMMISSION], {}, { balance: 20000, held: 0 }));
      expect(screen.getAllByTestId('earnings-movement')).toHaveLength(2);
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      // Its own announcement did not make this tab fetch a second time.
      expect(operationNames(environment).filter((name) => name === 'EarningsPageQuery')).toEqual([]);
    } finally {
      off();
      otherTab.close();
    }
  });
});
