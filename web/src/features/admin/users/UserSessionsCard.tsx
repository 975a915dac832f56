/**
 * The sessions card of a user's admin page (ADMIN-USERS): how many live sessions the user has and
 * "End all sessions", confirmed in an AlertDialog, which signs every one of them out
 * (`endUserSessions`; refresh tokens stop at once, access tokens within minutes) and says how many
 * ended. The button is disabled when there is nothing to end.
 */
import { AlertDialog, Button, Card, Heading, Text } from '@studio/ui';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { runMutation } from '../../../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../../../forms/serverErrors';
import type { UserSessionsCard_user$key } from './__generated__/UserSessionsCard_user.graphql';
import type { UserSessionsCardMutation } from './__generated__/UserSessionsCardMutation.graphql';
import styles from './Users.module.css';

const EndSessionsMutation = graphql`
  mutation UserSessionsCardMutation($id: ID!) {
    endUserSessions(id: $id) {
      endedCount
      user {
        id
        activeSessionCount
      }
    }
  }
`;

export function UserSessionsCard(props: { user: UserSessionsCard_user$key; onChanged: () => void }) {
  const user = useFragment(
    graphql`
      fragment UserSessionsCard_user on User {
        id
        fullName
        activeSessionCount
      }
    `,
    props.user,
  );
  const intl = useIntl();
  const [commit] = useMutation<UserSessionsCardMutation>(EndSessionsMutation);
  const [ended, setEnded] = useState<number | null>(null);
  const [error, setError] = useState<ReactNode>(null);
  const count = user.activeSessionCount ?? 0;

  async function confirm() {
    setError(null);
    setEnded(null);
    const { response, errors } = await runMutation(commit, { variables: { id: user.id } });
    if (response) {
      setEnded(response.endUserSessions.endedCount);
      props.onChanged();
      return;
    }
    const { problem } = SERVER_ERRORS.adminUser(firstError(errors));
    setError(intl.formatMessage({ id: problem.id }, problem.values));
    // Keeps the dialog open with the message.
    throw new Error('The sessions were not ended');
  }

  return (
    <Card className={styles.card}>
      <Heading level={2} size="lg" className={styles.cardTitle}>
        <FormattedMessage id="admin.users.sessions.title" />
      </Heading>
      <Text>
        <FormattedMessage id="admin.users.sessions.count" values={{ count }} />
      </Text>
      <div>
        <AlertDialog
          trigger={
            <Button variant="secondary" disabled={count === 0}>
              <FormattedMessage id="admin.users.sessions.end" />
            </Button>
          }
          onOpenChange={(open) => {
            if (!open) setError(null);
          }}
          title={<FormattedMessage id="admin.users.sessions.confirm.title" values={{ name: user.fullName }} />}
          description={<FormattedMessage id="admin.users.sessions.confirm.description" values={{ count }} />}
          cancelLabel={<FormattedMessage id="admin.users.confirm.cancel" />}
          confirmLabel={<FormattedMessage id="admin.users.sessions.confirm.confirm" />}
          onConfirm={confirm}
          error={error}
        />
      </div>
      <div aria-live="polite">
        {ended !== null ? (
          <p className={styles.status}>
            <FormattedMessage id="admin.users.sessions.ended" values={{ count: ended }} />
          </p>
        ) : null}
      </div>
    </Card>
  );
}
