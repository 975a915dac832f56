/**
 * /profile/payouts (PAYOUT-PAGE, PAYOUT-REQUEST, PAYOUT-COOLDOWN, PAYOUT-METHOD, PAYOUT-BANK,
 * PAYOUT-STRIPE): the balances with "Request payout" and its dialog (amount, method, destination),
 * every reason the button is disabled, the history in words and money, the bank form (IBAN or
 * account number and bank code, the server's refusal at its field), Stripe (countries in the page's
 * language, onboarding, the return from Stripe) and the live refetch.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { RelayMockEnvironment } from 'relay-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_CHANNEL_NAME } from '../../app/events';
import * as relayEnvironment from '../../relay/environment';
import { answerError, fieldMessage, mutationsSent } from '../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { live } from '../requests/testData';
import { PayoutsPage } from './PayoutsPage';
import { openStripe } from './StripeOnboarding';
import { FAILED_BANK, PAID_BANK, PROCESSING_STRIPE, type PayoutFixture, REVERSED_STRIPE, payoutsResolvers } from './testData';

// The environment "has a WebSocket" while `live.enabled`. A spy on the module's export, not a
// vi.mock: the suite shares one module graph (isolate: false), so a page module another test file
// loaded first would keep the real function past a vi.mock.
beforeEach(() => {
  vi.spyOn(relayEnvironment, 'hasSubscriptions').mockImplementation(() => live.enabled);
});

afterEach(() => {
  live.enabled = false;
  vi.restoreAllMocks();
});

type Options = Parameters<typeof payoutsResolvers>[1] & { locale?: 'en' | 'ru' | 'es'; route?: string };

function renderPayouts(payouts: PayoutFixture[], options: Options = {}) {
  const environment = createTestEnvironment();
  queueResolvers(environment, payoutsResolvers(payouts, options));
  return renderWithRelay(<PayoutsPage />, {
    environment,
    page: 'profilePayouts',
    signedIn: true,
    locale: options.locale ?? 'en',
    ...(options.route ? { route: options.route } : {}),
  });
}

const text = (element: Element | null) => element?.textContent?.replace(/\s/g, ' ') ?? null;
const pendingNames = (environment: RelayMockEnvironment) => environment.mock.getAllOperations().map((operation) => operation.request.node.params.name);

describe('PayoutsPage', () => {
  it('shows the balance, the method and the history in words and money', async () => {
    const { intl } = renderPayouts([PAID_BANK, FAILED_BANK]);
    screen.getByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.profilePayouts.title' }) });
    const balance = await screen.findByTestId('payout-balance-USD');
    expect(within(balance).getByTestId('payout-available').textContent).toBe('$123.45');
    expect(text(screen.getByTestId('payout-method-current'))).toBe('Current method: Bank transfer (Anna Petrova, IBAN DE89 •••• •••• 3000)');

    const [paid, failed] = screen.getAllByTestId('payout-row') as [HTMLElement, HTMLElement];
    expect(paid.textContent).toContain('$500.00');
    within(paid).getByText('Paid');
    expect(within(paid).getByTestId('payout-reference').textContent).toBe('Bank reference: TRX-2026-11-0042');
    expect(paid.textContent).toContain('Requested Nov 2, 2026');
    expect(paid.textContent).toContain('Updated Nov 4, 2026');
    within(failed).getByText('Failed');
    expect(within(failed).getByTestId('payout-failure').textContent).toBe('Reason: The bank returned the transfer: account closed.');
    expect(failed.textContent).toContain('€30.00');
    screen.getByText('2 of 2 payouts');
  });

  it('says a Stripe payout is being confirmed with Stripe, and a reversed one is back in the balance, in the page’s language', async () => {
    renderPayouts([PROCESSING_STRIPE, REVERSED_STRIPE, PAID_BANK], { locale: 'ru' });
    const [checking, reversed, paid] = (await screen.findAllByTestId('payout-row')) as [HTMLElement, HTMLElement, HTMLElement];
    within(checking).getByText('В обработке');
    expect(within(checking).getByTestId('payout-checking').textContent).toBe(
      'Мы уточняем этот перевод у Stripe. Деньги остаются в выплате, пока Stripe не ответит.',
    );
    within(reversed).getByText('Возвращена');
    expect(within(reversed).getByTestId('payout-reversed').textContent).toBe('Stripe отменил этот перевод; деньги вернулись на ваш доступный баланс.');
    expect(within(paid).queryByTestId('payout-checking')).toBeNull();
    expect(within(paid).queryByTestId('payout-reversed')).toBeNull();
  });

  it('requests a payout of the whole balance after stating the amount and where it goes', async () => {
    const { environment, user } = renderPayouts([]);
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay out $123.45?' });
    expect(text(within(dialog).getByTestId('request-summary'))).toBe(
      'All of your available USD balance, $123.45, will be paid by bank transfer to Anna Petrova, IBAN DE89 •••• •••• 3000.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(mutationsSent(environment).map((m) => [m.name, m.variables])).toEqual([['PayoutBalancesRequestMutation', { currency: 'USD' }]]);
    await resolveOperation(environment, { Payout: () => ({ id: 'UGF5b3V0OjU', status: 'REQUESTED' }) });
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByTestId('payout-requested');
    // The page refetches quietly to show the money in payout and the new row.
    expect(pendingNames(environment)).toContain('PayoutsPageQuery');
  });

  it('says “your Stripe account” for Stripe payouts', async () => {
    const { user } = renderPayouts([], {
      viewer: { withdrawalMethod: 'STRIPE', withdrawalMethodDetails: null, stripeAccountId: 'acct_1', stripeOnboardingCompleted: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog');
    expect(text(within(dialog).getByTestId('request-summary'))).toBe(
      'All of your available USD balance, $123.45, will be paid through Stripe to your Stripe account.',
    );
  });

  it.each([
    ['nothing available', { balances: [{ currency: 'USD', available: 0, pending: 0, inPayout: 0 }] }, 'Nothing is available to pay out.'],
    ['no method', { withdrawalMethod: null, withdrawalMethodDetails: null }, 'Choose how you are paid first.'],
    [
      'Stripe onboarding incomplete',
      { withdrawalMethod: 'STRIPE', stripeAccountId: 'acct_1', stripeOnboardingCompleted: false },
      'Finish setting up payouts with Stripe first.',
    ],
    ['paused', { payoutsPausedUntil: '2099-01-15T10:30:00.000Z' }, 'Payouts are paused until Jan 15, 2099, 10:30 AM after a security change.'],
    ['below the minimum', { balances: [{ currency: 'USD', available: 1999, pending: 0, inPayout: 0 }] }, 'The smallest payout is $20.00.'],
  ])('disables the request with the reason: %s', async (_, viewer, reason) => {
    renderPayouts([], { viewer });
    const balance = await screen.findByTestId('payout-balance-USD');
    const button = within(balance).getByRole('button', { name: 'Request payout' });
    expect(button).toHaveProperty('disabled', true);
    expect(text(within(balance).getByTestId('payout-blocked'))).toBe(reason);
    expect(button.getAttribute('aria-describedby')).toBe(within(balance).getByTestId('payout-blocked').id);
  });

  it('does not count a pause that is over', async () => {
    renderPayouts([], { viewer: { payoutsPausedUntil: '2020-01-01T00:00:00.000Z' } });
    const balance = await screen.findByTestId('payout-balance-USD');
    expect(within(balance).getByRole('button', { name: 'Request payout' })).toHaveProperty('disabled', false);
  });

  it('shows the server’s refusal in words: the minimum as money, a pause with its date', async () => {
    const { environment, user } = renderPayouts([]);
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    await answerError(environment, 'BELOW_MINIMUM', 'Below the minimum', { minimum: 15000 });
    expect(within(dialog).getByTestId('request-error').textContent).toBe('The smallest payout is $150.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    await answerError(environment, 'PAYOUTS_PAUSED', 'Paused', { until: '2099-01-15T10:30:00.000Z' });
    expect(within(dialog).getByTestId('request-error').textContent).toBe('Payouts are paused until Jan 15, 2099, 10:30 AM after a security change.');
  });

  it('saves a bank account with an IBAN, tidied as typed, and shows the server’s refusal at the field', async () => {
    const { environment, user } = renderPayouts([], { viewer: { withdrawalMethod: null, withdrawalMethodDetails: null } });
    await screen.findByTestId('bank-form');
    await user.type(screen.getByLabelText(/Account holder's name/), 'Anna Petrova');
    await user.selectOptions(screen.getByRole('combobox', { name: /Bank's country/ }), 'DE');
    const iban = screen.getByRole('textbox', { name: /IBAN/ });
    await user.type(iban, 'de89370400440532013000');
    expect((iban as HTMLInputElement).value).toBe('DE89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(mutationsSent(environment).map((m) => m.variables)).toEqual([
      { input: { method: 'BANK_TRANSFER', bankAccount: { holderName: 'Anna Petrova', country: 'DE', iban: 'DE89370400440532013000' } } },
    ]);
    await answerError(environment, 'BAD_USER_INPUT', 'Invalid IBAN', { field: 'bankAccount.iban' });
    expect(fieldMessage(screen.getByRole('textbox', { name: /IBAN/ }))).toMatch(/^Enter a valid IBAN\. /);

    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    await resolveOperation(environment, {
      User: () => ({ id: 'VXNlcjox', withdrawalMethod: 'BANK_TRANSFER', withdrawalMethodDetails: 'Anna Petrova, IBAN DE89 •••• •••• 3000' }),
    });
    screen.getByTestId('payout-method-saved');
    expect(text(screen.getByTestId('payout-method-current'))).toBe('Current method: Bank transfer (Anna Petrova, IBAN DE89 •••• •••• 3000)');
  });

  it('asks for an account number and bank code where there is no IBAN', async () => {
    const { environment, user } = renderPayouts([], { viewer: { withdrawalMethod: null } });
    await screen.findByTestId('bank-form');
    await user.selectOptions(screen.getByRole('combobox', { name: /Bank's country/ }), 'US');
    expect(screen.queryByRole('textbox', { name: /IBAN/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    // Nothing is sent while the fields are empty.
    expect(mutationsSent(environment)).toEqual([]);
    expect(fieldMessage(screen.getByRole('textbox', { name: /Account number/ }))).toBe('Enter a valid account number (4–34 letters or digits).');
    await user.type(screen.getByRole('textbox', { name: /Account holder's name/ }), 'Anna Petrova');
    await user.type(screen.getByRole('textbox', { name: /Account number/ }), '000123456789');
    await user.type(screen.getByRole('textbox', { name: /Bank code/ }), '110000000');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(mutationsSent(environment).at(-1)?.variables).toEqual({
      input: { method: 'BANK_TRANSFER', bankAccount: { holderName: 'Anna Petrova', country: 'US', accountNumber: '000123456789', bankCode: '110000000' } },
    });
  });

  it('names the countries Stripe serves in the page’s language, and hides Stripe when the server has none', async () => {
    renderPayouts([], { locale: 'ru' });
    expect((await screen.findByTestId('stripe-countries')).textContent).toBe('Германия, Соединенные Штаты и Франция');
    screen.getByText('Stripe выплачивает в 3 странах; в остальных странах мы платим банковским переводом.');
    screen.getByText('В целях безопасности после смены способа выплаты запросить выплату можно будет только через 48 часов.');
  });

  it('offers no Stripe option when the server has no Stripe', async () => {
    renderPayouts([], { settings: { stripeAvailable: false, stripeCountries: [] } });
    await screen.findByTestId('bank-form');
    expect(screen.queryByRole('radio', { name: 'Stripe' })).toBeNull();
    screen.getByRole('radio', { name: 'Bank transfer' });
  });

  it('starts Stripe onboarding and opens Stripe’s address in this tab', async () => {
    const go = vi.spyOn(openStripe, 'go').mockImplementation(() => undefined);
    const { environment, user } = renderPayouts([], { viewer: { withdrawalMethod: 'STRIPE', withdrawalMethodDetails: null } });
    expect((await screen.findByTestId('stripe-status')).textContent).toBe('Not started');
    await user.click(screen.getByRole('button', { name: 'Set up payouts with Stripe' }));
    expect(mutationsSent(environment).map((m) => m.name)).toEqual(['StripeOnboardingStartMutation']);
    await resolveOperation(environment, { StripeOnboardingPayload: () => ({ url: 'https://connect.stripe.test/setup/e/acct_1/abc' }) });
    expect(go).toHaveBeenCalledWith('https://connect.stripe.test/setup/e/acct_1/abc');
  });

  it('asks for a recent proof before Stripe onboarding (ACC-SUDO), then starts it once more and opens Stripe', async () => {
    const go = vi.spyOn(openStripe, 'go').mockImplementation(() => undefined);
    const { environment, user } = renderPayouts([], { viewer: { withdrawalMethod: 'STRIPE', withdrawalMethodDetails: null } });
    await user.click(await screen.findByRole('button', { name: 'Set up payouts with Stripe' }));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['PASSWORD'] });
    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(reauth).getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T05:10:00.000Z' }) });
    await waitFor(() =>
      expect(mutationsSent(environment).map((m) => m.name)).toEqual(['StripeOnboardingStartMutation', 'ReauthDialogMutation', 'StripeOnboardingStartMutation']),
    );
    expect(go).not.toHaveBeenCalled();
    await resolveOperation(environment, { StripeOnboardingPayload: () => ({ url: 'https://connect.stripe.test/setup/e/acct_1/abc' }) });
    expect(go).toHaveBeenCalledWith('https://connect.stripe.test/setup/e/acct_1/abc');
  });

  it('says “Continue onboarding” while it is in progress', async () => {
    renderPayouts([], { viewer: { withdrawalMethod: 'STRIPE', stripeAccountId: 'acct_1', stripeOnboardingCompleted: false } });
    expect((await screen.findByTestId('stripe-status')).textContent).toBe('In progress');
    screen.getByRole('button', { name: 'Continue onboarding' });
  });

  it('checks the account once when Stripe sends the user back, and says the result', async () => {
    const { environment } = renderPayouts([], {
      route: '/profile/payouts?stripe=return',
      viewer: { withdrawalMethod: 'STRIPE', stripeAccountId: 'acct_1', stripeOnboardingCompleted: false },
    });
    await screen.findByTestId('stripe-onboarding');
    await waitFor(() => expect(mutationsSent(environment).map((m) => m.name)).toEqual(['StripeOnboardingRefreshMutation']));
    await resolveOperation(environment, { User: () => ({ id: 'VXNlcjox', stripeAccountId: 'acct_1', stripeOnboardingCompleted: true }) });
    expect((await screen.findByTestId('stripe-returned')).textContent).toBe('Your Stripe account is ready for payouts.');
    expect(screen.getByTestId('stripe-status').textContent).toBe('Complete');
    expect(mutationsSent(environment)).toHaveLength(1);
  });

  it('back from Stripe after the window, asks for a recent proof before checking the account, then checks it once', async () => {
    const { environment, user } = renderPayouts([], {
      route: '/profile/payouts?stripe=return',
      viewer: { withdrawalMethod: 'STRIPE', stripeAccountId: 'acct_1', stripeOnboardingCompleted: false },
    });
    await waitFor(() => expect(mutationsSent(environment).map((m) => m.name)).toEqual(['StripeOnboardingRefreshMutation']));
    await answerError(environment, 'REAUTHENTICATION_REQUIRED', 'Re-authentication required', { methods: ['PASSWORD'] });
    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(reauth).getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(within(reauth).getByRole('button', { name: 'Continue' }));
    await resolveOperation(environment, { ReauthenticatePayload: () => ({ validUntil: '2026-11-28T05:10:00.000Z' }) });
    await waitFor(() =>
      expect(mutationsSent(environment).map((m) => m.name)).toEqual([
        'StripeOnboardingRefreshMutation',
        'ReauthDialogMutation',
        'StripeOnboardingRefreshMutation',
      ]),
    );
    await resolveOperation(environment, { User: () => ({ id: 'VXNlcjox', stripeAccountId: 'acct_1', stripeOnboardingCompleted: true }) });
    expect((await screen.findByTestId('stripe-returned')).textContent).toBe('Your Stripe account is ready for payouts.');
  });

  it('says Stripe still needs details when the address expired and the account is not ready', async () => {
    const { environment } = renderPayouts([], {
      route: '/profile/payouts?stripe=refresh',
      locale: 'es',
      viewer: { withdrawalMethod: 'STRIPE', stripeAccountId: 'acct_1' },
    });
    await waitFor(() => expect(mutationsSent(environment).map((m) => m.name)).toEqual(['StripeOnboardingRefreshMutation']));
    await resolveOperation(environment, { User: () => ({ id: 'VXNlcjox', stripeAccountId: 'acct_1', stripeOnboardingCompleted: false }) });
    expect((await screen.findByTestId('stripe-returned')).textContent).toBe('Stripe aún necesita algunos datos. Continúa la configuración para terminar.');
    screen.getByRole('button', { name: 'Continuar la configuración' });
  });

  it('loads the next payouts in place', async () => {
    const { environment, user } = renderPayouts([PAID_BANK], { page: { totalCount: 2, hasNextPage: true } });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    const next = environment.mock.getMostRecentOperation();
    expect(next.request.node.params.name).toBe('PayoutHistoryPaginationQuery');
    expect(next.request.variables).toMatchObject({ count: 10, cursor: PAID_BANK.id, id: 'VXNlcjox' });
    await resolveOperation(environment, payoutsResolvers([FAILED_BANK], { page: { totalCount: 2 } }));
    expect(screen.getAllByTestId('payout-row')).toHaveLength(2);
    screen.getByText('2 of 2 payouts');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('refetches when another tab says the earnings changed', async () => {
    const { environment } = renderPayouts([PAID_BANK]);
    await screen.findAllByTestId('payout-row');
    const otherTab = new BroadcastChannel(APP_CHANNEL_NAME);
    try {
      otherTab.postMessage({ type: 'refetch-transactions' });
      await waitFor(() => expect(pendingNames(environment)).toEqual(['PayoutsPageQuery']));
      await resolveOperation(environment, payoutsResolvers([FAILED_BANK, PAID_BANK]));
      await waitFor(() => expect(screen.getAllByTestId('payout-row')).toHaveLength(2));
    } finally {
      otherTab.close();
    }
  });

  it('moves the method chooser to a method changed in another tab', async () => {
    const { environment } = renderPayouts([PAID_BANK]);
    await screen.findAllByTestId('payout-row');
    expect((screen.getByRole('radio', { name: 'Bank transfer' }) as HTMLInputElement).checked).toBe(true);
    const otherTab = new BroadcastChannel(APP_CHANNEL_NAME);
    try {
      otherTab.postMessage({ type: 'refetch-transactions' });
      await waitFor(() => expect(pendingNames(environment)).toEqual(['PayoutsPageQuery']));
      await resolveOperation(environment, payoutsResolvers([PAID_BANK], { viewer: { withdrawalMethod: 'STRIPE', withdrawalMethodDetails: null } }));
      await waitFor(() => expect((screen.getByRole('radio', { name: 'Stripe' }) as HTMLInputElement).checked).toBe(true));
    } finally {
      otherTab.close();
    }
  });

  it('follows transactionsUpdated (every payout change): refetches the page quietly and tells the other tabs', async () => {
    live.enabled = true;
    const { environment } = renderPayouts([PAID_BANK]);
    await screen.findAllByTestId('payout-row');
    const subscription = await waitFor(() => {
      const found = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === 'EarningsLiveSubscription');
      if (!found) throw new Error('No subscription yet');
      return found;
    });
    const otherTab = new BroadcastChannel(APP_CHANNEL_NAME);
    const heardElsewhere = vi.fn();
    otherTab.addEventListener('message', (message: MessageEvent<unknown>) => heardElsewhere(message.data));
    try {
      await act(async () => {
        environment.mock.nextValue(
          subscription,
          MockPayloadGenerator.generate(subscription, { User: () => ({ id: 'VXNlcjox', balance: 0, held: 0, balanceCurrency: 'USD', balances: [] }) }),
        );
      });
      const refetch = environment.mock.getAllOperations().filter((operation) => operation.request.node.params.name === 'PayoutsPageQuery');
      expect(refetch.map((operation) => operation.request.variables)).toEqual([{ count: 10 }]);
      await waitFor(() => expect(heardElsewhere).toHaveBeenCalledWith({ type: 'refetch-transactions' }));
      await resolveOperation(environment, payoutsResolvers([{ ...PAID_BANK, id: 'UGF5b3V0Ojk', status: 'REQUESTED', reference: null }, PAID_BANK]));
      await waitFor(() => expect(screen.getAllByTestId('payout-row')).toHaveLength(2));
    } finally {
      otherTab.close();
    }
  });
});
