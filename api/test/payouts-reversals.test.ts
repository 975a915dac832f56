/**
 * What Stripe really sends for Connect transfers, and transfers reversed after their payout was
 * paid, on SQLite and PostgreSQL against the fake Stripe (PAYOUT-REQUEST, PAYOUT-WEBHOOKS,
 * PAYOUT-MAIL, LEDGER-BOOK; decision 0041). A Connect transfer has no status of its own (there is
 * no `transfer.paid`): the payout is PAID as soon as Stripe made its transfer. A reversal —
 * `transfer.reversed`, sent for partial ones too — posts the reversed money back from the studio's
 * `paid_out` to the earner's `available`, once per reversal; a full one marks the payout REVERSED;
 * the earner and the administrators are mailed once. Duplicated, replayed and out-of-order events
 * change nothing more. The book balances after every test.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, ok } from './harness.js';
import { expectBalancedBook } from './ledger-helpers.js';
import { type Member, admin } from './requests-helpers.js';
import { type PayoutWorld, REQUEST, balanceOf, mailsOf, me, onlyPayoutOf, payoutRow, startPayoutWorld, stripeReady } from './payouts-helpers.js';

describeEachDb('payouts paid and reversed on %s', (kind) => {
  let world: PayoutWorld;
  let boss: Member;
  let russianBoss: Member;
  let sdk: Stripe;
  beforeAll(async () => {
    world = await startPayoutWorld(kind);
    boss = await admin(world.server, 'Ada Admin');
    russianBoss = await admin(world.server, 'Boris Admin');
    await world.server.app.database.db.updateTable('users').set({ locale: 'ru' }).where('id', '=', russianBoss.localId).execute();
    sdk = new Stripe('sk_test_fake', { host: '127.0.0.1', port: world.stripe.port, protocol: 'http' });
  });
  afterEach(async () => {
    await expectBalancedBook(world.server);
  });
  afterAll(() => world?.close());
  const server = () => world.server;
  const transfersOf = (payoutId: string) => [...world.stripe.transfers.values()].filter((t) => t.transfer_group === payoutId);
  const movements = async (user: Member) =>
    (await me(server(), user)).transactions.edges.map((e: { node: { kind: string; amount: { amount: number } } }) => [e.node.kind, e.node.amount.amount]);
  /** How many mails of `template` about `user`'s one payout went to each of: the user, the English administrator, the Russian one. */
  const told = async (template: string, user: Member) => {
    const mails = await mailsOf(server(), template, (await onlyPayoutOf(server(), user)).id);
    return [user, boss, russianBoss].map((to) => mails.filter((m) => m.recipient === to.email).length);
  };

  /** A ready user whose payout of 5000 EUR was requested and whose transfer job ran. */
  async function paidOut(name: string) {
    const user = await stripeReady(world, boss, name);
    ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
    const row = await onlyPayoutOf(server(), user);
    await server().app.jobs.runDue();
    return { user, row };
  }

  it('the transfer job ends the payout PAID at once, without any event; a legacy transfer.paid changes nothing', async () => {
    const { user, row } = await paidOut('Pia PaidAtOnce');
    const paid = await payoutRow(server(), row.id);
    expect([paid.status, paid.stripeTransferId]).toEqual(['PAID', transfersOf(row.id)[0]!.id]);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
    expect(await told('payoutPaid', user)).toEqual([1, 0, 0]);
    expect(await movements(user)).toContainEqual(['PAYOUT', -5000]);
    const legacy = await world.stripe.sendEvent('platform', 'transfer.paid', transfersOf(row.id)[0]!, { duplicate: true });
    expect(legacy.statuses).toEqual([200, 200]);
    await server().app.jobs.runDue();
    expect(await payoutRow(server(), row.id)).toEqual(paid);
    expect(await told('payoutPaid', user)).toEqual([1, 0, 0]);
  });

  it('a full reversal after PAID posts the money back, marks the payout REVERSED and tells the earner and the administrators once', async () => {
    const { user, row } = await paidOut('Rolf Reversed');
    const transfer = transfersOf(row.id)[0]!;
    // A legacy transfer.paid (API versions before 2017-04-06) is accepted and changes nothing here.
    await world.stripe.sendEvent('platform', 'transfer.paid', transfer);
    await server().app.jobs.runDue();
    expect((await payoutRow(server(), row.id)).status).toBe('PAID');
    const reversal = await sdk.transfers.createReversal(transfer.id);
    expect((await world.stripe.sendEvent('platform', 'transfer.reversed', world.stripe.transfers.get(transfer.id)!, { duplicate: true })).statuses).toEqual([
      200, 200,
    ]);
    await server().app.jobs.runDue();
    const reversed = await payoutRow(server(), row.id);
    expect(reversed.status).toBe('REVERSED');
    expect(await balanceOf(server(), user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    const posting = await server()
      .app.database.db.selectFrom('ledgerTransactions')
      .select(['kind', 'currency'])
      .where('idempotencyKey', '=', `payout-reversed:${row.id}:${reversal.id}`)
      .execute();
    expect(posting).toEqual([{ kind: 'payout_reversed', currency: 'EUR' }]);
    expect(await movements(user)).toContainEqual(['PAYOUT_REVERSED', 5000]);
    expect(await told('payoutReversed', user)).toEqual([1, 0, 0]);
    expect(await told('adminPayoutReversed', user)).toEqual([0, 1, 1]);
    const adminLocales = (await mailsOf(server(), 'adminPayoutReversed')).filter((m) => m.recipient === russianBoss.email).map((m) => m.locale);
    expect(adminLocales).toEqual(['ru']);

    // Replayed, repeated and out-of-order events: nothing more happens.
    await world.stripe.sendEvent('platform', 'transfer.created', world.stripe.transfers.get(transfer.id)!);
    await world.stripe.sendEvent('platform', 'transfer.updated', world.stripe.transfers.get(transfer.id)!);
    await world.stripe.sendEvent('platform', 'transfer.reversed', world.stripe.transfers.get(transfer.id)!);
    await server().app.jobs.runDue();
    expect(await payoutRow(server(), row.id)).toEqual(reversed);
    expect(await balanceOf(server(), user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    expect(await told('payoutReversed', user)).toEqual([1, 0, 0]);
    expect(await told('adminPayoutReversed', user)).toEqual([0, 1, 1]);
    expect(await told('payoutFailed', user)).toEqual([0, 0, 0]);
  });

  it('a partial reversal posts its amount and keeps the payout PAID; reversing the rest ends it REVERSED', async () => {
    const { user, row } = await paidOut('Petra Partial');
    const transfer = transfersOf(row.id)[0]!;
    await sdk.transfers.createReversal(transfer.id, { amount: 2000 });
    await world.stripe.sendEvent('platform', 'transfer.reversed', world.stripe.transfers.get(transfer.id)!);
    await server().app.jobs.runDue();
    expect((await payoutRow(server(), row.id)).status).toBe('PAID');
    expect(await balanceOf(server(), user)).toEqual({ available: 2000, pending: 0, inPayout: 0 });
    expect(await told('payoutReversed', user)).toEqual([1, 0, 0]);
    expect(await told('adminPayoutReversed', user)).toEqual([0, 1, 1]);

    await sdk.transfers.createReversal(transfer.id);
    await world.stripe.sendEvent('platform', 'transfer.reversed', world.stripe.transfers.get(transfer.id)!, { duplicate: true });
    await server().app.jobs.runDue();
    expect((await payoutRow(server(), row.id)).status).toBe('REVERSED');
    expect(await balanceOf(server(), user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    expect(
      (await movements(user))
        .filter(([k]: [string]) => k === 'PAYOUT_REVERSED')
        .map(([, a]: [string, number]) => a)
        .sort(),
    ).toEqual([2000, 3000]);
    expect(await told('payoutReversed', user)).toEqual([2, 0, 0]);
    expect(await told('adminPayoutReversed', user)).toEqual([0, 2, 2]);
  });

  it('a transfer made and reversed before the job recorded it: the event ends the payout PAID then REVERSED, the money back once', async () => {
    const user = await stripeReady(world, boss, 'Otto OutOfOrder');
    ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
    const row = await onlyPayoutOf(server(), user);
    const made = await sdk.transfers.create(
      { amount: 5000, currency: 'eur', destination: (await me(server(), user)).stripeAccountId, transfer_group: row.id, metadata: { payoutId: row.id } },
      { idempotencyKey: `payout:${row.id}` },
    );
    await sdk.transfers.createReversal(made.id);
    expect((await world.stripe.sendEvent('platform', 'transfer.reversed', world.stripe.transfers.get(made.id)!)).status).toBe(200);
    await server().app.jobs.runDue(['stripe.event']);
    expect((await payoutRow(server(), row.id)).status).toBe('REVERSED');
    // The transfer job, running late, finds the payout ended: no second transfer, no second return.
    await server().app.jobs.runDue();
    expect(transfersOf(row.id)).toHaveLength(1);
    expect((await payoutRow(server(), row.id)).status).toBe('REVERSED');
    expect(await balanceOf(server(), user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    expect(await told('payoutPaid', user)).toEqual([1, 0, 0]);
    expect(await told('payoutReversed', user)).toEqual([1, 0, 0]);
  });
});
