/**
 * The news editor's form (ADMIN-AREA, ADMIN-CONCURRENCY): the product, the texts of the three
 * languages side by side, the preview through the public page's `NewsArticle`, the public addresses
 * of a published item (each language's slug, SITE-NEWS), and the actions.
 * Saving creates the item (then opens its address) or updates it with the version loaded, keeping
 * each answer's new version; publishing saves unsaved edits first and is refused here already when
 * a language is incomplete, naming it; deleting asks first. A conflict offers to reload.
 */
import { NativeSelect } from '@studio/ui';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { localizePath } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/useLocale';
import { NewsArticle } from '../../news';
import { EditorPreview } from '../editor/EditorPreview';
import { FailureNotice } from '../editor/FailureNotice';
import { LanguageColumns } from '../editor/LanguageColumns';
import { UnsavedChangesGuard } from '../editor/UnsavedChangesGuard';
import type { EditorFailure } from '../editor/editorErrors';
import { EDITOR_LOCALES, type FieldProblem, splitParagraphs } from '../editor/texts';
import { useEditorDraft } from '../editor/useEditorDraft';
import styles from '../editor/editor.module.css';
import type { NewsEditorPage_item$data } from './__generated__/NewsEditorPage_item.graphql';
import { NewsEditorToolbar } from './NewsEditorToolbar';
import { NewsFields } from './NewsFields';
import { type NewsDraft, type NewsTexts, newsDraft, newsProblems } from './newsDraft';
import { useNewsActions } from './useNewsActions';

type Item = NewsEditorPage_item$data;

/** The draft of a stored item, as loaded. */
function draftOf(item: Item | null): NewsDraft {
  if (!item) return newsDraft({}, null);
  return newsDraft(
    {
      en: { title: item.titleEn, summary: item.summaryEn, body: item.bodyEn },
      ru: { title: item.titleRu, summary: item.summaryRu, body: item.bodyRu },
      es: { title: item.titleEs, summary: item.summaryEs, body: item.bodyEs },
    },
    item.product?.slug ?? null,
  );
}

/** The fragment's slug field of each language. */
const SLUG_FIELD = { en: 'slugEn', ru: 'slugRu', es: 'slugEs' } as const;

/** What the delete dialog says after a failed action. */
function deleteProblemOf(failure: EditorFailure | null): FieldProblem | null {
  if (!failure) return null;
  if (failure.kind === 'conflict') return { id: 'admin.editor.conflict.message' };
  return failure.kind === 'form' ? failure.problem : { id: 'admin.editor.error.save' };
}

export function NewsEditorForm(props: { item: Item | null; products: readonly { slug: string; name: string }[]; onReload: () => void }) {
  const { item, products } = props;
  const locale = useLocale();
  // A new item's form hands its "Saved." / "Published." over to the stored item's form it opens.
  const handedNotice = (useLocation().state as { editorNotice?: unknown } | null)?.editorNotice;
  const editor = useEditorDraft(
    () => draftOf(item),
    item?.version ?? 0,
    newsProblems,
    typeof handedNotice === 'string' && handedNotice.startsWith('admin.') ? handedNotice : null,
  );
  const { draft, saved, saver, dirty } = editor;
  const { onSave, onPublish, onDelete } = useNewsActions(item, editor);
  const product = products.find((p) => p.slug === draft.productSlug) ?? null;

  return (
    <div className={styles.form}>
      <UnsavedChangesGuard dirty={dirty} allowLeaving={editor.allowLeaving} />
      <FailureNotice failure={saver.failure} dirty={dirty} onReload={props.onReload} />
      <NewsEditorToolbar
        stored={item !== null}
        published={item?.published ?? null}
        isPublished={item?.isPublished ?? false}
        dirty={dirty}
        pending={saver.pending}
        title={saved.texts[locale].title || saved.texts.en.title}
        deleteProblem={deleteProblemOf(saver.failure)}
        notice={editor.notice}
        onSave={() => void onSave()}
        onPublish={(published) => void onPublish(published)}
        onDelete={onDelete}
      />
      <NewsMeta item={item} products={products} productSlug={draft.productSlug} onProduct={(productSlug) => editor.setDraft({ ...draft, productSlug })} />
      <LanguageColumns
        incomplete={editor.incomplete}
        column={(columnLocale) => (
          <NewsFields
            locale={columnLocale}
            texts={draft.texts[columnLocale]}
            problems={editor.shownProblems}
            onChange={(texts) => editor.setDraft((current) => ({ ...current, texts: { ...current.texts, [columnLocale]: texts } }))}
          />
        )}
      />
      <EditorPreview render={(previewLocale) => <NewsPreview texts={draft.texts[previewLocale]} item={item} product={product} />} />
    </div>
  );
}

/** The product select and, for a published item, its public addresses at each language's slug (SITE-NEWS). */
function NewsMeta(props: { item: Item | null; products: readonly { slug: string; name: string }[]; productSlug: string; onProduct: (slug: string) => void }) {
  const { item } = props;
  const intl = useIntl();
  return (
    <div className={styles.meta}>
      <NativeSelect
        label={intl.formatMessage({ id: 'admin.news.field.product' })}
        value={props.productSlug}
        onValueChange={props.onProduct}
        options={[{ value: '', label: intl.formatMessage({ id: 'admin.news.noProduct' }) }, ...props.products.map((p) => ({ value: p.slug, label: p.name }))]}
      />
      {item?.isPublished ? (
        <p data-testid="news-public-links">
          {intl.formatMessage({ id: 'admin.news.onSite' })}{' '}
          {EDITOR_LOCALES.map((l, i) => (
            <span key={l}>
              {i > 0 ? ' · ' : null}
              <a href={localizePath(`/news/${item[SLUG_FIELD[l]]}`, l)} hrefLang={l} target="_blank" rel="noopener">
                {intl.formatMessage({ id: `language.${l}` })}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/** The public page's `NewsArticle` with the draft's texts of one language. */
function NewsPreview(props: { texts: NewsTexts; item: Item | null; product: { slug: string; name: string } | null }) {
  const intl = useIntl();
  const { texts, item } = props;
  return (
    <NewsArticle
      // An empty heading is no heading for assistive technology: say there is no title yet.
      title={texts.title.trim() || intl.formatMessage({ id: 'admin.editor.untitled' })}
      summary={texts.summary.trim()}
      paragraphs={splitParagraphs(texts.body)}
      published={item?.isPublished ? (item.published ?? null) : null}
      product={props.product}
      titleLevel={2}
    />
  );
}
