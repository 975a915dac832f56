/**
 * What a failed editor action shows above the form (ADMIN-AREA, ADMIN-CONCURRENCY): for
 * `VERSION_CONFLICT` "This was changed since you opened it. Reload to see the changes." with a
 * Reload action — which, when there are unsaved edits, first asks whether to discard them — for a
 * missing language the language's name, else the failure's message. Field problems are shown at
 * their fields, with a line here pointing to them.
 */
import { AlertDialog, Button, Callout } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EditorFailure } from './editorErrors';

export function FailureNotice(props: { failure: EditorFailure | null; dirty: boolean; onReload: () => void }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const failure = props.failure;
  if (!failure) return null;
  if (failure.kind === 'fields') {
    return (
      <Callout tone="danger">
        <FormattedMessage id="admin.editor.error.fixFields" />
      </Callout>
    );
  }
  if (failure.kind === 'conflict') {
    const reload = () => (props.dirty ? setConfirming(true) : props.onReload());
    return (
      <>
        <Callout
          tone="warning"
          role="alert"
          title={<FormattedMessage id="admin.editor.conflict.title" />}
          action={
            <Button variant="secondary" size="sm" onClick={reload}>
              <FormattedMessage id="admin.editor.conflict.reload" />
            </Button>
          }
        >
          <FormattedMessage id="admin.editor.conflict.message" />
        </Callout>
        <AlertDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={<FormattedMessage id="admin.editor.conflict.confirmTitle" />}
          description={<FormattedMessage id="admin.editor.conflict.confirmMessage" />}
          cancelLabel={<FormattedMessage id="admin.editor.keepEditing" />}
          confirmLabel={<FormattedMessage id="admin.editor.conflict.confirm" />}
          onConfirm={props.onReload}
        />
      </>
    );
  }
  if (failure.kind === 'missingLanguage') {
    return (
      <Callout tone="danger">
        <FormattedMessage
          id="admin.editor.error.missingLanguage"
          values={{ language: intl.formatMessage({ id: `admin.editor.languageName.${failure.locale}` }) }}
        />
      </Callout>
    );
  }
  return <Callout tone="danger">{intl.formatMessage({ id: failure.problem.id }, failure.problem.values)}</Callout>;
}
