/**
 * The news list /news (SITE-NEWS): the first page from its loader, the count, "Load more" (a link
 * to `?shown=`, SITE-DELIVERY), no news yet, a pending and a failed loader, and the page in Russian (SITE-LOCALES).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEWS, newsPageResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, rejectOperation, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { NEWS_MAX_SHOWN, NEWS_PAGE_SIZE, NewsPage, newsLoader, shownOf } from './NewsPage';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Renders /news (in `locale`) with the real loader; `firstPage` answers its query unless `pending`. */
function renderNews(options: { locale?: 'en' | 'ru'; firstPage?: ReturnType<typeof newsPageResolvers>; pending?: boolean } = {}) {
  const environment = createTestEnvironment();
  if (!options.pending) queueResolvers(environment, options.firstPage ?? newsPageResolvers(NEWS));
  return renderWithRelay(<NewsPage />, { environment, page: 'news', loader: newsLoader, locale: options.locale });
}

describe('NewsPage', () => {
  it('lists the news newest first under the title and says how many are shown', async () => {
    const { intl } = renderNews();

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.news.title' }) });
    screen.getByText(intl.formatMessage({ id: 'news.lead' }));
    const headlines = within(screen.getByRole('list')).getAllByRole('heading', { level: 2 });
    expect(headlines.map((h) => h.textContent)).toEqual(NEWS.map((item) => item.title.en));
    expect(screen.getByRole('status').textContent).toBe(intl.formatMessage({ id: 'news.shown' }, { shown: 3, total: 3 }));
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'news.loadMore' }) })).toBeNull();
  });

  it('says there is no news yet when the list is empty', async () => {
    const { intl } = renderNews({ firstPage: newsPageResolvers([]) });

    await screen.findByText(intl.formatMessage({ id: 'news.empty' }));
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('"Load more" is a link to the list grown by a page, which the router follows in the app', async () => {
    const { environment, user, intl, router } = renderNews({ firstPage: newsPageResolvers(NEWS.slice(0, 2), { totalCount: 3, hasNextPage: true }) });
    const more = await screen.findByRole('link', { name: intl.formatMessage({ id: 'news.loadMore' }) });
    expect(more.getAttribute('href')).toBe(`/news?shown=${NEWS_PAGE_SIZE * 2}`);
    expect(screen.getByRole('status').textContent).toBe(intl.formatMessage({ id: 'news.shown' }, { shown: 2, total: 3 }));

    await user.click(more);
    const next = environment.mock.getMostRecentOperation();
    expect(next.request.node.params.name).toBe('NewsPageQuery');
    expect(next.request.variables).toEqual({ count: NEWS_PAGE_SIZE * 2, locale: 'EN' });
    await resolveOperation(environment, newsPageResolvers(NEWS, { totalCount: 3 }));
    expect(router.state.location.search).toBe(`?shown=${NEWS_PAGE_SIZE * 2}`);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe(intl.formatMessage({ id: 'news.shown' }, { shown: 3, total: 3 }));
    expect(screen.queryByRole('link', { name: intl.formatMessage({ id: 'news.loadMore' }) })).toBeNull();
  });

  it('reads ?shown= as whole pages up to the limit, anything else as the first page', () => {
    const shown = (query: string) => shownOf(new URLSearchParams(query));
    expect(shown('')).toBe(NEWS_PAGE_SIZE);
    expect(shown('shown=12')).toBe(12);
    expect(shown('shown=7')).toBe(12);
    expect(shown('shown=1000')).toBe(NEWS_MAX_SHOWN);
    expect(shown('shown=-6')).toBe(NEWS_PAGE_SIZE);
    expect(shown('shown=abc')).toBe(NEWS_PAGE_SIZE);
    expect(shown('shown=6.5')).toBe(NEWS_PAGE_SIZE);
  });

  it('waits for its loader, then shows the news', async () => {
    const { environment, intl } = renderNews({ pending: true });

    await screen.findByTestId('route-loading');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ locale: 'EN', count: NEWS_PAGE_SIZE });
    await resolveOperation(environment, newsPageResolvers(NEWS));
    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.news.title' }) });
  });

  it('shows the error page when the news cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { environment, intl } = renderNews({ pending: true });
    await screen.findByTestId('route-loading');

    await rejectOperation(environment);
    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'error.title' }) });
    screen.getByText(intl.formatMessage({ id: 'error.message' }));
    expect(logged).toHaveBeenCalled();
  });

  it('speaks Russian under /ru', async () => {
    renderNews({ locale: 'ru', firstPage: newsPageResolvers(NEWS.slice(0, 2), { totalCount: 3, hasNextPage: true }) });

    await screen.findByRole('heading', { level: 1, name: 'Новости' });
    screen.getByRole('heading', { level: 2, name: NEWS[0]!.title.ru });
    expect(screen.getByRole('status').textContent).toBe('Показано 2 из 3');
    screen.getByRole('link', { name: 'Показать ещё' });
  });
});
