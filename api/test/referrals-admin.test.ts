/**
 * Referral earnings over GraphQL, the administrators' and the rules' side, on SQLite and
 * PostgreSQL: the configured commission (REFERRAL_COMMISSION_PERCENT = 12.5, LEDGER-COMMISSION),
 * `postLedgerAdjustment` (LEDGER-ADJUSTMENT: administrators only, validated, audited, idempotent,
 * may go below zero), who may read a user's movements and balances (LEDGER-MOVEMENTS), and what
 * deleting a referrer does to the book (LEDGER-DELETION). The book balances after every test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { decodeId, globalId } from '../src/platform/graphql/ids.js';
import { STUDIO, post } from '../src/modules/money/ledger/book.js';
import { describeEachDb, ok, startServer, type TestServer, waitFor } from './harness.js';
import { auditRows, expectCode } from './admin-helpers.js';
import { ADJUST, LEDGER_ENV, LEDGER_OF_USER, expectBalancedBook, ledgerOf, readBook, referredOrder, simulatePayout, winOrder } from './ledger-helpers.js';
import { type Member, admin, member } from './requests-helpers.js';

const DELETE_USER = 'mutation ($id: ID!, $confirmation: String) { deleteUser(id: $id, confirmation: $confirmation) { id } }';
const NODE = 'query ($id: ID!) { node(id: $id) { id ... on LedgerTransaction { kind amount { amount currency } } } }';

describeEachDb('referral earnings (administration) on %s', (kind) => {
  let server: TestServer;
  let boss: Member;
  beforeAll(async () => {
    server = await startServer(kind, { ...LEDGER_ENV, REFERRAL_HOLD_DAYS: '0.00001', REFERRAL_COMMISSION_PERCENT: '12.5' });
    boss = await admin(server);
  });
  afterEach(() => expectBalancedBook(server));
  afterAll(() => server?.close());
  const db = () => server.app.database.db;
  const adjust = (input: Record<string, unknown>, token?: string) => server.graphql(ADJUST, { input }, token);

  /** Releases every commission whose hold ended (the hold is 864 ms here). */
  async function releaseAll(availableAt: string) {
    await waitFor('the hold to end', () => Date.now() > Date.parse(availableAt) + 5);
    expect(await server.app.jobs.runDue()).toMatchObject({ retried: 0, failed: 0 });
  }

  it('REFERRAL_COMMISSION_PERCENT = 12.5 credits floor(contract × 0.125); a commission rounding to zero credits nothing', async () => {
    expect(ok(await server.graphql('{ referralProgram { commissionPercent holdDays } }')).referralProgram).toEqual({
      commissionPercent: 12.5,
      holdDays: 0.00001,
    });
    const referrer = await member(server, 'Penny Percent');
    const order = await referredOrder(server, referrer);
    await winOrder(server, boss, order.id, 1_234_567, 'EUR');
    const tiny = await referredOrder(server, referrer);
    await winOrder(server, boss, tiny.id, 7, 'EUR');
    const ledger = await ledgerOf(server, referrer, referrer.accessToken);
    expect(ledger.transactions.edges.map((e: any) => [e.node.orderReference, e.node.amount])).toEqual([
      [order.reference, { amount: 154_320, currency: 'EUR' }],
    ]);
    expect(ledger).toMatchObject({ held: 154_320, balance: 0 });
  });

  it('postLedgerAdjustment: administrators only, validated, audited, below zero allowed, idempotent', async () => {
    const target = await member(server, 'Tess Target');
    const input = { userId: target.id, amount: -500, currency: 'USD', reason: 'Correction of a double payment', idempotencyKey: randomUUID() };
    const before = await readBook(server);
    const anonymous = await adjust(input);
    expect([anonymous.status, anonymous.data, anonymous.errors?.[0]?.extensions?.['code']], anonymous.text).toEqual([401, null, 'UNAUTHENTICATED']);
    expect(expectCode(await adjust(input, target.accessToken), 'FORBIDDEN').message).toBe('Forbidden resource');
    for (const [patch, field] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: 2_000_000_001 }, 'amount'],
      [{ amount: -2_000_000_001 }, 'amount'],
      [{ currency: 'usd' }, 'currency'],
      [{ currency: 'US' }, 'currency'],
      [{ reason: '   ' }, 'reason'],
      [{ reason: 'x'.repeat(501) }, 'reason'],
      [{ idempotencyKey: '' }, 'idempotencyKey'],
    ] as const) {
      expectCode(await adjust({ ...input, ...patch }, boss.accessToken), 'BAD_USER_INPUT', field);
    }
    const unknownUser = await adjust({ ...input, userId: globalId('User', randomUUID()) }, boss.accessToken);
    expect(expectCode(unknownUser, 'FORBIDDEN').message).toBe('Forbidden resource');
    expect(await readBook(server)).toEqual(before);

    const first = ok(await adjust(input, boss.accessToken)).postLedgerAdjustment;
    expect(first.transaction).toMatchObject({
      kind: 'ADJUSTMENT',
      amount: { amount: -500, currency: 'USD' },
      status: 'COMPLETED',
      reason: 'Correction of a double payment',
      orderReference: null,
      availableAt: null,
    });
    expect(first.user).toMatchObject({ id: target.id, balance: -500, held: 0, balances: [{ currency: 'USD', available: -500, pending: 0, inPayout: 0 }] });
    const transactionId = decodeId(first.transaction.id)!.id;
    const audit = (await auditRows(server, target.localId)).filter((r) => r.action === 'ledger.adjustment');
    expect(audit.map((r) => [r.actorEmail, r.targetType, r.targetLabel, r.before, r.after])).toEqual([
      [boss.email, 'User', target.email, null, { amount: -500, currency: 'USD', reason: 'Correction of a double payment', transactionId }],
    ]);

    // The same key again: the first adjustment, nothing written, no second audit entry. The same key
    // with another amount is another adjustment under a used key: IDEMPOTENCY_KEY_REUSED, nothing written.
    const book = await readBook(server);
    const replay = ok(await adjust(input, boss.accessToken)).postLedgerAdjustment;
    expect(replay.transaction).toEqual(first.transaction);
    expect(replay.user).toEqual(first.user);
    expectCode(await adjust({ ...input, amount: 9_999 }, boss.accessToken), 'IDEMPOTENCY_KEY_REUSED', 'idempotencyKey');
    expect(await readBook(server)).toEqual(book);
    expect((await auditRows(server, target.localId)).filter((r) => r.action === 'ledger.adjustment')).toHaveLength(1);
    // Keys are per administrator: another one's adjustment with the same key is another adjustment.
    const colleague = await admin(server, 'Colin Colleague');
    const second = ok(await adjust({ ...input, amount: 800 }, colleague.accessToken)).postLedgerAdjustment;
    expect(second.transaction.id).not.toBe(first.transaction.id);
    expect(second.user.balance).toBe(300);
  });

  it('the same key reused by an administrator for another user answers IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    const [a, b] = [await member(server, 'Kay A'), await member(server, 'Kay B')];
    const input = { userId: a.id, amount: 100, currency: 'EUR', reason: 'Welcome bonus', idempotencyKey: randomUUID() };
    ok(await adjust(input, boss.accessToken));
    const book = await readBook(server);
    expectCode(await adjust({ ...input, userId: b.id }, boss.accessToken), 'IDEMPOTENCY_KEY_REUSED', 'idempotencyKey');
    expect(await readBook(server)).toEqual(book);
  });

  it('a balance is always readable: no adjustment takes it past what GraphQL Int shows (2,147,483,647)', async () => {
    const rich = await member(server, 'Rich Roe');
    const big = () => ({ userId: rich.id, amount: 2_000_000_000, currency: 'EUR', reason: 'Large correction', idempotencyKey: randomUUID() });
    ok(await adjust(big(), boss.accessToken));
    const book = await readBook(server);
    const second = await adjust(big(), boss.accessToken);
    // Either refused with nothing written, or accepted with an answer that has no errors; in both
    // cases the balances can be read afterwards.
    if (!second.data?.postLedgerAdjustment) expect(await readBook(server)).toEqual(book);
    else expect(second.errors, second.text).toBeUndefined();
    const viewer = await server.graphql('{ viewer { balance held balances { available pending inPayout } } }', undefined, rich.accessToken);
    expect(viewer.errors, viewer.text).toBeUndefined();
  });

  it('movements page newest first with totalCount and cursors', async () => {
    const user = await member(server, 'Page Turner');
    const ids: string[] = [];
    for (const amount of [100, 200, 300]) {
      ids.unshift(
        ok(await adjust({ userId: user.id, amount, currency: 'EUR', reason: `Bonus ${amount}`, idempotencyKey: randomUUID() }, boss.accessToken))
          .postLedgerAdjustment.transaction.id,
      );
    }
    const PAGE =
      'query ($after: String) { viewer { transactions(first: 2, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id amount { amount } } } } } }';
    const first = ok(await server.graphql(PAGE, {}, user.accessToken)).viewer.transactions;
    expect(first.edges.map((e: any) => e.node.amount.amount)).toEqual([300, 200]);
    expect([first.totalCount, first.pageInfo.hasNextPage]).toEqual([3, true]);
    const rest = ok(await server.graphql(PAGE, { after: first.pageInfo.endCursor }, user.accessToken)).viewer.transactions;
    expect([...first.edges, ...rest.edges].map((e: any) => e.node.id)).toEqual(ids);
    expect([rest.totalCount, rest.pageInfo.hasNextPage]).toEqual([3, false]);
  });

  it('only the user and administrators read their movements and balances; node() answers only the viewer’s own', async () => {
    const owner = await member(server, 'Olive Owner');
    const other = await member(server, 'Otto Other');
    const adjusted = ok(await adjust({ userId: owner.id, amount: 1_000, currency: 'EUR', reason: 'Bonus', idempotencyKey: randomUUID() }, boss.accessToken))
      .postLedgerAdjustment.transaction;
    const foreign = await server.graphql(LEDGER_OF_USER, { id: owner.id }, other.accessToken);
    expect(foreign.data.user).toMatchObject({ id: owner.id, transactions: null, balances: null, balance: null, held: null });
    const refused = (foreign.errors ?? []).filter((e) => e.path?.[1] === 'transactions' || e.path?.[1] === 'balances');
    expect(refused.map((e) => [e.path?.[1], e.message]).sort()).toEqual([
      ['balances', 'Forbidden resource'],
      ['transactions', 'Forbidden resource'],
    ]);
    const asAdmin = ok(await server.graphql(LEDGER_OF_USER, { id: owner.id }, boss.accessToken)).user;
    expect(asAdmin.transactions.edges.map((e: any) => e.node.id)).toEqual([adjusted.id]);
    expect(asAdmin.balances).toEqual([{ currency: 'EUR', available: 1_000, pending: 0, inPayout: 0 }]);
    expect(ok(await server.graphql(NODE, { id: adjusted.id }, owner.accessToken)).node).toEqual({
      id: adjusted.id,
      kind: 'ADJUSTMENT',
      amount: { amount: 1_000, currency: 'EUR' },
    });
    expect(ok(await server.graphql(NODE, { id: adjusted.id }, other.accessToken)).node).toBeNull();
    expect(ok(await server.graphql(NODE, { id: adjusted.id })).node).toBeNull();
    expect(ok(await server.graphql(NODE, { id: globalId('LedgerTransaction', randomUUID()) }, owner.accessToken)).node).toBeNull();
  });

  it('deleting a referrer keeps their ledger under deleted:…; a later release still posts there; the book balances', async () => {
    const referrer = await member(server, 'Dora Deleted');
    const order = await referredOrder(server, referrer);
    const version = await winOrder(server, boss, order.id, 800_000, 'USD');
    const commission = (await ledgerOf(server, referrer, referrer.accessToken)).transactions.edges[0].node;
    const before = await readBook(server);
    const accounts = before.accounts.filter((a) => a.owner === referrer.localId);
    expect(accounts.map((a) => [a.type, a.balance])).toEqual(expect.arrayContaining([['pending', 100_000]]));

    ok(await server.graphql(DELETE_USER, { id: referrer.id }, boss.accessToken));
    const after = await readBook(server);
    expect(after.transactions).toEqual(before.transactions);
    expect(after.entries).toEqual(before.entries);
    const kept = after.accounts.filter((a) => accounts.some((x) => x.id === a.id));
    expect(kept.map((a) => ({ ...a, owner: 'x' }))).toEqual(accounts.map((a) => ({ ...a, owner: 'x' })));
    expect(new Set(kept.map((a) => a.owner)).size).toBe(1);
    expect(kept[0]!.owner).toMatch(/^deleted:[0-9a-f-]{36}$/);
    expect(after.accounts.some((a) => a.owner === referrer.localId)).toBe(false);
    const row = await db().selectFrom('orders').select('referrerId').where('id', '=', order.localId).executeTakeFirstOrThrow();
    expect(row.referrerId).toBeNull();

    await releaseAll(commission.availableAt);
    const released = await readBook(server);
    const owned = released.accounts.filter((a) => a.owner === kept[0]!.owner);
    expect(owned.map((a) => [a.type, a.balance]).sort()).toEqual([
      ['available', 100_000],
      ['pending', 0],
    ]);
    // A refund after the deletion takes the commission back from the anonymised accounts.
    ok(
      await server.graphql(
        'mutation ($input: ChangeOrderStatusInput!) { changeOrderStatus(input: $input) { order { status } } }',
        { input: { id: order.id, status: 'LOST', version, lostReason: 'Refunded' } },
        boss.accessToken,
      ),
    );
    const refunded = (await readBook(server)).accounts.filter((a) => a.owner === kept[0]!.owner);
    expect(refunded.map((a) => [a.type, a.balance]).sort()).toEqual([
      ['available', 0],
      ['pending', 0],
    ]);
  });

  it('with money in payout, deleting the user answers PAYOUT_IN_PROGRESS and deletes nothing; once paid out it succeeds', async () => {
    const user = await member(server, 'Paul Payout');
    ok(await adjust({ userId: user.id, amount: 5_000, currency: 'EUR', reason: 'Prize', idempotencyKey: randomUUID() }, boss.accessToken));
    await simulatePayout(server, user.localId, 'EUR', 3_000, `paul-${user.localId}`, false);
    const before = await readBook(server);
    expectCode(await server.graphql(DELETE_USER, { id: user.id, confirmation: user.password }, user.accessToken), 'PAYOUT_IN_PROGRESS');
    expectCode(await server.graphql(DELETE_USER, { id: user.id }, boss.accessToken), 'PAYOUT_IN_PROGRESS');
    expect(await readBook(server)).toEqual(before);
    expect(ok(await server.graphql('{ viewer { id held balance } }', undefined, user.accessToken)).viewer).toEqual({
      id: user.id,
      held: 3_000,
      balance: 2_000,
    });

    await db()
      .transaction()
      .execute(async (trx) => {
        await post(trx, {
          key: `paid:paul-${user.localId}`,
          kind: 'adjustment',
          currency: 'EUR',
          legs: [
            { owner: user.localId, type: 'in_payout', amount: -3_000 },
            { owner: STUDIO, type: 'paid_out', amount: 3_000 },
          ],
        });
      });
    ok(await server.graphql(DELETE_USER, { id: user.id, confirmation: user.password }, user.accessToken));
    expect(await db().selectFrom('users').select('id').where('id', '=', user.localId).executeTakeFirst()).toBeUndefined();
  });
});
