/**
 * The conversation between the client and the studio on a request (REQ-MESSAGES): every message,
 * oldest first, marked as the studio's or the client's, shown as plain text (never markup), and a
 * reply box (`sendOrderMessage`; Ctrl/⌘+Enter sends). The client is mailed that there is an answer
 * (REQ-MAIL), with a link, not the text.
 */
import { Heading, Text } from '@studio/ui';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/useLocale';
import { runMutation } from '../../../forms/runMutation';
import type { ConversationPanel_order$key } from './__generated__/ConversationPanel_order.graphql';
import type { ConversationPanelSendMutation } from './__generated__/ConversationPanelSendMutation.graphql';
import { ComposeForm } from './ComposeForm';
import { requestProblem } from './requestErrors';
import styles from './AdminRequest.module.css';

/** The messages of `order` and the reply box. */
export function ConversationPanel(props: { order: ConversationPanel_order$key }) {
  const order = useFragment(
    graphql`
      fragment ConversationPanel_order on Order {
        id
        messages {
          id
          body
          fromStudio
          authorName
          created
        }
      }
    `,
    props.order,
  );
  const intl = useIntl();
  const locale = useLocale();
  const [commit] = useMutation<ConversationPanelSendMutation>(graphql`
    mutation ConversationPanelSendMutation($id: ID!, $body: String!, $locale: Locale!) {
      sendOrderMessage(id: $id, body: $body) {
        order {
          id
          ...AdminRequestPage_order @arguments(locale: $locale)
        }
      }
    }
  `);
  async function reply(body: string) {
    const { errors } = await runMutation(commit, { variables: { id: order.id, body, locale: GRAPHQL_LOCALE[locale] } });
    return errors.length ? requestProblem(errors).problem : null;
  }
  return (
    <section className={styles.panel} aria-labelledby="request-conversation">
      <Heading level={2} size="md" id="request-conversation">
        <FormattedMessage id="admin.requests.conversation.title" />
      </Heading>
      {order.messages.length ? (
        <ul className={styles.entries}>
          {order.messages.map((message) => (
            <li key={message.id} className={styles.message} data-from={message.fromStudio ? 'studio' : 'client'}>
              <Text size="sm" tone="muted">
                <FormattedMessage
                  id={message.fromStudio ? 'admin.requests.conversation.fromStudio' : 'admin.requests.conversation.fromClient'}
                  values={{ name: message.authorName }}
                />{' '}
                · <FormattedDate value={message.created} dateStyle="medium" timeStyle="short" />
              </Text>
              <Text className={styles.plain}>{message.body}</Text>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm" tone="muted">
          <FormattedMessage id="admin.requests.conversation.empty" />
        </Text>
      )}
      <ComposeForm
        label={intl.formatMessage({ id: 'admin.requests.conversation.label' })}
        hint={<FormattedMessage id="admin.requests.conversation.hint" />}
        submitLabel={<FormattedMessage id="admin.requests.conversation.submit" />}
        onSend={reply}
      />
    </section>
  );
}
