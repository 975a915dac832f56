/**
 * The identity card of /profile (ACC-FIELDS): full name (changed on /profile/change-name),
 * username edited in place (the server's username rules, USERNAME_TAKEN shown at the field), the
 * e-mail with its verified state and a pending change waiting for its code (changed on
 * /profile/change-email), and the member-since date. Reads its own fragment; /profile/change-name's
 * mutation selects the same fragment, so a new name shows here at once.
 */
import { Badge, Link as UiLink } from '@studio/ui';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { Link } from 'react-router';
import type { ProfileCard_user$key } from './__generated__/ProfileCard_user.graphql';
import type { ProfileCardUsernameMutation } from './__generated__/ProfileCardUsernameMutation.graphql';
import { useLocalizePath } from '../../i18n/useLocale';
import { runMutation } from '../../forms/runMutation';
import { INLINE_FIELDS, inlineFieldProblem } from './fieldRules';
import { InlineEditField } from './InlineEditField';
import { ProfileSection } from './ProfileSection';
import styles from './blocks.module.css';

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
  const to = useLocalizePath();
  const [commit] = useMutation<ProfileCardUsernameMutation>(UsernameMutation);

  async function saveUsername(username: string, typed: string) {
    const { errors } = await runMutation(commit, { variables: { id: user.id, username } });
    return errors.length ? inlineFieldProblem('username', errors, typed) : null;
  }

  return (
    <ProfileSection title={<FormattedMessage id="profile.identity.title" />} className={props.className}>
      <div className={styles.rows}>
        <div className={styles.row}>
          <div className={styles.rowMain}>
            <span className={styles.label}>
              <FormattedMessage id="profile.fullName" />
            </span>
            <p className={styles.value} data-testid="profile-fullName">
              {user.fullName}
            </p>
          </div>
          <div className={styles.rowAction}>
            <UiLink asChild>
              <Link to={to('/profile/change-name')}>
                <FormattedMessage id="profile.edit.name" />
              </Link>
            </UiLink>
          </div>
        </div>

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

        <div className={styles.row}>
          <div className={styles.rowMain}>
            <span className={styles.label}>
              <FormattedMessage id="profile.email" />
            </span>
            <div className={styles.valueLine}>
              <p className={styles.value} data-testid="profile-email">
                {user.email}
              </p>
              {user.isVerified ? (
                <Badge tone="success" data-testid="profile-email-verified">
                  <FormattedMessage id="profile.email.verified" />
                </Badge>
              ) : (
                <Badge tone="warning" data-testid="profile-email-unverified">
                  <FormattedMessage id="profile.email.unverified" />
                </Badge>
              )}
            </div>
            {user.pendingEmail ? (
              <p className={styles.note} data-testid="profile-pendingEmail">
                <FormattedMessage id="profile.email.pending" values={{ email: user.pendingEmail }} />
              </p>
            ) : null}
          </div>
          <div className={styles.rowAction}>
            <UiLink asChild>
              <Link to={to('/profile/change-email')}>
                <FormattedMessage id="profile.edit.email" />
              </Link>
            </UiLink>
          </div>
        </div>

        <div className={styles.row}>
          <div className={styles.rowMain}>
            <span className={styles.label}>
              <FormattedMessage id="profile.created" />
            </span>
            <p className={styles.value} data-testid="profile-created">
              <FormattedDate value={user.created} dateStyle="long" timeZone="UTC" />
            </p>
          </div>
        </div>
      </div>
    </ProfileSection>
  );
}
