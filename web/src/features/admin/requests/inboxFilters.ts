/**
 * The requests inbox's filters (ADMIN-AREA) live in the address — `?status=NEW&q=acme&mine=1` —
 * so a reload, the back button or a shared link keep them. Defaults are left out of the address.
 */
import { type OrderStatusValue, isOrderStatus } from '../../../account/requestLabels';

/** What the inbox is narrowed to: one status (null: all), a search text (trimmed; '' for none), only the viewer's requests. */
export interface InboxFilters {
  status: OrderStatusValue | null;
  search: string;
  mine: boolean;
}

/** The longest search the API accepts (`orders(search:)`, 1–200 characters). */
export const SEARCH_MAX_LENGTH = 200;

/** The filters of an address's query string; unknown or malformed values read as the defaults. */
export function readInboxFilters(params: URLSearchParams): InboxFilters {
  const status = params.get('status');
  return {
    status: status && isOrderStatus(status) ? status : null,
    search: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    mine: params.get('mine') === '1',
  };
}

/** The query string of `filters`, without the defaults (all statuses, no search, everyone's). */
export function writeInboxFilters(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.mine) params.set('mine', '1');
  return params;
}

/** The `orders` arguments of `filters` for the viewer `viewerId` (the API wants null, not '', for "no search"). */
export function inboxVariables(filters: InboxFilters, viewerId: string | null) {
  return { status: filters.status, search: filters.search || null, assigneeId: filters.mine ? viewerId : null };
}
