/** The viewer's identity: initials avatar, name, e-mail, username and member-since date, from its own fragment. */
import { Avatar, Card } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { ProfileCard_user$key } from './__generated__/ProfileCard_user.graphql';
import styles from './ProfilePage.module.css';

export function ProfileCard(props: { user: ProfileCard_user$key }) {
  const user = useFragment(
    graphql`
      fragment ProfileCard_user on User {
        fullName
        email
        username
        created
      }
    `,
    props.user,
  );
  return (
    <Card padding="lg" className={styles.profileCard}>
      <Avatar name={user.fullName} alt="" size="lg" />
      <dl className={styles.card}>
        <div>
          <dt>
            <FormattedMessage id="profile.fullName" />
          </dt>
          <dd data-testid="profile-fullName">{user.fullName}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="profile.email" />
          </dt>
          <dd data-testid="profile-email">{user.email}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="profile.username" />
          </dt>
          <dd data-testid="profile-username">@{user.username}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="profile.created" />
          </dt>
          <dd data-testid="profile-created">
            <FormattedDate value={user.created} dateStyle="long" timeZone="UTC" />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
