/**
 * /admin/audit (ADMIN-AUDIT): the audit log of every administrator's action, newest first, as a
 * Relay connection — each entry who, what, when, on what, and its changes (AuditEntryItem). A
 * debounced search (action, object name, administrator's e-mail) kept in the address as `q`
 * refetches in a transition (the old list stays meanwhile), "Load more" appends the next page,
 * the total is shown, and an empty log or search says so in words.
 */
import { Button, Text, TextField } from '@studio/ui';
import { useEffect, useRef, useState, useTransition } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { AdminShell } from '../AdminShell';
import type { AuditLogPage_query$key } from './__generated__/AuditLogPage_query.graphql';
import type { AuditLogPageQuery as AuditLogPageQueryType } from './__generated__/AuditLogPageQuery.graphql';
import { AuditEntryItem } from './AuditEntryItem';
import { SEARCH_MAX_LENGTH, useUrlSearch } from './useUrlSearch';
import styles from './Audit.module.css';

/** Entries per page (first page and every "Load more"). */
export const AUDIT_PAGE_SIZE = 20;

const AuditLogPageQuery = graphql`
  query AuditLogPageQuery($count: Int!, $search: String) {
    ...AuditLogPage_query @arguments(count: $count, search: $search)
  }
`;

function AuditList(props: { query: AuditLogPage_query$key; search: string | null }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment AuditLogPage_query on Query
      @refetchable(queryName: "AuditLogPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" }) {
        auditLog(first: $count, after: $cursor, search: $search) @connection(key: "AuditLogPage_auditLog", filters: ["search"]) {
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
  const [refetching, startTransition] = useTransition();
  const [, startLoading] = useTransition();
  const shown = useRef(props.search);
  useEffect(() => {
    if (shown.current === props.search) return;
    shown.current = props.search;
    startTransition(() => void refetch({ count: AUDIT_PAGE_SIZE, search: props.search }, { fetchPolicy: 'network-only' }));
  }, [props.search, refetch]);

  const edges = data.auditLog.edges;
  if (edges.length === 0) {
    return (
      <Text className={styles.empty} role="status">
        <FormattedMessage id={props.search ? 'admin.audit.emptySearch' : 'admin.audit.empty'} />
      </Text>
    );
  }
  return (
    <>
      <ul className={styles.list} aria-busy={refetching || isLoadingNext} aria-label={intl.formatMessage({ id: 'admin.audit.listLabel' })}>
        {edges.map((edge) => (
          <AuditEntryItem key={edge.node.id} entry={edge.node} />
        ))}
      </ul>
      <div className={styles.footer}>
        <Text size="sm" tone="muted" role="status">
          <FormattedMessage id="admin.audit.shown" values={{ shown: edges.length, total: data.auditLog.totalCount }} />
        </Text>
        {hasNext ? (
          <Button variant="secondary" loading={isLoadingNext} disabled={isLoadingNext} onClick={() => startLoading(() => void loadNext(AUDIT_PAGE_SIZE))}>
            <FormattedMessage id="admin.audit.loadMore" />
          </Button>
        ) : null}
      </div>
    </>
  );
}

function AuditLog(props: { fetchKey: number }) {
  const intl = useIntl();
  const { text, setText, search } = useUrlSearch();
  // The first page is asked with the search of the address at the time; later searches refetch the list.
  const [initialSearch] = useState(search);
  const data = useLazyLoadQuery<AuditLogPageQueryType>(AuditLogPageQuery, { count: AUDIT_PAGE_SIZE, search: initialSearch }, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <TextField
          className={styles.search}
          type="search"
          label={intl.formatMessage({ id: 'admin.audit.search.label' })}
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <AuditList query={data} search={search} />
    </div>
  );
}

export function AuditLogPage() {
  return <AdminShell title={<FormattedMessage id="page.adminAudit.title" />} lead={<FormattedMessage id="admin.audit.lead" />} content={AuditLog} />;
}
