/**
 * /admin/users/:id (ADMIN-USERS): the header and cards of one account; a role change asks first
 * (and Cancel sends nothing), then sends `updateUser` and reloads the history; the own admin role
 * cannot be changed (disabled with the reason; the server's `OWN_ADMIN_ROLE` is explained too);
 * type and verified save at once; "End all sessions" asks, sends `endUserSessions`, says how many
 * ended and is disabled at 0; an unknown id; the history lists the entries about the user.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { answerError, mutationsSent } from '../../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { AdminUserPage } from './AdminUserPage';

const ME = 'VXNlcjox';
const BOB_ID = 'VXNlcjoy';
const BOB = {
  id: BOB_ID,
  fullName: 'Bob Stone',
  username: 'bob',
  email: 'bob@example.com',
  created: '2026-05-06T10:00:00.000Z',
  role: 'USER',
  type: 'CLIENT',
  isVerified: false,
  activeSessionCount: 3,
  orders: {
    totalCount: 1,
    edges: [{ cursor: 'c1', node: { id: 'T3JkZXI6MQ', reference: 'ST-7K3Q9D', status: 'IN_REVIEW', created: '2026-06-01T10:00:00.000Z' } }],
  },
  balanceCurrency: 'USD',
  balances: [] as unknown[],
  transactions: { totalCount: 0, edges: [] as unknown[], pageInfo: { hasNextPage: false, endCursor: null } },
};
const ENTRY = {
  id: 'QXVkaXRFbnRyeTox',
  actor: { id: ME },
  actorEmail: 'admin@example.com',
  action: 'user.update',
  targetType: 'User',
  targetId: BOB_ID,
  targetLabel: 'bob@example.com',
  before: '{"isVerified":false}',
  after: '{"isVerified":true}',
  created: '2026-06-02T10:00:00.000Z',
};

const operationName = (operation: OperationDescriptor) => operation.request.node.params.name;

function history(entries: (typeof ENTRY)[], total = entries.length) {
  return { AuditEntryConnection: () => ({ totalCount: total, edges: entries.map((node) => ({ cursor: node.id, node })) }) };
}

function renderPage(user: Partial<typeof BOB> | null = BOB, viewerId = ME) {
  const environment = createTestEnvironment();
  queueResolvers(environment, { Query: () => ({ viewer: { id: viewerId }, user: user ? { ...BOB, ...user } : null }) });
  queueResolvers(environment, history([ENTRY], 25));
  const id = user?.id ?? BOB_ID;
  return renderWithRelay(<AdminUserPage />, { environment, page: 'adminUser', route: `/admin/users/${id}`, signedIn: true, viewerRole: 'ADMIN' });
}

describe('AdminUserPage', () => {
  it('shows the account, its settings, sessions, requests and history', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Bob Stone' });
    expect(document.body.textContent).toContain('bob@example.com · @bob');
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('USER');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('CLIENT');
    expect(screen.getByRole('checkbox', { name: 'E-mail address verified' }).getAttribute('aria-checked')).toBe('false');
    screen.getByText('Signed in on 3 devices.');
    expect(screen.getByRole('link', { name: 'ST-7K3Q9D' }).getAttribute('href')).toBe('/admin/requests/ST-7K3Q9D');
    const entries = await screen.findAllByTestId('audit-entry');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.textContent).toContain('Changed a user');
    expect(screen.getByRole('link', { name: 'See all 25 in the audit log' }).getAttribute('href')).toBe(`/admin/audit?target=${BOB_ID}`);
  });

  it('asks before a role change, sends updateUser on confirm and reloads the history', async () => {
    const { environment, user } = renderPage();
    const role = await screen.findByRole('combobox', { name: 'Role' });
    await screen.findAllByTestId('audit-entry');

    await user.selectOptions(role, 'ADMIN');
    let dialog = await screen.findByRole('alertdialog', { name: 'Make Bob Stone an administrator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(mutationsSent(environment)).toEqual([]);

    await user.selectOptions(role, 'ADMIN');
    dialog = await screen.findByRole('alertdialog', { name: 'Make Bob Stone an administrator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make administrator' }));
    expect(mutationsSent(environment)).toEqual([{ name: 'UserSettingsCardMutation', variables: expect.objectContaining({ id: BOB_ID, role: 'ADMIN' }) }]);
    expect(mutationsSent(environment)[0]!.variables['type'] ?? null).toBeNull();
    expect(mutationsSent(environment)[0]!.variables['isVerified'] ?? null).toBeNull();
    await resolveOperation(environment, { User: () => ({ ...BOB, role: 'ADMIN' }) });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await screen.findByText('Saved.');
    expect((role as HTMLSelectElement).value).toBe('ADMIN');
    // The history asks again for the entries about the user.
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('UserHistoryQuery'));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ targetId: BOB_ID, first: 20 });
  });

  it('asks before removing an administrator role and explains OWN_ADMIN_ROLE', async () => {
    const { environment, user } = renderPage({ role: 'ADMIN' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'USER');
    const dialog = await screen.findByRole('alertdialog', { name: "Remove Bob Stone's administrator role?" });
    await user.click(within(dialog).getByRole('button', { name: 'Remove administrator role' }));
    await answerError(environment, 'OWN_ADMIN_ROLE', 'role: administrators cannot remove their own admin role; another administrator can', { field: 'role' });
    expect(within(dialog).getByRole('alert').textContent).toBe('You cannot remove your own administrator role; another administrator can.');
  });

  it('disables the role of the administrator viewing their own page, with the reason', async () => {
    renderPage({ id: ME, role: 'ADMIN' }, ME);
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect((role as HTMLSelectElement).disabled).toBe(true);
    expect(role.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(role.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toBe('You cannot remove your own administrator role; another administrator can.');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).disabled).toBe(false);
  });

  it('saves type and verified at once', async () => {
    const { environment, user } = renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Type' }), 'PARTNER');
    expect(mutationsSent(environment).at(-1)).toEqual({
      name: 'UserSettingsCardMutation',
      variables: expect.objectContaining({ id: BOB_ID, type: 'PARTNER' }),
    });
    await resolveOperation(environment, { User: () => ({ ...BOB, type: 'PARTNER' }) });
    await screen.findByText('Saved.');
    await user.click(screen.getByRole('checkbox', { name: 'E-mail address verified' }));
    expect(mutationsSent(environment).at(-1)).toEqual({
      name: 'UserSettingsCardMutation',
      variables: expect.objectContaining({ id: BOB_ID, isVerified: true }),
    });
  });

  it('ends all sessions after a confirmation and says how many ended', async () => {
    const { environment, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: "End all of Bob Stone's sessions?" });
    expect(mutationsSent(environment)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(mutationsSent(environment)).toEqual([{ name: 'UserSessionsCardMutation', variables: { id: BOB_ID } }]);
    await resolveOperation(environment, { EndUserSessionsPayload: () => ({ endedCount: 3 }), User: () => ({ id: BOB_ID, activeSessionCount: 0 }) });
    await screen.findByText('3 sessions ended.');
    screen.getByText('Not signed in anywhere.');
    expect((screen.getByRole('button', { name: 'End all sessions' }) as HTMLButtonElement).disabled).toBe(true);
    expect(environment.mock.getAllOperations().map(operationName)).toContain('UserHistoryQuery');
  });

  it('disables "End all sessions" without sessions', async () => {
    renderPage({ activeSessionCount: 0 });
    expect(((await screen.findByRole('button', { name: 'End all sessions' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when there is no such user', async () => {
    renderPage(null);
    await screen.findByText('There is no such user.');
    expect(screen.getByRole('link', { name: 'Back to the users' }).getAttribute('href')).toBe('/admin/users');
  });
});
