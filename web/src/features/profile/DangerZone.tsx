/**
 * The danger zone of /profile (ACC-DELETE): deleting the account, behind the confirmation of
 * DeleteAccountDialog (password, or the e-mail for an account without one), which also weighs the
 * account's earnings (`balances`, LEDGER-DELETION).
 */
import { Button } from '@studio/ui';
import { clsx } from 'clsx';
import { FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { DangerZone_user$key } from './__generated__/DangerZone_user.graphql';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { ProfileSection } from '../../account/ProfileSection';
import styles from '../../account/blocks.module.css';

export function DangerZone(props: { user: DangerZone_user$key; onDeleted: () => void | Promise<void>; className?: string }) {
  const user = useFragment(
    graphql`
      fragment DangerZone_user on User {
        id
        email
        passwordIsSet
        balances {
          currency
          available
          pending
          inPayout
        }
      }
    `,
    props.user,
  );
  return (
    <ProfileSection title={<FormattedMessage id="profile.delete.title" />} className={clsx(styles.danger, props.className)}>
      <div className={styles.dangerBody}>
        <p className={styles.note}>
          <FormattedMessage id="profile.delete.lead" />
        </p>
        <DeleteAccountDialog
          userId={user.id}
          email={user.email ?? ''}
          passwordIsSet={user.passwordIsSet ?? true}
          balances={user.balances}
          onDeleted={props.onDeleted}
          trigger={
            <Button variant="danger" data-testid="profile-delete">
              <FormattedMessage id="profile.delete.open" />
            </Button>
          }
        />
      </div>
    </ProfileSection>
  );
}
