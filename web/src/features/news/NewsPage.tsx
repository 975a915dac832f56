/**
 * The news `/news`: a Relay connection, newest first, server-rendered with the first page; "Load
 * more" appends the next page in place (the list grows under the reader, the scroll position
 * stays). Texts in the page's language.
 */
import { Button, Container, Text } from '@studio/ui';
import { useTransition } from 'react';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import type { Loader } from '../../routes/types';
import { PageHero, PageIntro } from '../pages/PageHero';
import type { NewsPage_query$key } from './__generated__/NewsPage_query.graphql';
import type { NewsPageQuery as NewsPageQueryType } from './__generated__/NewsPageQuery.graphql';
import { NewsCard } from './NewsCard';
import styles from './News.module.css';

/** Items per page (first page and every "Load more"). */
export const NEWS_PAGE_SIZE = 6;

const NewsPageQuery = graphql`
  query NewsPageQuery($locale: Locale!, $count: Int!) {
    ...NewsPage_query @arguments(locale: $locale, count: $count)
  }
`;

const variables = (locale: Locale) => ({ locale: GRAPHQL_LOCALE[locale], count: NEWS_PAGE_SIZE });

export const newsLoader: Loader = async (_args, context, locale) => {
  await fetchQuery<NewsPageQueryType>(context.environmentRef.current, NewsPageQuery, variables(locale), { fetchPolicy: 'store-or-network' }).toPromise();
  return null;
};

function NewsList(props: { query: NewsPage_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment NewsPage_query on Query
      @refetchable(queryName: "NewsPagePaginationQuery")
      @argumentDefinitions(locale: { type: "Locale!" }, count: { type: "Int!" }, cursor: { type: "String" }) {
        news(first: $count, after: $cursor) @connection(key: "NewsPage_news") {
          totalCount
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
  const [, startTransition] = useTransition();
  const edges = data.news.edges;
  if (edges.length === 0) {
    return (
      <Text className={styles.empty}>
        <FormattedMessage id="news.empty" />
      </Text>
    );
  }
  return (
    <>
      <ul className={styles.list} aria-busy={isLoadingNext}>
        {edges.map((edge) => (
          <NewsCard key={edge.node.id} item={edge.node} />
        ))}
      </ul>
      <div className={styles.more}>
        <Text size="sm" tone="muted" role="status">
          <FormattedMessage id="news.shown" values={{ shown: edges.length, total: data.news.totalCount }} />
        </Text>
        {hasNext ? (
          <Button variant="secondary" loading={isLoadingNext} disabled={isLoadingNext} onClick={() => startTransition(() => void loadNext(NEWS_PAGE_SIZE))}>
            <FormattedMessage id="news.loadMore" />
          </Button>
        ) : null}
      </div>
    </>
  );
}

export function NewsPage() {
  const locale = useLocale();
  const data = useLazyLoadQuery<NewsPageQueryType>(NewsPageQuery, variables(locale), { fetchPolicy: 'store-or-network' });
  return (
    <>
      <PageHero>
        <PageIntro title={<FormattedMessage id="page.news.title" />} lead={<FormattedMessage id="news.lead" />} classes={styles} />
      </PageHero>
      <Container className={styles.body}>
        <NewsList query={data} />
      </Container>
    </>
  );
}
