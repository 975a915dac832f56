/**
 * The catalogue /products (SITE-CATALOGUE): its loader fills the store, the page shows every
 * product as a card with the count and a call to order; an empty catalogue, a pending loader and
 * a failed one as a visitor sees them, in English and Russian (SITE-LOCALES).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTS, catalogueResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, rejectOperation, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { ProductsPage, productsLoader } from './ProductsPage';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Renders /products (in `locale`) with the real loader. */
function renderCatalogue(options: { locale?: 'en' | 'ru'; products?: typeof PRODUCTS; pending?: boolean } = {}) {
  const environment = createTestEnvironment();
  if (!options.pending) queueResolvers(environment, catalogueResolvers(options.products));
  return renderWithRelay(<ProductsPage />, { environment, page: 'products', loader: productsLoader, locale: options.locale });
}

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
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ locale: 'EN' });

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
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ locale: 'RU' });
    await resolveOperation(environment, catalogueResolvers());

    await screen.findByRole('heading', { level: 1, name: 'Продукты' });
    screen.getByText('3 продукта, которые мы спроектировали и сделали');
    screen.getByText(PRODUCTS[1]!.tagline.ru);
    expect(screen.getByRole('link', { name: 'Рассказать о проекте' }).getAttribute('href')).toBe('/ru/order');
  });
});
