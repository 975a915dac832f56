/**
 * The products of the admin area `/admin/products` (ADMIN-AREA): the catalogue in catalogue order
 * as a Relay connection ("Load more", the total) — name and tagline in the page's language, slug,
 * the texts' version — each linking to its texts editor, with a search over the slug and the names
 * and taglines in every language kept in the address (`useUrlSearch`; the old list stays while the
 * new one loads).
 */
import { Link as UiLink, Text, TextField } from '@studio/ui';
import { useTransition } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale, useLocalizePath } from '../../../i18n/useLocale';
import { AdminShell } from '../AdminShell';
import { ListFooter } from '../ListFooter';
import { useRefetchOnChange } from '../useRefetchOnChange';
import styles from '../editor/list.module.css';
import { SEARCH_MAX_LENGTH, useUrlSearch } from '../useUrlSearch';
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
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
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
  const intl = useIntl();
  const to = useLocalizePath();
  const [, startTransition] = useTransition();
  const { text, setText, search } = useUrlSearch();
  const searching = useRefetchOnChange({ search }, refetch);
  const edges = data.products.edges;
  const searchBox = (
    <TextField
      type="search"
      label={intl.formatMessage({ id: 'admin.products.search' })}
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
          {search ? <FormattedMessage id="admin.products.noMatch" values={{ search }} /> : <FormattedMessage id="admin.products.empty" />}
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
                <Link to={to(`/admin/products/${node.slug}`)}>{node.name}</Link>
              </UiLink>
            </p>
            <Text size="sm" tone="muted" className={styles.cell}>
              {node.tagline}
            </Text>
            <Text size="sm" tone="muted" className={styles.cell}>
              <code>{node.slug}</code>
            </Text>
            <Text size="sm" tone="muted" className={styles.cell}>
              <FormattedMessage id="admin.products.version" values={{ version: node.version }} />
            </Text>
          </li>
        ))}
      </ul>
      <ListFooter
        shown={edges.length}
        total={data.products.totalCount}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => startTransition(() => void loadNext(ADMIN_PRODUCTS_PAGE_SIZE))}
      />
    </>
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
