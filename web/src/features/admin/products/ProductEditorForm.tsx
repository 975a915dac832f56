/**
 * The product texts editor's form (ADMIN-AREA, ADMIN-CONCURRENCY): the texts of the three languages
 * side by side, the preview through the public page's `ProductView`, and Save, which sends every
 * language with the version loaded (`updateProduct`) and keeps each answer's new version. A conflict
 * offers to reload; a missing language is named.
 */
import { useMemo, useRef, useState } from 'react';
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
import { EDITOR_LOCALES, localesWithProblems, splitLines, splitParagraphs } from '../editor/texts';
import { useVersionedSave } from '../editor/useVersionedSave';
import styles from '../editor/editor.module.css';
import type { ProductEditorFormUpdateMutation } from './__generated__/ProductEditorFormUpdateMutation.graphql';
import type { ProductEditorPage_product$data } from './__generated__/ProductEditorPage_product.graphql';
import { ProductFields } from './ProductFields';
import { PRODUCT_FIELD_NAMES, type ProductDraft, productDraft, productProblems, productTextsInput } from './productDraft';

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
  const intl = useIntl();
  const initial = useMemo(() => draftOf(product), []); // eslint-disable-line react-hooks/exhaustive-deps -- the draft starts from the product as loaded
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [showProblems, setShowProblems] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const saver = useVersionedSave(product.version);
  const allowLeaving = useRef(false);
  const [commitUpdate] = useMutation<ProductEditorFormUpdateMutation>(UpdateProductMutation);

  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const problems = productProblems(draft);
  const serverFields = saver.failure?.kind === 'fields' ? saver.failure.fields : {};
  const shownProblems = showProblems ? { ...serverFields, ...problems } : serverFields;

  async function onSave() {
    setNotice(null);
    const incomplete = localesWithProblems(problems);
    if (incomplete[0]) {
      setShowProblems(true);
      saver.setFailure({ kind: 'missingLanguage', locale: incomplete[0] });
      return;
    }
    const snapshot = draft;
    const answer = await saver.run<ProductEditorFormUpdateMutation>(
      (version) => runMutation(commitUpdate, { variables: { id: product.id, texts: productTextsInput(snapshot), version } }),
      (response) => response.updateProduct.version,
      readFailure,
    );
    if (!answer) return;
    setSaved(snapshot);
    setNotice('admin.editor.saved');
  }

  const preview = (locale: Locale) => (
    <ProductView
      slug={product.slug}
      name={draft[locale].name.trim() || intl.formatMessage({ id: 'admin.editor.untitled' })}
      tagline={draft[locale].tagline.trim()}
      description={splitParagraphs(draft[locale].description)}
      features={splitLines(draft[locale].features)}
      technologies={product.technologies}
      year={product.year ?? null}
      visual={product.visual}
      news={product.news.map((item) => ({ id: item.id, slug: item[NEWS_SLUG[locale]], title: item[NEWS_TITLE[locale]], published: item.published ?? null }))}
      titleLevel={2}
    />
  );

  return (
    <div className={styles.form}>
      <UnsavedChangesGuard dirty={dirty} allowLeaving={allowLeaving} />
      <FailureNotice failure={saver.failure} dirty={dirty} onReload={props.onReload} />
      <div className={styles.toolbar}>
        <Text as="span" size="sm" tone="muted">
          <FormattedMessage id="admin.products.slugVersion" values={{ slug: product.slug, version: product.version }} />
        </Text>
        <Text as="span" size="sm" tone="muted" role="status">
          {dirty ? <FormattedMessage id="admin.editor.unsaved" /> : notice ? <FormattedMessage id={notice} /> : null}
        </Text>
        <div className={styles.toolbarEnd}>
          <Button onClick={() => void onSave()} loading={saver.pending} disabled={saver.pending}>
            <FormattedMessage id="admin.editor.save" />
          </Button>
        </div>
      </div>
      <LanguageColumns
        incomplete={showProblems ? localesWithProblems(problems) : []}
        column={(locale) => (
          <ProductFields
            locale={locale}
            texts={draft[locale]}
            problems={shownProblems}
            onChange={(texts) => setDraft((current) => ({ ...current, [locale]: texts }))}
          />
        )}
      />
      <EditorPreview render={preview} />
    </div>
  );
}
