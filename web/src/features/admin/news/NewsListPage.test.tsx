/**
 * The admin news list /admin/news (ADMIN-AREA): drafts and published items with their state,
 * product and last change, the total, "New item", the empty state, and the debounced search.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { NewsListPage } from './NewsListPage';

function renderList(items: Record<string, unknown>[]) {
  const environment = createTestEnvironment();
  queueResolvers(environment, {
    NewsItemConnection: () => ({
      totalCount: items.length,
      edges: items.map((node) => ({ node, cursor: String(node['id']) })),
      pageInfo: { hasNextPage: false, endCursor: null },
    }),
  });
  return renderWithRelay(<NewsListPage />, { environment, page: 'adminNews', route: '/admin/news', signedIn: true, viewerRole: 'ADMIN' });
}

describe('NewsListPage', () => {
  it('lists drafts and published items with their state, product and link to the editor', async () => {
    const { environment } = renderList([
      { id: 'TmV3czox', title: 'A draft', published: null, isPublished: false, updated: '2026-11-20T10:00:00.000Z', product: null },
      {
        id: 'TmV3czoy',
        title: 'Out now',
        published: '2026-10-14T09:00:00.000Z',
        isPublished: true,
        updated: '2026-10-14T09:00:00.000Z',
        product: { name: 'Voice Match' },
      },
    ]);

    const draft = (await screen.findByRole('link', { name: 'A draft' })).closest('li') as HTMLElement;
    within(draft).getByText('Draft');
    within(draft).getByText('No product');
    expect(within(draft).getByRole('link').getAttribute('href')).toBe('/admin/news/TmV3czox');
    const published = screen.getByRole('link', { name: 'Out now' }).closest('li') as HTMLElement;
    within(published).getByText('Published');
    within(published).getByText('Oct 14, 2026');
    within(published).getByText('Voice Match');
    screen.getByText('Showing 2 of 2');
    expect(screen.getByRole('link', { name: 'New item' }).getAttribute('href')).toBe('/admin/news/new');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('says so when there is no news yet', async () => {
    renderList([]);
    await screen.findByText('No news items yet. Write the first one with “New item”.');
  });

  it('searches as the typing pauses, keeping the list meanwhile, and says when nothing matches', async () => {
    const { user, environment } = renderList([
      { id: 'TmV3czox', title: 'A draft', published: null, isPublished: false, updated: '2026-11-20T10:00:00.000Z', product: null },
    ]);
    await screen.findByRole('link', { name: 'A draft' });

    await user.type(screen.getByRole('searchbox', { name: 'Search news' }), 'zebra');
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toMatchObject({ search: 'zebra', count: 20 });
    screen.getByRole('link', { name: 'A draft' });
    await resolveOperation(environment, { NewsItemConnection: () => ({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } }) });

    await screen.findByText('No news items match “zebra”.');
  });
});
