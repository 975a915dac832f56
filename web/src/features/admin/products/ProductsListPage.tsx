/**
 * The products of the admin area `/admin/products` (ADMIN-AREA): the catalogue in catalogue order
 * as a Relay connection ("Load more", the total) — name and tagline in the page's language, slug,
 * the texts' version — each linking to its texts editor, with a search over the slug and the names
 * and taglines in every language kept in the address (`useUrlSearch`; the old list stays while the
 * new one loads).
 */
import { FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale, useLocalizePath } from '../../../i18n/useLocale';
import { AdminShell } from '../AdminShell';
import { ListCell, ListRow, SearchableList } from '../editor/SearchableList';
import { useRefetchOnChange } from '../useRefetchOnChange';
import { useUrlSearch } from '../useUrlSearch';
import type { ProductsListPage_query$key } from './__generated__/ProductsListPage_query.graphql';
import type { ProductsListPageQuery as ProductsListPageQueryType } from './__generated__/ProductsListPageQuery.graphql';

/** Products per page (first page and every "Load more"). */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

const ProductsListPageQuery = graphql`
  query ProductsListPageQuery($count: Int!, $locale: Locale!, $search: String) {
    ...ProductsListPage_query @arguments(count: $count, locale: $locale, search: $search)
  }
`;

function ProductRows(props: { query: ProductsListPage_query$key }) {
  const { data, refetch, ...paging } = usePaginationFragment(
    graphql`
      fragment ProductsListPage_query on Query
      @refetchable(queryName: "ProductsListPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, locale: { type: "Locale!" }, search: { type: "String" }) {
        products(first: $count, after: $cursor, search: $search) @connection(key: "ProductsListPage_products") {
          totalCount
          edges {
            node {
              id
              slug
              name(locale: $locale)
              tagline(locale: $locale)
              version
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
  const edges = data.products.edges;
  return (
    <SearchableList
      texts={{ search: 'admin.products.search', empty: 'admin.products.empty', noMatch: 'admin.products.noMatch' }}
      urlSearch={urlSearch}
      busy={searching}
      paging={paging}
      pageSize={ADMIN_PRODUCTS_PAGE_SIZE}
      shown={edges.length}
      total={data.products.totalCount}
      rows={edges.map(({ node }) => (
        <ListRow key={node.id} to={to(`/admin/products/${node.slug}`)} title={node.name}>
          <ListCell>{node.tagline}</ListCell>
          <ListCell>
            <code>{node.slug}</code>
          </ListCell>
          <ListCell>
            <FormattedMessage id="admin.products.version" values={{ version: node.version }} />
          </ListCell>
        </ListRow>
      ))}
    />
  );
}

function Content(props: { fetchKey: number }) {
  const locale = useLocale();
  const { search } = useUrlSearch();
  const data = useLazyLoadQuery<ProductsListPageQueryType>(
    ProductsListPageQuery,
    { count: ADMIN_PRODUCTS_PAGE_SIZE, locale: GRAPHQL_LOCALE[locale], search },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  return <ProductRows query={data} />;
}

export function ProductsListPage() {
  return <AdminShell title={<FormattedMessage id="page.adminProducts.title" />} lead={<FormattedMessage id="admin.products.lead" />} content={Content} />;
}
