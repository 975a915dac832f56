/**
 * The "Changes" of an audit entry (ADMIN-AUDIT): the entry's `before` and `after` JSON object texts
 * read into one row per changed field, with each value as plain text for display (never HTML).
 */

/** One changed field: its name and its value before and after as text (null: absent / no value). */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** A JSON object text as a record; anything else (null, bad JSON, an array) as an empty record. */
function parseObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A value as text: strings as they are, null/undefined as null, anything else as compact JSON. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The fields of `before` and `after` (in the order they first appear), each with both values;
 * fields whose values are equal are left out.
 */
export function auditChanges(before: string | null | undefined, after: string | null | undefined): AuditChange[] {
  const old = parseObject(before);
  const next = parseObject(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return fields.map((field) => ({ field, before: valueText(old[field]), after: valueText(next[field]) })).filter((change) => change.before !== change.after);
}

/** Audit actions with a message of their own (`admin.audit.action.<action, dots as underscores>`). */
export const KNOWN_ACTIONS: ReadonlySet<string> = new Set([
  'order.status',
  'order.assign',
  'order.note',
  'order.reply',
  'news.create',
  'news.update',
  'news.publish',
  'news.unpublish',
  'news.delete',
  'product.update',
  'user.update',
  'user.delete',
  'user.endSessions',
  'ledger.adjustment',
  'payout.sent',
  'payout.failed',
]);

/** The admin page of an entry's object, or null when it has none or the action deleted it. */
export function targetPath(entry: { action: string; targetType: string; targetId: string; targetLabel: string }): string | null {
  if (entry.action.endsWith('.delete')) return null;
  switch (entry.targetType) {
    case 'Order':
      return `/admin/requests/${encodeURIComponent(entry.targetLabel)}`;
    case 'NewsItem':
      return `/admin/news/${encodeURIComponent(entry.targetId)}`;
    case 'Product':
      return `/admin/products/${encodeURIComponent(entry.targetLabel)}`;
    case 'User':
      return `/admin/users/${encodeURIComponent(entry.targetId)}`;
    case 'Payout':
      return '/admin/payouts';
    default:
      return null;
  }
}

/** The known object kinds and their message ids (`admin.audit.target.*`). */
export const TARGET_TYPES: Readonly<Record<string, string>> = {
  Order: 'admin.audit.target.order',
  NewsItem: 'admin.audit.target.newsItem',
  Product: 'admin.audit.target.product',
  User: 'admin.audit.target.user',
  Payout: 'admin.audit.target.payout',
};
