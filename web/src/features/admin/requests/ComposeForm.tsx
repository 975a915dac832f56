/**
 * A plain-text box with a send button, for internal notes and replies to the client
 * (REQ-MESSAGES): 1–5000 characters (`noteBody`), Ctrl+Enter (⌘+Enter on a Mac) sends, the text
 * stays when sending failed and the failure shows under the box; after sending the box is empty.
 */
import { MESSAGE_MAX, noteBody } from '@studio/site/fields';
import type { FieldProblem } from '@studio/site/problems';
import { Button, Stack, Textarea } from '@studio/ui';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { z } from 'zod';
import { useSchemaForm } from '../../../forms/useSchemaForm';

const Schema = z.object({ body: noteBody });

/** A labelled plain-text box and its send button. */
export function ComposeForm(props: {
  label: string;
  submitLabel: ReactNode;
  hint?: ReactNode;
  /** Sends the trimmed text; resolves with the problem to show, or null when sent. */
  onSend: (body: string) => Promise<FieldProblem | null>;
}) {
  // Controlled, so that a sent text is cleared with its counter.
  const [body, setBody] = useState('');
  const { formProps, error, busy, submit } = useSchemaForm({
    schema: Schema,
    recheck: 'inError',
    async onValid(value) {
      const failure = await props.onSend(value.body);
      if (failure) return { field: 'body', problem: failure };
      setBody('');
    },
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <form {...formProps}>
      <Stack gap={3}>
        <Textarea
          label={props.label}
          hint={props.hint}
          rows={3}
          maxLength={MESSAGE_MAX}
          name="body"
          value={body}
          error={error('body')}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Stack direction="row" justify="end">
          <Button type="submit" size="sm" loading={busy}>
            {props.submitLabel}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
