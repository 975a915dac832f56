/**
 * /admin/users (ADMIN-USERS): the accounts with name (linked to the user's page), username,
 * e-mail, role, type, verified and created; the search and the role filter go to the address and
 * refetch the list with their variables; a search in the address is the first page's search;
 * the empty state; Russian.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { SEARCH_DEBOUNCE_MS } from '../useUrlSearch';
import { UsersPage } from './UsersPage';

const ANNA = {
  id: 'VXNlcjox',
  fullName: 'Anna Petrova',
  username: 'anna',
  email: 'anna@example.com',
  role: 'ADMIN',
  type: 'CLIENT',
  isVerified: true,
  created: '2026-03-04T10:00:00.000Z',
};
const BOB = {
  id: 'VXNlcjoy',
  fullName: 'Bob Stone',
  username: 'bob',
  email: 'bob@example.com',
  role: 'USER',
  type: 'PARTNER',
  isVerified: false,
  created: '2026-05-06T10:00:00.000Z',
};

/** The users connection answering `users`, one page. */
function answer(users: (typeof ANNA)[], total = users.length) {
  return {
    UserConnection: () => ({ totalCount: total, edges: users.map((node) => ({ cursor: node.id, node })) }),
    PageInfo: () => ({ hasNextPage: total > users.length, endCursor: users.at(-1)?.id ?? null }),
  };
}

const operationName = (operation: OperationDescriptor) => operation.request.node.params.name;

function renderPage(route = '/admin/users', users = [ANNA, BOB], options: { locale?: 'en' | 'ru' } = {}) {
  const environment = createTestEnvironment();
  queueResolvers(environment, answer(users));
  return renderWithRelay(<UsersPage />, { environment, page: 'adminUsers', route, signedIn: true, viewerRole: 'ADMIN', ...options });
}

describe('UsersPage', () => {
  it('lists the accounts with their facts, each linked to its page, and the total', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Accounts' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [anna, bob] = rows as [HTMLElement, HTMLElement];
    expect(within(anna).getByRole('link', { name: 'Anna Petrova' }).getAttribute('href')).toBe('/admin/users/VXNlcjox');
    expect(anna.textContent).toContain('@anna');
    expect(anna.textContent).toContain('anna@example.com');
    within(anna).getByText('Administrator');
    within(anna).getByText('Verified');
    within(anna).getByText('Client');
    expect(anna.textContent).toContain('Joined Mar 4, 2026');
    within(bob).getByText('User');
    within(bob).getByText('Not verified');
    within(bob).getByText('Partner');
    screen.getByText('Showing 2 of 2');
  });

  it('searches and filters through the address, refetching with the variables', async () => {
    const { environment, router, user } = renderPage();
    await screen.findByRole('list', { name: 'Accounts' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by e-mail, name or username' }), ' anna ');
    await waitFor(() => expect(router.state.location.search).toBe('?q=anna'));
    await waitFor(() => expect(environment.mock.getAllOperations().map(operationName)).toContain('UsersPagePaginationQuery'));
    const searched = environment.mock.getMostRecentOperation();
    expect(searched.request.variables).toMatchObject({ count: 20, search: 'anna', role: null });
    await resolveOperation(environment, answer([ANNA]));
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(1));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Users');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('role')).toBe('USER'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('anna');
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ search: 'anna', role: 'USER' }));
    await resolveOperation(environment, answer([]));
    await screen.findByText('No accounts match this search.');
  });

  it('asks the first page with the search and role of the address', async () => {
    const environment = createTestEnvironment();
    const asked: Record<string, unknown>[] = [];
    queueResolvers(environment, (operation) => {
      asked.push({ ...operation.request.variables });
      return answer([ANNA]);
    });
    renderWithRelay(<UsersPage />, { environment, page: 'adminUsers', route: '/admin/users?q=anna&role=ADMIN', signedIn: true });
    await screen.findByRole('list', { name: 'Accounts' });
    expect(asked).toEqual([{ count: 20, search: 'anna', role: 'ADMIN' }]);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('anna');
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('ADMIN');
  });

  it('empties the search box when the address loses its search (the navigation link to the list)', async () => {
    const { environment, router, user } = renderPage('/admin/users?q=anna', [ANNA]);
    const box = (await screen.findByRole('searchbox')) as HTMLInputElement;
    expect(box.value).toBe('anna');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(box.value).toBe(''));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ search: null, role: null }));
    // And it stays empty: the old text is not written back after the pause.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(router.state.location.search).toBe('');
  });

  it('says when there are no accounts, in Russian too', async () => {
    renderPage('/admin/users', [], { locale: 'ru' });
    await screen.findByText('Аккаунтов пока нет.');
    screen.getByRole('heading', { level: 1, name: 'Пользователи' });
  });
});
