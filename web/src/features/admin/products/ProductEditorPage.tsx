/**
 * The product texts editor `/admin/products/:slug` (ADMIN-AREA, ADMIN-CONCURRENCY): loads the
 * product's texts in every language, its `version` and what its page shows besides (for the
 * preview), then hands them to the form; an unknown slug says so. "Reload" after a conflict
 * refetches and starts the form afresh.
 */
import { Text } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { useParams } from 'react-router';
import { AdminShell, AdminSkeleton } from '../AdminShell';
import type { ProductEditorPage_product$key } from './__generated__/ProductEditorPage_product.graphql';
import type { ProductEditorPageQuery as ProductEditorPageQueryType } from './__generated__/ProductEditorPageQuery.graphql';
import { ProductEditorForm } from './ProductEditorForm';

const ProductEditorPageQuery = graphql`
  query ProductEditorPageQuery($slug: String!) {
    product(slug: $slug) {
      id
      ...ProductEditorPage_product
    }
  }
`;

/** What the editor reads of a product; `updateProduct` answers it too, so the store stays current. */
const ProductFragment = graphql`
  fragment ProductEditorPage_product on Product {
    id
    slug
    version
    technologies
    year
    visual {
      motif
      hue
    }
    nameEn: name(locale: EN)
    taglineEn: tagline(locale: EN)
    descriptionEn: description(locale: EN)
    featuresEn: features(locale: EN)
    nameRu: name(locale: RU)
    taglineRu: tagline(locale: RU)
    descriptionRu: description(locale: RU)
    featuresRu: features(locale: RU)
    nameEs: name(locale: ES)
    taglineEs: tagline(locale: ES)
    descriptionEs: description(locale: ES)
    featuresEs: features(locale: ES)
    news(first: 3) {
      id
      published
      titleEn: title(locale: EN)
      titleRu: title(locale: RU)
      titleEs: title(locale: ES)
      slugEn: slug(locale: EN)
      slugRu: slug(locale: RU)
      slugEs: slug(locale: ES)
    }
  }
`;

function ExistingProduct(props: { product: ProductEditorPage_product$key; onReload: () => void }) {
  const product = useFragment(ProductFragment, props.product);
  return <ProductEditorForm product={product} onReload={props.onReload} />;
}

function Content(props: { fetchKey: number }) {
  const { slug = '' } = useParams();
  const [reloads, setReloads] = useState(0);
  const data = useLazyLoadQuery<ProductEditorPageQueryType>(
    ProductEditorPageQuery,
    { slug },
    { fetchPolicy: 'network-only', fetchKey: `${props.fetchKey}.${reloads}` },
  );
  if (!data.product) {
    return (
      <Text role="alert">
        <FormattedMessage id="admin.products.notFound" />
      </Text>
    );
  }
  return <ExistingProduct key={`${data.product.id}.${reloads}`} product={data.product} onReload={() => setReloads((n) => n + 1)} />;
}

export function ProductEditorPage() {
  return <AdminShell title={<FormattedMessage id="page.adminProduct.title" />} fallback={<AdminSkeleton rows={6} />} content={Content} />;
}
