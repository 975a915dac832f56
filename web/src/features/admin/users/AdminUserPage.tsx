/**
 * /admin/users/:id (ADMIN-USERS; `:id` is the user's global id): one account — a header with
 * avatar, name, e-mail, username and when it was created; the settings card (role with a
 * confirmation, type, verified), the sessions card ("End all sessions"), the user's latest
 * requests, their referral earnings with "Adjust balance" (UserEarningsCard), and the history of administrators' actions about the user (ADMIN-AUDIT), which reloads
 * after every change made here. An unknown id says so, with the way back to the list.
 */
import { Avatar, Callout, Heading, Text } from '@studio/ui';
import { Suspense, useState, useTransition } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useParams } from 'react-router';
import { TextLink } from '../../../app/links';
import { AdminShell, AdminSkeleton } from '../AdminShell';
import type { AdminUserPageQuery as AdminUserPageQueryType } from './__generated__/AdminUserPageQuery.graphql';
import { UserHistory, UserHistoryHeading } from './UserHistory';
import { UserEarningsCard } from './UserEarningsCard';
import { UserOrdersCard } from './UserOrdersCard';
import { UserSessionsCard } from './UserSessionsCard';
import { UserSettingsCard } from './UserSettingsCard';
import { RoleBadge, VerifiedBadge } from './userLabels';
import list from '../adminList.module.css';
import styles from './Users.module.css';

const AdminUserPageQuery = graphql`
  query AdminUserPageQuery($id: ID!) {
    viewer {
      id
    }
    user(id: $id) {
      id
      fullName
      username
      email
      created
      role
      isVerified
      ...UserSettingsCard_user
      ...UserSessionsCard_user
      ...UserOrdersCard_user
      ...UserEarningsCard_user
    }
  }
`;

function NotFound() {
  return (
    <Callout tone="warning" title={<FormattedMessage id="admin.users.notFound" />}>
      <TextLink to="/admin/users">
        <FormattedMessage id="admin.users.backToList" />
      </TextLink>
    </Callout>
  );
}

function AdminUser(props: { fetchKey: number }) {
  const id = useParams()['id'] ?? '';
  const data = useLazyLoadQuery<AdminUserPageQueryType>(AdminUserPageQuery, { id }, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  const [historyKey, setHistoryKey] = useState(0);
  const [, startTransition] = useTransition();
  const user = data.user;
  if (!user) return <NotFound />;
  // The history reloads in a transition: the entries shown stay until the new ones arrive.
  const changed = () => startTransition(() => setHistoryKey((key) => key + 1));
  return (
    <div className={list.page}>
      <div className={styles.header}>
        <Avatar name={user.fullName} alt="" size="lg" />
        <div className={styles.headerText}>
          <Heading level={2} size="xl" className={styles.headerName}>
            <span dir="auto">{user.fullName}</span>
          </Heading>
          <Text tone="muted" className={styles.headerMeta}>
            {user.email} · <span dir="auto">@{user.username}</span>
          </Text>
          <Text size="sm" tone="muted">
            <FormattedMessage id="admin.users.created" values={{ date: <FormattedDate value={user.created} dateStyle="long" /> }} />
          </Text>
        </div>
        <div className={styles.facts}>
          <RoleBadge role={user.role} />
          <VerifiedBadge verified={user.isVerified} />
        </div>
      </div>
      <div className={styles.cards}>
        <UserSettingsCard user={user} viewerId={data.viewer?.id ?? null} onChanged={changed} />
        <UserSessionsCard user={user} onChanged={changed} />
        <UserOrdersCard user={user} />
        <UserEarningsCard user={user} onChanged={changed} />
      </div>
      <section className={styles.section} aria-labelledby="admin-user-history">
        <UserHistoryHeading id="admin-user-history" />
        <Suspense fallback={<AdminSkeleton rows={3} />}>
          <UserHistory userId={user.id} fetchKey={props.fetchKey + historyKey} />
        </Suspense>
      </section>
    </div>
  );
}

export function AdminUserPage() {
  return <AdminShell title={<FormattedMessage id="page.adminUser.title" />} content={AdminUser} />;
}
