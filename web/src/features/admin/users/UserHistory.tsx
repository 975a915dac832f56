/**
 * The "History" section of a user's admin page (ADMIN-AUDIT, ADMIN-USERS): the latest audit-log
 * entries about this user (at most `USER_HISTORY_SHOWN`, newest first), as on the audit log page,
 * and a link to all of them in the audit log when there are more. It loads its own
 * query, so the page's cards show first; `fetchKey` reloads it after a change on the page.
 */
import { Heading, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { TextLink } from '../../../app/links';
import { AuditEntryItem } from '../audit/AuditEntryItem';
import list from '../adminList.module.css';
import type { UserHistoryQuery as UserHistoryQueryType } from './__generated__/UserHistoryQuery.graphql';

/** How many entries the section lists (the query's `first`). */
export const USER_HISTORY_SHOWN = 20;

const UserHistoryQuery = graphql`
  query UserHistoryQuery($targetId: ID!, $first: Int!) {
    auditLog(targetId: $targetId, first: $first) {
      totalCount
      edges {
        node {
          id
          ...AuditEntryItem_entry
        }
      }
    }
  }
`;

/** The entries; suspends while they load. */
export function UserHistory(props: { userId: string; fetchKey: number }) {
  const data = useLazyLoadQuery<UserHistoryQueryType>(
    UserHistoryQuery,
    { targetId: props.userId, first: USER_HISTORY_SHOWN },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  const edges = data.auditLog.edges;
  if (edges.length === 0) {
    return (
      <Text tone="muted">
        <FormattedMessage id="admin.users.history.empty" />
      </Text>
    );
  }
  return (
    <>
      <ul className={list.list}>
        {edges.map((edge) => (
          <AuditEntryItem key={edge.node.id} entry={edge.node} />
        ))}
      </ul>
      {data.auditLog.totalCount > edges.length ? (
        <TextLink to={`/admin/audit?target=${encodeURIComponent(props.userId)}`}>
          <FormattedMessage id="admin.users.history.all" values={{ total: data.auditLog.totalCount }} />
        </TextLink>
      ) : null}
    </>
  );
}

/** The section's heading, for the page to put above `UserHistory`. */
export function UserHistoryHeading(props: { id?: string }) {
  return (
    <Heading level={2} size="lg" id={props.id}>
      <FormattedMessage id="admin.users.history.title" />
    </Heading>
  );
}
