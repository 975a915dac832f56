/**
 * Referral earnings end to end over GraphQL, on SQLite and PostgreSQL: the order form's code
 * (LEDGER-ATTRIBUTION; a self-referral by an unverified own address held for review), the
 * commission of a won request (LEDGER-COMMISSION) held until the release
 * job runs (LEDGER-HOLD, with a hold of under a second), the refund of a won request before the
 * release, after it, and after the money was paid out (LEDGER-REFUND, LEDGER-NEGATIVE), and the
 * live `transactionsUpdated` events (LEDGER-LIVE). The book balances after every test.
 */
import { type Client, createClient } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeEachDb, ok, startServer, type TestServer, waitFor } from './harness.js';
import { expectCode } from './admin-helpers.js';
import {
  LEDGER_ENV,
  expectBalancedBook,
  ledgerOf,
  orderWithCode,
  readBook,
  referralCodeOf,
  referredOrder,
  refundOrder,
  simulatePayout,
  winOrder,
} from './ledger-helpers.js';
import { type Member, admin, markVerified, member } from './requests-helpers.js';

/** 0.00001 days = 864 ms. */
const HOLD_MS = 864;
const ORDER_LEDGER =
  'query ($id: ID!) { node(id: $id) { ... on Order { referralCode referrer { id } commission { kind amount { amount currency } status } } } }';
const HELD_LEDGER = 'query ($id: ID!) { node(id: $id) { ... on Order { referralHeldForReview commission { status availableAt } } } }';

describeEachDb('referral earnings on %s', (kind) => {
  let server: TestServer;
  let boss: Member;
  const sockets: Client[] = [];
  beforeAll(async () => {
    server = await startServer(kind, { ...LEDGER_ENV, REFERRAL_HOLD_DAYS: '0.00001' });
    boss = await admin(server);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.dispose()));
    await expectBalancedBook(server);
  });
  afterAll(() => server?.close());
  const db = () => server.app.database.db;
  const count = async (table: 'orders' | 'mailOutbox') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const mine = (user: Member) => ledgerOf(server, user, user.accessToken);

  /** Waits until the commission's hold ended, then runs the due jobs as the worker would. */
  async function releaseDue(availableAt: string) {
    await waitFor('the hold to end', () => Date.now() > Date.parse(availableAt) + 5);
    return server.app.jobs.runDue();
  }

  /** A referrer with a won order of 1,234,567 EUR minor units (commission 123,456); answers its movement too. */
  async function wonReferral(name: string) {
    const referrer = await member(server, name);
    const order = await referredOrder(server, referrer);
    const version = await winOrder(server, boss, order.id, 1_234_567, 'EUR');
    const ledger = await mine(referrer);
    return { referrer, order, version, commission: ledger.transactions.edges[0].node };
  }

  it('a referral code that credits no one is refused at referralCode and nothing is stored', async () => {
    const owner = await member(server, 'Owen Owner');
    const inactive = await member(server, 'Ina Inactive');
    await db().updateTable('referralCodes').set({ isActive: 0 }).where('userId', '=', inactive.localId).execute();
    const code = await referralCodeOf(server, owner);
    const before = { orders: await count('orders'), mails: await count('mailOutbox') };
    expectCode(await orderWithCode(server, 'NOSUCHCODE1'), 'REFERRAL_CODE_UNKNOWN', 'referralCode');
    expectCode(await orderWithCode(server, code, { token: owner.accessToken }), 'REFERRAL_CODE_OWN', 'referralCode');
    expectCode(await orderWithCode(server, code.toLowerCase(), { token: owner.accessToken }), 'REFERRAL_CODE_OWN', 'referralCode');
    await markVerified(server, owner);
    expectCode(await orderWithCode(server, code, { email: owner.email.toUpperCase() }), 'REFERRAL_CODE_OWN', 'referralCode');
    expectCode(await orderWithCode(server, await referralCodeOf(server, inactive)), 'REFERRAL_CODE_UNKNOWN', 'referralCode');
    expect({ orders: await count('orders'), mails: await count('mailOutbox') }).toEqual(before);
  });

  it('an unverified owner’s address and a lower-case code are accepted; administrators see code and referrer', async () => {
    const owner = await member(server, 'Una Unverified');
    const code = await referralCodeOf(server, owner);
    const sameAddress = await referredOrder(server, owner, { email: owner.email });
    const { reference } = ok(await orderWithCode(server, code.toLowerCase())).createOrder;
    const row = await db().selectFrom('orders').select(['id', 'referralCode', 'referrerId']).where('reference', '=', reference).executeTakeFirstOrThrow();
    expect([row.referralCode, row.referrerId]).toEqual([code, owner.localId]);
    const seen = ok(await server.graphql(ORDER_LEDGER, { id: sameAddress.id }, boss.accessToken)).node;
    expect(seen).toEqual({ referralCode: code, referrer: { id: owner.id }, commission: null });
  });

  it("a signed-out order with the referrer's own code and own unverified address: the commission is held for review, never released by the job", async () => {
    const owner = await member(server, 'Sam Self');
    const order = await referredOrder(server, owner, { email: owner.email.toUpperCase() });
    const held = await db().selectFrom('orders').select('referralReview').where('id', '=', order.localId).executeTakeFirstOrThrow();
    expect(held.referralReview).toBe(1);
    await winOrder(server, boss, order.id, 1_000_000, 'EUR');
    const [commission] = (await mine(owner)).transactions.edges.map((e: any) => e.node);
    expect(commission).toMatchObject({ kind: 'COMMISSION', status: 'PENDING', availableAt: null, amount: { amount: 100_000, currency: 'EUR' } });
    const seen = ok(await server.graphql(HELD_LEDGER, { id: order.id }, boss.accessToken)).node;
    expect(seen).toMatchObject({ referralHeldForReview: true, commission: { status: 'PENDING', availableAt: null } });
    // No release is queued: however long one waits, the jobs leave it pending.
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS + 50));
    await server.app.jobs.runDue();
    expect(await mine(owner)).toMatchObject({ balance: 0, held: 100_000 });
    // Someone else's address with the same code is paid as usual.
    const other = await referredOrder(server, owner);
    expect(ok(await server.graphql(HELD_LEDGER, { id: other.id }, boss.accessToken)).node.referralHeldForReview).toBe(false);
  });

  it('a won referred request credits the commission pending; the release job makes it available once', async () => {
    const before = Date.now();
    const { referrer, order, commission } = await wonReferral('Rhea Referrer');
    expect(commission).toMatchObject({
      kind: 'COMMISSION',
      amount: { amount: 123_456, currency: 'EUR' },
      status: 'PENDING',
      orderReference: order.reference,
      reason: null,
    });
    const availableAt = Date.parse(commission.availableAt);
    // availableAt = the moment of the WON + the hold (the transaction's `created` is a moment later).
    expect(availableAt).toBeGreaterThanOrEqual(before + HOLD_MS);
    expect(availableAt).toBeLessThanOrEqual(Date.parse(commission.created) + HOLD_MS);
    expect(availableAt).toBeGreaterThan(Date.parse(commission.created) + HOLD_MS - 1_000);
    let ledger = await mine(referrer);
    expect(ledger).toMatchObject({
      balance: 0,
      held: 123_456,
      balanceCurrency: 'EUR',
      balances: [{ currency: 'EUR', available: 0, pending: 123_456, inPayout: 0 }],
    });
    expect(ledger.transactions.totalCount).toBe(1);
    expect(ok(await server.graphql(ORDER_LEDGER, { id: order.id }, boss.accessToken)).node.commission).toEqual({
      kind: 'COMMISSION',
      amount: { amount: 123_456, currency: 'EUR' },
      status: 'PENDING',
    });

    await releaseDue(commission.availableAt);
    ledger = await mine(referrer);
    expect(ledger).toMatchObject({ balance: 123_456, held: 0, balances: [{ currency: 'EUR', available: 123_456, pending: 0, inPayout: 0 }] });
    expect(ledger.transactions.edges.map((e: any) => [e.node.kind, e.node.status, e.node.amount.amount])).toEqual([['COMMISSION', 'AVAILABLE', 123_456]]);
    const book = await readBook(server);
    expect(await server.app.jobs.runDue()).toMatchObject({ retried: 0, failed: 0 });
    expect(await readBook(server)).toEqual(book);
  });

  it('a refund before the release takes the commission back from pending; the release then does nothing', async () => {
    const { referrer, order, version, commission } = await wonReferral('Ben Before');
    ok(await refundOrder(server, boss, order.id, version));
    const ledger = await mine(referrer);
    expect(ledger.transactions.edges.map((e: any) => [e.node.kind, e.node.status, e.node.amount.amount])).toEqual([
      ['REVERSAL', 'COMPLETED', -123_456],
      ['COMMISSION', 'REVERSED', 123_456],
    ]);
    expect(ledger).toMatchObject({ balance: 0, held: 0, balances: [{ currency: 'EUR', available: 0, pending: 0, inPayout: 0 }] });
    expect(ok(await server.graphql(ORDER_LEDGER, { id: order.id }, boss.accessToken)).node.commission).toMatchObject({
      kind: 'COMMISSION',
      status: 'REVERSED',
    });
    // The queued release runs, finds the commission taken back, and is done (no retry).
    expect(await releaseDue(commission.availableAt)).toMatchObject({ retried: 0, failed: 0 });
    expect(await mine(referrer)).toEqual(ledger);
  });

  it('a refund after the release takes it back from available', async () => {
    const { referrer, order, version, commission } = await wonReferral('Alf After');
    await releaseDue(commission.availableAt);
    ok(await refundOrder(server, boss, order.id, version));
    const ledger = await mine(referrer);
    expect(ledger.transactions.edges.map((e: any) => [e.node.kind, e.node.status, e.node.amount.amount])).toEqual([
      ['REVERSAL', 'COMPLETED', -123_456],
      ['COMMISSION', 'REVERSED', 123_456],
    ]);
    expect(ledger).toMatchObject({ balance: 0, held: 0, balances: [{ currency: 'EUR', available: 0, pending: 0, inPayout: 0 }] });
  });

  it('a refund after the money went to payout is an adjustment below zero, which later earnings settle', async () => {
    const { referrer, order, version, commission } = await wonReferral('Pia Paid');
    await releaseDue(commission.availableAt);
    await simulatePayout(server, referrer.localId, 'EUR', 100_000, `pia-${order.localId}`, true);
    await simulatePayout(server, referrer.localId, 'EUR', 23_456, `pia2-${order.localId}`, false);
    expect(await mine(referrer)).toMatchObject({ balance: 0, held: 23_456, balances: [{ currency: 'EUR', available: 0, pending: 0, inPayout: 23_456 }] });
    ok(await refundOrder(server, boss, order.id, version));
    let ledger = await mine(referrer);
    const [refund] = ledger.transactions.edges.map((e: any) => e.node);
    expect(refund).toMatchObject({ kind: 'ADJUSTMENT', status: 'COMPLETED', amount: { amount: -123_456, currency: 'EUR' }, orderReference: order.reference });
    expect(refund.reason).toContain(order.reference);
    // (The simulated payout's in_payout → paid_out step shows as an adjustment of its own.)
    expect(ledger.transactions.edges.find((e: any) => e.node.kind === 'COMMISSION').node).toMatchObject({
      orderReference: order.reference,
      status: 'REVERSED',
    });
    expect(ledger).toMatchObject({ balance: -123_456, held: 23_456, balances: [{ currency: 'EUR', available: -123_456, pending: 0, inPayout: 23_456 }] });

    // LEDGER-REFUND: later earnings settle the negative balance — a release smaller than the debt too.
    const next = await referredOrder(server, referrer);
    await winOrder(server, boss, next.id, 1_000_000, 'EUR');
    ledger = await mine(referrer);
    expect(ledger).toMatchObject({ balance: -123_456, held: 123_456 });
    expect(await releaseDue(ledger.transactions.edges[0].node.availableAt)).toMatchObject({ retried: 0, failed: 0 });
    ledger = await mine(referrer);
    expect(ledger.transactions.edges[0].node).toMatchObject({ kind: 'COMMISSION', status: 'AVAILABLE', amount: { amount: 100_000 } });
    expect(ledger).toMatchObject({ balance: -23_456, held: 23_456, balances: [{ currency: 'EUR', available: -23_456, pending: 0, inPayout: 23_456 }] });
  });

  it('transactionsUpdated tells the referrer when the commission is credited and when it is released', async () => {
    const referrer = await member(server, 'Liv Live');
    const order = await referredOrder(server, referrer);
    const client = createClient({
      url: server.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${referrer.accessToken}` },
      retryAttempts: 0,
      lazy: true,
    });
    sockets.push(client);
    const events: any[] = [];
    client.subscribe(
      { query: 'subscription { transactionsUpdated { id balance held } }' },
      { next: (v) => void events.push(v), error: (e) => void events.push({ error: e }), complete: () => {} },
    );
    // No listener count is exposed for this topic: a notice published until one arrives shows it listens.
    await waitFor('the subscription to listen', () => {
      if (events.length === 0) server.app.pubsub.publishLedgerChanged(referrer.localId);
      return events.length > 0;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ready = events.length;
    expect(events[0]).toEqual({ data: { transactionsUpdated: { id: referrer.id, balance: 0, held: 0 } } });

    await winOrder(server, boss, order.id, 500_000, 'USD');
    const credited = await waitFor('the credit event', () => events.slice(ready).find((e) => e.data?.transactionsUpdated.held === 50_000));
    expect(credited.data.transactionsUpdated).toEqual({ id: referrer.id, balance: 0, held: 50_000 });
    const { availableAt } = (await mine(referrer)).transactions.edges[0].node;
    await releaseDue(availableAt);
    const released = await waitFor('the release event', () => events.slice(ready).find((e) => e.data?.transactionsUpdated.balance === 50_000));
    expect(released.data.transactionsUpdated).toEqual({ id: referrer.id, balance: 50_000, held: 0 });
    expect(events.filter((e) => !e.data)).toEqual([]);
  });

  it('transactionsUpdated without a bearer token answers UNAUTHENTICATED', async () => {
    const client = createClient({ url: server.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
    sockets.push(client);
    const outcome = await new Promise<any>((resolve) => {
      client.subscribe(
        { query: 'subscription { transactionsUpdated { id } }' },
        { next: resolve, error: (e) => resolve({ error: e }), complete: () => resolve({ complete: true }) },
      );
    });
    const errors = outcome.errors ?? outcome.error;
    expect(JSON.stringify(errors)).toContain('UNAUTHENTICATED');
  });
});
