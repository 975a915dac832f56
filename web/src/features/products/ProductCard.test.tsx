/**
 * ProductCard through the catalogue's query (ProductsPageQuery spreads `ProductCard_product`):
 * what a visitor sees of a product in a list, in English and Russian (SITE-CATALOGUE, SITE-LOCALES).
 */
import { screen, within } from '@testing-library/react';
import { useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { PRODUCTS, catalogueResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import ProductsPageQuery, { type ProductsPageQuery as ProductsPageQueryType } from './__generated__/ProductsPageQuery.graphql';
import { ProductCard } from './ProductCard';

/** The first product of the catalogue as a card, the way a list renders it. */
function FirstCard(props: { locale: 'EN' | 'RU'; headingLevel?: 2 | 3 }) {
  const data = useLazyLoadQuery<ProductsPageQueryType>(ProductsPageQuery, { locale: props.locale });
  const edge = data.products.edges[0];
  return <ul>{edge ? <ProductCard product={edge.node} headingLevel={props.headingLevel} /> : null}</ul>;
}

const [voiceMatch] = PRODUCTS;

describe('ProductCard', () => {
  it('shows the name as a link to the product page, the tagline and the call to open it', async () => {
    const environment = createTestEnvironment();
    queueResolvers(environment, catalogueResolvers());
    const { intl } = renderWithRelay(<FirstCard locale="EN" />, { environment, page: 'products' });

    const card = await screen.findByRole('listitem');
    const link = within(card).getByRole('link', { name: voiceMatch!.name.en });
    expect(link.getAttribute('href')).toBe('/products/voice-match');
    within(card).getByRole('heading', { level: 3, name: voiceMatch!.name.en });
    within(card).getByText(voiceMatch!.tagline.en);
    within(card).getByText(intl.formatMessage({ id: 'product.viewDetails' }), { exact: false });
    // The cover is decorative next to the name: nothing for assistive technology to read twice.
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it('takes the heading level of the list it is in', async () => {
    const environment = createTestEnvironment();
    queueResolvers(environment, catalogueResolvers());
    renderWithRelay(<FirstCard locale="EN" headingLevel={2} />, { environment, page: 'products' });
    await screen.findByRole('heading', { level: 2, name: voiceMatch!.name.en });
  });

  it('speaks Russian under /ru: the tagline in Russian, the link under /ru', async () => {
    const environment = createTestEnvironment();
    queueResolvers(environment, catalogueResolvers());
    const { intl } = renderWithRelay(<FirstCard locale="RU" />, { environment, page: 'products', locale: 'ru' });

    expect((await screen.findByRole('link', { name: voiceMatch!.name.ru })).getAttribute('href')).toBe('/ru/products/voice-match');
    screen.getByText(voiceMatch!.tagline.ru);
    screen.getByText('Подробнее о продукте', { exact: false });
    expect(intl.formatMessage({ id: 'product.viewDetails' })).toBe('Подробнее о продукте');
  });

  it('opens the product page when its name is followed', async () => {
    const environment = createTestEnvironment();
    queueResolvers(environment, catalogueResolvers());
    const { user } = renderWithRelay(<FirstCard locale="EN" />, { environment, page: 'products' });
    await user.click(await screen.findByRole('link', { name: voiceMatch!.name.en }));
    expect((await screen.findByTestId('location')).textContent).toBe('/products/voice-match');
  });
});
