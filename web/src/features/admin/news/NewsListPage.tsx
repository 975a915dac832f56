/**
 * The news list of the admin area `/admin/news` (ADMIN-AREA): every item, drafts included, newest
 * first, as a Relay connection ("Load more", the total) — title in the page's language, state
 * (draft, scheduled, published with its date), product and last change — a debounced search over
 * titles and summaries in every language, kept in the address (`useUrlSearch`; the old list stays
 * while the new one loads), and "New item".
 */
import { Button, Link as UiLink, Text, TextField } from '@studio/ui';
import { useTransition } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale, useLocalizePath } from '../../../i18n/useLocale';
import { AdminShell } from '../AdminShell';
import { ListFooter } from '../ListFooter';
import { useRefetchOnChange } from '../useRefetchOnChange';
import { SEARCH_MAX_LENGTH, useUrlSearch } from '../useUrlSearch';
import styles from '../editor/list.module.css';
import type { NewsListPage_query$key } from './__generated__/NewsListPage_query.graphql';
import type { NewsListPageQuery as NewsListPageQueryType } from './__generated__/NewsListPageQuery.graphql';
import { NewsStatus } from './NewsStatus';

/** Items per page (first page and every "Load more"). */
export const ADMIN_NEWS_PAGE_SIZE = 20;

const NewsListPageQuery = graphql`
  query NewsListPageQuery($count: Int!, $locale: Locale!, $search: String) {
    ...NewsListPage_query @arguments(count: $count, locale: $locale, search: $search)
  }
`;

function NewsRows(props: { query: NewsListPage_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment NewsListPage_query on Query
      @refetchable(queryName: "NewsListPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, locale: { type: "Locale!" }, search: { type: "String" }) {
        news(first: $count, after: $cursor, includeDrafts: true, search: $search) @connection(key: "NewsListPage_news") {
          totalCount
          edges {
            node {
              id
              title(locale: $locale)
              published
              isPublished
              updated
              product {
                name(locale: $locale)
              }
            }
          }
        }
      }
    `,
    props.query,
  );
  const [, startTransition] = useTransition();
  const intl = useIntl();
  const to = useLocalizePath();
  const { text, setText, search } = useUrlSearch();
  const searched = search ?? '';
  const searching = useRefetchOnChange({ search }, refetch);
  const edges = data.news.edges;
  const searchBox = (
    <TextField
      type="search"
      label={intl.formatMessage({ id: 'admin.news.search' })}
      value={text}
      maxLength={SEARCH_MAX_LENGTH}
      onChange={(event) => setText(event.currentTarget.value)}
      className={styles.search}
    />
  );
  if (edges.length === 0) {
    return (
      <>
        {searchBox}
        <Text className={styles.empty} role="status">
          {searched ? <FormattedMessage id="admin.news.noMatch" values={{ search: searched }} /> : <FormattedMessage id="admin.news.empty" />}
        </Text>
      </>
    );
  }
  return (
    <>
      {searchBox}
      <ul className={styles.list} aria-busy={isLoadingNext || searching}>
        {edges.map(({ node }) => (
          <li key={node.id} className={styles.row}>
            <p className={styles.title}>
              <UiLink asChild>
                <Link to={to(`/admin/news/${node.id}`)}>{node.title}</Link>
              </UiLink>
            </p>
            <NewsStatus published={node.isPublished ? node.published : null} />
            <Text size="sm" tone="muted" className={styles.cell}>
              {node.product ? node.product.name : <FormattedMessage id="admin.news.noProduct" />}
            </Text>
            <Text size="sm" tone="muted" className={styles.cell}>
              <FormattedMessage id="admin.news.updated" values={{ date: <FormattedDate value={node.updated} dateStyle="medium" timeStyle="short" /> }} />
            </Text>
          </li>
        ))}
      </ul>
      <ListFooter
        shown={edges.length}
        total={data.news.totalCount}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => startTransition(() => void loadNext(ADMIN_NEWS_PAGE_SIZE))}
      />
    </>
  );
}

function Content(props: { fetchKey: number }) {
  const locale = useLocale();
  const { search } = useUrlSearch();
  const data = useLazyLoadQuery<NewsListPageQueryType>(
    NewsListPageQuery,
    { count: ADMIN_NEWS_PAGE_SIZE, locale: GRAPHQL_LOCALE[locale], search },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  return <NewsRows query={data} />;
}

export function NewsListPage() {
  const to = useLocalizePath();
  return (
    <AdminShell
      title={<FormattedMessage id="page.adminNews.title" />}
      lead={<FormattedMessage id="admin.news.lead" />}
      actions={
        <Button asChild>
          <Link to={to('/admin/news/new')}>
            <FormattedMessage id="admin.news.new" />
          </Link>
        </Button>
      }
      content={Content}
    />
  );
}
