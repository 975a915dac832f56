/**
 * The sign-in card of /profile (ACC-PASSWORD): whether the account has a password, with the link
 * to set one (/profile/set-password, accounts made through social sign-in) or to change it
 * (/profile/change-password), and the Sign out button for this device.
 */
import { Button } from '@studio/ui';
import { clsx } from 'clsx';
import { FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { SecurityBlock_user$key } from './__generated__/SecurityBlock_user.graphql';
import { useSession } from '../../session/SessionProvider';
import { TextLink } from '../../app/links';
import { ProfileRow } from '../../account/ProfileRow';
import { ProfileSection } from '../../account/ProfileSection';
import styles from '../../account/blocks.module.css';

export function SecurityBlock(props: { user: SecurityBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment SecurityBlock_user on User {
        passwordIsSet
      }
    `,
    props.user,
  );
  const session = useSession();
  return (
    <ProfileSection title={<FormattedMessage id="profile.security.title" />} className={props.className}>
      <div className={styles.rows}>
        <ProfileRow
          label={<FormattedMessage id="profile.security.password" />}
          action={
            <TextLink to={user.passwordIsSet ? '/profile/change-password' : '/profile/set-password'}>
              <FormattedMessage id={user.passwordIsSet ? 'profile.edit.password' : 'profile.edit.setPassword'} />
            </TextLink>
          }
        >
          <p className={styles.value} data-testid="profile-password">
            <FormattedMessage id={user.passwordIsSet ? 'profile.security.passwordSet' : 'profile.security.passwordNotSet'} />
          </p>
        </ProfileRow>
        <div className={styles.row}>
          <p className={clsx(styles.note, styles.rowMain)}>
            <FormattedMessage id="profile.security.signOutText" />
          </p>
          <div className={styles.rowAction}>
            <Button variant="secondary" size="sm" onClick={() => void session.signOut()}>
              <FormattedMessage id="profile.signOut" />
            </Button>
          </div>
        </div>
      </div>
    </ProfileSection>
  );
}
