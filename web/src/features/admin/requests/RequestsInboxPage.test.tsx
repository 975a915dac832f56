/**
 * The requests inbox /admin/requests (ADMIN-AREA): the rows with their link, client, status and
 * assignee, the total and "Load more"; the filters (status, search, assigned to me) refetch with
 * the right variables and live in the address, so a reload keeps them; the two empty states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperationDescriptor } from 'relay-runtime';
import type { MockResolvers } from 'relay-test-utils';
import { labelled } from '../../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { INBOX_PAGE_SIZE, RequestsInboxPage } from './RequestsInboxPage';

const VIEWER_ID = 'VXNlcjox';

/** A request as the inbox selects it. */
function order(reference: string, overrides: Record<string, unknown> = {}) {
  return {
    id: `T3JkZXI6${reference}`,
    reference,
    status: 'NEW',
    interest: 'design',
    budget: 'FROM_10K_TO_25K',
    name: `Client ${reference}`,
    email: `${reference.toLowerCase()}@example.com`,
    created: '2026-11-20T10:00:00.000Z',
    product: null,
    assignee: null,
    ...overrides,
  };
}

const FIRST = order('ST-AAAAA1', { status: 'IN_REVIEW', assignee: { id: VIEWER_ID, fullName: 'Ada Admin' } });
const SECOND = order('ST-BBBBB2', { interest: 'voice-match', product: { name: 'Voice Match' } });

/** Answers the viewer (the signed-in admin) and a page of `orders`. */
function inboxResolvers(orders: readonly ReturnType<typeof order>[], page: { totalCount?: number; hasNextPage?: boolean } = {}): MockResolvers {
  return {
    // Every user here is the signed-in administrator (a resolver by type answers nested users too).
    User: () => ({ id: VIEWER_ID, fullName: 'Ada Admin' }),
    OrderConnection: () => ({
      totalCount: page.totalCount ?? orders.length,
      edges: orders.map((node) => ({ cursor: node.reference, node })),
      pageInfo: { hasNextPage: page.hasNextPage ?? false, endCursor: orders.at(-1)?.reference ?? null },
    }),
  };
}

function renderInbox(route = '/admin/requests', orders = [FIRST, SECOND], page: { totalCount?: number; hasNextPage?: boolean } = {}) {
  const environment = createTestEnvironment();
  const seen: OperationDescriptor[] = [];
  const answer = (operation: OperationDescriptor) => {
    seen.push(operation);
    return inboxResolvers(orders, page);
  };
  queueResolvers(environment, answer); // viewer
  queueResolvers(environment, answer); // the first page
  return { ...renderWithRelay(<RequestsInboxPage />, { environment, page: 'adminRequests', route, signedIn: true, viewerRole: 'ADMIN' }), seen };
}

const lastOperation = (environment: ReturnType<typeof createTestEnvironment>) => environment.mock.getMostRecentOperation();

describe('RequestsInboxPage', () => {
  it('lists the requests with a link, client, interest, status and assignee, and the total', async () => {
    const { intl } = renderInbox();
    const table = await screen.findByRole('table', { name: 'Requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'ST-AAAAA1' }).getAttribute('href')).toBe('/admin/requests/ST-AAAAA1');
    within(first).getByText('Client ST-AAAAA1');
    within(first).getByText('st-aaaaa1@example.com');
    within(first).getByText('In review');
    within(first).getByText('Ada Admin');
    within(second).getByText(intl.formatMessage({ id: 'admin.requests.unassigned' }));
    expect(second.textContent).toContain('Voice Match');
    screen.getByText(intl.formatMessage({ id: 'admin.requests.shown' }, { shown: 2, total: 2 }));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for the filters of the address, and shows them in the controls (a reload keeps them)', async () => {
    const { seen } = renderInbox('/admin/requests?status=WON&q=acme');
    await screen.findByRole('table');
    expect(seen.at(-1)?.request.node.params.name).toBe('RequestsInboxPageQuery');
    expect(seen.at(-1)?.request.variables).toMatchObject({ status: 'WON', search: 'acme', assigneeId: null, count: INBOX_PAGE_SIZE, locale: 'EN' });
    expect((labelled('Status') as HTMLSelectElement).value).toBe('WON');
    expect((labelled('Search') as HTMLInputElement).value).toBe('acme');
  });

  it('refetches when the status changes and writes it into the address', async () => {
    const { user, environment, router } = renderInbox();
    await screen.findByRole('table');
    await user.selectOptions(labelled('Status'), 'PROPOSAL_SENT');
    await waitFor(() => expect(lastOperation(environment).request.node.params.name).toBe('RequestsInboxPagePaginationQuery'));
    expect(lastOperation(environment).request.variables).toMatchObject({ status: 'PROPOSAL_SENT', search: null, assigneeId: null });
    expect(router.state.location.search).toBe('?status=PROPOSAL_SENT');
    // The old list stays, marked busy, until the new one arrives.
    expect(screen.getByRole('table').closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    await resolveOperation(environment, inboxResolvers([SECOND]));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it('searches after typing pauses, and "assigned to me" asks for the viewer’s requests', async () => {
    const { user, environment, router } = renderInbox();
    await screen.findByRole('table');
    await user.type(labelled('Search'), 'acme');
    await waitFor(() => expect(router.state.location.search).toBe('?q=acme'));
    await waitFor(() => expect(lastOperation(environment).request.variables).toMatchObject({ search: 'acme', assigneeId: null }));
    await resolveOperation(environment, inboxResolvers([FIRST]));

    await user.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    await waitFor(() => expect(lastOperation(environment).request.variables).toMatchObject({ search: 'acme', assigneeId: VIEWER_ID }));
    expect(router.state.location.search).toBe('?q=acme&mine=1');
  });

  it('says "no requests yet" without filters and "none match" with them', async () => {
    const { intl, unmount } = renderInbox('/admin/requests', []);
    await screen.findByText(intl.formatMessage({ id: 'admin.requests.empty.none' }));
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    renderInbox('/admin/requests?status=LOST', []);
    await screen.findByText(intl.formatMessage({ id: 'admin.requests.empty.filtered' }));
  });

  it('loads the next page after the last cursor with the same filters', async () => {
    const { user, environment } = renderInbox('/admin/requests?status=NEW', [FIRST], { totalCount: 2, hasNextPage: true });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    const next = lastOperation(environment);
    expect(next.request.node.params.name).toBe('RequestsInboxPagePaginationQuery');
    expect(next.request.variables).toMatchObject({ cursor: 'ST-AAAAA1', count: INBOX_PAGE_SIZE, status: 'NEW' });
    await resolveOperation(environment, inboxResolvers([SECOND], { totalCount: 2 }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('speaks Russian', async () => {
    const environment = createTestEnvironment();
    queueResolvers(environment, inboxResolvers([FIRST]));
    queueResolvers(environment, inboxResolvers([FIRST]));
    renderWithRelay(<RequestsInboxPage />, { environment, page: 'adminRequests', locale: 'ru', signedIn: true, viewerRole: 'ADMIN' });
    await screen.findByRole('table', { name: 'Заявки' });
    screen.getByRole('columnheader', { name: 'Ответственный' });
  });
});
