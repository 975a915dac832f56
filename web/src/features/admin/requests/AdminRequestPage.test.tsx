/**
 * The admin request page /admin/requests/:reference (ADMIN-AREA, REQ-WORKFLOW, REQ-MESSAGES): the
 * client's message as plain text; exactly the workflow's next steps per status; WON asks the
 * contract value and sends it in minor units with the shown version; LOST needs a reason; a stale
 * version says so and reloads; notes and replies send their mutations; an unknown reference; the
 * referral code, referrer and commission; a won request may be refunded (marked lost), and the
 * dialog says the referrer's commission will be taken back (LEDGER-REFUND).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockResolvers } from 'relay-test-utils';
import { answerError, fieldMessage, labelled, mutationsSent } from '../../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { AdminRequestPage } from './AdminRequestPage';

const ORDER_ID = 'T3JkZXI6MQ';
const ADMIN = { id: 'VXNlcjox', fullName: 'Ada Admin', email: 'ada@example.com' };

/** The request as the page selects it, in `status`. */
function orderValues(overrides: Record<string, unknown> = {}) {
  return {
    id: ORDER_ID,
    reference: 'ST-7K3Q9D',
    status: 'NEW',
    version: 3,
    interest: 'engineering',
    product: null,
    budget: 'FROM_25K_TO_50K',
    name: 'Maria Lopez',
    email: 'maria@example.com',
    company: 'Acme',
    message: '<b>Hello</b>\nSecond line',
    locale: 'ES',
    created: '2026-11-20T10:00:00.000Z',
    updated: '2026-11-21T10:00:00.000Z',
    timeline: [{ status: 'NEW', at: '2026-11-20T10:00:00.000Z' }],
    messages: [{ id: 'TTox', body: 'When can you start?', fromStudio: false, authorName: 'Maria Lopez', created: '2026-11-20T11:00:00.000Z' }],
    notes: [{ id: 'Tjox', body: 'Big client', created: '2026-11-20T12:00:00.000Z', author: ADMIN }],
    contractValue: null,
    lostReason: null,
    assignee: null,
    client: null,
    referralCode: null,
    referrer: null as { id: string; fullName: string; email: string } | null,
    commission: null,
    ...overrides,
  };
}

function pageResolvers(order: ReturnType<typeof orderValues> | null): MockResolvers {
  return {
    Query: () => ({ order }),
    Order: () => order ?? {},
    // The referrer is a user too: the order's own, where the path says so.
    User: (context) => (context?.path?.includes('referrer') && order?.referrer ? order.referrer : ADMIN),
    UserConnection: () => ({ totalCount: 1, edges: [{ cursor: ADMIN.id, node: ADMIN }], pageInfo: { hasNextPage: false, endCursor: ADMIN.id } }),
  };
}

function renderPage(order: ReturnType<typeof orderValues> | null = orderValues()) {
  const environment = createTestEnvironment();
  queueResolvers(environment, pageResolvers(order));
  return renderWithRelay(<AdminRequestPage />, { environment, page: 'adminRequest', route: '/admin/requests/ST-7K3Q9D', signedIn: true, viewerRole: 'ADMIN' });
}

const statusPanel = () => screen.getByRole('region', { name: 'Status' });
const stepButtons = () =>
  within(statusPanel())
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('AdminRequestPage', () => {
  it('shows what the client sent, the message as plain text', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Request ST-7K3Q9D' });
    const details = screen.getByRole('region', { name: 'Request' });
    expect(within(details).getByRole('link', { name: 'maria@example.com' }).getAttribute('href')).toBe('mailto:maria@example.com');
    within(details).getByText('Acme');
    within(details).getByText('Spanish');
    const message = screen.getByTestId('request-message');
    expect(message.textContent).toBe('<b>Hello</b>\nSecond line');
    expect(message.querySelector('b')).toBeNull();
    within(details).getByText('No account');
    expect(within(details).getByText('Referral code').nextElementSibling?.textContent).toBe('None');
    expect(within(details).queryByText('Referrer')).toBeNull();
    expect(within(details).queryByText("Referrer's commission")).toBeNull();
  });

  it('shows the referral code, the referrer with a link to their page and the commission with its status', async () => {
    const referrer = { id: 'VXNlcjo3', fullName: 'Rita Referrer', email: 'rita@example.com' };
    const commission = {
      id: 'TGVkZ2VyVHJhbnNhY3Rpb246MQ',
      amount: { amount: 125005, currency: 'EUR' },
      status: 'PENDING',
      availableAt: '2026-12-21T10:00:00.000Z',
    };
    renderPage(orderValues({ status: 'WON', referralCode: 'RITA-2026', referrer, commission, contractValue: { amount: 1250050, currency: 'EUR' } }));
    const details = await screen.findByRole('region', { name: 'Request' });
    expect(within(details).getByText('Referral code').nextElementSibling?.textContent).toBe('RITA-2026');
    expect(within(details).getByRole('link', { name: 'Rita Referrer (rita@example.com)' }).getAttribute('href')).toBe('/admin/users/VXNlcjo3');
    expect(within(details).getByTestId('commission-amount').textContent).toBe('€1,250.05');
    within(details).getByText('On hold');
    within(details).getByText(/^Available on Dec 21, 2026/);
    expect(within(details).queryByTestId('commission-held')).toBeNull();
  });

  it('says a pending commission without a release date is held for review (LEDGER-SELF-REFERRAL)', async () => {
    const commission = { id: 'TGVkZ2VyVHJhbnNhY3Rpb246MQ', amount: { amount: 100000, currency: 'EUR' }, status: 'PENDING', availableAt: null };
    renderPage(
      orderValues({
        status: 'WON',
        referralCode: 'SAM-2026',
        referrer: { id: 'VXNlcjo4', fullName: 'Sam Self', email: 'sam@example.com' },
        commission,
        contractValue: { amount: 1000000, currency: 'EUR' },
      }),
    );
    const details = await screen.findByRole('region', { name: 'Request' });
    expect(within(details).getByTestId('commission-held').textContent).toMatch(/^Held for review/);
    expect(within(details).queryByText(/^Available on/)).toBeNull();
  });

  it('formats the commission for the page’s locale (Russian)', async () => {
    const environment = createTestEnvironment();
    const commission = {
      id: 'TGVkZ2VyVHJhbnNhY3Rpb246MQ',
      amount: { amount: 125005, currency: 'EUR' },
      status: 'AVAILABLE',
      availableAt: '2026-12-21T10:00:00.000Z',
    };
    queueResolvers(environment, pageResolvers(orderValues({ status: 'WON', referralCode: 'RITA-2026', commission })));
    renderWithRelay(<AdminRequestPage />, {
      environment,
      page: 'adminRequest',
      route: '/admin/requests/ST-7K3Q9D',
      signedIn: true,
      viewerRole: 'ADMIN',
      locale: 'ru',
    });
    const amount = await screen.findByTestId('commission-amount');
    expect(amount.textContent?.replace(/\s/g, ' ')).toBe('1 250,05 €');
    screen.getByText('Доступно');
  });

  it('refunds a won request: the lost dialog says the commission will be taken back, then sends LOST', async () => {
    const commission = {
      id: 'TGVkZ2VyVHJhbnNhY3Rpb246MQ',
      amount: { amount: 125005, currency: 'USD' },
      status: 'AVAILABLE',
      availableAt: '2026-12-21T10:00:00.000Z',
    };
    const { user, environment } = renderPage(orderValues({ status: 'WON', version: 5, commission, contractValue: { amount: 1250050, currency: 'USD' } }));
    await user.click(await within(await screen.findByRole('region', { name: 'Status' })).findByRole('button', { name: 'Refund: mark as lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this won request and mark it as lost?' });
    within(dialog).getByText("The referrer's commission of $1,250.05 will be taken back.");
    await user.type(labelled('Reason'), 'Client refunded');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as lost' }));
    expect(mutationsSent(environment)[0]?.variables).toMatchObject({ input: { id: ORDER_ID, status: 'LOST', version: 5, lostReason: 'Client refunded' } });
  });

  it('refunds a won request without a commission: nothing about a commission is said', async () => {
    const { user } = renderPage(orderValues({ status: 'WON' }));
    await user.click(await within(await screen.findByRole('region', { name: 'Status' })).findByRole('button', { name: 'Refund: mark as lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this won request and mark it as lost?' });
    expect(within(dialog).queryByText(/commission/)).toBeNull();
  });

  it.each([
    ['NEW', ['Start review', 'Mark as lost']],
    ['IN_REVIEW', ['Proposal sent', 'Mark as lost']],
    ['PROPOSAL_SENT', ['Mark as won', 'Mark as lost']],
    ['WON', ['Refund: mark as lost']],
    ['LOST', []],
  ])('offers exactly the next steps of %s', async (status, steps) => {
    renderPage(orderValues({ status }));
    await screen.findByRole('region', { name: 'Status' });
    expect(stepButtons()).toEqual(steps);
    if (!steps.length) within(statusPanel()).getByText('This request is closed: no further steps.');
  });

  it('records a win: 12,500.50 USD is sent as 1250050 minor units with the version shown', async () => {
    const { user, environment } = renderPage(orderValues({ status: 'PROPOSAL_SENT' }));
    await user.click(await within(await screen.findByRole('region', { name: 'Status' })).findByRole('button', { name: 'Mark as won' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as won' }));
    expect(fieldMessage(labelled('Contract value'))).toBe('Enter the contract value.');
    await user.type(labelled('Contract value'), '12,500.50');
    expect((labelled('Currency') as HTMLSelectElement).value).toBe('USD');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as won' }));
    expect(mutationsSent(environment)).toEqual([
      {
        name: 'StatusActionsChangeMutation',
        variables: { input: { id: ORDER_ID, status: 'WON', version: 3, contractValue: { amount: 1250050, currency: 'USD' } }, locale: 'EN' },
      },
    ]);
    const won = orderValues({ status: 'WON', version: 4, contractValue: { amount: 1250050, currency: 'USD' } });
    await resolveOperation(environment, pageResolvers(won));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    within(statusPanel()).getByText('Contract value: $12,500.50');
  });

  it('needs a reason to mark a request lost', async () => {
    const { user, environment } = renderPage();
    await user.click(await within(await screen.findByRole('region', { name: 'Status' })).findByRole('button', { name: 'Mark as lost' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as lost' }));
    expect(fieldMessage(labelled('Reason'))).toContain('Say why the request is lost.');
    expect(mutationsSent(environment)).toEqual([]);
    await user.type(labelled('Reason'), 'Went with another studio');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as lost' }));
    expect(mutationsSent(environment)[0]?.variables).toMatchObject({
      input: { id: ORDER_ID, status: 'LOST', version: 3, lostReason: 'Went with another studio' },
    });
  });

  it('says when someone changed the request meanwhile, and reloads it', async () => {
    const { user, environment } = renderPage();
    await user.click(await within(await screen.findByRole('region', { name: 'Status' })).findByRole('button', { name: 'Start review' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Change status' }));
    expect(mutationsSent(environment)[0]?.variables).toMatchObject({ input: { status: 'IN_REVIEW', version: 3 } });
    await answerError(environment, 'VERSION_CONFLICT', 'This was changed since you opened it; reload to see the changes.', { field: 'version' });
    const alert = await within(statusPanel()).findByRole('alert');
    expect(alert.textContent).toContain('This was changed since you opened it. Reload to see the changes.');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('AdminRequestPageQuery');
    await resolveOperation(environment, pageResolvers(orderValues({ status: 'IN_REVIEW', version: 4 })));
    await waitFor(() => expect(within(statusPanel()).queryByRole('alert')).toBeNull());
    expect(stepButtons()).toEqual(['Proposal sent', 'Mark as lost']);
  });

  it('says a step the workflow refused', async () => {
    const { user, environment } = renderPage();
    await user.click(await within(await screen.findByRole('region', { name: 'Status' })).findByRole('button', { name: 'Start review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change status' }));
    await answerError(environment, 'INVALID_TRANSITION', 'Not allowed');
    await within(statusPanel()).findByText(/This step is not possible/);
  });

  it('adds an internal note and sends a reply with Ctrl+Enter', async () => {
    const { user, environment } = renderPage();
    const notes = await screen.findByRole('region', { name: /Notes/ });
    within(notes).getByText('Internal — the client never sees notes.');
    within(notes).getByText('Big client');
    await user.type(within(notes).getByLabelText('Add a note'), 'Call on Monday');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(mutationsSent(environment).at(-1)).toEqual({ name: 'NotesPanelAddMutation', variables: { id: ORDER_ID, body: 'Call on Monday', locale: 'EN' } });
    await resolveOperation(environment, pageResolvers(orderValues()));
    expect((within(notes).getByLabelText('Add a note') as HTMLTextAreaElement).value).toBe('');

    const conversation = screen.getByRole('region', { name: 'Conversation with the client' });
    within(conversation).getByText('When can you start?');
    within(conversation).getByText(/the client gets an e-mail that there is an answer/i);
    const reply = within(conversation).getByLabelText('Reply to the client');
    await user.type(reply, 'Next week{Control>}{Enter}{/Control}');
    expect(mutationsSent(environment).at(-1)).toEqual({ name: 'ConversationPanelSendMutation', variables: { id: ORDER_ID, body: 'Next week', locale: 'EN' } });
  });

  it('assigns the request to an administrator', async () => {
    const { user, environment } = renderPage();
    await screen.findByRole('region', { name: 'Status' });
    await user.selectOptions(labelled('Assignee'), ADMIN.id);
    expect(mutationsSent(environment).at(-1)).toEqual({
      name: 'AssigneeSelectAssignMutation',
      variables: { id: ORDER_ID, assigneeId: ADMIN.id, locale: 'EN' },
    });
  });

  it('says when there is no such request, with the way back', async () => {
    renderPage(null);
    await screen.findByText('Request not found');
    expect(screen.getAllByRole('link', { name: 'Back to the inbox' })[0]?.getAttribute('href')).toBe('/admin/requests');
  });
});
