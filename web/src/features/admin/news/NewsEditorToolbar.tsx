/**
 * The news editor's actions (ADMIN-AREA): the item's state, Save, Publish or Unpublish, and Delete
 * behind a confirmation naming the item's title. Delete is offered for a stored item only.
 */
import { AlertDialog, Button, Text } from '@studio/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldProblem } from '../editor/texts';
import styles from '../editor/editor.module.css';
import { NewsStatus } from './NewsStatus';

export function NewsEditorToolbar(props: {
  stored: boolean;
  published: string | null;
  isPublished: boolean;
  dirty: boolean;
  pending: boolean;
  /** The title the delete confirmation names (the stored one, in the page's language). */
  title: string;
  /** What a refused delete shows in its dialog. */
  deleteProblem: FieldProblem | null;
  notice: string | null;
  onSave: () => void;
  onPublish: (published: boolean) => void;
  /** Deletes; rejects when the server refused (the dialog stays open with `deleteProblem`). */
  onDelete: () => Promise<void>;
}) {
  const intl = useIntl();
  return (
    <div className={styles.toolbar}>
      {props.stored ? <NewsStatus published={props.isPublished ? props.published : null} /> : null}
      <Text as="span" size="sm" tone="muted" role="status">
        {props.dirty ? <FormattedMessage id="admin.editor.unsaved" /> : props.notice ? <FormattedMessage id={props.notice} /> : null}
      </Text>
      <div className={styles.toolbarEnd}>
        <Button onClick={props.onSave} loading={props.pending} disabled={props.pending}>
          <FormattedMessage id="admin.editor.save" />
        </Button>
        <Button variant="secondary" onClick={() => props.onPublish(!props.isPublished)} disabled={props.pending}>
          <FormattedMessage id={props.isPublished ? 'admin.news.unpublish' : 'admin.news.publish'} />
        </Button>
        {props.stored ? (
          <AlertDialog
            trigger={
              <Button variant="danger" disabled={props.pending}>
                <FormattedMessage id="admin.news.delete" />
              </Button>
            }
            title={<FormattedMessage id="admin.news.deleteTitle" values={{ title: props.title }} />}
            description={<FormattedMessage id="admin.news.deleteMessage" />}
            cancelLabel={<FormattedMessage id="admin.editor.cancel" />}
            confirmLabel={<FormattedMessage id="admin.news.deleteConfirm" />}
            error={props.deleteProblem ? intl.formatMessage({ id: props.deleteProblem.id }, props.deleteProblem.values) : undefined}
            onConfirm={props.onDelete}
          />
        ) : null}
      </div>
    </div>
  );
}
