/**
 * The requests workflow (REQ-WORKFLOW, ADMIN-AUDIT, ADMIN-CONCURRENCY) on SQLite and PostgreSQL,
 * through GraphQL: every allowed step and every refused one, what WON and LOST need, the
 * VERSION_CONFLICT of a stale version with nothing stored, the audit entries with before/after,
 * and the assignee rule.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRANSITIONS, ORDER_STATUSES, type OrderStatus } from '../src/modules/requests/workflow.js';
import { describeEachDb, ok, startServer, type TestServer } from './harness.js';
import { ADD_NOTE, ASSIGN, CHANGE_STATUS, REQUESTS_ENV, SEND_MESSAGE, type Member, admin, codeOf, member, placeOrder } from './requests-helpers.js';

/** What each status needs, so a refused step is refused for the step, not for a missing field. */
const NEEDS: Record<OrderStatus, Record<string, unknown>> = {
  NEW: {},
  IN_REVIEW: {},
  PROPOSAL_SENT: {},
  WON: { contractValue: { amount: 1_250_000, currency: 'USD' } },
  LOST: { lostReason: 'Chose another studio' },
};
/** The path from NEW to each status. */
const PATH: Record<OrderStatus, OrderStatus[]> = {
  NEW: [],
  IN_REVIEW: ['IN_REVIEW'],
  PROPOSAL_SENT: ['IN_REVIEW', 'PROPOSAL_SENT'],
  WON: ['IN_REVIEW', 'PROPOSAL_SENT', 'WON'],
  LOST: ['LOST'],
};

describeEachDb('requests workflow on %s', (kind) => {
  let server: TestServer;
  let boss: Member;
  beforeAll(async () => {
    server = await startServer(kind, { ...REQUESTS_ENV, MAIL_TRANSPORT: 'memory' });
    boss = await admin(server);
  });
  afterAll(() => server?.close());
  const db = () => server.app.database.db;

  const change = (id: string, status: OrderStatus, version: number, extra: Record<string, unknown> = NEEDS[status]) =>
    server.graphql(CHANGE_STATUS, { input: { id, status, version, ...extra } }, boss.accessToken);

  /** A new order moved along `PATH[status]`; answers it with its current version. */
  async function orderIn(status: OrderStatus) {
    const order = await placeOrder(server);
    let version = 1;
    for (const step of PATH[status]) version = ok(await change(order.id, step, version)).changeOrderStatus.order.version;
    return { ...order, version };
  }

  const stored = (localId: string) => db().selectFrom('orders').selectAll().where('id', '=', localId).executeTakeFirstOrThrow();
  const count = async (table: 'orderStatusChanges' | 'auditLog' | 'mailOutbox', column: 'orderId' | 'targetId' | null, localId: string) => {
    let query = db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'));
    if (column) query = query.where(column as never, '=', localId as never);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it('every allowed step moves the request, adds a timeline row and bumps the version', async () => {
    const order = await placeOrder(server);
    let version = 1;
    for (const [status, expected] of [
      ['IN_REVIEW', ['NEW', 'IN_REVIEW']],
      ['PROPOSAL_SENT', ['NEW', 'IN_REVIEW', 'PROPOSAL_SENT']],
      ['WON', ['NEW', 'IN_REVIEW', 'PROPOSAL_SENT', 'WON']],
    ] as const) {
      const answer = ok(await change(order.id, status, version)).changeOrderStatus.order;
      expect(answer.status).toBe(status);
      expect(answer.version).toBe(version + 1);
      expect(answer.timeline.map((t: { status: string }) => t.status)).toEqual(expected);
      version = answer.version;
    }
    const won = await stored(order.localId);
    expect([won.contractAmount, won.contractCurrency, won.lostReason]).toEqual([1_250_000, 'USD', null]);
    for (const from of ['NEW', 'IN_REVIEW', 'PROPOSAL_SENT'] as const) {
      const open = await orderIn(from);
      const lost = ok(await change(open.id, 'LOST', open.version)).changeOrderStatus.order;
      expect(lost).toMatchObject({ status: 'LOST', version: open.version + 1, lostReason: 'Chose another studio', contractValue: null });
    }
  });

  it('every step the workflow does not allow answers INVALID_TRANSITION and stores nothing', async () => {
    for (const from of ORDER_STATUSES) {
      const order = await orderIn(from);
      for (const to of ORDER_STATUSES.filter((status) => !TRANSITIONS[from].includes(status))) {
        const timeline = await count('orderStatusChanges', 'orderId', order.localId);
        const answer = await change(order.id, to, order.version);
        expect(codeOf(answer), `${from} → ${to}: ${answer.text}`).toBe('INVALID_TRANSITION');
        const row = await stored(order.localId);
        expect([row.status, row.version]).toEqual([from, order.version]);
        expect(await count('orderStatusChanges', 'orderId', order.localId)).toBe(timeline);
      }
    }
  });

  it('WON needs a contract value of 1..2,000,000,000 minor units in a three-letter currency; LOST needs a reason', async () => {
    const order = await orderIn('PROPOSAL_SENT');
    const refused = [
      [{}, 'contractValue'],
      [{ contractValue: { amount: 100, currency: 'usd' } }, 'input.contractValue.currency'],
      [{ contractValue: { amount: 100, currency: 'US' } }, 'input.contractValue.currency'],
      [{ contractValue: { amount: 0, currency: 'USD' } }, 'input.contractValue.amount'],
      [{ contractValue: { amount: 2_000_000_001, currency: 'USD' } }, 'input.contractValue.amount'],
    ] as const;
    for (const [extra, field] of refused) {
      const answer = await change(order.id, 'WON', order.version, extra);
      expect(answer.errors?.[0]?.extensions, answer.text).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    for (const extra of [{}, { lostReason: '   ' }, { lostReason: 'x'.repeat(1001) }]) {
      expect(codeOf(await change(order.id, 'LOST', order.version, extra))).toBe('BAD_USER_INPUT');
    }
    expect((await stored(order.localId)).status).toBe('PROPOSAL_SENT');
    expect(
      ok(await change(order.id, 'WON', order.version, { contractValue: { amount: 2_000_000_000, currency: 'EUR' } })).changeOrderStatus.order.contractValue,
    ).toEqual({
      amount: 2_000_000_000,
      currency: 'EUR',
    });
  });

  it('a stale version answers VERSION_CONFLICT with the shared message, and nothing of the change is stored', async () => {
    const order = await orderIn('IN_REVIEW');
    const before = {
      timeline: await count('orderStatusChanges', 'orderId', order.localId),
      audit: await count('auditLog', 'targetId', order.localId),
      mails: await count('mailOutbox', null, ''),
    };
    const answer = await change(order.id, 'PROPOSAL_SENT', order.version - 1);
    expect(answer.errors?.[0]?.extensions, answer.text).toMatchObject({ code: 'VERSION_CONFLICT', field: 'version' });
    expect(answer.errors?.[0]?.message).toBe('This was changed since you opened it; reload to see the changes.');
    const row = await stored(order.localId);
    expect([row.status, row.version]).toEqual(['IN_REVIEW', order.version]);
    expect({
      timeline: await count('orderStatusChanges', 'orderId', order.localId),
      audit: await count('auditLog', 'targetId', order.localId),
      mails: await count('mailOutbox', null, ''),
    }).toEqual(before);
  });

  it('each status change writes the audit entry order.status with before and after', async () => {
    const order = await orderIn('PROPOSAL_SENT');
    ok(await change(order.id, 'WON', order.version));
    const lost = await orderIn('NEW');
    ok(await change(lost.id, 'LOST', lost.version));
    const entries = await db().selectFrom('auditLog').selectAll().where('targetId', 'in', [order.localId, lost.localId]).orderBy('created').execute();
    const summary = entries.map((e) => ({
      action: e.action,
      actor: e.actorEmail,
      label: e.targetLabel,
      type: e.targetType,
      before: JSON.parse(e.before ?? 'null'),
      after: JSON.parse(e.after ?? 'null'),
    }));
    expect(summary).toEqual([
      { action: 'order.status', actor: boss.email, label: order.reference, type: 'Order', before: { status: 'NEW' }, after: { status: 'IN_REVIEW' } },
      { action: 'order.status', actor: boss.email, label: order.reference, type: 'Order', before: { status: 'IN_REVIEW' }, after: { status: 'PROPOSAL_SENT' } },
      {
        action: 'order.status',
        actor: boss.email,
        label: order.reference,
        type: 'Order',
        before: { status: 'PROPOSAL_SENT' },
        after: { status: 'WON', contractValue: { amount: 1_250_000, currency: 'USD' } },
      },
      {
        action: 'order.status',
        actor: boss.email,
        label: lost.reference,
        type: 'Order',
        before: { status: 'NEW' },
        after: { status: 'LOST', lostReason: 'Chose another studio' },
      },
    ]);
  });

  it('only administrators change a status; others get Forbidden resource', async () => {
    const order = await placeOrder(server);
    const user = await member(server);
    const answer = await server.graphql(CHANGE_STATUS, { input: { id: order.id, status: 'IN_REVIEW', version: 1 } }, user.accessToken);
    expect(codeOf(answer)).toBe('FORBIDDEN');
    expect(answer.errors?.[0]?.message).toBe('Forbidden resource');
    expect((await stored(order.localId)).status).toBe('NEW');
  });

  it('the assignee must be an administrator (INVALID_ASSIGNEE); assigning and unassigning are audited', async () => {
    const order = await placeOrder(server);
    const user = await member(server);
    const colleague = await admin(server, 'Colleague');
    const refused = await server.graphql(ASSIGN, { id: order.id, assigneeId: user.id }, boss.accessToken);
    expect(refused.errors?.[0]?.extensions, refused.text).toMatchObject({ code: 'INVALID_ASSIGNEE', field: 'assigneeId' });
    expect((await stored(order.localId)).assigneeId).toBeNull();
    expect(ok(await server.graphql(ASSIGN, { id: order.id, assigneeId: colleague.id }, boss.accessToken)).assignOrder.order).toEqual({
      id: order.id,
      version: 2,
      assignee: { id: colleague.id },
    });
    expect(ok(await server.graphql(ASSIGN, { id: order.id, assigneeId: null }, boss.accessToken)).assignOrder.order).toEqual({
      id: order.id,
      version: 3,
      assignee: null,
    });
    expect(codeOf(await server.graphql(ASSIGN, { id: order.id, assigneeId: colleague.id }, user.accessToken))).toBe('FORBIDDEN');
    const entries = await db().selectFrom('auditLog').select(['action', 'before', 'after']).where('targetId', '=', order.localId).orderBy('created').execute();
    expect(entries.map((e) => [e.action, JSON.parse(e.before!), JSON.parse(e.after!)])).toEqual([
      ['order.assign', { assigneeId: null, assigneeEmail: null }, { assigneeId: colleague.localId, assigneeEmail: colleague.email }],
      ['order.assign', { assigneeId: colleague.localId, assigneeEmail: colleague.email }, { assigneeId: null, assigneeEmail: null }],
    ]);
  });

  it('the inbox (administrators only): newest first, by status, by assignee, and a case-insensitive search of reference, name, e-mail, company and message', async () => {
    const INBOX =
      'query ($status: OrderStatus, $search: String, $assigneeId: ID, $first: Int) { orders(first: $first, status: $status, search: $search, assigneeId: $assigneeId) { totalCount edges { node { reference status assignee { id } } } } }';
    const inbox = async (variables: Record<string, unknown>) => ok(await server.graphql(INBOX, variables, boss.accessToken)).orders;
    const tag = `zq${Date.now().toString(36)}`;
    const a = await placeOrder(server, { name: `Anna ${tag.toUpperCase()}` });
    const b = await placeOrder(server, { message: `We need 100%_ of a ${tag} robot, please.` });
    const c = await placeOrder(server, { email: `${tag}@example.test` });
    expect((await inbox({ search: tag })).edges.map((e: any) => e.node.reference)).toEqual([c.reference, b.reference, a.reference]);
    expect((await inbox({ search: b.reference.toLowerCase() })).edges.map((e: any) => e.node.reference)).toEqual([b.reference]);
    // LIKE's wildcards are searched for literally.
    expect((await inbox({ search: `100%_ of a ${tag}` })).totalCount).toBe(1);
    expect((await inbox({ search: `100%x` })).totalCount).toBe(0);
    ok(await change(c.id, 'IN_REVIEW', 1));
    expect((await inbox({ search: tag, status: 'IN_REVIEW' })).edges.map((e: any) => e.node.reference)).toEqual([c.reference]);
    ok(await server.graphql(ASSIGN, { id: a.id, assigneeId: boss.id }, boss.accessToken));
    const mine = await inbox({ assigneeId: boss.id, search: tag });
    expect(mine.edges).toEqual([{ node: { reference: a.reference, status: 'NEW', assignee: { id: boss.id } } }]);
    expect((await inbox({ first: 1 })).edges).toHaveLength(1);
    const user = await member(server);
    expect(codeOf(await server.graphql(INBOX, {}, user.accessToken))).toBe('FORBIDDEN');
    expect(codeOf(await server.graphql(INBOX, { search: 'x'.repeat(201) }, boss.accessToken))).toBe('BAD_USER_INPUT');
  });

  it('a note and a reply are audited (order.note, order.reply), and each bumps version and updated', async () => {
    const order = await placeOrder(server);
    const before = await stored(order.localId);
    const noted = ok(await server.graphql(ADD_NOTE, { id: order.id, body: 'Internal: call on Monday' }, boss.accessToken)).addOrderNote.order;
    expect(noted).toMatchObject({ version: 2, notes: [{ body: 'Internal: call on Monday', author: { id: boss.id } }] });
    const replied = ok(await server.graphql(SEND_MESSAGE, { id: order.id, body: 'Thank you, we are on it.' }, boss.accessToken)).sendOrderMessage.order;
    expect(replied).toMatchObject({ version: 3, messages: [{ body: 'Thank you, we are on it.', fromStudio: true, authorName: 'Ada Admin' }] });
    expect(replied.updated > before.updated).toBe(true);
    const entries = await db()
      .selectFrom('auditLog')
      .select(['action', 'before', 'after', 'actorEmail'])
      .where('targetId', '=', order.localId)
      .orderBy('created')
      .execute();
    expect(entries.map((e) => [e.action, e.actorEmail, e.before, JSON.parse(e.after!)])).toEqual([
      ['order.note', boss.email, null, { note: 'Internal: call on Monday' }],
      ['order.reply', boss.email, null, { message: 'Thank you, we are on it.' }],
    ]);
  });
});
