/**
 * The admin news list /admin/news (ADMIN-AREA): drafts and published items with their state,
 * product and last change, the total, "New item", and the empty state.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../../test/renderWithRelay';
import { NewsListPage } from './NewsListPage';

function renderList(items: Record<string, unknown>[]) {
  const environment = createTestEnvironment();
  queueResolvers(environment, {
    NewsItemConnection: () => ({ totalCount: items.length, edges: items.map((node) => ({ node, cursor: String(node['id']) })), pageInfo: { hasNextPage: false, endCursor: null } }),
  });
  return renderWithRelay(<NewsListPage />, { environment, page: 'adminNews', route: '/admin/news', signedIn: true, viewerRole: 'ADMIN' });
}

describe('NewsListPage', () => {
  it('lists drafts and published items with their state, product and link to the editor', async () => {
    const { environment } = renderList([
      { id: 'TmV3czox', title: 'A draft', published: null, isPublished: false, updated: '2026-11-20T10:00:00.000Z', product: null },
      { id: 'TmV3czoy', title: 'Out now', published: '2026-10-14T09:00:00.000Z', isPublished: true, updated: '2026-10-14T09:00:00.000Z', product: { name: 'Voice Match' } },
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
});
