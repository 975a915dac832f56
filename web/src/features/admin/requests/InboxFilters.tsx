/**
 * The inbox's filters (ADMIN-AREA): status, a debounced search box and "assigned to me". They read
 * and write the address (inboxFilters.ts), replacing the history entry while typing so back goes
 * to the previous page, not the previous keystroke.
 */
import { Checkbox, NativeSelect, TextField } from '@studio/ui';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES } from '../../../account/requestLabels';
import { useUrlSearch } from '../useUrlSearch';
import { type InboxFilters as Filters, SEARCH_MAX_LENGTH, readInboxFilters, writeInboxFilters } from './inboxFilters';
import styles from './Inbox.module.css';

/** The filters in the address and a setter that writes them there. */
export function useInboxFilters(): [Filters, (change: Partial<Filters>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readInboxFilters(params);
  const update = (change: Partial<Filters>, options?: { replace?: boolean }) => {
    // Read the address afresh: a debounced search may land after another filter changed.
    setParams((current) => writeInboxFilters({ ...readInboxFilters(current), ...change }), { replace: options?.replace ?? false });
  };
  return [filters, update];
}

/** The status select, the search box and the "assigned to me" box, bound to the address. */
export function InboxFilters() {
  const intl = useIntl();
  const [filters, update] = useInboxFilters();
  // The search box writes `q` as every admin list does (debounced, replacing the history entry).
  const { text, setText } = useUrlSearch();
  const statusOptions = [
    { value: '', label: intl.formatMessage({ id: 'admin.requests.filter.all' }) },
    ...ORDER_STATUSES.map((status) => ({ value: status, label: intl.formatMessage({ id: `requests.status.${status}` }) })),
  ];
  return (
    <div className={styles.filters} role="search">
      <NativeSelect
        className={styles.status}
        label={intl.formatMessage({ id: 'admin.requests.filter.status' })}
        options={statusOptions}
        value={filters.status ?? ''}
        onValueChange={(value) => update({ status: (value || null) as Filters['status'] })}
      />
      <TextField
        className={styles.search}
        type="search"
        label={intl.formatMessage({ id: 'admin.requests.filter.search' })}
        placeholder={intl.formatMessage({ id: 'admin.requests.filter.searchPlaceholder' })}
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Checkbox
        className={styles.mine}
        label={intl.formatMessage({ id: 'admin.requests.filter.mine' })}
        checked={filters.mine}
        onCheckedChange={(checked) => update({ mine: checked === true })}
      />
    </div>
  );
}
