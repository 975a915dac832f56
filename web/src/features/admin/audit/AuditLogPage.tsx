/**
 * /admin/audit (ADMIN-AUDIT): the audit log of every administrator's action, newest first, as a
 * Relay connection — each entry who, what, when, on what, and its changes (AuditEntryItem). A
 * debounced search (action, object name, administrator's e-mail) kept in the address as `q`
 * refetches in a transition (the old list stays meanwhile) — as do `actor` and `target` (global
 * ids, from links such as a user's history: one administrator's entries, or one object's, with
 * "Show all" to drop them) — "Load more" appends the next page,
 * the total is shown, and an empty log or search says so in words.
 */
import { Button, Text, TextField } from '@studio/ui';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { AdminShell } from '../AdminShell';
import list from '../adminList.module.css';
import { PagedList } from '../PagedList';
import { useRefetchOnChange } from '../useRefetchOnChange';
import type { AuditLogPage_query$key } from './__generated__/AuditLogPage_query.graphql';
import type { AuditLogPageQuery as AuditLogPageQueryType } from './__generated__/AuditLogPageQuery.graphql';
import { AuditEntryItem } from './AuditEntryItem';
import { SEARCH_MAX_LENGTH, useUrlSearch } from '../useUrlSearch';
import styles from './Audit.module.css';

/** Entries per page (first page and every "Load more"). */
export const AUDIT_PAGE_SIZE = 20;

const AuditLogPageQuery = graphql`
  query AuditLogPageQuery($count: Int!, $search: String, $actorId: ID, $targetId: ID) {
    ...AuditLogPage_query @arguments(count: $count, search: $search, actorId: $actorId, targetId: $targetId)
  }
`;

/** What the list is narrowed to: the search and, from links elsewhere, one administrator or one object (global ids). */
interface AuditFilters {
  search: string | null;
  actorId: string | null;
  targetId: string | null;
}

function AuditList(props: { query: AuditLogPage_query$key; filters: AuditFilters }) {
  const { data, refetch, ...paging } = usePaginationFragment(
    graphql`
      fragment AuditLogPage_query on Query
      @refetchable(queryName: "AuditLogPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }, actorId: { type: "ID" }, targetId: { type: "ID" }) {
        auditLog(first: $count, after: $cursor, search: $search, actorId: $actorId, targetId: $targetId)
          @connection(key: "AuditLogPage_auditLog", filters: ["search", "actorId", "targetId"]) {
          totalCount
          edges {
            node {
              id
              ...AuditEntryItem_entry
            }
          }
        }
      }
    `,
    props.query,
  );
  const intl = useIntl();
  const { filters } = props;
  const refetching = useRefetchOnChange({ count: AUDIT_PAGE_SIZE, ...filters }, refetch);

  const edges = data.auditLog.edges;
  if (edges.length === 0) {
    return (
      <Text className={list.empty} role="status">
        <FormattedMessage id={filters.search || filters.actorId || filters.targetId ? 'admin.audit.emptySearch' : 'admin.audit.empty'} />
      </Text>
    );
  }
  return (
    <PagedList
      className={list.list}
      label={intl.formatMessage({ id: 'admin.audit.listLabel' })}
      busy={refetching}
      paging={paging}
      pageSize={AUDIT_PAGE_SIZE}
      shown={edges.length}
      total={data.auditLog.totalCount}
      rows={edges.map((edge) => (
        <AuditEntryItem key={edge.node.id} entry={edge.node} />
      ))}
    />
  );
}

function AuditLog(props: { fetchKey: number }) {
  const intl = useIntl();
  const { text, setText, search, param, setParamValues } = useUrlSearch();
  const actorId = param('actor');
  const targetId = param('target');
  const filters = useMemo(() => ({ search, actorId, targetId }), [search, actorId, targetId]);
  // The first page is asked with the filters of the address at the time; later changes refetch the list.
  const [initial] = useState(filters);
  const data = useLazyLoadQuery<AuditLogPageQueryType>(
    AuditLogPageQuery,
    { count: AUDIT_PAGE_SIZE, ...initial },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  return (
    <div className={list.page}>
      <div className={list.toolbar}>
        <TextField
          className={list.search}
          type="search"
          label={intl.formatMessage({ id: 'admin.audit.search.label' })}
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
        />
        {actorId || targetId ? (
          <div className={styles.narrowed}>
            <Text size="sm" tone="muted" as="span">
              <FormattedMessage id={targetId ? 'admin.audit.filter.target' : 'admin.audit.filter.actor'} />
            </Text>
            <Button variant="secondary" size="sm" onClick={() => setParamValues({ actor: null, target: null })}>
              <FormattedMessage id="admin.audit.filter.clear" />
            </Button>
          </div>
        ) : null}
      </div>
      <AuditList query={data} filters={filters} />
    </div>
  );
}

export function AuditLogPage() {
  return <AdminShell title={<FormattedMessage id="page.adminAudit.title" />} lead={<FormattedMessage id="admin.audit.lead" />} content={AuditLog} />;
}
