/**
 * Requests (orders from the order form) after they arrive: the client area's list of a user's
 * requests (REQ-CLIENT-AREA), the administrators' inbox, one request with its status timeline,
 * its conversation and its internal notes (REQ-MESSAGES), and the changes the studio and the client
 * make (REQ-WORKFLOW, requestChanges.ts). The GraphQL layer applies the policy (who may read
 * what); this service owns the queries and the rules.
 */
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/index.js';
import type { OrderMessageRow, OrderRow, OrderStatusChangeRow } from '../../platform/db/types.js';
import type { OrderChange } from '../../platform/graphql/pubsub.js';
import type { MailService } from '../../platform/mail/index.js';
import { contains, likePattern } from '../../platform/audit.js';
import { type RequestChangeDeps, addNote, assign, changeStatus, sendMessage } from './requestChanges.js';
import type { OrderStatus, StatusChangeInput } from './workflow.js';

/** What the service needs: the database, the mail outbox, the sales address and the live-update bus. */
export interface RequestServiceDeps {
  db: Db;
  mail: MailService;
  config: Pick<Config, 'mail'>;
  /** Called after each committed change (pubsub.ts `publishOrderChanged`); never throws. */
  orderChanged: (change: OrderChange) => void;
  /** Where a status change is raised (the ledger's commissions follow it). */
  events: RequestChangeDeps['events'];
}

/** One page of rows and how many the whole list has. */
export interface Page<T> {
  rows: T[];
  totalCount: number;
}

/** The filters of the administrators' inbox. */
export interface InboxFilters {
  limit: number;
  offset: number;
  status?: OrderStatus | undefined;
  /** Case-insensitive text in the reference, name, e-mail address, company or message. */
  search?: string | undefined;
  /** Only requests assigned to this administrator (database id). */
  assigneeId?: string | undefined;
}

/** Groups `rows` by their `orderId` in the order of `orderIds` (a loader's batch answer). */
function byOrder<T extends { orderId: string }>(orderIds: readonly string[], rows: T[]): T[][] {
  const groups = new Map<string, T[]>(orderIds.map((id) => [id, []]));
  for (const row of rows) groups.get(row.orderId)?.push(row);
  return orderIds.map((id) => groups.get(id) ?? []);
}

export class RequestService {
  private readonly changes: RequestChangeDeps;

  constructor(private readonly deps: RequestServiceDeps) {
    this.changes = { db: deps.db, mail: deps.mail, salesEmail: deps.config.mail.salesEmail, orderChanged: deps.orderChanged, events: deps.events };
  }

  /** The requests of user `userId` (database id), newest first (REQ-CLIENT-AREA). */
  async ofUser(userId: string, slice: { limit: number; offset: number }): Promise<Page<OrderRow>> {
    const query = this.deps.db.selectFrom('orders').where('userId', '=', userId);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(slice.limit).offset(slice.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** The administrators' inbox: newest first, filtered (ADMIN-AREA). */
  async inbox(filters: InboxFilters): Promise<Page<OrderRow>> {
    let query = this.deps.db.selectFrom('orders');
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.assigneeId) query = query.where('assigneeId', '=', filters.assigneeId);
    if (filters.search) {
      const pattern = likePattern(filters.search);
      query = query.where((eb) => eb.or(['reference', 'name', 'email', 'company', 'message'].map((column) => contains(column, pattern))));
    }
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(filters.limit).offset(filters.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** The request with `reference` (as mailed, any letter case), or undefined. */
  byReference(reference: string): Promise<OrderRow | undefined> {
    return this.deps.db.selectFrom('orders').selectAll().where('reference', '=', reference.trim().toUpperCase()).executeTakeFirst();
  }

  /** The request `id` (database id), or undefined. */
  byId(id: string): Promise<OrderRow | undefined> {
    return this.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The status timelines of `orderIds`, each oldest first, in the order of `orderIds`; a loader's batch. */
  async timelines(orderIds: readonly string[]): Promise<OrderStatusChangeRow[][]> {
    if (orderIds.length === 0) return [];
    const rows = await this.deps.db
      .selectFrom('orderStatusChanges')
      .selectAll()
      .where('orderId', 'in', [...orderIds])
      .orderBy('created')
      .execute();
    return byOrder(orderIds, rows);
  }

  /**
   * The conversations (`internal` false) or the internal notes (`internal` true) of `orderIds`,
   * each oldest first, in the order of `orderIds`; a loader's batch (REQ-MESSAGES).
   */
  async messages(orderIds: readonly string[], internal: boolean): Promise<OrderMessageRow[][]> {
    if (orderIds.length === 0) return [];
    const rows = await this.deps.db
      .selectFrom('orderMessages')
      .selectAll()
      .where('orderId', 'in', [...orderIds])
      .where('internal', '=', internal ? 1 : 0)
      .orderBy('created')
      .orderBy('id')
      .execute();
    return byOrder(orderIds, rows);
  }

  /** Message or note `id` (database id), or undefined. */
  message(id: string): Promise<OrderMessageRow | undefined> {
    return this.deps.db.selectFrom('orderMessages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Is `userId` an administrator's account? (An assignee must be, REQ-WORKFLOW.) */
  async isAdminUser(userId: string): Promise<boolean> {
    const row = await this.deps.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
    return row?.role === 'ADMIN';
  }

  /** Administrator `actorId` moves request `orderId` along the workflow; see requestChanges.ts `changeStatus`. */
  changeStatus(actorId: string, orderId: string, change: StatusChangeInput): Promise<OrderRow> {
    return changeStatus(this.changes, actorId, orderId, change);
  }

  /** Administrator `actorId` gives request `orderId` to administrator `assigneeId` (or nobody); see `assign`. */
  assign(actorId: string, orderId: string, assigneeId: string | null): Promise<OrderRow> {
    return assign(this.changes, actorId, orderId, assigneeId);
  }

  /** Administrator `actorId` adds an internal note; see `addNote`. */
  addNote(actorId: string, orderId: string, body: string): Promise<OrderRow> {
    return addNote(this.changes, actorId, orderId, body);
  }

  /** The request's client or an administrator writes in its conversation; see `sendMessage`. */
  sendMessage(authorId: string, orderId: string, body: string): Promise<OrderRow> {
    return sendMessage(this.changes, authorId, orderId, body);
  }
}
