/**
 * The news editor's actions (ADMIN-AREA, ADMIN-CONCURRENCY): Save creates the item (then opens its
 * address, handing the notice over) or updates it with the version loaded; Publish/Unpublish saves
 * unsaved edits first and is refused here already while a language is incomplete; Delete goes back
 * to the list. Every answer's new version is kept (useVersionedSave).
 */
import { useMutation } from 'react-relay';
import { useNavigate } from 'react-router';
import { runMutation } from '../../../forms/runMutation';
import type { GraphQLErrorLike } from '../../../forms/serverErrors';
import { useLocalizePath } from '../../../i18n/useLocale';
import { readEditorFailure } from '../editor/editorErrors';
import { EDITOR_LOCALES } from '../editor/texts';
import type { EditorDraft } from '../editor/useEditorDraft';
import type { NewsEditorPage_item$data } from './__generated__/NewsEditorPage_item.graphql';
import type { newsMutationsCreateMutation } from './__generated__/newsMutationsCreateMutation.graphql';
import type { newsMutationsDeleteMutation } from './__generated__/newsMutationsDeleteMutation.graphql';
import type { newsMutationsPublishMutation } from './__generated__/newsMutationsPublishMutation.graphql';
import type { newsMutationsUpdateMutation } from './__generated__/newsMutationsUpdateMutation.graphql';
import { NEWS_FIELD_NAMES, type NewsDraft, newsTextsInput } from './newsDraft';
import { CreateNewsMutation, DeleteNewsMutation, PublishNewsMutation, UpdateNewsMutation } from './newsMutations';

type Item = NewsEditorPage_item$data;

const readFailure = (errors: readonly GraphQLErrorLike[]) => readEditorFailure(errors, EDITOR_LOCALES, NEWS_FIELD_NAMES);

/** Stores the draft: answers a function that answers the item's id, or null when refused (the problem is shown). */
function useSaveNews(item: Item | null, editor: EditorDraft<NewsDraft>) {
  const [commitCreate] = useMutation<newsMutationsCreateMutation>(CreateNewsMutation);
  const [commitUpdate] = useMutation<newsMutationsUpdateMutation>(UpdateNewsMutation);
  const { draft, saver } = editor;
  return async function save(): Promise<string | null> {
    editor.setNotice(null);
    if (Object.keys(editor.problems).length) {
      editor.setShowProblems(true);
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
      editor.setSaved(snapshot);
      return created.createNewsItem.id;
    }
    const updated = await saver.run<newsMutationsUpdateMutation>(
      (version) => runMutation(commitUpdate, { variables: { id: item.id, texts, productSlug: snapshot.productSlug, version } }),
      (response) => response.updateNewsItem.version,
      readFailure,
    );
    if (!updated) return null;
    editor.setSaved(snapshot);
    return item.id;
  };
}

/** `onSave`, `onPublish(published)` and `onDelete` (which throws when refused, keeping its dialog open). */
export function useNewsActions(item: Item | null, editor: EditorDraft<NewsDraft>) {
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [commitPublish] = useMutation<newsMutationsPublishMutation>(PublishNewsMutation);
  const [commitDelete] = useMutation<newsMutationsDeleteMutation>(DeleteNewsMutation);
  const save = useSaveNews(item, editor);
  const { saver } = editor;

  const openItem = (id: string, editorNotice: string) => {
    editor.allowLeave();
    navigate(localize(`/admin/news/${id}`), { replace: true, state: { editorNotice } });
  };

  async function onSave() {
    const id = await save();
    if (!id) return;
    editor.setNotice('admin.editor.saved');
    if (!item) openItem(id, 'admin.editor.saved');
  }

  async function onPublish(published: boolean) {
    if (published && editor.refuseIncomplete()) return;
    const id = editor.dirty || !item ? await save() : item.id;
    if (!id) return;
    const answer = await saver.run<newsMutationsPublishMutation>(
      (version) => runMutation(commitPublish, { variables: { id, published, version } }),
      (response) => response.publishNewsItem.version,
      readFailure,
    );
    if (!answer) return;
    const done = published ? 'admin.news.publishedNotice' : 'admin.news.unpublishedNotice';
    editor.setNotice(done);
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
    editor.allowLeave();
    navigate(localize('/admin/news'));
  }

  return { onSave, onPublish, onDelete };
}
