/**
 * One account in the users list (ADMIN-USERS): avatar with initials, name (the link to the user's
 * admin page), username and e-mail, role, type, whether verified, and when the account was created.
 */
import { Avatar } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { TextLink } from '../../../app/links';
import type { UserRow_user$key } from './__generated__/UserRow_user.graphql';
import { RoleBadge, TypeText, VerifiedBadge } from './userLabels';
import list from '../adminList.module.css';
import styles from './Users.module.css';

export function UserRow(props: { user: UserRow_user$key }) {
  const user = useFragment(
    graphql`
      fragment UserRow_user on User {
        id
        fullName
        username
        email
        role
        type
        isVerified
        created
      }
    `,
    props.user,
  );
  return (
    <li className={list.row} data-testid="admin-user-row">
      <Avatar name={user.fullName} alt="" size="md" />
      <div className={styles.main}>
        <TextLink to={`/admin/users/${encodeURIComponent(user.id)}`} className={list.name}>
          <span dir="auto">{user.fullName}</span>
        </TextLink>
        <span className={list.meta}>
          <span dir="auto">@{user.username}</span>
          {user.email ? <span className={styles.email}>{user.email}</span> : null}
        </span>
      </div>
      <div className={styles.facts}>
        <RoleBadge role={user.role} />
        <VerifiedBadge verified={user.isVerified} />
        <span className={styles.fact}>
          <TypeText type={user.type} />
        </span>
        <span className={styles.fact}>
          <FormattedMessage id="admin.users.created" values={{ date: <FormattedDate value={user.created} dateStyle="medium" /> }} />
        </span>
      </div>
    </li>
  );
}
