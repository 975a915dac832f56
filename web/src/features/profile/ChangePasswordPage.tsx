/**
 * /profile/change-password (ACC-PASSWORD): the current password, a new one under the shared
 * rules and its repetition, through `updatePassword(newPassword, oldPassword)`. A wrong current
 * password is shown at its field. The server signs every other device out and keeps this one, which
 * the confirmation says. An account without a password yet is pointed to /profile/set-password.
 */
import { FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ChangePasswordPageQuery } from './__generated__/ChangePasswordPageQuery.graphql';
import { AccountShell } from '../../account/AccountShell';
import { NeedsPassword, PasswordPageContent } from './UpdatePasswordForm';

const Query = graphql`
  query ChangePasswordPageQuery {
    viewer {
      id
      email
      username
      passwordIsSet
    }
  }
`;

function ChangePasswordContent(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<ChangePasswordPageQuery>(Query, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  return (
    <PasswordPageContent
      viewer={data.viewer}
      requireCurrent
      submitLabel={<FormattedMessage id="passwords.changePassword.submit" />}
      doneTitle={<FormattedMessage id="passwords.changePassword.doneTitle" />}
      done={<FormattedMessage id="passwords.changePassword.done" />}
      elsewhere={
        <NeedsPassword title={<FormattedMessage id="passwords.changePassword.noPasswordTitle" />}>
          <FormattedMessage id="passwords.changePassword.noPassword" />
        </NeedsPassword>
      }
    />
  );
}

/** The /profile/change-password route: a shell on the server, the form once hydrated and signed in. */
export function ChangePasswordPage() {
  return (
    <AccountShell
      title={<FormattedMessage id="page.profileChangePassword.title" />}
      lead={<FormattedMessage id="passwords.changePassword.lead" />}
      content={ChangePasswordContent}
    />
  );
}
