/**
 * The referral ledger under concurrency (LEDGER-IDEMPOTENCY, LEDGER-HOLD, LEDGER-REFUND,
 * LEDGER-ADJUSTMENT) on SQLite and PostgreSQL — on PostgreSQL truly in parallel over the server's
 * pool of 10 connections: one commission released by 20 racing calls is credited once; a release
 * racing a refund ends with the commission taken back exactly once and nothing left over; 10
 * identical adjustments sent at once with one idempotency key post once; parallel postings on one
 * account lose no update. Every test ends with the whole book balanced.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { balancesOf } from '../src/modules/money/ledger/book.js';
import { postAdjustment, releaseCommission, reverseCommission } from '../src/modules/money/ledger/referrals.js';
import { describeEachDb, ok, startServer, type TestServer } from './harness.js';
import { ADJUST, LEDGER_ENV, expectBalancedBook, readBook, referredOrder, refundOrder, winOrder } from './ledger-helpers.js';
import { auditRows } from './admin-helpers.js';
import { type Member, admin, member } from './requests-helpers.js';

describeEachDb('ledger concurrency on %s', (kind) => {
  let server: TestServer;
  let boss: Member;
  beforeAll(async () => {
    server = await startServer(kind, LEDGER_ENV);
    boss = await admin(server);
  });
  afterAll(async () => {
    if (server) await expectBalancedBook(server);
    await server?.close();
  });
  const db = () => server.app.database.db;

  /** A referred order of `referrer` won for 1,000,000 EUR minor units: its commission (100,000) and version. */
  async function commissionFor(referrer: Member) {
    const order = await referredOrder(server, referrer);
    const version = await winOrder(server, boss, order.id, 1_000_000, 'EUR');
    const commission = await db()
      .selectFrom('ledgerTransactions')
      .selectAll()
      .where('idempotencyKey', '=', `commission:${order.localId}`)
      .executeTakeFirstOrThrow();
    return { order, version, commission };
  }
  const related = (id: string) => db().selectFrom('ledgerTransactions').selectAll().where('relatedId', '=', id).orderBy('created').execute();

  it('20 parallel releases of one commission credit it once', async () => {
    const referrer = await member(server, 'Rex');
    const { commission } = await commissionFor(referrer);
    const results = await Promise.all(Array.from({ length: 20 }, () => releaseCommission(db(), commission.id)));
    expect(results.filter((r) => r && !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r?.transaction.id)).size).toBe(1);
    expect((await related(commission.id)).map((t) => t.kind)).toEqual(['release']);
    expect(await balancesOf(db(), referrer.localId)).toEqual([{ currency: 'EUR', pending: 0, available: 100_000, inPayout: 0 }]);
    const user = await db().selectFrom('users').select(['balance', 'held']).where('id', '=', referrer.localId).executeTakeFirstOrThrow();
    expect([Number(user.balance), Number(user.held)]).toEqual([100_000, 0]);
    await expectBalancedBook(server);
  });

  it('a release racing a refund: the commission is taken back exactly once, from where it was', async () => {
    const referrer = await member(server, 'Ria');
    for (let round = 0; round < 8; round += 1) {
      const { order, version, commission } = await commissionFor(referrer);
      const release = () => releaseCommission(db(), commission.id);
      // Rounds alternate: the refund through GraphQL (WON → LOST), or `reverseCommission` called
      // directly (a tighter race); and which of the two starts first.
      const refund =
        round < 4
          ? async () => ok(await refundOrder(server, boss, order.id, version))
          : async () => {
              const row = await db().selectFrom('orders').selectAll().where('id', '=', order.localId).executeTakeFirstOrThrow();
              return db()
                .transaction()
                .execute((trx) => reverseCommission(trx, row, boss.localId));
            };
      await (round % 2 === 0 ? Promise.all([refund(), release()]) : Promise.all([release(), refund()]));
      const fates = await related(commission.id);
      const reversals = fates.filter((t) => t.kind === 'reversal' || t.kind === 'adjustment');
      expect(reversals.map((t) => t.kind)).toEqual(['reversal']);
      const releases = fates.filter((t) => t.kind === 'release');
      expect(releases.length).toBeLessThanOrEqual(1);
      // Released first: the reversal took it from available; else from pending, and no release followed.
      const leg = await db()
        .selectFrom('ledgerEntries as e')
        .innerJoin('ledgerAccounts as a', 'a.id', 'e.accountId')
        .select(['a.type', 'e.amount'])
        .where('e.transactionId', '=', reversals[0]!.id)
        .where('a.owner', '=', referrer.localId)
        .executeTakeFirstOrThrow();
      expect([leg.type, Number(leg.amount)]).toEqual([releases.length === 1 ? 'available' : 'pending', -100_000]);
      if (releases.length === 1) expect(releases[0]!.created <= reversals[0]!.created).toBe(true);
      expect(await balancesOf(db(), referrer.localId)).toEqual([{ currency: 'EUR', pending: 0, available: 0, inPayout: 0 }]);
      // A release retried afterwards finds the commission reversed: nothing.
      expect((await release())?.replayed ?? true).toBe(true);
    }
    await expectBalancedBook(server);
  });

  it('12 referred orders won at once credit every commission once (the studio account is shared by all)', async () => {
    const [one, two] = [await member(server, 'Wes'), await member(server, 'Wyn')];
    const orders = await Promise.all(Array.from({ length: 12 }, (_, i) => referredOrder(server, i % 2 === 0 ? one : two)));
    await Promise.all(orders.map((order, i) => winOrder(server, boss, order.id, 100_000 * (i + 1), 'EUR')));
    const expected = (parity: number) => orders.reduce((sum, _, i) => (i % 2 === parity ? sum + 10_000 * (i + 1) : sum), 0);
    expect(await balancesOf(db(), one.localId)).toEqual([{ currency: 'EUR', pending: expected(0), available: 0, inPayout: 0 }]);
    expect(await balancesOf(db(), two.localId)).toEqual([{ currency: 'EUR', pending: expected(1), available: 0, inPayout: 0 }]);
    await expectBalancedBook(server);
  });

  it('10 identical adjustments sent at once with one idempotencyKey post once', async () => {
    const target = await member(server, 'Ada');
    const before = await readBook(server);
    const input = { userId: target.id, amount: 2_500, currency: 'USD', reason: 'Goodwill credit', idempotencyKey: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.graphql(ADJUST, { input }, boss.accessToken)));
    const ids = answers.map((a) => ok(a).postLedgerAdjustment.transaction.id);
    expect(new Set(ids).size).toBe(1);
    for (const a of answers) expect(a.data.postLedgerAdjustment.user).toMatchObject({ balance: 2_500, held: 0 });
    const after = await readBook(server);
    expect(after.transactions.length - before.transactions.length).toBe(1);
    expect(after.entries.length - before.entries.length).toBe(2);
    expect((await auditRows(server, target.localId)).filter((r) => r.action === 'ledger.adjustment')).toHaveLength(1);
    expect(await balancesOf(db(), target.localId)).toEqual([{ currency: 'USD', pending: 0, available: 2_500, inPayout: 0 }]);
  });

  it('parallel postings on one account lose no update', async () => {
    const target = await member(server, 'Ned');
    const amounts = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? -(i + 1) * 7 : (i + 1) * 11));
    await Promise.all(
      amounts.map((amount, i) =>
        db()
          .transaction()
          .execute((trx) =>
            postAdjustment(trx, {
              actorId: boss.localId,
              userId: target.localId,
              amount,
              currency: 'EUR',
              reason: `parallel ${i}`,
              key: `parallel-${target.localId}-${i}`,
            }),
          ),
      ),
    );
    const sum = amounts.reduce((a, b) => a + b, 0);
    expect(await balancesOf(db(), target.localId)).toEqual([{ currency: 'EUR', pending: 0, available: sum, inPayout: 0 }]);
    const user = await db().selectFrom('users').select(['balance', 'held', 'balanceCurrency']).where('id', '=', target.localId).executeTakeFirstOrThrow();
    expect([Number(user.balance), Number(user.held), user.balanceCurrency]).toEqual([sum, 0, 'EUR']);
    await expectBalancedBook(server);
  });
});
