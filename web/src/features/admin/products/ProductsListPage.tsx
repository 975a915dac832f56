/**
 * The products of the admin area `/admin/products` (ADMIN-AREA): the catalogue in catalogue order —
 * name in the page's language, slug, the texts' version — each linking to its texts editor.
 */
import { Link as UiLink, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale, useLocalizePath } from '../../../i18n/useLocale';
import { AdminShell } from '../AdminShell';
import styles from '../editor/list.module.css';
import type { ProductsListPageQuery as ProductsListPageQueryType } from './__generated__/ProductsListPageQuery.graphql';

const ProductsListPageQuery = graphql`
  query ProductsListPageQuery($locale: Locale!) {
    products(first: 50) {
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
`;

function Content(props: { fetchKey: number }) {
  const locale = useLocale();
  const to = useLocalizePath();
  const data = useLazyLoadQuery<ProductsListPageQueryType>(ProductsListPageQuery, { locale: GRAPHQL_LOCALE[locale] }, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  const edges = data.products.edges;
  if (edges.length === 0) {
    return (
      <Text className={styles.empty}>
        <FormattedMessage id="admin.products.empty" />
      </Text>
    );
  }
  return (
    <>
      <ul className={styles.list}>
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
      <div className={styles.more}>
        <Text size="sm" tone="muted" role="status">
          <FormattedMessage id="admin.products.total" values={{ total: data.products.totalCount }} />
        </Text>
      </div>
    </>
  );
}

export function ProductsListPage() {
  return <AdminShell title={<FormattedMessage id="page.adminProducts.title" />} lead={<FormattedMessage id="admin.products.lead" />} content={Content} />;
}
