/**
 * The conversation of a request (REQ-MESSAGES): its messages oldest first as a chat-like list —
 * the studio's on one side with the administrator's name, the client's ("You") on the other — each
 * plain text shown as written (line breaks kept, never read as markup), with its time; then the
 * client's reply box.
 */
import { Badge } from '@studio/ui';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { Conversation_order$key } from './__generated__/Conversation_order.graphql';
import { MessageForm } from './MessageForm';
import styles from './requests.module.css';

export function Conversation(props: { order: Conversation_order$key }) {
  const intl = useIntl();
  const order = useFragment(
    graphql`
      fragment Conversation_order on Order {
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
  return (
    <>
      {/* A log: a message arriving live (orderUpdated) is announced politely. */}
      <div role="log" aria-label={intl.formatMessage({ id: 'requests.messages.title' })}>
        {order.messages.length === 0 ? (
          <p className={styles.note} data-testid="request-no-messages">
            <FormattedMessage id="requests.messages.empty" />
          </p>
        ) : (
          <ol className={styles.messages}>
            {order.messages.map((message) => (
              <li key={message.id} className={styles.message} data-from={message.fromStudio ? 'studio' : 'client'} data-testid="request-message">
                <div className={styles.messageMeta}>
                  <span className={styles.author} dir="auto">
                    {message.fromStudio ? message.authorName : <FormattedMessage id="requests.messages.you" />}
                  </span>
                  {message.fromStudio ? (
                    <Badge tone="accent">
                      <FormattedMessage id="requests.messages.studio" />
                    </Badge>
                  ) : null}
                  <time dateTime={message.created} className={styles.messageTime}>
                    <FormattedDate value={message.created} dateStyle="medium" timeStyle="short" />
                  </time>
                </div>
                <p className={styles.messageBody} dir="auto">
                  {message.body}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
      <MessageForm orderId={order.id} />
    </>
  );
}
