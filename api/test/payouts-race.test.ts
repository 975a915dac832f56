/**
 * A webhook's job and the transfer job of the same payout running at the same time (PAYOUT-WEBHOOKS,
 * PAYOUT-REQUEST), on SQLite and PostgreSQL: Stripe made the transfer and sent `transfer.created`
 * while the transfer job was still recording it. Whatever order the two commit in, the payout must
 * end PAID, once, with one transfer. The book balances afterwards.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, ok } from './harness.js';
import { expectBalancedBook } from './ledger-helpers.js';
import { type Member, admin } from './requests-helpers.js';
import { type PayoutWorld, REQUEST, balanceOf, me, onlyPayoutOf, payoutRow, startPayoutWorld, stripeReady } from './payouts-helpers.js';

const ROUNDS = 8;

describeEachDb('payout events racing the transfer job on %s', (kind) => {
  let world: PayoutWorld;
  let boss: Member;
  beforeAll(async () => {
    world = await startPayoutWorld(kind);
    boss = await admin(world.server);
  });
  afterEach(async () => {
    await expectBalancedBook(world.server);
  });
  afterAll(() => world?.close());

  it(`transfer.created handled while the transfer job runs ends the payout PAID (${ROUNDS} payouts at once)`, async () => {
    const server = world.server;
    const sdk = new Stripe('sk_test_fake', { host: '127.0.0.1', port: world.stripe.port, protocol: 'http' });
    const users = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => stripeReady(world, boss, `Racer ${i}`)));
    const rows = [];
    for (const user of users) {
      ok(await server.graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
      const row = await onlyPayoutOf(server, user);
      // Stripe makes the transfer (the job's own call will replay it: same idempotency key) and tells of it.
      const made = await sdk.transfers.create(
        { amount: 5000, currency: 'eur', destination: (await me(server, user)).stripeAccountId, transfer_group: row.id, metadata: { payoutId: row.id } },
        { idempotencyKey: `payout:${row.id}` },
      );
      expect((await world.stripe.sendEvent('platform', 'transfer.created', made)).status).toBe(200);
      rows.push(row);
    }
    // Both kinds of job are due: the worker runs them side by side.
    await server.app.jobs.runDue();
    const statuses = await Promise.all(rows.map(async (row) => (await payoutRow(server, row.id)).status));
    expect(statuses).toEqual(rows.map(() => 'PAID'));
    for (const user of users) expect(await balanceOf(server, user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
  });
});
