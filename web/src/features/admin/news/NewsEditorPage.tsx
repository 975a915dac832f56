/**
 * The news editor `/admin/news/:id` (ADMIN-AREA, ADMIN-CONCURRENCY): `new` starts a new item,
 * anything else is the item's global id (drafts included, administrators only). Loads the item's
 * texts in every language, its `version` and the product list, then hands them to the form; an id
 * that is no item's says so. "Reload" after a conflict refetches and starts the form afresh.
 */
import { Text } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { useParams } from 'react-router';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/useLocale';
import { AdminShell, AdminSkeleton } from '../AdminShell';
import type { NewsEditorPage_item$key } from './__generated__/NewsEditorPage_item.graphql';
import type { NewsEditorPageQuery as NewsEditorPageQueryType } from './__generated__/NewsEditorPageQuery.graphql';
import { NewsEditorForm } from './NewsEditorForm';

const NewsEditorPageQuery = graphql`
  query NewsEditorPageQuery($id: ID!, $hasItem: Boolean!, $locale: Locale!) {
    newsItem(id: $id) @include(if: $hasItem) {
      id
      ...NewsEditorPage_item
    }
    products(first: 50) {
      edges {
        node {
          id
          slug
          name(locale: $locale)
        }
      }
    }
  }
`;

/** What the editor reads of an item; the editor's mutations answer it too, so the store stays current. */
const ItemFragment = graphql`
  fragment NewsEditorPage_item on NewsItem {
    id
    version
    published
    isPublished
    updated
    titleEn: title(locale: EN)
    summaryEn: summary(locale: EN)
    bodyEn: body(locale: EN)
    titleRu: title(locale: RU)
    summaryRu: summary(locale: RU)
    bodyRu: body(locale: RU)
    titleEs: title(locale: ES)
    summaryEs: summary(locale: ES)
    bodyEs: body(locale: ES)
    slugEn: slug(locale: EN)
    slugRu: slug(locale: RU)
    slugEs: slug(locale: ES)
    product {
      slug
    }
  }
`;

type Products = readonly { slug: string; name: string }[];

function ExistingItem(props: { item: NewsEditorPage_item$key; products: Products; onReload: () => void }) {
  const item = useFragment(ItemFragment, props.item);
  return <NewsEditorForm item={item} products={props.products} onReload={props.onReload} />;
}

function Content(props: { fetchKey: number }) {
  const { id = '' } = useParams();
  const locale = useLocale();
  const isNew = id === 'new';
  const [reloads, setReloads] = useState(0);
  const data = useLazyLoadQuery<NewsEditorPageQueryType>(
    NewsEditorPageQuery,
    { id: isNew ? '' : id, hasItem: !isNew, locale: GRAPHQL_LOCALE[locale] },
    { fetchPolicy: 'network-only', fetchKey: `${props.fetchKey}.${reloads}` },
  );
  const products = data.products.edges.map((edge) => ({ slug: edge.node.slug, name: edge.node.name }));
  const reload = () => setReloads((n) => n + 1);
  if (isNew) return <NewsEditorForm key="new" item={null} products={products} onReload={reload} />;
  if (!data.newsItem) {
    return (
      <Text role="alert">
        <FormattedMessage id="admin.news.notFound" />
      </Text>
    );
  }
  return <ExistingItem key={`${data.newsItem.id}.${reloads}`} item={data.newsItem} products={products} onReload={reload} />;
}

export function NewsEditorPage() {
  const { id = '' } = useParams();
  return (
    <AdminShell
      title={<FormattedMessage id={id === 'new' ? 'admin.news.newTitle' : 'page.adminNewsItem.title'} />}
      fallback={<AdminSkeleton rows={6} />}
      content={Content}
    />
  );
}
