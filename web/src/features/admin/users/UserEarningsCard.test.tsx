/**
 * The earnings card of /admin/users/:id (LEDGER-MOVEMENTS, LEDGER-ADJUSTMENT) as an administrator
 * uses it: the balances per currency and the movements in the page's locale, "Load more", and
 * "Adjust balance" — the form's own checks, a confirmation that restates the amount and the user,
 * one `postLedgerAdjustment` with the form's idempotency key however often it is confirmed, the
 * notice and the reload afterwards, and the server's refusals at their field or in the dialog.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, type MockResolvers, type RelayMockEnvironment } from 'relay-test-utils';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { answerError, failNetwork, fieldMessage, fill, labelled, mutationsSent } from '../../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../../test/renderWithRelay';
import { AdminUserPage } from './AdminUserPage';

const BOB_ID = 'VXNlcjoy';
const KEY = '0b7f3c2e-5d1a-4c8e-9f00-1234567890ab';

function movement(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `TGVkZ2VyVHJhbnNhY3Rpb246${n}`,
    kind: 'COMMISSION',
    amount: { amount: 125000, currency: 'USD' },
    status: 'PENDING',
    orderReference: 'ST-7K3Q9D',
    reason: null,
    created: '2026-11-20T10:00:00.000Z',
    availableAt: '2026-12-20T10:00:00.000Z',
    ...overrides,
  };
}

const MOVEMENTS = [
  movement(1),
  movement(2, {
    kind: 'ADJUSTMENT',
    amount: { amount: -1250, currency: 'EUR' },
    status: 'COMPLETED',
    orderReference: null,
    reason: 'Duplicate commission',
    availableAt: null,
  }),
];

function connection(nodes: ReturnType<typeof movement>[], total: number, hasNextPage: boolean) {
  return { totalCount: total, edges: nodes.map((node) => ({ cursor: node.id, node })), pageInfo: { hasNextPage, endCursor: nodes.at(-1)?.id ?? null } };
}

const BOB = {
  id: BOB_ID,
  fullName: 'Bob Stone',
  username: 'bob',
  email: 'bob@example.com',
  created: '2026-05-06T10:00:00.000Z',
  role: 'USER',
  type: 'PARTNER',
  isVerified: true,
  activeSessionCount: 1,
  orders: { totalCount: 0, edges: [] },
  balanceCurrency: 'EUR',
  balances: [
    { currency: 'EUR', available: -1250, pending: 0, inPayout: 5000 },
    { currency: 'USD', available: 0, pending: 125000, inPayout: 0 },
  ],
  transactions: connection(MOVEMENTS, 12, true),
};

const nameOf = (operation: OperationDescriptor) => operation.request.node.params.name;

/** Answers the pending operation named `name` (the page may wait for several at once). */
async function resolveNamed(environment: RelayMockEnvironment, name: string, resolvers: MockResolvers) {
  const operation = environment.mock.getAllOperations().find((o) => nameOf(o) === name);
  if (!operation) throw new Error(`No pending ${name}; pending: ${environment.mock.getAllOperations().map(nameOf).join(', ')}`);
  await act(async () => {
    environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, resolvers));
  });
}

function renderPage(locale: 'en' | 'ru' = 'en') {
  const uuid = vi.spyOn(crypto, 'randomUUID').mockReturnValue(KEY);
  onTestFinished(() => uuid.mockRestore());
  const environment = createTestEnvironment();
  queueResolvers(environment, { Query: () => ({ viewer: { id: 'VXNlcjox' }, user: BOB }) });
  queueResolvers(environment, { AuditEntryConnection: () => ({ totalCount: 0, edges: [] }) });
  const rendered = renderWithRelay(<AdminUserPage />, {
    environment,
    page: 'adminUser',
    route: `/admin/users/${BOB_ID}`,
    signedIn: true,
    viewerRole: 'ADMIN',
    locale,
  });
  return { ...rendered, uuid };
}

const card = () => screen.findByRole('region', { name: 'Earnings' });

/** Opens the form, types an adjustment and asks to review it; answers the confirmation dialog. */
async function reviewAdjustment(user: ReturnType<typeof renderPage>['user'], amount: string, reason: string) {
  await user.click(within(await card()).getByRole('button', { name: 'Adjust balance' }));
  await fill(user, labelled('Amount'), amount);
  await fill(user, labelled('Reason'), reason);
  await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
  return screen.findByRole('alertdialog', { name: 'Post this adjustment?' });
}

describe('UserEarningsCard', () => {
  it('shows the balances per currency and the movements, and loads more', async () => {
    const { environment, user } = renderPage();
    const region = await card();
    const eur = within(region).getByTestId('balance-EUR');
    expect([...eur.querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual(['EUR', '-€12.50', '€0.00', '€50.00']);
    expect([...within(region).getByTestId('balance-USD').querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['$0.00', '$1,250.00', '$0.00']);

    const items = within(region).getAllByTestId('movement');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Commission');
    expect(items[0]!.textContent).toContain('+$1,250.00');
    within(items[0]!).getByText('On hold');
    expect(within(items[0]!).getByRole('link', { name: 'ST-7K3Q9D' }).getAttribute('href')).toBe('/admin/requests/ST-7K3Q9D');
    expect(items[0]!.textContent).toContain('Available on Dec 20, 2026');
    expect(items[1]!.textContent).toContain('Adjustment');
    expect(items[1]!.textContent).toContain('-€12.50');
    within(items[1]!).getByText('Done');
    within(items[1]!).getByText('Duplicate commission');

    await user.click(within(region).getByRole('button', { name: 'Load more' }));
    const next = environment.mock.getAllOperations().find((o) => nameOf(o) === 'UserEarningsCardRefetchQuery');
    expect(next?.request.variables).toMatchObject({ id: BOB_ID, count: 10, cursor: MOVEMENTS[1]!.id });
    await resolveNamed(environment, 'UserEarningsCardRefetchQuery', {
      User: () => ({ ...BOB, transactions: connection([movement(3, { status: 'AVAILABLE' })], 12, false) }),
    });
    await waitFor(() => expect(within(region).getAllByTestId('movement')).toHaveLength(3));
    expect(within(region).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('formats the balances for the page’s locale (Russian)', async () => {
    renderPage('ru');
    const region = await screen.findByRole('region', { name: 'Начисления' });
    const cells = [...within(region).getByTestId('balance-EUR').querySelectorAll('td')].map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(cells).toEqual(['-12,50 €', '0,00 €', '50,00 €']);
  });

  it('checks the form before asking, then confirms the amount and user and posts once with the form’s key', async () => {
    const { environment, user, uuid } = renderPage();
    await user.click(within(await card()).getByRole('button', { name: 'Adjust balance' }));
    expect(document.activeElement).toBe(labelled('Amount'));
    expect((labelled('Currency') as HTMLSelectElement).value).toBe('EUR');
    await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(fieldMessage(labelled('Amount'))).toContain('Enter the amount.');
    expect(fieldMessage(labelled('Reason'))).toContain('Say why the balance is adjusted.');
    expect(document.activeElement).toBe(labelled('Amount'));
    await fill(user, labelled('Amount'), '0');
    await fill(user, labelled('Reason'), 'Goodwill');
    await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(fieldMessage(labelled('Amount'))).toContain('Enter a non-zero amount');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await fill(user, labelled('Amount'), '-12.50');
    await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Post this adjustment?' });
    expect(dialog.textContent).toContain('€12.50 will be taken from the available balance of Bob Stone (bob@example.com).');
    expect(dialog.textContent).toContain('Reason: Goodwill');
    expect(mutationsSent(environment)).toEqual([]);

    const post = within(dialog).getByRole('button', { name: 'Post adjustment' });
    await user.click(post);
    await user.click(post);
    expect(mutationsSent(environment)).toEqual([
      { name: 'AdjustBalanceFormMutation', variables: { input: { userId: BOB_ID, amount: -1250, currency: 'EUR', reason: 'Goodwill', idempotencyKey: KEY } } },
    ]);
    expect(uuid).toHaveBeenCalledTimes(1);

    await resolveNamed(environment, 'AdjustBalanceFormMutation', {
      LedgerTransaction: () => movement(9, { kind: 'ADJUSTMENT', amount: { amount: -1250, currency: 'EUR' } }),
      User: () => ({ ...BOB, balances: [{ currency: 'EUR', available: -2500, pending: 0, inPayout: 5000 }] }),
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const region = await card();
    within(region).getByText('Adjustment of -€12.50 posted.');
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Adjust balance' }));
    expect(within(region).getByTestId('balance-EUR').querySelectorAll('td')[0]!.textContent).toBe('-€25.00');
    // The movements and the history reload.
    const pending = environment.mock.getAllOperations().map(nameOf);
    expect(pending).toContain('UserEarningsCardRefetchQuery');
    expect(pending).toContain('UserHistoryQuery');
    await resolveNamed(environment, 'UserEarningsCardRefetchQuery', {
      User: () => ({ ...BOB, transactions: connection([movement(9, { kind: 'ADJUSTMENT', reason: 'Goodwill' }), ...MOVEMENTS], 13, true) }),
    });
    await waitFor(() => expect(within(region).getAllByTestId('movement')).toHaveLength(3));
    within(region).getByText('Goodwill');
  });

  it('Cancel in the confirmation sends nothing and keeps the form', async () => {
    const { environment, user } = renderPage();
    const dialog = await reviewAdjustment(user, '5', 'Bonus');
    expect(dialog.textContent).toContain('€5.00 will be added to the available balance of Bob Stone (bob@example.com).');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(mutationsSent(environment)).toEqual([]);
    expect((labelled('Amount') as HTMLInputElement).value).toBe('5');
  });

  it('shows a reason the server refused at the field, and a lost answer in the dialog, retried with the same key', async () => {
    const { environment, user } = renderPage();
    let dialog = await reviewAdjustment(user, '5', 'Bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Post adjustment' }));
    await answerError(environment, 'BAD_USER_INPUT', 'reason: remove the control characters', { field: 'reason' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fieldMessage(labelled('Reason'))).toContain('The server did not accept this reason');

    await fill(user, labelled('Reason'), 'Bonus for November');
    await user.click(screen.getByRole('button', { name: 'Review adjustment' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Post this adjustment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Post adjustment' }));
    await failNetwork(environment);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('We could not reach the server. Check your connection and try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Post adjustment' }));
    const keys = mutationsSent(environment).map((m) => (m.variables['input'] as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toEqual([KEY, KEY, KEY]);
  });
});
