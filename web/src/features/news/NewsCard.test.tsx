/**
 * NewsCard through the news list's query (NewsPageQuery → `NewsPage_query` → `NewsCard_item`):
 * an item in the list as a visitor sees it (SITE-NEWS), in English and Russian (SITE-LOCALES).
 */
import { screen, within } from '@testing-library/react';
import { useFragment, useLazyLoadQuery } from 'react-relay';
import { describe, expect, it } from 'vitest';
import { NEWS, newsPageResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import NewsPageQuery, { type NewsPageQuery as NewsPageQueryType } from './__generated__/NewsPageQuery.graphql';
import NewsPageFragment, { type NewsPage_query$key } from './__generated__/NewsPage_query.graphql';
import { NewsCard } from './NewsCard';

/** The cards of the first page of news, the way the list renders them. */
function Cards(props: { locale: 'EN' | 'RU' }) {
  const query = useLazyLoadQuery<NewsPageQueryType>(NewsPageQuery, { locale: props.locale, count: 6 });
  const data = useFragment<NewsPage_query$key>(NewsPageFragment, query);
  return (
    <ul>
      {data.news.edges.map((edge) => (
        <NewsCard key={edge.node.id} item={edge.node} />
      ))}
    </ul>
  );
}

const [voiceMatch3, , threeLanguages] = NEWS;

function renderCards(items: typeof NEWS, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, newsPageResolvers(items));
  return renderWithRelay(<Cards locale={locale === 'ru' ? 'RU' : 'EN'} />, { environment, page: 'news', locale });
}

describe('NewsCard', () => {
  it('shows the date, the product, the headline linking to the item at its slug address and the summary', async () => {
    renderCards([voiceMatch3!]);

    const card = await screen.findByRole('listitem');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(voiceMatch3!.title.en);
    expect(within(card).getByRole('link', { name: voiceMatch3!.title.en }).getAttribute('href')).toBe(`/news/${voiceMatch3!.slug.en}`);
    within(card).getByText('October 14, 2026');
    within(card).getByText('Voice Match');
    within(card).getByText(voiceMatch3!.summary.en);
  });

  it('names no product for an item about the studio itself', async () => {
    renderCards([threeLanguages!]);

    const card = await screen.findByRole('listitem');
    within(card).getByText('March 18, 2025');
    expect(within(card).queryByText('Voice Match')).toBeNull();
    expect(card.textContent).toBe(`March 18, 2025${threeLanguages!.title.en}${threeLanguages!.summary.en}`);
  });

  it('speaks Russian under /ru: Russian texts and date, the link at the Russian slug under /ru', async () => {
    renderCards([voiceMatch3!], 'ru');

    const card = await screen.findByRole('listitem');
    expect(within(card).getByRole('link', { name: voiceMatch3!.title.ru }).getAttribute('href')).toBe(`/ru/news/${voiceMatch3!.slug.ru}`);
    within(card).getByText('14 октября 2026 г.');
    within(card).getByText(voiceMatch3!.summary.ru);
  });
});
