/**
 * The client's reply box on a request page (REQ-MESSAGES): a labelled Textarea, 1–5000 characters
 * checked before sending (the count is shown under the field), `sendOrderMessage`, a busy button
 * while it is on its way, errors in the page's language under the field, and Ctrl/Cmd+Enter to send.
 * The answer carries the whole request (`RequestPage_order`), so the conversation shows the new
 * message from the store at once; the field then clears.
 */
import { Button, Textarea } from '@studio/ui';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { runMutation } from '../../forms/runMutation';
import { type GraphQLErrorLike, firstError, formProblem } from '../../forms/serverErrors';
import { GRAPHQL_LOCALE } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import type { FieldProblem } from '@studio/site/problems';
import type { MessageFormSendMutation } from './__generated__/MessageFormSendMutation.graphql';
import styles from './requests.module.css';

/** The schema's limit for a message (`sendOrderMessage.body`). */
export const MESSAGE_MAX_LENGTH = 5000;

const SendMutation = graphql`
  mutation MessageFormSendMutation($id: ID!, $body: String!, $locale: Locale!) {
    sendOrderMessage(id: $id, body: $body) {
      order {
        id
        ...RequestPage_order @arguments(locale: $locale)
      }
    }
  }
`;

/** What the form says about a message it will not send: empty, or over the limit. */
export function messageProblem(body: string): FieldProblem | null {
  if (body.trim() === '') return { id: 'requests.message.error.required' };
  if (body.length > MESSAGE_MAX_LENGTH) return { id: 'requests.message.error.tooLong', values: { max: MESSAGE_MAX_LENGTH, count: body.length } };
  return null;
}

/** The server's refusal in the page's language: the message's length, not allowed, or network/busy/unknown. */
export function sendProblem(errors: readonly GraphQLErrorLike[]): FieldProblem {
  const error = firstError(errors);
  if (!error) return { id: 'error.UNKNOWN' };
  if (error.code === 'BAD_USER_INPUT') return { id: 'requests.message.error.rejected' };
  if (error.code === 'FORBIDDEN' || error.code === 'UNAUTHENTICATED') return { id: 'requests.message.error.forbidden' };
  return formProblem(error);
}

export function MessageForm(props: { orderId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const [commit, busy] = useMutation<MessageFormSendMutation>(SendMutation);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [sent, setSent] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  /** Shows `next` under the field and puts the focus there, where it can be fixed. */
  function refuse(next: FieldProblem) {
    setProblem(next);
    field.current?.focus();
  }

  async function send() {
    if (busy) return;
    setSent(false);
    const invalid = messageProblem(body);
    if (invalid) return refuse(invalid);
    setProblem(null);
    const { errors } = await runMutation(commit, { variables: { id: props.orderId, body, locale: GRAPHQL_LOCALE[locale] } });
    if (errors.length) return refuse(sendProblem(errors));
    setBody('');
    setSent(true);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Textarea
        ref={field}
        label={intl.formatMessage({ id: 'requests.message.label' })}
        hint={intl.formatMessage({ id: 'requests.message.hint' })}
        error={problem ? intl.formatMessage({ id: problem.id }, problem.values) : undefined}
        value={body}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          if (problem) setProblem(null);
          setSent(false);
        }}
        onKeyDown={onKeyDown}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        maxLength={MESSAGE_MAX_LENGTH}
        formatCount={(count, max) => intl.formatMessage({ id: 'requests.message.count' }, { count, max })}
        rows={4}
        dir="auto"
      />
      <div className={styles.formActions}>
        <Button type="submit" loading={busy} disabled={busy}>
          {busy ? <FormattedMessage id="requests.message.sending" /> : <FormattedMessage id="requests.message.send" />}
        </Button>
        <p role="status" className={styles.sent}>
          {sent ? <FormattedMessage id="requests.message.sent" /> : null}
        </p>
      </div>
    </form>
  );
}
