/**
 * A product's page /products/{slug} (SITE-CATALOGUE): what its loader and the `ProductDetail_product`
 * fragment show, a product with less to say, an unknown slug (404, SITE-PAGES), a pending and a
 * failed loader, and the page in Russian (SITE-LOCALES).
 */
import { screen, within } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEWS, PRODUCTS, operationLocale, productValues } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, rejectOperation, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { ProductPage, productLoader } from './ProductPage';

afterEach(() => {
  vi.restoreAllMocks();
});

const [voiceMatch, , solwy] = PRODUCTS;

/** Answers the product of the operation's `$slug` in its `$locale`, or null for a slug the catalogue lacks. */
function productResolvers(operation: OperationDescriptor) {
  const product = PRODUCTS.find((p) => p.slug === operation.request.variables['slug']);
  return { Query: () => ({ product: product ? productValues(product, operationLocale(operation)) : null }) };
}

/** Renders /products/{slug} (in `locale`) with the real loader; the product is answered unless `pending`. */
function renderProduct(slug: string, options: { locale?: 'en' | 'ru'; pending?: boolean } = {}) {
  const environment = createTestEnvironment();
  if (!options.pending) queueResolvers(environment, productResolvers);
  return renderWithRelay(<ProductPage />, { environment, page: 'product', route: `/products/${slug}`, loader: productLoader, locale: options.locale });
}

describe('ProductPage', () => {
  it('shows the product: name, launch year, tagline, illustration, description, features, technologies and its news', async () => {
    const { intl } = renderProduct('voice-match');

    await screen.findByRole('heading', { level: 1, name: 'Voice Match' });
    screen.getByText(intl.formatMessage({ id: 'product.launched' }, { year: 2023 }));
    screen.getByText(voiceMatch!.tagline.en);
    screen.getByRole('img', { name: intl.formatMessage({ id: 'product.visualLabel' }, { name: 'Voice Match' }) });
    const order = screen.getByRole('link', { name: intl.formatMessage({ id: 'product.orderSimilar' }) });
    expect(order.getAttribute('href')).toBe('/order?product=voice-match');
    expect(
      within(screen.getByRole('navigation', { name: intl.formatMessage({ id: 'nav.breadcrumb' }) }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/products');

    const about = screen.getByRole('region', { name: intl.formatMessage({ id: 'product.about' }) });
    for (const paragraph of voiceMatch!.description.en) within(about).getByText(paragraph);
    const features = screen.getByRole('region', { name: intl.formatMessage({ id: 'product.features' }) });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(voiceMatch!.features.en);
    const techs = screen.getByRole('region', { name: intl.formatMessage({ id: 'product.technologies' }) });
    expect(
      within(techs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(voiceMatch!.technologies);

    const news = screen.getByRole('region', { name: intl.formatMessage({ id: 'product.news' }) });
    const item = within(news).getByRole('listitem');
    expect(within(item).getByRole('link', { name: NEWS[0]!.title.en }).getAttribute('href')).toBe(`/news/${NEWS[0]!.slug.en}`);
    within(item).getByText('Oct 14, 2026');
  });

  it('leaves out the year, features, technologies and news a product does not have', async () => {
    const { intl } = renderProduct('solwy');

    await screen.findByRole('heading', { level: 1, name: solwy!.name.en });
    expect(screen.queryByText(/Launched in/)).toBeNull();
    screen.getByRole('region', { name: intl.formatMessage({ id: 'product.about' }) });
    for (const id of ['product.features', 'product.technologies', 'product.news']) {
      expect(screen.queryByRole('region', { name: intl.formatMessage({ id }) })).toBeNull();
    }
  });

  it('answers an unknown slug with the 404 page naming the address', async () => {
    const { intl } = renderProduct('no-such-product');

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'notFound.title' }) });
    screen.getByText('Page Not Found: /products/no-such-product');
    expect(screen.getByRole('link', { name: intl.formatMessage({ id: 'notFound.home' }) }).getAttribute('href')).toBe('/');
  });

  it('answers a slug that cannot be one with the 404 page without asking the server', async () => {
    const { environment, intl } = renderProduct('Not_A_Slug', { pending: true });

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'notFound.title' }) });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('says "Page not found" when the product is gone by the time the page renders', async () => {
    const environment = createTestEnvironment();
    queueResolvers(environment, () => ({ Query: () => ({ product: null }) }));
    const { intl } = renderWithRelay(<ProductPage />, { environment, page: 'product', route: '/products/voice-match' });

    await screen.findByText(intl.formatMessage({ id: 'notFound.title' }));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('waits for its loader, then shows the product; a failed load shows the error page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = renderProduct('voice-match', { pending: true });
    await screen.findByTestId('route-loading');
    expect(first.environment.mock.getMostRecentOperation().request.variables).toEqual({ slug: 'voice-match', locale: 'EN' });
    await resolveOperation(first.environment, productResolvers);
    await screen.findByRole('heading', { level: 1, name: 'Voice Match' });
    first.unmount();

    const second = renderProduct('voice-match', { pending: true });
    await screen.findByTestId('route-loading');
    await rejectOperation(second.environment);
    await screen.findByRole('heading', { level: 1, name: second.intl.formatMessage({ id: 'error.title' }) });
    expect(logged).toHaveBeenCalled();
  });

  it('speaks Russian under /ru', async () => {
    renderProduct('voice-match', { locale: 'ru' });

    await screen.findByRole('heading', { level: 1, name: 'Voice Match' });
    screen.getByText('Запущен в 2023 году');
    screen.getByText(voiceMatch!.tagline.ru);
    screen.getByRole('region', { name: 'Что умеет' });
    expect(screen.getByRole('link', { name: 'Заказать похожий проект' }).getAttribute('href')).toBe('/ru/order?product=voice-match');
    expect(screen.getByRole('link', { name: /Все продукты/ }).getAttribute('href')).toBe('/ru/products');
    expect(screen.getByRole('link', { name: NEWS[0]!.title.ru }).getAttribute('href')).toBe(`/ru/news/${NEWS[0]!.slug.ru}`);
    screen.getByText('14 окт. 2026 г.');
  });
});
