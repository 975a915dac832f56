/**
 * /admin/payouts (PAYOUT-QUEUE): by default the bank-transfer queue (REQUESTED bank transfers),
 * filters by status and method in the address, each row with the user (a link to their page), the
 * amount, method, masked destination and status; "Mark sent" with the bank's reference and "Mark
 * failed" with the reason send the payout's version; VERSION_CONFLICT is said with the shared
 * message and a Reload that refetches the list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, fieldMessage, mutationsSent } from '../../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { PROCESSING_STRIPE, REQUESTED_BANK, REVERSED_STRIPE, type PayoutFixture, payoutsResolvers } from '../../payouts/testData';
import { ADMIN_PAYOUTS_PAGE_SIZE, AdminPayoutsPage } from './AdminPayoutsPage';

function renderQueue(payouts: PayoutFixture[], options: { route?: string; locale?: 'en' | 'ru' | 'es' } = {}) {
  const environment = createTestEnvironment();
  const variables: Record<string, unknown>[] = [];
  queueResolvers(environment, (operation) => {
    variables.push({ ...operation.request.variables });
    return payoutsResolvers(payouts, { viewer: ANNA });
  });
  const rendered = renderWithRelay(<AdminPayoutsPage />, {
    environment,
    page: 'adminPayouts',
    signedIn: true,
    viewerRole: 'ADMIN',
    locale: options.locale ?? 'en',
    ...(options.route ? { route: options.route } : {}),
  });
  return { ...rendered, variables };
}

/** The payouts' user as administrators read it (the fixtures' user resolver answers every User). */
const ANNA = { fullName: 'Anna Petrova', email: 'anna@example.com' };

const text = (element: Element | null) => element?.textContent?.replace(/\s/g, ' ') ?? null;

describe('AdminPayoutsPage', () => {
  it('shows the bank-transfer queue by default: user, amount, method, destination, status', async () => {
    const { variables, intl } = renderQueue([REQUESTED_BANK]);
    screen.getByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.adminPayouts.title' }) });
    const [row] = (await screen.findAllByTestId('admin-payout-row')) as [HTMLElement];
    expect(variables).toEqual([{ count: ADMIN_PAYOUTS_PAGE_SIZE, status: 'REQUESTED', method: 'BANK_TRANSFER' }]);
    expect(within(row).getByRole('link', { name: 'Anna Petrova' }).getAttribute('href')).toBe('/admin/users/VXNlcjox');
    expect(row.textContent).toContain('anna@example.com');
    expect(row.textContent).toContain('Bank transfer');
    expect(row.textContent).toContain('Anna Petrova, IBAN DE89 •••• •••• 3000');
    expect(within(row).getByTestId('admin-payout-amount').textContent).toBe('$123.45');
    expect(within(row).getByTestId('payout-status').textContent).toBe('Requested');
    within(row).getByRole('button', { name: 'Mark sent' });
    within(row).getByRole('button', { name: 'Mark failed' });
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('REQUESTED');
    expect((screen.getByRole('combobox', { name: 'Method' }) as HTMLSelectElement).value).toBe('BANK_TRANSFER');
  });

  it('filters by the address and offers no actions on a Stripe payout', async () => {
    const { variables } = renderQueue([PROCESSING_STRIPE], { route: '/admin/payouts?status=all&method=STRIPE' });
    const [row] = (await screen.findAllByTestId('admin-payout-row')) as [HTMLElement];
    expect(variables).toEqual([{ count: ADMIN_PAYOUTS_PAGE_SIZE, status: null, method: 'STRIPE' }]);
    expect(within(row).getByTestId('payout-status').textContent).toBe('Processing');
    expect(within(row).getByTestId('admin-payout-checking').textContent).toContain('checked with Stripe automatically');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('offers every status as a filter, REVERSED included, and shows a reversed Stripe payout', async () => {
    const { variables } = renderQueue([REVERSED_STRIPE], { route: '/admin/payouts?status=REVERSED&method=STRIPE' });
    const [row] = (await screen.findAllByTestId('admin-payout-row')) as [HTMLElement];
    expect(variables).toEqual([{ count: ADMIN_PAYOUTS_PAGE_SIZE, status: 'REVERSED', method: 'STRIPE' }]);
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...status.options].map((o) => o.value)).toEqual(['all', 'REQUESTED', 'PROCESSING', 'PAID', 'FAILED', 'REVERSED']);
    expect(status.value).toBe('REVERSED');
    expect(within(row).getByTestId('payout-status').textContent).toBe('Reversed');
    expect(row.textContent).toContain('the money was returned to the earner');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('refetches when a filter changes', async () => {
    const { environment, user } = renderQueue([REQUESTED_BANK]);
    await screen.findAllByTestId('admin-payout-row');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'PAID');
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ status: 'PAID', method: 'BANK_TRANSFER' }));
  });

  it('marks a transfer sent with the bank’s reference and the version read', async () => {
    const { environment, user } = renderQueue([REQUESTED_BANK]);
    const [row] = (await screen.findAllByTestId('admin-payout-row')) as [HTMLElement];
    await user.click(within(row).getByRole('button', { name: 'Mark sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the transfer sent' });
    expect(text(dialog)).toContain('$123.45 to Anna Petrova, Anna Petrova, IBAN DE89 •••• •••• 3000');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(fieldMessage(within(dialog).getByRole('textbox', { name: /Bank reference/ }))).toBe('Enter the bank’s reference of the transfer.'.replace('’', "'"));
    expect(mutationsSent(environment)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Bank reference/ }), 'TRX-2026-11-0099');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(mutationsSent(environment).map((m) => [m.name, m.variables])).toEqual([
      ['PayoutActionDialogSentMutation', { id: REQUESTED_BANK.id, reference: 'TRX-2026-11-0099', version: 1 }],
    ]);
    await resolveOperation(environment, {
      Payout: () => ({ id: REQUESTED_BANK.id, status: 'PAID', reference: 'TRX-2026-11-0099', updated: '2026-11-25T10:00:00.000Z', version: 2 }),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(row).getByTestId('payout-status').textContent).toBe('Paid');
    expect(row.textContent).toContain('Bank reference: TRX-2026-11-0099');
    expect(within(row).queryByRole('button', { name: 'Mark sent' })).toBeNull();
  });

  it('marks a payout failed with the reason, and offers a reload on a version conflict', async () => {
    const { environment, user } = renderQueue([REQUESTED_BANK]);
    const [row] = (await screen.findAllByTestId('admin-payout-row')) as [HTMLElement];
    await user.click(within(row).getByRole('button', { name: 'Mark failed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the payout failed' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The bank returned the transfer: account closed.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(mutationsSent(environment).map((m) => [m.name, m.variables])).toEqual([
      ['PayoutActionDialogFailedMutation', { id: REQUESTED_BANK.id, reason: 'The bank returned the transfer: account closed.', version: 1 }],
    ]);
    await answerError(environment, 'VERSION_CONFLICT', 'Version conflict', { field: 'version' });
    const alert = within(dialog).getByTestId('payout-action-error');
    expect(alert.textContent).toContain('This was changed since you opened it. Reload to see the changes.');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const reload = environment.mock.getMostRecentOperation();
    expect(reload.request.node.params.name).toBe('AdminPayoutsPagePaginationQuery');
    expect(reload.request.variables).toMatchObject({ count: ADMIN_PAYOUTS_PAGE_SIZE, status: 'REQUESTED', method: 'BANK_TRANSFER' });
    await resolveOperation(environment, payoutsResolvers([{ ...REQUESTED_BANK, status: 'FAILED', failureReason: 'Closed', version: 2 }], { viewer: ANNA }));
    await waitFor(() => expect(within(screen.getByTestId('admin-payout-row')).getByTestId('payout-status').textContent).toBe('Failed'));
  });

  it('speaks Russian', async () => {
    renderQueue([REQUESTED_BANK], { locale: 'ru' });
    const [row] = (await screen.findAllByTestId('admin-payout-row')) as [HTMLElement];
    within(row).getByRole('button', { name: 'Отметить отправленной' });
    expect(within(row).getByTestId('payout-status').textContent).toBe('Запрошена');
    screen.getByRole('link', { name: 'Выплаты' });
  });
});
