/**
 * The product texts editor's form (ADMIN-AREA, ADMIN-CONCURRENCY): the texts of the three languages
 * side by side, the preview through the public page's `ProductView`, and Save, which sends every
 * language with the version loaded (`updateProduct`) and keeps each answer's new version. A conflict
 * offers to reload; a missing language is named.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Text } from '@studio/ui';
import { graphql, useMutation } from 'react-relay';
import { runMutation } from '../../../forms/runMutation';
import type { GraphQLErrorLike } from '../../../forms/serverErrors';
import type { Locale } from '../../../i18n/locales';
import { ProductView } from '../../products';
import { EditorPreview } from '../editor/EditorPreview';
import { FailureNotice } from '../editor/FailureNotice';
import { LanguageColumns } from '../editor/LanguageColumns';
import { UnsavedChangesGuard } from '../editor/UnsavedChangesGuard';
import { readEditorFailure } from '../editor/editorErrors';
import { EDITOR_LOCALES, splitLines, splitParagraphs } from '../editor/texts';
import { useEditorDraft } from '../editor/useEditorDraft';
import styles from '../editor/editor.module.css';
import type { ProductEditorFormUpdateMutation } from './__generated__/ProductEditorFormUpdateMutation.graphql';
import type { ProductEditorPage_product$data } from './__generated__/ProductEditorPage_product.graphql';
import { ProductFields } from './ProductFields';
import { PRODUCT_FIELD_NAMES, type ProductDraft, type ProductTexts, productDraft, productProblems, productTextsInput } from './productDraft';

const UpdateProductMutation = graphql`
  mutation ProductEditorFormUpdateMutation($id: ID!, $texts: [ProductTextsInput!]!, $version: Int!) {
    updateProduct(id: $id, texts: $texts, version: $version) {
      id
      version
      ...ProductEditorPage_product
    }
  }
`;

type Product = ProductEditorPage_product$data;

function draftOf(product: Product): ProductDraft {
  return productDraft({
    en: { name: product.nameEn, tagline: product.taglineEn, description: product.descriptionEn, features: product.featuresEn },
    ru: { name: product.nameRu, tagline: product.taglineRu, description: product.descriptionRu, features: product.featuresRu },
    es: { name: product.nameEs, tagline: product.taglineEs, description: product.descriptionEs, features: product.featuresEs },
  });
}

const NEWS_TITLE = { en: 'titleEn', ru: 'titleRu', es: 'titleEs' } as const;
const NEWS_SLUG = { en: 'slugEn', ru: 'slugRu', es: 'slugEs' } as const;

const readFailure = (errors: readonly GraphQLErrorLike[]) => readEditorFailure(errors, EDITOR_LOCALES, PRODUCT_FIELD_NAMES);

export function ProductEditorForm(props: { product: Product; onReload: () => void }) {
  const { product } = props;
  const editor = useEditorDraft(() => draftOf(product), product.version, productProblems);
  const { draft, saver, dirty } = editor;
  const [commitUpdate] = useMutation<ProductEditorFormUpdateMutation>(UpdateProductMutation);

  async function onSave() {
    editor.setNotice(null);
    if (editor.refuseIncomplete()) return;
    const snapshot = draft;
    const answer = await saver.run<ProductEditorFormUpdateMutation>(
      (version) => runMutation(commitUpdate, { variables: { id: product.id, texts: productTextsInput(snapshot), version } }),
      (response) => response.updateProduct.version,
      readFailure,
    );
    if (!answer) return;
    editor.setSaved(snapshot);
    editor.setNotice('admin.editor.saved');
  }

  return (
    <div className={styles.form}>
      <UnsavedChangesGuard dirty={dirty} allowLeaving={editor.allowLeaving} />
      <FailureNotice failure={saver.failure} dirty={dirty} onReload={props.onReload} />
      <div className={styles.toolbar}>
        <Text as="span" size="sm" tone="muted">
          <FormattedMessage id="admin.products.slugVersion" values={{ slug: product.slug, version: product.version }} />
        </Text>
        <Text as="span" size="sm" tone="muted" role="status">
          {dirty ? <FormattedMessage id="admin.editor.unsaved" /> : editor.notice ? <FormattedMessage id={editor.notice} /> : null}
        </Text>
        <div className={styles.toolbarEnd}>
          <Button onClick={() => void onSave()} loading={saver.pending} disabled={saver.pending}>
            <FormattedMessage id="admin.editor.save" />
          </Button>
        </div>
      </div>
      <LanguageColumns
        incomplete={editor.incomplete}
        column={(locale) => (
          <ProductFields
            locale={locale}
            texts={draft[locale]}
            problems={editor.shownProblems}
            onChange={(texts) => editor.setDraft((current) => ({ ...current, [locale]: texts }))}
          />
        )}
      />
      <EditorPreview render={(locale) => <ProductPreview product={product} texts={draft[locale]} locale={locale} />} />
    </div>
  );
}

/** The public page's `ProductView` with the draft's texts of `locale`. */
function ProductPreview(props: { product: Product; texts: ProductTexts; locale: Locale }) {
  const { product, texts, locale } = props;
  const intl = useIntl();
  return (
    <ProductView
      slug={product.slug}
      name={texts.name.trim() || intl.formatMessage({ id: 'admin.editor.untitled' })}
      tagline={texts.tagline.trim()}
      description={splitParagraphs(texts.description)}
      features={splitLines(texts.features)}
      technologies={product.technologies}
      year={product.year ?? null}
      visual={product.visual}
      news={product.news.map((item) => ({ id: item.id, slug: item[NEWS_SLUG[locale]], title: item[NEWS_TITLE[locale]], published: item.published ?? null }))}
      titleLevel={2}
    />
  );
}
