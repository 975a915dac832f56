/**
 * One news item /news/{id} (SITE-NEWS): headline, date, summary, text and the product it is about;
 * an item about no product, an unknown or malformed id (404, SITE-PAGES), a pending and a failed
 * loader, and the page in Russian (SITE-LOCALES).
 */
import { screen } from '@testing-library/react';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEWS, newsValues, operationLocale } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, rejectOperation, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { NewsItemPage, newsItemLoader } from './NewsItemPage';

afterEach(() => {
  vi.restoreAllMocks();
});

const [voiceMatch3, , threeLanguages] = NEWS;

/** Answers the published item of the operation's `$id` in its `$locale`, or null. */
function itemResolvers(operation: OperationDescriptor) {
  const item = NEWS.find((n) => n.id === operation.request.variables['id']);
  return { Query: () => ({ newsItem: item ? newsValues(item, operationLocale(operation)) : null }) };
}

function renderItem(id: string, options: { locale?: 'en' | 'ru'; pending?: boolean } = {}) {
  const environment = createTestEnvironment();
  if (!options.pending) queueResolvers(environment, itemResolvers);
  return renderWithRelay(<NewsItemPage />, { environment, page: 'newsItem', route: `/news/${id}`, loader: newsItemLoader, locale: options.locale });
}

describe('NewsItemPage', () => {
  it('shows the headline, the date, the summary, every paragraph and a link to the product', async () => {
    const { intl } = renderItem(voiceMatch3!.id);

    await screen.findByRole('heading', { level: 1, name: voiceMatch3!.title.en });
    screen.getByText('October 14, 2026');
    screen.getByText(voiceMatch3!.summary.en);
    for (const paragraph of voiceMatch3!.body.en) screen.getByText(paragraph);
    const related = screen.getByText(/More about the product:/);
    expect(related.textContent).toBe(intl.formatMessage({ id: 'news.aboutProduct' }, { product: 'Voice Match' }));
    expect(screen.getByRole('link', { name: 'Voice Match' }).getAttribute('href')).toBe('/products/voice-match');
    expect(screen.getByRole('link', { name: /All news/ }).getAttribute('href')).toBe('/news');
  });

  it('links no product for an item about the studio itself', async () => {
    renderItem(threeLanguages!.id);

    await screen.findByRole('heading', { level: 1, name: threeLanguages!.title.en });
    expect(screen.queryByText(/More about the product/)).toBeNull();
  });

  it('answers an id that is not a published item with the 404 page naming the address', async () => {
    const { intl } = renderItem('TmV3c0l0ZW06ZHJhZnQ');

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'notFound.title' }) });
    screen.getByText('Page Not Found: /news/TmV3c0l0ZW06ZHJhZnQ');
  });

  it('answers an id that cannot be one with the 404 page without asking the server', async () => {
    const { environment, intl } = renderItem('not%20an%20id', { pending: true });

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'notFound.title' }) });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('waits for its loader, then shows the item; a failed load shows the error page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = renderItem(voiceMatch3!.id, { pending: true });
    await screen.findByTestId('route-loading');
    expect(first.environment.mock.getMostRecentOperation().request.variables).toEqual({ id: voiceMatch3!.id, locale: 'EN' });
    await resolveOperation(first.environment, itemResolvers);
    await screen.findByRole('heading', { level: 1, name: voiceMatch3!.title.en });
    first.unmount();

    const second = renderItem(voiceMatch3!.id, { pending: true });
    await screen.findByTestId('route-loading');
    await rejectOperation(second.environment);
    await screen.findByRole('heading', { level: 1, name: second.intl.formatMessage({ id: 'error.title' }) });
    expect(logged).toHaveBeenCalled();
  });

  it('speaks Russian under /ru', async () => {
    renderItem(voiceMatch3!.id, { locale: 'ru' });

    await screen.findByRole('heading', { level: 1, name: voiceMatch3!.title.ru });
    screen.getByText('14 октября 2026 г.');
    for (const paragraph of voiceMatch3!.body.ru) screen.getByText(paragraph);
    expect(screen.getByText(/Подробнее о продукте:/).textContent).toBe('Подробнее о продукте: Voice Match');
    expect(screen.getByRole('link', { name: 'Voice Match' }).getAttribute('href')).toBe('/ru/products/voice-match');
    expect(screen.getByRole('link', { name: /Все новости/ }).getAttribute('href')).toBe('/ru/news');
  });
});
