/**
 * The news editor's form (ADMIN-AREA, ADMIN-CONCURRENCY): the product, the texts of the three
 * languages side by side, the preview through the public page's `NewsArticle`, the public addresses
 * of a published item (each language's slug, SITE-NEWS), and the actions.
 * Saving creates the item (then opens its address) or updates it with the version loaded, keeping
 * each answer's new version; publishing saves unsaved edits first and is refused here already when
 * a language is incomplete, naming it; deleting asks first. A conflict offers to reload.
 */
import { NativeSelect } from '@studio/ui';
import { useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from 'react-relay';
import { useLocation, useNavigate } from 'react-router';
import { runMutation } from '../../../forms/runMutation';
import type { GraphQLErrorLike } from '../../../forms/serverErrors';
import { localizePath } from '../../../i18n/locales';
import { useLocale, useLocalizePath } from '../../../i18n/useLocale';
import { NewsArticle } from '../../news';
import { EditorPreview } from '../editor/EditorPreview';
import { FailureNotice } from '../editor/FailureNotice';
import { LanguageColumns } from '../editor/LanguageColumns';
import { UnsavedChangesGuard } from '../editor/UnsavedChangesGuard';
import { readEditorFailure } from '../editor/editorErrors';
import { EDITOR_LOCALES, type FieldProblem, localesWithProblems, splitParagraphs } from '../editor/texts';
import { useVersionedSave } from '../editor/useVersionedSave';
import styles from '../editor/editor.module.css';
import type { NewsEditorPage_item$data } from './__generated__/NewsEditorPage_item.graphql';
import type { newsMutationsCreateMutation } from './__generated__/newsMutationsCreateMutation.graphql';
import type { newsMutationsDeleteMutation } from './__generated__/newsMutationsDeleteMutation.graphql';
import type { newsMutationsPublishMutation } from './__generated__/newsMutationsPublishMutation.graphql';
import type { newsMutationsUpdateMutation } from './__generated__/newsMutationsUpdateMutation.graphql';
import { NewsEditorToolbar } from './NewsEditorToolbar';
import { NewsFields } from './NewsFields';
import { NEWS_FIELD_NAMES, type NewsDraft, newsDraft, newsProblems, newsTextsInput } from './newsDraft';
import { CreateNewsMutation, DeleteNewsMutation, PublishNewsMutation, UpdateNewsMutation } from './newsMutations';

/** The draft of a stored item, as loaded. */
function draftOf(item: NewsEditorPage_item$data | null): NewsDraft {
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

const readFailure = (errors: readonly GraphQLErrorLike[]) => readEditorFailure(errors, EDITOR_LOCALES, NEWS_FIELD_NAMES);

export function NewsEditorForm(props: { item: NewsEditorPage_item$data | null; products: readonly { slug: string; name: string }[]; onReload: () => void }) {
  const { item, products } = props;
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const initial = useMemo(() => draftOf(item), []); // eslint-disable-line react-hooks/exhaustive-deps -- the draft starts from the item as loaded
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [showProblems, setShowProblems] = useState(false);
  // A new item's form hands its "Saved." / "Published." over to the stored item's form it opens.
  const handedNotice = (useLocation().state as { editorNotice?: unknown } | null)?.editorNotice;
  const [notice, setNotice] = useState<string | null>(typeof handedNotice === 'string' && handedNotice.startsWith('admin.') ? handedNotice : null);
  const saver = useVersionedSave(item?.version ?? 0);
  const allowLeaving = useRef(false);
  const [commitCreate] = useMutation<newsMutationsCreateMutation>(CreateNewsMutation);
  const [commitUpdate] = useMutation<newsMutationsUpdateMutation>(UpdateNewsMutation);
  const [commitPublish] = useMutation<newsMutationsPublishMutation>(PublishNewsMutation);
  const [commitDelete] = useMutation<newsMutationsDeleteMutation>(DeleteNewsMutation);

  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const problems = newsProblems(draft);
  const serverFields = saver.failure?.kind === 'fields' ? saver.failure.fields : {};
  const shownProblems = showProblems ? { ...serverFields, ...problems } : serverFields;

  const openItem = (id: string, editorNotice: string) => {
    allowLeaving.current = true;
    navigate(localize(`/admin/news/${id}`), { replace: true, state: { editorNotice } });
  };

  /** Stores the draft; answers the item's id, or null when refused (the problem is shown). */
  async function save(): Promise<string | null> {
    setNotice(null);
    if (Object.keys(problems).length) {
      setShowProblems(true);
      saver.setFailure({ kind: 'form', problem: { id: 'admin.editor.error.fixFields' } });
      return null;
    }
    const snapshot = draft;
    const texts = newsTextsInput(snapshot);
    if (!item) {
      const created = await saver.run<newsMutationsCreateMutation>(
        () => runMutation(commitCreate, { variables: { texts, productSlug: snapshot.productSlug || null } }),
        (response) => response.createNewsItem.version,
        readFailure,
      );
      if (!created) return null;
      setSaved(snapshot);
      return created.createNewsItem.id;
    }
    const updated = await saver.run<newsMutationsUpdateMutation>(
      (version) => runMutation(commitUpdate, { variables: { id: item.id, texts, productSlug: snapshot.productSlug, version } }),
      (response) => response.updateNewsItem.version,
      readFailure,
    );
    if (!updated) return null;
    setSaved(snapshot);
    return item.id;
  }

  async function onSave() {
    const id = await save();
    if (!id) return;
    setNotice('admin.editor.saved');
    if (!item) openItem(id, 'admin.editor.saved');
  }

  async function onPublish(published: boolean) {
    const incomplete = localesWithProblems(problems);
    if (published && incomplete[0]) {
      setShowProblems(true);
      saver.setFailure({ kind: 'missingLanguage', locale: incomplete[0] });
      return;
    }
    const id = dirty || !item ? await save() : item.id;
    if (!id) return;
    const answer = await saver.run<newsMutationsPublishMutation>(
      (version) => runMutation(commitPublish, { variables: { id, published, version } }),
      (response) => response.publishNewsItem.version,
      readFailure,
    );
    if (!answer) return;
    const done = published ? 'admin.news.publishedNotice' : 'admin.news.unpublishedNotice';
    setNotice(done);
    if (!item) openItem(id, done);
  }

  async function onDelete() {
    if (!item) return;
    const answer = await saver.run<newsMutationsDeleteMutation>(
      (version) => runMutation(commitDelete, { variables: { id: item.id, version } }),
      () => null,
      readFailure,
    );
    if (!answer) throw new Error('The item was not deleted');
    allowLeaving.current = true;
    navigate(localize('/admin/news'));
  }

  const failure = saver.failure;
  const deleteProblem: FieldProblem | null = !failure
    ? null
    : failure.kind === 'conflict'
      ? { id: 'admin.editor.conflict.message' }
      : failure.kind === 'form'
        ? failure.problem
        : { id: 'admin.editor.error.save' };
  const product = products.find((p) => p.slug === draft.productSlug) ?? null;

  return (
    <div className={styles.form}>
      <UnsavedChangesGuard dirty={dirty} allowLeaving={allowLeaving} />
      <FailureNotice failure={failure} dirty={dirty} onReload={props.onReload} />
      <NewsEditorToolbar
        stored={item !== null}
        published={item?.published ?? null}
        isPublished={item?.isPublished ?? false}
        dirty={dirty}
        pending={saver.pending}
        title={saved.texts[locale].title || saved.texts.en.title}
        deleteProblem={deleteProblem}
        notice={notice}
        onSave={() => void onSave()}
        onPublish={(published) => void onPublish(published)}
        onDelete={onDelete}
      />
      <div className={styles.meta}>
        <NativeSelect
          label={intl.formatMessage({ id: 'admin.news.field.product' })}
          value={draft.productSlug}
          onValueChange={(productSlug) => setDraft({ ...draft, productSlug })}
          options={[{ value: '', label: intl.formatMessage({ id: 'admin.news.noProduct' }) }, ...products.map((p) => ({ value: p.slug, label: p.name }))]}
        />
        {item?.isPublished ? (
          // The public addresses of a published item, at each language's slug (SITE-NEWS).
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
      <LanguageColumns
        incomplete={showProblems ? localesWithProblems(problems) : []}
        column={(columnLocale) => (
          <NewsFields
            locale={columnLocale}
            texts={draft.texts[columnLocale]}
            problems={shownProblems}
            onChange={(texts) => setDraft((current) => ({ ...current, texts: { ...current.texts, [columnLocale]: texts } }))}
          />
        )}
      />
      <EditorPreview
        render={(previewLocale) => (
          <NewsArticle
            // An empty heading is no heading for assistive technology: say there is no title yet.
            title={draft.texts[previewLocale].title.trim() || intl.formatMessage({ id: 'admin.editor.untitled' })}
            summary={draft.texts[previewLocale].summary.trim()}
            paragraphs={splitParagraphs(draft.texts[previewLocale].body)}
            published={item?.isPublished ? (item.published ?? null) : null}
            product={product}
            titleLevel={2}
          />
        )}
      />
    </div>
  );
}
