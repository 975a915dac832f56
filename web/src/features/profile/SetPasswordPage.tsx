/**
 * /profile/set-password (ACC-PASSWORD): an account without a password (a social
 * sign-up) adds one, so it can also sign in with its e-mail address — and confirm e-mail changes.
 * `updatePassword(newPassword)` without `oldPassword`; afterwards `passwordIsSet` is true. An
 * account that already has a password is pointed to /profile/change-password.
 */
import { FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { SetPasswordPageQuery } from './__generated__/SetPasswordPageQuery.graphql';
import { LinkCallout } from '../../account/notices';
import { AccountShell } from '../../account/AccountShell';
import { PasswordPageContent } from './UpdatePasswordForm';

const Query = graphql`
  query SetPasswordPageQuery {
    viewer {
      id
      email
      username
      passwordIsSet
    }
  }
`;

function SetPasswordContent(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<SetPasswordPageQuery>(Query, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  return (
    <PasswordPageContent
      viewer={data.viewer}
      requireCurrent={false}
      submitLabel={<FormattedMessage id="passwords.setPassword.submit" />}
      doneTitle={<FormattedMessage id="passwords.setPassword.doneTitle" />}
      done={<FormattedMessage id="passwords.setPassword.done" values={{ email: data.viewer?.email ?? '' }} />}
      elsewhere={
        <LinkCallout
          tone="info"
          role={null}
          title={<FormattedMessage id="passwords.setPassword.alreadySetTitle" />}
          to="/profile/change-password"
          linkLabel={<FormattedMessage id="profile.edit.password" />}
        >
          <FormattedMessage id="passwords.setPassword.alreadySet" />
        </LinkCallout>
      }
    />
  );
}

/** The /profile/set-password route: a shell on the server, the form once hydrated and signed in. */
export function SetPasswordPage() {
  return (
    <AccountShell
      title={<FormattedMessage id="page.profileSetPassword.title" />}
      lead={<FormattedMessage id="passwords.setPassword.lead" />}
      content={SetPasswordContent}
    />
  );
}
