/**
 * The audit log (ADMIN-AUDIT): every action an administrator takes through the back-office — on
 * requests, news, products and users — is written here in the same transaction as the change
 * itself, so an entry exists exactly when the change does. Entries are never changed or deleted.
 *
 * An entry: who (`actorId`, and `actorEmail` at the time, kept when the account is deleted later),
 * what (`action`, `<object>.<verb>`, e.g. `order.status`), on what (`targetType` — `Order`,
 * `NewsItem`, `Product`, `User` — the database id and a human-readable label), and the changed
 * fields before and after as JSON objects (`null` before a creation and after a deletion).
 * Secrets never go in: callers pass only the fields an administrator sees.
 */
import { randomUUID } from 'node:crypto';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { type Db, nowIso } from './db/index.js';
import type { AuditLogRow, Database } from './db/types.js';

/** The administrator acting: their database id and current e-mail address. */
export interface AuditActor {
  id: string;
  email: string;
}

/** The object acted on. */
export interface AuditTarget {
  type: 'Order' | 'NewsItem' | 'Product' | 'User' | 'Payout';
  /** The database id. */
  id: string;
  /** A reference, news title, product slug or e-mail address, as it was at the time. */
  label: string;
}

/** What an administrator did; `before`/`after` are the changed fields (plain JSON values). */
export interface AuditAction {
  actor: AuditActor;
  action: string;
  target: AuditTarget;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The filters of the admin area's audit page. */
export interface AuditFilters {
  limit: number;
  offset: number;
  /** Only entries about this object (database id). */
  targetId?: string;
  /** Only entries of this administrator (database id). */
  actorId?: string;
  /** Case-insensitive text in the action, the target's label or the actor's e-mail. */
  search?: string;
}

/** Escapes `%`, `_` and `\` for a LIKE pattern with `escape '\'`. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `casefold(<column>) like <pattern> escape '\'`: Unicode case folding on both databases
 * (`casefold` is lower() on PostgreSQL, JavaScript's toLowerCase on SQLite; migration 0012 and
 * db/index.ts) and the escape clause SQLite needs. `column` is a column name of ours, never input.
 */
export function contains(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`casefold(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * Writes one entry with `executor` — the transaction of the change it records, so both commit or
 * neither does.
 */
export async function recordAudit(executor: Kysely<Database>, entry: AuditAction): Promise<void> {
  await executor
    .insertInto('auditLog')
    .values({
      id: randomUUID(),
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      targetLabel: entry.target.label,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      created: nowIso(),
    })
    .execute();
}

/** Reads the log for the admin area. */
export class AuditService {
  constructor(private readonly db: Db) {}

  /** Newest first, `limit` entries from `offset` matching the filters, and how many match in all. */
  async page(filters: AuditFilters): Promise<{ rows: AuditLogRow[]; totalCount: number }> {
    let query = this.db.selectFrom('auditLog');
    if (filters.targetId) query = query.where('targetId', '=', filters.targetId);
    if (filters.actorId) query = query.where('actorId', '=', filters.actorId);
    if (filters.search) {
      const pattern = likePattern(filters.search);
      query = query.where((eb) => eb.or(['action', 'target_label', 'actor_email'].map((column) => contains(column, pattern))));
    }
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(filters.limit).offset(filters.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }
}

/** The fields of `after` whose JSON differs from `before`'s: the audit's before/after pair (ADMIN-AUDIT). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}
