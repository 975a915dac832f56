/**
 * A plain-text box with a send button, for internal notes and replies to the client
 * (REQ-MESSAGES): 1–5000 characters, Ctrl+Enter (⌘+Enter on a Mac) sends, the text stays when
 * sending failed and the failure shows under the box.
 */
import { Button, Stack, Textarea } from '@studio/ui';
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/** The longest note or message the API accepts. */
export const BODY_MAX_LENGTH = 5000;

/** A labelled plain-text box and its send button; `onSend` resolves with an error to show, or null. */
export function ComposeForm(props: {
  label: string;
  submitLabel: ReactNode;
  hint?: ReactNode;
  /** Sends the trimmed text; resolves with the error message to show, or null when sent. */
  onSend: (body: string) => Promise<ReactNode | null>;
}) {
  const [body, setBody] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ReactNode>(null);
  async function send() {
    if (pending) return;
    if (!body.trim()) {
      setProblem(<FormattedMessage id="admin.requests.compose.required" />);
      return;
    }
    setPending(true);
    const failure = await props.onSend(body.trim());
    setPending(false);
    setProblem(failure);
    if (!failure) setBody('');
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={3}>
        <Textarea
          label={props.label}
          hint={props.hint}
          rows={3}
          maxLength={BODY_MAX_LENGTH}
          value={body}
          error={problem ?? undefined}
          onChange={(event) => {
            setBody(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Stack direction="row" justify="end">
          <Button type="submit" size="sm" loading={pending}>
            {props.submitLabel}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
