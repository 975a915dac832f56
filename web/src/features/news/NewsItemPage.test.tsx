/**
 * One news item /news/{slug} (SITE-NEWS): headline, date, summary, text and the product it is about;
 * an item about no product; the old address at the global id, another language's slug and an
 * earlier slug answer 301 to the current slug address of the page's language; an unknown or
 * malformed slug (404, SITE-PAGES), a pending and a failed loader, and the page in Russian
 * (SITE-LOCALES).
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

/** An earlier English slug of the Voice Match item (its title before an edit), still its own. */
const EARLIER_SLUG = 'voice-match-3-shorter-clips-and-bigger-archives';

/**
 * Answers as the api does: `newsItemBySlug` is the published item with the operation's `$key` as
 * its slug in `$locale` (or an earlier one), else in another language; `byId` (`newsItem(id:)`)
 * the item whose global id is `$id`; each null when there is none.
 */
function itemResolvers(operation: OperationDescriptor) {
  const { key, id } = operation.request.variables as { key: string; id: string };
  const locale = operationLocale(operation);
  const mine = NEWS.find((n) => n.slug[locale === 'ru' ? 'ru' : 'en'] === key || (locale === 'en' && key === EARLIER_SLUG && n === voiceMatch3));
  const bySlug = mine ?? NEWS.find((n) => n.slug.en === key || n.slug.ru === key);
  const byId = NEWS.find((n) => n.id === id);
  return { Query: () => ({ newsItem: bySlug ? newsValues(bySlug, locale) : null, byId: byId ? newsValues(byId, locale) : null }) };
}

/** Renders /news/{key} with the real loader; answered unless `pending` (twice when `redirects`: the redirect's target loads too). */
function renderItem(key: string, options: { locale?: 'en' | 'ru'; pending?: boolean; redirects?: boolean } = {}) {
  const environment = createTestEnvironment();
  if (!options.pending) queueResolvers(environment, itemResolvers);
  if (options.redirects) queueResolvers(environment, itemResolvers);
  return renderWithRelay(<NewsItemPage />, { environment, page: 'newsItem', route: `/news/${key}`, loader: newsItemLoader, locale: options.locale });
}

describe('NewsItemPage', () => {
  it('shows the headline, the date, the summary, every paragraph and a link to the product', async () => {
    const { intl } = renderItem(voiceMatch3!.slug.en);

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
    renderItem(threeLanguages!.slug.en);

    await screen.findByRole('heading', { level: 1, name: threeLanguages!.title.en });
    expect(screen.queryByText(/More about the product/)).toBeNull();
  });

  it('answers the old address at the global id with a redirect to the slug address of the language', async () => {
    const { router } = renderItem(voiceMatch3!.id, { redirects: true });
    await screen.findByRole('heading', { level: 1, name: voiceMatch3!.title.en });
    expect(router.state.location.pathname).toBe(`/news/${voiceMatch3!.slug.en}`);
  });

  it('answers the old address under /ru with the Russian slug, the query string kept', async () => {
    const { router } = renderItem(`${voiceMatch3!.id}?from=mail`, { locale: 'ru', redirects: true });
    await screen.findByRole('heading', { level: 1, name: voiceMatch3!.title.ru });
    expect(router.state.location.pathname + router.state.location.search).toBe(`/ru/news/${voiceMatch3!.slug.ru}?from=mail`);
  });

  it("answers another language's slug and an earlier slug with a redirect to the current slug of the page's language", async () => {
    const first = renderItem(voiceMatch3!.slug.en, { locale: 'ru', redirects: true });
    await screen.findByRole('heading', { level: 1, name: voiceMatch3!.title.ru });
    expect(first.router.state.location.pathname).toBe(`/ru/news/${voiceMatch3!.slug.ru}`);
    first.unmount();

    const second = renderItem(EARLIER_SLUG, { redirects: true });
    await screen.findByRole('heading', { level: 1, name: voiceMatch3!.title.en });
    expect(second.router.state.location.pathname).toBe(`/news/${voiceMatch3!.slug.en}`);
  });

  it('answers a slug and an id that are no published item with the 404 page naming the address', async () => {
    const { intl } = renderItem('TmV3c0l0ZW06ZHJhZnQ');

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'notFound.title' }) });
    screen.getByText('Page Not Found: /news/TmV3c0l0ZW06ZHJhZnQ');
  });

  it('answers a key that cannot be a slug or an id with the 404 page without asking the server', async () => {
    const { environment, intl } = renderItem('not%20an%20id', { pending: true });

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'notFound.title' }) });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('waits for its loader, then shows the item; a failed load shows the error page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = renderItem(voiceMatch3!.slug.en, { pending: true });
    await screen.findByTestId('route-loading');
    expect(first.environment.mock.getMostRecentOperation().request.variables).toEqual({ key: voiceMatch3!.slug.en, id: voiceMatch3!.slug.en, locale: 'EN' });
    await resolveOperation(first.environment, itemResolvers);
    await screen.findByRole('heading', { level: 1, name: voiceMatch3!.title.en });
    first.unmount();

    const second = renderItem(voiceMatch3!.slug.en, { pending: true });
    await screen.findByTestId('route-loading');
    await rejectOperation(second.environment);
    await screen.findByRole('heading', { level: 1, name: second.intl.formatMessage({ id: 'error.title' }) });
    expect(logged).toHaveBeenCalled();
  });

  it('speaks Russian under /ru at the Russian slug', async () => {
    renderItem(voiceMatch3!.slug.ru, { locale: 'ru' });

    await screen.findByRole('heading', { level: 1, name: voiceMatch3!.title.ru });
    screen.getByText('14 октября 2026 г.');
    for (const paragraph of voiceMatch3!.body.ru) screen.getByText(paragraph);
    expect(screen.getByText(/Подробнее о продукте:/).textContent).toBe('Подробнее о продукте: Voice Match');
    expect(screen.getByRole('link', { name: 'Voice Match' }).getAttribute('href')).toBe('/ru/products/voice-match');
    expect(screen.getByRole('link', { name: /Все новости/ }).getAttribute('href')).toBe('/ru/news');
  });
});
