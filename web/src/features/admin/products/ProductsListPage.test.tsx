/**
 * The admin products list /admin/products (ADMIN-AREA): the catalogue with name, tagline, slug and
 * version linking to the editors, the total, the search kept in the address, "no match", and
 * "Load more" with the cursor.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { ProductsListPage } from './ProductsListPage';

const product = (slug: string, name: string) => ({ id: `UHJvZHVjdDo${slug}`, slug, name, tagline: `${name} tagline`, version: 3 });

function renderList(nodes: Record<string, unknown>[], options: { hasNextPage?: boolean; route?: string } = {}) {
  const environment = createTestEnvironment();
  queueResolvers(environment, {
    ProductConnection: () => ({
      totalCount: nodes.length + (options.hasNextPage ? 5 : 0),
      edges: nodes.map((node) => ({ node, cursor: String(node['slug']) })),
      pageInfo: { hasNextPage: !!options.hasNextPage, endCursor: 'c1' },
    }),
  });
  return renderWithRelay(<ProductsListPage />, {
    environment,
    page: 'adminProducts',
    route: options.route ?? '/admin/products',
    signedIn: true,
    viewerRole: 'ADMIN',
  });
}

describe('ProductsListPage', () => {
  it('lists the products with tagline, slug and version, each linking to its editor', async () => {
    renderList([product('dom', 'Dom'), product('voice-match', 'Voice Match')]);
    const row = (await screen.findByRole('link', { name: 'Voice Match' })).closest('li') as HTMLElement;
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/admin/products/voice-match');
    within(row).getByText('Voice Match tagline');
    within(row).getByText('voice-match');
    within(row).getByText('Version 3');
    screen.getByText('Showing 2 of 2');
  });

  it('starts from the address’s search, searches as the typing pauses and says when nothing matches', async () => {
    const { user, environment, router } = renderList([product('dom', 'Dom')], { route: '/admin/products?q=do' });
    await screen.findByRole('link', { name: 'Dom' });
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    expect(box).toHaveProperty('value', 'do');

    await user.clear(box);
    await user.type(box, 'zebra');
    await waitFor(() => expect(router.state.location.search).toBe('?q=zebra'));
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ search: 'zebra', count: 20 });
    await resolveOperation(environment, { ProductConnection: () => ({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } }) });
    await screen.findByText('No products match “zebra”.');
  });

  it('loads more after the last cursor', async () => {
    const { user, environment } = renderList([product('dom', 'Dom')], { hasNextPage: true });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ cursor: 'c1', count: 20 });
  });
});
