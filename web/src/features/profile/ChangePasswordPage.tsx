/**
 * /profile/change-password (ACC-PASSWORD): the current password, a new one under the shared
 * rules and its repetition, through `updatePassword(newPassword, oldPassword)`. A wrong current
 * password is shown at its field. The server signs every other device out and keeps this one, which
 * the confirmation says. An account without a password yet is pointed to /profile/set-password.
 */
import { Button, Callout } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router';
import type { ChangePasswordPageQuery } from './__generated__/ChangePasswordPageQuery.graphql';
import { useLocalizePath } from '../../i18n/useLocale';
import { AccountShell } from './AccountShell';
import { SignedOut } from './SignedOut';
import { PasswordDone, UpdatePasswordForm } from './UpdatePasswordForm';

const Query = graphql`
  query ChangePasswordPageQuery {
    viewer {
      id
      passwordIsSet
    }
  }
`;

function ChangePasswordContent(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<ChangePasswordPageQuery>(Query, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  const to = useLocalizePath();
  const [done, setDone] = useState(false);
  if (!data.viewer) return <SignedOut />;
  if (done) {
    return (
      <PasswordDone title={<FormattedMessage id="passwords.changePassword.doneTitle" />}>
        <FormattedMessage id="passwords.changePassword.done" />
      </PasswordDone>
    );
  }
  if (data.viewer.passwordIsSet === false) {
    return (
      <Callout
        tone="info"
        role={null}
        title={<FormattedMessage id="passwords.changePassword.noPasswordTitle" />}
        action={
          <Button asChild variant="secondary" size="sm">
            <Link to={to('/profile/set-password')}>
              <FormattedMessage id="passwords.setPassword.link" />
            </Link>
          </Button>
        }
      >
        <FormattedMessage id="passwords.changePassword.noPassword" />
      </Callout>
    );
  }
  return <UpdatePasswordForm requireCurrent submitLabel={<FormattedMessage id="passwords.changePassword.submit" />} onDone={() => setDone(true)} />;
}

/** The /profile/change-password route: a shell on the server, the form once hydrated and signed in. */
export function ChangePasswordPage() {
  return (
    <AccountShell title={<FormattedMessage id="page.profileChangePassword.title" />} lead={<FormattedMessage id="passwords.changePassword.lead" />}>
      {(fetchKey) => <ChangePasswordContent fetchKey={fetchKey} />}
    </AccountShell>
  );
}
