/**
 * The client's reply box on a request page (REQ-MESSAGES): a labelled Textarea, 1–5000 characters
 * checked before sending (`messageBody`; the count is shown under the field), `sendOrderMessage`, a
 * busy button while it is on its way, errors in the page's language under the field
 * (`SERVER_ERRORS.message`), and Ctrl/Cmd+Enter to send.
 * The answer carries the whole request (`RequestPage_order`), so the conversation shows the new
 * message from the store at once; the field then clears.
 */
import { MESSAGE_MAX, messageBody } from '@studio/site/fields';
import { type FieldProblem, fieldProblem } from '@studio/site/problems';
import { Button, Textarea } from '@studio/ui';
import { type KeyboardEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { z } from 'zod';
import { runMutation } from '../../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { GRAPHQL_LOCALE } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import type { MessageFormSendMutation } from './__generated__/MessageFormSendMutation.graphql';
import styles from './requests.module.css';

/** The schema's limit for a message (`sendOrderMessage.body`). */
export const MESSAGE_MAX_LENGTH = MESSAGE_MAX;

const Schema = z.object({ body: messageBody });

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

/** What the form says about a message it will not send: empty, or over the limit (`messageBody`). */
export function messageProblem(body: string): FieldProblem | null {
  return fieldProblem(messageBody, body);
}

export function MessageForm(props: { orderId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const [commit] = useMutation<MessageFormSendMutation>(SendMutation);
  // Controlled, so that a sent message is cleared with its counter.
  const [body, setBody] = useState('');
  const [sent, setSent] = useState(false);
  const { formProps, error, busy, submit } = useSchemaForm({
    schema: Schema,
    recheck: 'inError',
    async onValid(value) {
      setSent(false);
      const { errors } = await runMutation(commit, { variables: { id: props.orderId, body: value.body, locale: GRAPHQL_LOCALE[locale] } });
      // Every refusal is said at the field, which gets the focus.
      if (errors.length) return SERVER_ERRORS.message(firstError(errors));
      setBody('');
      setSent(true);
    },
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form {...formProps} className={styles.form}>
      <Textarea
        label={intl.formatMessage({ id: 'requests.message.label' })}
        hint={intl.formatMessage({ id: 'requests.message.hint' })}
        error={error('body')}
        name="body"
        value={body}
        onChange={(event) => {
          setBody(event.currentTarget.value);
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
