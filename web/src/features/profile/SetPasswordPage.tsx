/**
 * /profile/set-password (ACC-PASSWORD): an account without a password (a social
 * sign-up) adds one, so it can also sign in with its e-mail address — and confirm e-mail changes.
 * `updatePassword(newPassword)` without `oldPassword`; afterwards `passwordIsSet` is true. An
 * account that already has a password is pointed to /profile/change-password.
 */
import { Button, Callout } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router';
import type { SetPasswordPageQuery } from './__generated__/SetPasswordPageQuery.graphql';
import { useLocalizePath } from '../../i18n/useLocale';
import { AccountShell } from './AccountShell';
import { SignedOut } from './SignedOut';
import { PasswordDone, UpdatePasswordForm } from './UpdatePasswordForm';

const Query = graphql`
  query SetPasswordPageQuery {
    viewer {
      id
      email
      passwordIsSet
    }
  }
`;

function SetPasswordContent(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<SetPasswordPageQuery>(Query, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  const to = useLocalizePath();
  const [done, setDone] = useState(false);
  if (!data.viewer) return <SignedOut />;
  if (done) {
    return (
      <PasswordDone title={<FormattedMessage id="passwords.setPassword.doneTitle" />}>
        <FormattedMessage id="passwords.setPassword.done" values={{ email: data.viewer.email ?? '' }} />
      </PasswordDone>
    );
  }
  if (data.viewer.passwordIsSet) {
    return (
      <Callout
        tone="info"
        role={null}
        title={<FormattedMessage id="passwords.setPassword.alreadySetTitle" />}
        action={
          <Button asChild variant="secondary" size="sm">
            <Link to={to('/profile/change-password')}>
              <FormattedMessage id="profile.edit.password" />
            </Link>
          </Button>
        }
      >
        <FormattedMessage id="passwords.setPassword.alreadySet" />
      </Callout>
    );
  }
  return <UpdatePasswordForm requireCurrent={false} submitLabel={<FormattedMessage id="passwords.setPassword.submit" />} onDone={() => setDone(true)} />;
}

/** The /profile/set-password route: a shell on the server, the form once hydrated and signed in. */
export function SetPasswordPage() {
  return (
    <AccountShell title={<FormattedMessage id="page.profileSetPassword.title" />} lead={<FormattedMessage id="passwords.setPassword.lead" />}>
      {(fetchKey) => <SetPasswordContent fetchKey={fetchKey} />}
    </AccountShell>
  );
}
