/**
 * /admin/audit (ADMIN-AUDIT): entries with when, who (linked while the account exists), what in
 * words (the raw action when unknown), on what (linked per kind; not for a deleted object) and the
 * changes before → after as text — markup in a value shows literally; the search goes to the
 * address and refetches; the empty state; Spanish.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { auditChanges } from './auditChanges';
import { AuditLogPage } from './AuditLogPage';

const ROLE_CHANGE = {
  id: 'QXVkaXRFbnRyeTox',
  actor: { id: 'VXNlcjox' },
  actorEmail: 'admin@example.com',
  action: 'user.update',
  targetType: 'User',
  targetId: 'VXNlcjoy',
  targetLabel: 'bob@example.com',
  before: '{"role":"USER","fullName":"<img src=x onerror=alert(1)>"}',
  after: '{"role":"ADMIN","fullName":"Bob"}',
  created: '2026-06-02T10:30:00.000Z',
};
const STATUS = {
  ...ROLE_CHANGE,
  id: 'QXVkaXRFbnRyeToy',
  actor: null,
  actorEmail: 'gone@example.com',
  action: 'order.status',
  targetType: 'Order',
  targetId: 'T3JkZXI6MQ',
  targetLabel: 'ST-7K3Q9D',
  before: '{"status":"NEW"}',
  after: '{"status":"IN_REVIEW","contractValue":{"amount":100,"currency":"EUR"}}',
};
const DELETED = {
  ...ROLE_CHANGE,
  id: 'QXVkaXRFbnRyeToz',
  action: 'news.delete',
  targetType: 'NewsItem',
  targetId: 'TmV3c0l0ZW06MQ',
  targetLabel: 'Launch',
  before: '{"title":"Launch"}',
  after: null,
};
const FUTURE = { ...ROLE_CHANGE, id: 'QXVkaXRFbnRyeTo0', action: 'invoice.send', targetType: 'Invoice', targetLabel: 'INV-1', before: null, after: null };

type Entry = typeof ROLE_CHANGE | typeof STATUS | typeof DELETED | typeof FUTURE;

function answer(entries: Entry[], total = entries.length) {
  return {
    AuditEntryConnection: () => ({ totalCount: total, edges: entries.map((node) => ({ cursor: node.id, node })) }),
    PageInfo: () => ({ hasNextPage: total > entries.length, endCursor: entries.at(-1)?.id ?? null }),
  };
}

const operationName = (operation: OperationDescriptor) => operation.request.node.params.name;

function renderPage(entries: Entry[] = [ROLE_CHANGE, STATUS, DELETED, FUTURE], options: { locale?: 'en' | 'es'; total?: number } = {}) {
  const environment = createTestEnvironment();
  queueResolvers(environment, answer(entries, options.total));
  return renderWithRelay(<AuditLogPage />, { environment, page: 'adminAudit', signedIn: true, viewerRole: 'ADMIN', locale: options.locale ?? 'en' });
}

describe('AuditLogPage', () => {
  it('shows who did what to which object and when, with links', async () => {
    renderPage();
    const entries = await screen.findAllByTestId('audit-entry');
    expect(entries).toHaveLength(4);
    const [role, status, deleted, future] = entries as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    within(role).getByText('Changed a user');
    expect(within(role).getByRole('link', { name: 'admin@example.com' }).getAttribute('href')).toBe('/admin/users/VXNlcjox');
    expect(within(role).getByRole('link', { name: 'bob@example.com' }).getAttribute('href')).toBe('/admin/users/VXNlcjoy');
    expect(role.querySelector('time')?.getAttribute('dateTime')).toBe('2026-06-02T10:30:00.000Z');
    expect(role.querySelector('time')?.textContent).toMatch(/Jun 2, 2026/);

    within(status).getByText("Changed a request's status");
    within(status).getByText('gone@example.com');
    expect(within(status).queryByRole('link', { name: 'gone@example.com' })).toBeNull();
    expect(within(status).getByRole('link', { name: 'ST-7K3Q9D' }).getAttribute('href')).toBe('/admin/requests/ST-7K3Q9D');

    within(deleted).getByText('Deleted a news item');
    expect(within(deleted).getAllByText('Launch')[0]!.closest('a')).toBeNull();
    expect(within(deleted).queryByRole('link', { name: 'Launch' })).toBeNull();

    within(future).getByText('invoice.send');
    within(future).getByText('Invoice');
    expect(future.querySelector('details')).toBeNull();
    screen.getByText('Showing 4 of 4');
  });

  it('lists each changed field before → after as text, never as markup', async () => {
    renderPage();
    const [role, status] = (await screen.findAllByTestId('audit-entry')) as [HTMLElement, HTMLElement];
    const details = role.querySelector('details')!;
    expect(within(role).getByText('2 changes').tagName).toBe('SUMMARY');
    const fields = [...details.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(fields).toEqual(['role', 'fullName']);
    const values = [...details.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(values[0]).toBe('Before: USER→ after: ADMIN');
    within(role).getByText('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
    expect(status.querySelector('details')!.textContent).toContain('{"amount":100,"currency":"EUR"}');
    expect(status.querySelector('details')!.textContent).toContain('(empty)');
  });

  it('searches through the address and refetches', async () => {
    const { environment, router, user } = renderPage();
    await screen.findAllByTestId('audit-entry');
    await user.type(screen.getByRole('searchbox', { name: "Search by action, object or administrator's e-mail" }), 'bob@');
    await waitFor(() => expect(router.state.location.search).toBe('?q=bob%40'));
    await waitFor(() => expect(environment.mock.getAllOperations().map(operationName)).toContain('AuditLogPagePaginationQuery'));
    expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ count: 20, search: 'bob@' });
    await resolveOperation(environment, answer([]));
    await screen.findByText('No entries match this search.');
  });

  it("narrows to one object from the address (a user's history link) and shows all again", async () => {
    const environment = createTestEnvironment();
    const asked: Record<string, unknown>[] = [];
    queueResolvers(environment, (operation) => {
      asked.push({ ...operation.request.variables });
      return answer([ROLE_CHANGE]);
    });
    const { router, user } = renderWithRelay(<AuditLogPage />, { environment, page: 'adminAudit', route: '/admin/audit?target=VXNlcjoy', signedIn: true });
    await screen.findAllByTestId('audit-entry');
    expect(asked).toEqual([{ count: 20, search: null, actorId: null, targetId: 'VXNlcjoy' }]);
    screen.getByText('Only the entries about one object.');
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ search: null, actorId: null, targetId: null }));
    expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('AuditLogPagePaginationQuery');
    expect(screen.queryByText('Only the entries about one object.')).toBeNull();
  });

  it('says when the log is empty, in Spanish too', async () => {
    renderPage([], { locale: 'es' });
    await screen.findByText('Ningún administrador ha hecho nada todavía.');
    screen.getByRole('heading', { level: 1, name: 'Registro de auditoría' });
  });
});

describe('auditChanges', () => {
  it('pairs the fields of before and after, leaves out equal ones and survives bad JSON', () => {
    expect(auditChanges('{"a":1,"b":"x"}', '{"a":2,"b":"x","c":null,"d":true}')).toEqual([
      { field: 'a', before: '1', after: '2' },
      { field: 'd', before: null, after: 'true' },
    ]);
    expect(auditChanges('not json', '[1]')).toEqual([]);
    expect(auditChanges(null, '{"title":"T"}')).toEqual([{ field: 'title', before: null, after: 'T' }]);
  });
});
