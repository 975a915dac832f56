/**
 * Properties of the referral ledger on SQLite and PostgreSQL (LEDGER-BOOK, LEDGER-DERIVED,
 * LEDGER-IDEMPOTENCY, LEDGER-NEGATIVE, LEDGER-HOLD, LEDGER-REFUND, LEDGER-ADJUSTMENT): fast-check
 * generates sequences of postings over three users and two currencies — commissions credited on
 * real referred orders (`creditCommission`), their releases and reversals, administrators'
 * adjustments (keys reused on purpose), and a payout's two moves (available → in_payout →
 * studio paid_out, posted with `book.post`) — with replays of earlier operations mixed in. After
 * each operation a replay or a refused posting must have changed nothing; after each sequence the
 * whole book must balance and the users' derived columns must match it. The database refuses to
 * edit or delete what was written.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STUDIO, type Posting, post } from '../src/modules/money/ledger/book.js';
import { creditCommission, postAdjustment, releaseCommission, reverseCommission } from '../src/modules/money/ledger/referrals.js';
import { HttpError } from '../src/platform/http/errors.js';
import { describeEachDb, startServer, type TestServer } from './harness.js';
import { type Book, LEDGER_ENV, expectBalancedBook, readBook, referredOrder } from './ledger-helpers.js';
import { type Member, admin, member } from './requests-helpers.js';

const SEED = 20261125;
const CURRENCIES = ['EUR', 'USD'] as const;
const currencyOf = (c: number): string => CURRENCIES[c % CURRENCIES.length]!;

type Op =
  | { t: 'credit'; u: number; c: number; amount: number }
  | { t: 'release' | 'reverse' | 'replay'; i: number }
  | { t: 'adjust'; u: number; c: number; amount: number; key: number }
  | { t: 'hold' | 'paid'; u: number; c: number; amount: number };

const user = fc.integer({ min: 0, max: 2 });
const currency = fc.integer({ min: 0, max: 1 });
const OP: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('credit' as const), u: user, c: currency, amount: fc.integer({ min: 10, max: 2_000_000 }) }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constantFrom('release' as const, 'reverse' as const), i: fc.nat(20) }), weight: 3 },
  {
    arbitrary: fc.record({
      t: fc.constant('adjust' as const),
      u: user,
      c: currency,
      amount: fc.integer({ min: -50_000, max: 50_000 }).filter((v) => v !== 0),
      key: fc.nat(3),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ t: fc.constantFrom('hold' as const, 'paid' as const), u: user, c: currency, amount: fc.integer({ min: 1, max: 60_000 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant('replay' as const), i: fc.nat(30) }), weight: 2 },
);

/** A replay or a refused posting changes nothing: the whole book, compared as is. */
const same = (a: Book, b: Book) => expect(b).toEqual(a);

describeEachDb('ledger properties on %s', (kind) => {
  let server: TestServer;
  let boss: Member;
  let users: Member[];
  let run = 0;
  beforeAll(async () => {
    server = await startServer(kind, LEDGER_ENV);
    boss = await admin(server);
    users = [await member(server, 'Uma'), await member(server, 'Ugo'), await member(server, 'Ula')];
  });
  afterAll(() => server?.close());
  const db = () => server.app.database.db;

  /** An account's balance now (0 before its first posting). */
  async function balanceOf(owner: string, type: 'available' | 'in_payout', cur: string): Promise<number> {
    const row = await db()
      .selectFrom('ledgerAccounts')
      .select('balance')
      .where('owner', '=', owner)
      .where('type', '=', type)
      .where('currency', '=', cur)
      .executeTakeFirst();
    return Number(row?.balance ?? 0);
  }

  /** Posts `posting` in its own transaction; answers INSUFFICIENT_FUNDS as a value, other errors throw. */
  async function tryPost(posting: Posting): Promise<'posted' | 'INSUFFICIENT_FUNDS'> {
    try {
      await db()
        .transaction()
        .execute((trx) => post(trx, posting));
      return 'posted';
    } catch (error) {
      if (error instanceof HttpError && error.code === 'INSUFFICIENT_FUNDS') return 'INSUFFICIENT_FUNDS';
      throw error;
    }
  }

  async function runSequence(ops: Op[]) {
    run += 1;
    const commissions: Array<{ id: string; orderId: string }> = [];
    /** What each earlier operation did, to do again: a replay must change nothing. */
    const done: Array<() => Promise<unknown>> = [];
    const keysUsed = new Set<string>();
    let n = 0;
    for (const op of ops) {
      n += 1;
      if (op.t === 'credit') {
        const order = await referredOrder(server, users[op.u]!);
        const row = await db().selectFrom('orders').selectAll().where('id', '=', order.localId).executeTakeFirstOrThrow();
        const credit = () =>
          db()
            .transaction()
            .execute((trx) =>
              creditCommission(trx, server.app.jobs, server.config.referrals, { ...row, contractAmount: op.amount, contractCurrency: currencyOf(op.c) }),
            );
        const posted = await credit();
        expect(posted?.replayed).toBe(false);
        commissions.push({ id: posted!.transaction.id, orderId: row.id });
        done.push(credit);
      } else if (op.t === 'release' || op.t === 'reverse') {
        const target = commissions[op.i % Math.max(1, commissions.length)];
        if (!target) continue;
        const act =
          op.t === 'release'
            ? () => releaseCommission(db(), target.id)
            : async () => {
                const row = await db().selectFrom('orders').selectAll().where('id', '=', target.orderId).executeTakeFirstOrThrow();
                return db()
                  .transaction()
                  .execute((trx) => reverseCommission(trx, row, boss.localId));
              };
        await act();
        done.push(act);
      } else if (op.t === 'adjust') {
        const input = {
          actorId: boss.localId,
          userId: users[op.u]!.localId,
          amount: op.amount,
          currency: currencyOf(op.c),
          reason: `property run ${run}`,
          key: `p${run}-${op.key}`,
        };
        const act = () =>
          db()
            .transaction()
            .execute((trx) => postAdjustment(trx, input));
        const before = keysUsed.has(input.key) ? await readBook(server) : null;
        const posted = await act();
        // A key used before in this run: the earlier adjustment is the answer; nothing is written.
        expect(posted.replayed).toBe(before !== null);
        if (before) same(before, await readBook(server));
        keysUsed.add(input.key);
        done.push(act);
      } else if (op.t === 'hold' || op.t === 'paid') {
        const owner = users[op.u]!.localId;
        const cur = currencyOf(op.c);
        const from = op.t === 'hold' ? 'available' : 'in_payout';
        const posting: Posting =
          op.t === 'hold'
            ? {
                key: `hold:${kind}:${run}:${n}`,
                kind: 'release',
                currency: cur,
                legs: [
                  { owner, type: 'available', amount: -op.amount },
                  { owner, type: 'in_payout', amount: op.amount },
                ],
              }
            : {
                key: `paid:${kind}:${run}:${n}`,
                kind: 'adjustment',
                currency: cur,
                legs: [
                  { owner, type: 'in_payout', amount: -op.amount },
                  { owner: STUDIO, type: 'paid_out', amount: op.amount },
                ],
              };
        const has = await balanceOf(owner, from, cur);
        const before = await readBook(server);
        const outcome = await tryPost(posting);
        // LEDGER-NEGATIVE: only adjustments go below zero; a refused posting leaves no trace.
        expect(outcome).toBe(has >= op.amount ? 'posted' : 'INSUFFICIENT_FUNDS');
        if (outcome === 'INSUFFICIENT_FUNDS') same(before, await readBook(server));
        else done.push(() => tryPost(posting));
      } else if (op.t === 'replay') {
        const again = done[op.i % Math.max(1, done.length)];
        if (!again) continue;
        const before = await readBook(server);
        await again();
        same(before, await readBook(server));
      }
    }
    await expectBalancedBook(server);
  }

  it('random sequences of postings and replays keep the book balanced and the derived balances right', { timeout: 120_000 }, async () => {
    const started = Date.now();
    await fc.assert(fc.asyncProperty(fc.array(OP, { minLength: 1, maxLength: 16 }), runSequence), { seed: SEED, numRuns: 150 });
    const book = await expectBalancedBook(server);
    // The runs did exercise every kind of transaction and a negative balance.
    expect(new Set(book.transactions.map((t) => t.kind))).toEqual(new Set(['commission', 'release', 'reversal', 'adjustment']));
    expect(book.accounts.some((a) => a.owner !== STUDIO && a.balance < 0)).toBe(true);
    console.info(`ledger properties on ${kind}: ${book.transactions.length} transactions in ${Date.now() - started} ms`);
  });

  it('replaying every transaction by its key changes nothing', async () => {
    const before = await readBook(server);
    for (const t of before.transactions) {
      const legs = before.entries
        .filter((e) => e.transactionId === t.id)
        .map((e) => {
          const account = before.accounts.find((a) => a.id === e.accountId)!;
          return { owner: account.owner, type: account.type, amount: e.amount };
        });
      const replay = await db()
        .transaction()
        .execute((trx) => post(trx, { key: t.idempotencyKey, kind: t.kind, currency: t.currency, legs, allowNegative: true }));
      expect(replay).toMatchObject({ replayed: true, transaction: { id: t.id } });
    }
    same(before, await readBook(server));
  });

  it('the database refuses UPDATE and DELETE of ledger transactions and entries', async () => {
    const before = await readBook(server);
    const t = before.transactions[0]!;
    const e = before.entries[0]!;
    const attempts = [
      () => db().updateTable('ledgerTransactions').set({ reason: 'edited' }).where('id', '=', t.id).execute(),
      () => db().deleteFrom('ledgerTransactions').where('id', '=', t.id).execute(),
      () => db().updateTable('ledgerEntries').set({ amount: 1 }).where('id', '=', e.id).execute(),
      () => db().deleteFrom('ledgerEntries').where('id', '=', e.id).execute(),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow(/append-only/);
    same(before, await readBook(server));
  });
});
