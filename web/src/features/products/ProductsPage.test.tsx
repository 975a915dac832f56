/**
 * The catalogue /products (SITE-CATALOGUE): its loader fills the store, the page shows every
 * product as a card with the count and a call to order; an empty catalogue, a pending loader and
 * a failed one as a visitor sees them, in English and Russian (SITE-LOCALES). The search `?q=` (the
 * 404 page's form, SITE-PAGES): the products the server found for the text, the site's pages whose
 * title or description holds it, a way back to all products, and the empty state.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTS, catalogueResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, rejectOperation, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { ProductsPage, productsLoader, searchOf } from './ProductsPage';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Renders /products (in `locale`, with `search` such as `?q=voice`) with the real loader; `products` are what the server answers. */
function renderCatalogue(options: { locale?: 'en' | 'ru'; products?: typeof PRODUCTS; pending?: boolean; search?: string } = {}) {
  const environment = createTestEnvironment();
  if (!options.pending) queueResolvers(environment, catalogueResolvers(options.products));
  return renderWithRelay(<ProductsPage />, {
    environment,
    page: 'products',
    route: `/products${options.search ?? ''}`,
    loader: productsLoader,
    locale: options.locale,
  });
}

const [voiceMatch] = PRODUCTS;

describe('ProductsPage', () => {
  it('lists every product as a card under the title, with the count and a call to order', async () => {
    const { intl } = renderCatalogue();

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.products.title' }) });
    screen.getByText(intl.formatMessage({ id: 'products.eyebrow' }, { count: 3 }));
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(PRODUCTS.map((p) => p.name.en));
    screen.getByRole('heading', { level: 2, name: intl.formatMessage({ id: 'products.cta.title' }) });
    expect(screen.getByRole('link', { name: intl.formatMessage({ id: 'home.cta.button' }) }).getAttribute('href')).toBe('/order');
  });

  it('says the catalogue is being updated when it has no products', async () => {
    const { intl } = renderCatalogue({ products: [] });

    await screen.findByText(intl.formatMessage({ id: 'home.work.empty' }));
    expect(screen.queryByRole('list')).toBeNull();
    screen.getByText(intl.formatMessage({ id: 'products.eyebrow' }, { count: 0 }));
  });

  it('shows nothing of the page while its loader waits for the catalogue, then the products', async () => {
    const { environment, intl } = renderCatalogue({ pending: true });

    await screen.findByTestId('route-loading');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('ProductsPageQuery');
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ locale: 'EN', search: null });

    await resolveOperation(environment, catalogueResolvers());
    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.products.title' }) });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows the error page when the catalogue cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { environment, intl } = renderCatalogue({ pending: true });
    await screen.findByTestId('route-loading');

    await rejectOperation(environment);
    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'error.title' }) });
    screen.getByText(intl.formatMessage({ id: 'error.message' }));
    expect(screen.getByRole('link', { name: intl.formatMessage({ id: 'error.home' }) }).getAttribute('href')).toBe('/');
    expect(logged).toHaveBeenCalled();
  });

  it('speaks Russian under /ru: asks for Russian texts and counts in Russian', async () => {
    const { environment } = renderCatalogue({ locale: 'ru', pending: true });
    await screen.findByTestId('route-loading');
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ locale: 'RU', search: null });
    await resolveOperation(environment, catalogueResolvers());

    await screen.findByRole('heading', { level: 1, name: 'Продукты' });
    screen.getByText('3 продукта, которые мы спроектировали и сделали');
    screen.getByText(PRODUCTS[1]!.tagline.ru);
    expect(screen.getByRole('link', { name: 'Рассказать о проекте' }).getAttribute('href')).toBe('/ru/order');
  });

  describe('search ?q=', () => {
    it('reads the text of ?q=: trimmed, at most 200 characters, no control characters, none when blank', () => {
      expect(searchOf('?q=%20voice%20match%20')).toBe('voice match');
      expect(searchOf(`?q=${'a'.repeat(500)}`)).toBe('a'.repeat(200));
      // 199 units and an emoji's first half at the cut: the half is dropped.
      expect(searchOf(`?q=${'a'.repeat(199)}${encodeURIComponent('😀')}`)).toBe('a'.repeat(199));
      expect(searchOf('?q=voice%00%0Amatch')).toBe('voice  match');
      expect(searchOf('?q=%20%20')).toBeNull();
      expect(searchOf('?x=1')).toBeNull();
      expect(searchOf('')).toBeNull();
    });

    it('asks the server for the products matching the text and shows only those, under the results heading', async () => {
      const { environment, intl } = renderCatalogue({ search: '?q=voice', pending: true });
      await screen.findByTestId('route-loading');
      expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ locale: 'EN', search: 'voice' });
      await resolveOperation(environment, catalogueResolvers([voiceMatch!]));

      await screen.findByRole('heading', { level: 2, name: 'Results for “voice”' });
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      expect(headings).toContain('Voice Match');
      for (const other of PRODUCTS.slice(1)) expect(headings).not.toContain(other.name.en);
      expect(screen.queryByText(intl.formatMessage({ id: 'products.search.empty' }, { q: 'voice' }))).toBeNull();
      expect(screen.getByRole('link', { name: 'Show all products' }).getAttribute('href')).toBe('/products');
    });

    it('lists the site pages whose title or description holds the text, linked in the page language', async () => {
      renderCatalogue({ search: '?q=NEWS', products: [] });

      await screen.findByRole('heading', { level: 2, name: 'Results for “NEWS”' });
      screen.getByRole('heading', { level: 3, name: 'Pages' });
      const pages = within(screen.getByTestId('search-pages'))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
      expect(pages).toContainEqual(['News', '/news']);
      // Only pages that mention it: the FAQ's title and description do not.
      expect(pages.map(([, href]) => href)).not.toContain('/faq');
    });

    it('says when no product matches, lists no pages that do not match, and offers all products', async () => {
      const { intl } = renderCatalogue({ search: '?q=zzzz', products: [] });

      await screen.findByText('No products match “zzzz”.');
      screen.getByRole('heading', { level: 2, name: 'Results for “zzzz”' });
      expect(screen.queryByTestId('search-pages')).toBeNull();
      // The search's empty state, not the empty catalogue's.
      expect(screen.queryByText(intl.formatMessage({ id: 'home.work.empty' }))).toBeNull();
      expect(screen.getByRole('link', { name: 'Show all products' }).getAttribute('href')).toBe('/products');
    });

    it('shows no search section without ?q=', async () => {
      const { intl } = renderCatalogue();

      await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.products.title' }) });
      expect(screen.queryByRole('heading', { name: /Results for/ })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Show all products' })).toBeNull();
    });

    it('speaks Russian under /ru: the results, the pages in Russian and the empty state', async () => {
      renderCatalogue({ locale: 'ru', search: `?q=${encodeURIComponent('новости')}`, products: [] });

      await screen.findByRole('heading', { level: 2, name: 'Результаты по запросу «новости»' });
      const pages = within(screen.getByTestId('search-pages'))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
      expect(pages).toContainEqual(['Новости', '/ru/news']);
      screen.getByText('Продуктов по запросу «новости» не нашлось.');
      expect(screen.getByRole('link', { name: 'Показать все продукты' }).getAttribute('href')).toBe('/ru/products');
    });
  });
});
