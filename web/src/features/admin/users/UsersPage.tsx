/**
 * /admin/users (ADMIN-USERS): the accounts, newest first, as a Relay connection. A debounced search
 * (e-mail, name, username; `q` in the address) and a role filter (All / Administrators / Users;
 * `role` in the address) refetch in a transition, keeping the old list meanwhile; "Load more"
 * appends the next page; the total is shown; an empty list says so in words. Each row opens the
 * user's page.
 */
import { NativeSelect, Text, TextField } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { AdminShell } from '../AdminShell';
import list from '../adminList.module.css';
import { PagedList } from '../PagedList';
import { useRefetchOnChange } from '../useRefetchOnChange';
import { SEARCH_MAX_LENGTH, useUrlSearch } from '../useUrlSearch';
import type { UserRoles, UsersPageQuery as UsersPageQueryType } from './__generated__/UsersPageQuery.graphql';
import type { UsersPage_query$key } from './__generated__/UsersPage_query.graphql';
import { USER_ROLES } from './userLabels';
import { UserRow } from './UserRow';

/** Users per page (first page and every "Load more"). */
export const USERS_PAGE_SIZE = 20;

const UsersPageQuery = graphql`
  query UsersPageQuery($count: Int!, $search: String, $role: UserRoles) {
    ...UsersPage_query @arguments(count: $count, search: $search, role: $role)
  }
`;

/** The `role` parameter of the address as a `UserRoles` value; null for "all". */
function roleOf(value: string | null): UserRoles | null {
  return value && (USER_ROLES as readonly string[]).includes(value) ? (value as UserRoles) : null;
}

function UserList(props: { query: UsersPage_query$key; search: string | null; role: UserRoles | null }) {
  const intl = useIntl();
  const { data, refetch, ...paging } = usePaginationFragment(
    graphql`
      fragment UsersPage_query on Query
      @refetchable(queryName: "UsersPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }, role: { type: "UserRoles" }) {
        users(first: $count, after: $cursor, search: $search, role: $role) @connection(key: "UsersPage_users", filters: ["search", "role"]) {
          totalCount
          edges {
            node {
              id
              ...UserRow_user
            }
          }
        }
      }
    `,
    props.query,
  );
  const refetching = useRefetchOnChange({ count: USERS_PAGE_SIZE, search: props.search, role: props.role }, refetch);

  const edges = data.users.edges;
  if (edges.length === 0) {
    return (
      <Text className={list.empty} role="status">
        <FormattedMessage id={props.search || props.role ? 'admin.users.emptySearch' : 'admin.users.empty'} />
      </Text>
    );
  }
  return (
    <PagedList
      className={list.list}
      label={intl.formatMessage({ id: 'admin.users.listLabel' })}
      busy={refetching}
      paging={paging}
      pageSize={USERS_PAGE_SIZE}
      shown={edges.length}
      total={data.users.totalCount}
      rows={edges.map((edge) => (
        <UserRow key={edge.node.id} user={edge.node} />
      ))}
    />
  );
}

function Users(props: { fetchKey: number }) {
  const intl = useIntl();
  const { text, setText, search, param, setParam } = useUrlSearch();
  const role = roleOf(param('role'));
  // The first page is asked with the filters of the address at the time; later changes refetch the list.
  const [initial] = useState({ search, role });
  const data = useLazyLoadQuery<UsersPageQueryType>(
    UsersPageQuery,
    { count: USERS_PAGE_SIZE, ...initial },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  return (
    <div className={list.page}>
      <div className={list.toolbar}>
        <TextField
          className={list.search}
          type="search"
          label={intl.formatMessage({ id: 'admin.users.search.label' })}
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
        />
        <NativeSelect
          className={list.filter}
          label={intl.formatMessage({ id: 'admin.users.filter.role' })}
          value={role ?? ''}
          onValueChange={(value) => setParam('role', roleOf(value))}
          options={[
            { value: '', label: intl.formatMessage({ id: 'admin.users.filter.all' }) },
            { value: 'ADMIN', label: intl.formatMessage({ id: 'admin.users.filter.admins' }) },
            { value: 'USER', label: intl.formatMessage({ id: 'admin.users.filter.users' }) },
          ]}
        />
      </div>
      <UserList query={data} search={search} role={role} />
    </div>
  );
}

export function UsersPage() {
  return <AdminShell title={<FormattedMessage id="page.adminUsers.title" />} lead={<FormattedMessage id="admin.users.lead" />} content={Users} />;
}
