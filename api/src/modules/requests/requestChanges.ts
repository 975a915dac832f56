/**
 * The changes of a request (REQ-WORKFLOW, REQ-MESSAGES, REQ-MAIL, ADMIN-AUDIT). Each runs in ONE
 * transaction with everything it causes — the request's new `version` (one more) and `updated`,
 * the timeline row, the message, the audit entry of an administrator's action and the mails
 * (outbox rows, sent after the commit) — so all of it exists or none does; the live-update notice
 * (`orderChanged`) follows the commit.
 *
 * Mails to the client go to the account's address and in the account's language when the request
 * belongs to a user, else to the address and language of the order form; they carry only our
 * words, the reference and the link (decision 0029). Each has an idempotency key naming its event
 * (`order:<id>:status:<version>`, `order:<id>:answer:<message id>`), so it is queued once.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type AuditActor, recordAudit } from '../../platform/audit.js';
import { mailLocale } from '../../platform/mail/index.js';
import { type Db, nowIso } from '../../platform/db/index.js';
import type { Database, OrderRow, UserRow } from '../../platform/db/types.js';
import type { OrderChange } from '../../platform/graphql/pubsub.js';
import { HttpError } from '../../platform/http/errors.js';
import type { MailService } from '../../platform/mail/index.js';
import type { AfterCommit, DomainEvents } from '../../platform/events.js';
import { type StatusChangeInput, canMove, checkStatusNeeds, invalidTransition, versionConflict } from './workflow.js';

export interface RequestChangeDeps {
  db: Db;
  mail: MailService;
  /** `SALES_EMAIL`: where a client's message is announced. */
  salesEmail: string;
  orderChanged: (change: OrderChange) => void;
  /** Raises `requestStatusChanged` (the ledger's commissions follow it: LEDGER-COMMISSION, LEDGER-REFUND). */
  events: DomainEvents;
}

type Trx = Kysely<Database>;

/** FORBIDDEN as the GraphQL layer reports it (`Forbidden resource`): an unknown request answers alike, so ids cannot be probed. */
function forbidden(): HttpError {
  return new HttpError(403, 'FORBIDDEN', 'Forbidden resource');
}

async function loadUser(trx: Trx, id: string): Promise<UserRow | undefined> {
  return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The acting administrator. @throws FORBIDDEN when the account is gone or no longer an administrator. */
async function loadAdmin(trx: Trx, id: string): Promise<UserRow> {
  const user = await loadUser(trx, id);
  if (!user || user.role !== 'ADMIN') throw forbidden();
  return user;
}

const actorOf = (user: UserRow): AuditActor => ({ id: user.id, email: user.email });
const targetOf = (order: OrderRow) => ({ type: 'Order' as const, id: order.id, label: order.reference });

/** Where and in which language the client of `order` is mailed (REQ-MAIL). */
async function clientAddress(trx: Trx, order: OrderRow) {
  const client = order.userId ? await loadUser(trx, order.userId) : undefined;
  return { to: client?.email ?? order.email, locale: mailLocale(client?.locale ?? order.locale) };
}

/**
 * Runs `work` on request `orderId` in one transaction and bumps its `version` and `updated`
 * (guarded by `expectedVersion` when given: VERSION_CONFLICT otherwise); publishes the change
 * after the commit and answers the request as stored. `work` gets the request as read, the
 * version it will have (exact when guarded) and the time of the change.
 */
async function change(
  deps: RequestChangeDeps,
  orderId: string,
  expectedVersion: number | null,
  work: (
    trx: Trx,
    order: OrderRow,
    version: number,
    now: string,
  ) => Promise<Partial<Pick<OrderRow, 'status' | 'assigneeId' | 'contractAmount' | 'contractCurrency' | 'lostReason'>>>,
): Promise<OrderRow> {
  const stored = await deps.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order) throw forbidden();
    if (expectedVersion !== null && order.version !== expectedVersion) throw versionConflict();
    const now = nowIso();
    const patch = await work(trx, order, order.version + 1, now);
    if (expectedVersion === null) {
      // Nothing of another change is overwritten (a message, a note, the assignee): add one to
      // whatever the version is by now.
      await trx
        .updateTable('orders')
        .set({ ...patch, updated: now, version: sql<number>`version + 1` })
        .where('id', '=', orderId)
        .execute();
    } else {
      // Guarded by the version read above: a concurrent change in between refuses this one.
      const updated = await trx
        .updateTable('orders')
        .set({ ...patch, updated: now, version: order.version + 1 })
        .where('id', '=', orderId)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw versionConflict();
    }
    return trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  });
  deps.orderChanged({ orderId: stored.id, userId: stored.userId });
  return stored;
}

/**
 * Moves a request along the workflow (REQ-WORKFLOW), for administrator `actorId`: WON stores the
 * contract value, LOST the reason; a timeline row, the audit entry `order.status` (before/after
 * `{ status, contractValue?, lostReason? }`), the client's `orderStatusChanged` mail, and the
 * referrer's commission (credited on WON, taken back on WON → LOST: the `requestStatusChanged` event).
 * @throws HttpError BAD_USER_INPUT (a WON without value, a LOST without reason), VERSION_CONFLICT
 *   (`version` is not the current one), INVALID_TRANSITION, FORBIDDEN (no such request; not an admin).
 */
export async function changeStatus(deps: RequestChangeDeps, actorId: string, orderId: string, input: StatusChangeInput): Promise<OrderRow> {
  checkStatusNeeds(input);
  let afterCommit: AfterCommit = () => {};
  const stored = await change(deps, orderId, input.version, async (trx, order, version, now) => {
    const actor = await loadAdmin(trx, actorId);
    if (!canMove(order.status, input.status)) throw invalidTransition(order.status, input.status);
    const contractValue = input.status === 'WON' && input.contractValue ? input.contractValue : null;
    const lostReason = input.status === 'LOST' ? (input.lostReason ?? null) : null;
    await trx
      .insertInto('orderStatusChanges')
      .values({ id: randomUUID(), orderId: order.id, status: input.status, authorId: actor.id, created: now })
      .execute();
    await recordAudit(trx, {
      actor: actorOf(actor),
      action: 'order.status',
      target: targetOf(order),
      before: { status: order.status },
      after: { status: input.status, ...(contractValue ? { contractValue } : {}), ...(lostReason ? { lostReason } : {}) },
    });
    const { to, locale } = await clientAddress(trx, order);
    await deps.mail.send(
      { to, template: 'orderStatusChanged', locale, params: { reference: order.reference, status: input.status }, key: `order:${order.id}:status:${version}` },
      { db: trx },
    );
    const patch = {
      status: input.status,
      ...(contractValue ? { contractAmount: contractValue.amount, contractCurrency: contractValue.currency } : {}),
      ...(lostReason ? { lostReason } : {}),
    };
    afterCommit = await deps.events.raise(trx, { type: 'requestStatusChanged', before: order, after: { ...order, ...patch }, actorId: actor.id });
    return patch;
  });
  afterCommit();
  return stored;
}

/**
 * Gives a request to administrator `assigneeId`, or to nobody with null (audit `order.assign`,
 * before/after `{ assigneeId, assigneeEmail }`).
 * @throws HttpError INVALID_ASSIGNEE (not an administrator's account), FORBIDDEN.
 */
export function assign(deps: RequestChangeDeps, actorId: string, orderId: string, assigneeId: string | null): Promise<OrderRow> {
  return change(deps, orderId, null, async (trx, order) => {
    const actor = await loadAdmin(trx, actorId);
    const assignee = assigneeId === null ? null : await loadUser(trx, assigneeId);
    if (assigneeId !== null && assignee?.role !== 'ADMIN') {
      throw new HttpError(400, 'INVALID_ASSIGNEE', 'assigneeId: the assignee must be an administrator', { field: 'assigneeId' });
    }
    const previous = order.assigneeId ? await loadUser(trx, order.assigneeId) : undefined;
    await recordAudit(trx, {
      actor: actorOf(actor),
      action: 'order.assign',
      target: targetOf(order),
      before: { assigneeId: order.assigneeId, assigneeEmail: previous?.email ?? null },
      after: { assigneeId: assignee?.id ?? null, assigneeEmail: assignee?.email ?? null },
    });
    return { assigneeId: assignee?.id ?? null };
  });
}

/** Adds an internal note by administrator `actorId` (REQ-MESSAGES; audit `order.note`, after `{ note }`). @throws HttpError FORBIDDEN. */
export function addNote(deps: RequestChangeDeps, actorId: string, orderId: string, body: string): Promise<OrderRow> {
  return change(deps, orderId, null, async (trx, order, _version, now) => {
    const actor = await loadAdmin(trx, actorId);
    await trx
      .insertInto('orderMessages')
      .values({ id: randomUUID(), orderId: order.id, authorId: actor.id, authorName: actor.fullName, fromStudio: 1, internal: 1, body, created: now })
      .execute();
    await recordAudit(trx, { actor: actorOf(actor), action: 'order.note', target: targetOf(order), before: null, after: { note: body } });
    return {};
  });
}

/**
 * A message in a request's conversation (REQ-MESSAGES) by `authorId`: an administrator answers as
 * the studio (`fromStudio`, their name; audit `order.reply`; the client's `orderAnswered` mail,
 * without the text), the request's client writes to the studio (`orderClientMessage` to sales).
 * @throws HttpError FORBIDDEN for anyone else and for an unknown request.
 */
export function sendMessage(deps: RequestChangeDeps, authorId: string, orderId: string, body: string): Promise<OrderRow> {
  return change(deps, orderId, null, async (trx, order, _version, now) => {
    const author = await loadUser(trx, authorId);
    if (!author) throw forbidden();
    const fromStudio = author.role === 'ADMIN';
    if (!fromStudio && order.userId !== author.id) throw forbidden();
    const id = randomUUID();
    await trx
      .insertInto('orderMessages')
      .values({ id, orderId: order.id, authorId: author.id, authorName: author.fullName, fromStudio: fromStudio ? 1 : 0, internal: 0, body, created: now })
      .execute();
    if (fromStudio) {
      await recordAudit(trx, { actor: actorOf(author), action: 'order.reply', target: targetOf(order), before: null, after: { message: body } });
      const { to, locale } = await clientAddress(trx, order);
      await deps.mail.send(
        { to, template: 'orderAnswered', locale, params: { reference: order.reference }, key: `order:${order.id}:answer:${id}` },
        { db: trx },
      );
    } else {
      await deps.mail.send(
        {
          to: deps.salesEmail,
          template: 'orderClientMessage',
          locale: 'en',
          params: { reference: order.reference, name: author.fullName, email: author.email, body },
          key: `order:${order.id}:client-message:${id}`,
        },
        { db: trx },
      );
    }
    return {};
  });
}
