/**
 * The studio's internal notes on a request (REQ-MESSAGES, ADMIN-AREA): who wrote what and when,
 * oldest first, and a box to add one (`addOrderNote`). Marked as internal: the client never sees
 * notes (the API answers them to administrators only).
 */
import { Badge, Heading, Stack, Text } from '@studio/ui';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/useLocale';
import { runMutation } from '../../../forms/runMutation';
import type { NotesPanel_order$key } from './__generated__/NotesPanel_order.graphql';
import type { NotesPanelAddMutation } from './__generated__/NotesPanelAddMutation.graphql';
import { ComposeForm } from './ComposeForm';
import { requestProblem } from './requestErrors';
import styles from './AdminRequest.module.css';

/** The internal notes of `order` and the box to add one. */
export function NotesPanel(props: { order: NotesPanel_order$key }) {
  const order = useFragment(
    graphql`
      fragment NotesPanel_order on Order {
        id
        notes {
          id
          body
          created
          author {
            fullName
          }
        }
      }
    `,
    props.order,
  );
  const intl = useIntl();
  const locale = useLocale();
  const [commit] = useMutation<NotesPanelAddMutation>(graphql`
    mutation NotesPanelAddMutation($id: ID!, $body: String!, $locale: Locale!) {
      addOrderNote(id: $id, body: $body) {
        order {
          id
          ...AdminRequestPage_order @arguments(locale: $locale)
        }
      }
    }
  `);
  const notes = order.notes ?? [];
  async function add(body: string) {
    const { errors } = await runMutation(commit, { variables: { id: order.id, body, locale: GRAPHQL_LOCALE[locale] } });
    return errors.length ? requestProblem(errors).problem : null;
  }
  return (
    <section className={styles.panel} data-internal aria-labelledby="request-notes">
      <Stack direction="row" gap={2} align="center" wrap>
        <Heading level={2} size="md" id="request-notes">
          <FormattedMessage id="admin.requests.notes.title" />
        </Heading>
        <Badge tone="warning">
          <FormattedMessage id="admin.requests.notes.internal" />
        </Badge>
      </Stack>
      <Text size="sm" tone="muted">
        <FormattedMessage id="admin.requests.notes.private" />
      </Text>
      {notes.length ? (
        <ul className={styles.entries}>
          {notes.map((note) => (
            <li key={note.id} className={styles.entry}>
              <Text size="sm" tone="muted">
                {note.author?.fullName ?? <FormattedMessage id="admin.requests.notes.deletedAuthor" />} ·{' '}
                <FormattedDate value={note.created} dateStyle="medium" timeStyle="short" />
              </Text>
              <Text className={styles.plain}>{note.body}</Text>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm" tone="muted">
          <FormattedMessage id="admin.requests.notes.empty" />
        </Text>
      )}
      <ComposeForm
        label={intl.formatMessage({ id: 'admin.requests.notes.label' })}
        submitLabel={<FormattedMessage id="admin.requests.notes.submit" />}
        onSend={add}
      />
    </section>
  );
}
