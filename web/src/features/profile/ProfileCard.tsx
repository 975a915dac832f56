/**
 * The identity card of /profile (ACC-FIELDS): full name (changed on /profile/change-name),
 * username edited in place (the server's username rules, USERNAME_TAKEN shown at the field), the
 * e-mail with its verified state and a pending change waiting for its code (changed on
 * /profile/change-email), and the member-since date. Reads its own fragment; /profile/change-name's
 * mutation selects the same fragment, so a new name shows here at once.
 */
import { Badge } from '@studio/ui';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { ProfileCard_user$key } from './__generated__/ProfileCard_user.graphql';
import type { ProfileCardUsernameMutation } from './__generated__/ProfileCardUsernameMutation.graphql';
import { runMutation } from '../../forms/runMutation';
import { TextLink } from '../../app/links';
import { INLINE_FIELDS, inlineFieldProblem } from './fieldRules';
import { InlineEditField } from './InlineEditField';
import { ProfileRow } from '../../account/ProfileRow';
import { ProfileSection } from '../../account/ProfileSection';
import styles from '../../account/blocks.module.css';

const UsernameMutation = graphql`
  mutation ProfileCardUsernameMutation($id: ID!, $username: String!) {
    updateUser(id: $id, username: $username) {
      id
      ...ProfileCard_user
    }
  }
`;

export function ProfileCard(props: { user: ProfileCard_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment ProfileCard_user on User {
        id
        fullName
        username
        email
        isVerified
        pendingEmail
        created
      }
    `,
    props.user,
  );
  const intl = useIntl();
  const [commit] = useMutation<ProfileCardUsernameMutation>(UsernameMutation);

  async function saveUsername(username: string, typed: string) {
    const { errors } = await runMutation(commit, { variables: { id: user.id, username } });
    return errors.length ? inlineFieldProblem('username', errors, typed) : null;
  }

  return (
    <ProfileSection title={<FormattedMessage id="profile.identity.title" />} className={props.className}>
      <div className={styles.rows}>
        <ProfileRow
          label={<FormattedMessage id="profile.fullName" />}
          action={
            <TextLink to="/profile/change-name">
              <FormattedMessage id="profile.edit.name" />
            </TextLink>
          }
        >
          <p className={styles.value} data-testid="profile-fullName">
            {user.fullName}
          </p>
        </ProfileRow>

        <InlineEditField
          name="username"
          label={intl.formatMessage({ id: 'profile.username' })}
          value={user.username}
          display={(username) => `@${username}`}
          testId="profile-username"
          hint={<FormattedMessage id="profile.username.hint" />}
          inputProps={{ autoComplete: 'username', autoCapitalize: 'none', spellCheck: false, dir: 'ltr' }}
          schema={INLINE_FIELDS.username}
          onSave={saveUsername}
        />

        <EmailRow email={user.email} isVerified={user.isVerified} pendingEmail={user.pendingEmail} />

        <ProfileRow label={<FormattedMessage id="profile.created" />}>
          <p className={styles.value} data-testid="profile-created">
            <FormattedDate value={user.created} dateStyle="long" timeZone="UTC" />
          </p>
        </ProfileRow>
      </div>
    </ProfileSection>
  );
}

/** The e-mail with its verified state and a pending change waiting for its code. */
function EmailRow(props: { email: string | null | undefined; isVerified: boolean | null | undefined; pendingEmail: string | null | undefined }) {
  return (
    <ProfileRow
      label={<FormattedMessage id="profile.email" />}
      action={
        <TextLink to="/profile/change-email">
          <FormattedMessage id="profile.edit.email" />
        </TextLink>
      }
    >
      <div className={styles.valueLine}>
        <p className={styles.value} data-testid="profile-email">
          {props.email}
        </p>
        {props.isVerified ? (
          <Badge tone="success" data-testid="profile-email-verified">
            <FormattedMessage id="profile.email.verified" />
          </Badge>
        ) : (
          <Badge tone="warning" data-testid="profile-email-unverified">
            <FormattedMessage id="profile.email.unverified" />
          </Badge>
        )}
      </div>
      {props.pendingEmail ? (
        <p className={styles.note} data-testid="profile-pendingEmail">
          <FormattedMessage id="profile.email.pending" values={{ email: props.pendingEmail }} />
        </p>
      ) : null}
    </ProfileRow>
  );
}
