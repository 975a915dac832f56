/**
 * The news `/news`: a Relay connection, newest first, server-rendered. "Load more" is a real link
 * to the same list grown by a page (`?shown=12`), so it works without script (SITE-DELIVERY); on
 * the HTML-first page the main island (islands/loadMore.ts) fetches that address and appends the
 * new items in place (the scroll position stays); inside the app the router follows it without a
 * reload. The list grows up to `NEWS_MAX_SHOWN` items (the API's page limit). Texts in the page's language.
 */
import { Button, Container, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import type { Loader } from '../../routes/types';
import { PageHero, PageIntro } from '../pages';
import type { NewsPage_query$key } from './__generated__/NewsPage_query.graphql';
import type { NewsPageQuery as NewsPageQueryType } from './__generated__/NewsPageQuery.graphql';
import { NewsCard } from './NewsCard';
import styles from './News.module.css';

/** Items per page (first page and every "Load more"). */
export const NEWS_PAGE_SIZE = 6;
/** The longest list one address shows: the API's connection limit (50) rounded down to whole pages. */
export const NEWS_MAX_SHOWN = 48;

/** How many items `?shown=` asks for: a whole number of pages from one to `NEWS_MAX_SHOWN`; anything else is the first page. */
export function shownOf(search: URLSearchParams): number {
  const asked = Number(search.get('shown'));
  if (!Number.isInteger(asked) || asked < NEWS_PAGE_SIZE) return NEWS_PAGE_SIZE;
  return Math.min(NEWS_MAX_SHOWN, Math.ceil(asked / NEWS_PAGE_SIZE) * NEWS_PAGE_SIZE);
}

const NewsPageQuery = graphql`
  query NewsPageQuery($locale: Locale!, $count: Int!) {
    ...NewsPage_query @arguments(locale: $locale, count: $count)
  }
`;

const variables = (locale: Locale, count: number) => ({ locale: GRAPHQL_LOCALE[locale], count });

export const newsLoader: Loader = async ({ request }, context, locale) => {
  const count = shownOf(new URL(request.url).searchParams);
  await fetchQuery<NewsPageQueryType>(context.environmentRef.current, NewsPageQuery, variables(locale, count), { fetchPolicy: 'store-or-network' }).toPromise();
  return null;
};

function NewsList(props: { query: NewsPage_query$key; shown: number }) {
  const data = useFragment(
    graphql`
      fragment NewsPage_query on Query @argumentDefinitions(locale: { type: "Locale!" }, count: { type: "Int!" }) {
        news(first: $count) {
          totalCount
          pageInfo {
            hasNextPage
          }
          edges {
            node {
              id
              ...NewsCard_item @arguments(locale: $locale)
            }
          }
        }
      }
    `,
    props.query,
  );
  const edges = data.news.edges;
  if (edges.length === 0) {
    return (
      <Text className={styles.empty}>
        <FormattedMessage id="news.empty" />
      </Text>
    );
  }
  const next = props.shown + NEWS_PAGE_SIZE;
  return (
    <>
      <ul className={styles.list} data-island="news-list">
        {edges.map((edge) => (
          <NewsCard key={edge.node.id} item={edge.node} />
        ))}
      </ul>
      <div className={styles.more}>
        <Text size="sm" tone="muted" role="status" data-island="news-status">
          <FormattedMessage id="news.shown" values={{ shown: edges.length, total: data.news.totalCount }} />
        </Text>
        {data.news.pageInfo.hasNextPage && next <= NEWS_MAX_SHOWN ? (
          <Button asChild variant="secondary">
            <Link to={`?shown=${next}`} preventScrollReset replace data-island="load-more">
              <FormattedMessage id="news.loadMore" />
            </Link>
          </Button>
        ) : null}
      </div>
    </>
  );
}

export function NewsPage() {
  const locale = useLocale();
  const [search] = useSearchParams();
  const shown = shownOf(search);
  const data = useLazyLoadQuery<NewsPageQueryType>(NewsPageQuery, variables(locale, shown), { fetchPolicy: 'store-or-network' });
  return (
    <>
      <PageHero>
        <PageIntro title={<FormattedMessage id="page.news.title" />} lead={<FormattedMessage id="news.lead" />} classes={styles} />
      </PageHero>
      <Container className={styles.body}>
        <NewsList query={data} shown={shown} />
      </Container>
    </>
  );
}
