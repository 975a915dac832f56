/**
 * The news list of the admin area `/admin/news` (ADMIN-AREA): every item, drafts included, newest
 * first, as a Relay connection ("Load more", the total) — title in the page's language, state
 * (draft, scheduled, published with its date), product and last change — a debounced search over
 * titles and summaries in every language, kept in the address (`useUrlSearch`; the old list stays
 * while the new one loads), and "New item".
 */
import { Button } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale, useLocalizePath } from '../../../i18n/useLocale';
import { AdminShell } from '../AdminShell';
import { ListCell, ListRow, SearchableList } from '../editor/SearchableList';
import { useRefetchOnChange } from '../useRefetchOnChange';
import { useUrlSearch } from '../useUrlSearch';
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
  const { data, refetch, ...paging } = usePaginationFragment(
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
  const to = useLocalizePath();
  const urlSearch = useUrlSearch();
  const searching = useRefetchOnChange({ search: urlSearch.search }, refetch);
  const edges = data.news.edges;
  return (
    <SearchableList
      texts={{ search: 'admin.news.search', empty: 'admin.news.empty', noMatch: 'admin.news.noMatch' }}
      urlSearch={urlSearch}
      busy={searching}
      paging={paging}
      pageSize={ADMIN_NEWS_PAGE_SIZE}
      shown={edges.length}
      total={data.news.totalCount}
      rows={edges.map(({ node }) => (
        <ListRow key={node.id} to={to(`/admin/news/${node.id}`)} title={node.title}>
          <NewsStatus published={node.isPublished ? node.published : null} />
          <ListCell>{node.product ? node.product.name : <FormattedMessage id="admin.news.noProduct" />}</ListCell>
          <ListCell>
            <FormattedMessage id="admin.news.updated" values={{ date: <FormattedDate value={node.updated} dateStyle="medium" timeStyle="short" /> }} />
          </ListCell>
        </ListRow>
      ))}
    />
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
