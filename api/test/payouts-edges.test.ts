/**
 * Edges of payouts, on SQLite and PostgreSQL: a server without Stripe settings (PAYOUT-METHOD:
 * STRIPE hidden and refused, webhooks absent), an outage that outlasts the transfer job's attempts
 * (PAYOUT-REQUEST, decision 0041: the money stays in payout while the outcome is unknown; Stripe's
 * answer that it made no transfer then fails the payout and returns the money, once), and a new
 * request after a failed one; a payout an older build left PROCESSING (waiting for a
 * `transfer.paid` Stripe never sends) is checked when a process starts and ends PAID. The book
 * balances after every test.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, ok, startServer, type TestServer } from './harness.js';
import { expectCode } from './admin-helpers.js';
import { LEDGER_ENV, expectBalancedBook } from './ledger-helpers.js';
import { type Member, admin, member } from './requests-helpers.js';
import Stripe from 'stripe';
import {
  type PayoutWorld,
  PAYOUT_ENV,
  REQUEST,
  SET_METHOD,
  START_ONBOARDING,
  balanceOf,
  mailCount,
  mailsOf,
  me,
  onlyPayoutOf,
  payoutRow,
  runJobsNow,
  startPayoutWorld,
  stripeReady,
} from './payouts-helpers.js';

const SETTINGS = 'query { payoutSettings { stripeAvailable stripeCountries minimums { amount currency } cooldownHours } }';

describeEachDb('payout edges on %s', (kind) => {
  let world: PayoutWorld;
  let plain: TestServer;
  let boss: Member;
  beforeAll(async () => {
    world = await startPayoutWorld(kind);
    plain = await startServer(kind, { ...LEDGER_ENV, PAYOUT_COOLDOWN_HOURS: '0' });
    boss = await admin(world.server);
  });
  afterEach(async () => {
    await expectBalancedBook(world.server);
  });
  afterAll(async () => {
    await world?.close();
    await plain?.close();
  });
  const server = () => world.server;

  it('without Stripe settings STRIPE is hidden and refused, and the webhooks are not there', async () => {
    expect(ok(await plain.graphql(SETTINGS)).payoutSettings).toMatchObject({ stripeAvailable: false, stripeCountries: [], cooldownHours: 0 });
    expect(ok(await server().graphql(SETTINGS)).payoutSettings.stripeAvailable).toBe(true);
    const user = await member(plain, 'Nils NoStripe');
    expectCode(await plain.graphql(SET_METHOD, { input: { method: 'STRIPE' } }, user.accessToken), 'STRIPE_UNAVAILABLE');
    expectCode(await plain.graphql(START_ONBOARDING, {}, user.accessToken), 'STRIPE_UNAVAILABLE');
    const webhook = await fetch(`${plain.baseUrl}/api/webhooks/stripe`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expect(webhook.status).toBe(404);
    await expectBalancedBook(plain);
  });

  it('an outage that outlasts every attempt keeps the money in payout; Stripe then answering "no transfer" fails it and returns the money, once', async () => {
    const user = await stripeReady(world, boss, 'Gina GiveUp');
    ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
    const row = await onlyPayoutOf(server(), user);
    // 8 attempts of the job, each one SDK call and its retry: the create, then 7 looks for a transfer. Every one fails.
    world.stripe.failNext('transfers', { status: 503, times: 16 });
    for (let i = 0; i < 12 && (await payoutRow(server(), row.id)).status === 'REQUESTED'; i += 1) await runJobsNow(server());
    const checking = await payoutRow(server(), row.id);
    expect(checking.status).toBe('PROCESSING');
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 5000 });
    expect(await mailCount(server(), user, 'payoutFailed')).toBe(0);
    expect((await mailsOf(server(), 'adminPayoutChecking', row.id)).filter((m) => m.recipient === boss.email)).toHaveLength(1);
    // Stripe answers again: a successful list without a transfer is definite.
    for (let i = 0; i < 5 && (await payoutRow(server(), row.id)).status === 'PROCESSING'; i += 1) await runJobsNow(server());
    const failed = await payoutRow(server(), row.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBeTruthy();
    expect(await balanceOf(server(), user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    expect(await mailCount(server(), user, 'payoutFailed')).toBe(1);
    const calls = world.stripe.calls.filter(
      (c) => c.path === '/v1/transfers' && (c.idempotencyKey === `payout:${row.id}` || c.params['transfer_group'] === row.id),
    );
    expect(calls.map((c) => `${c.method} ${c.status}`)).toEqual([
      ...Array.from({ length: 2 }, () => 'POST 503'),
      ...Array.from({ length: 14 }, () => 'GET 503'),
      'GET 200',
    ]);
    expect([...world.stripe.transfers.values()].filter((t) => t.metadata?.['payoutId'] === row.id)).toHaveLength(0);
  });

  it('after a refused transfer the user can ask again and is paid by a new payout', async () => {
    const user = await stripeReady(world, boss, 'Anna Again');
    ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
    world.stripe.failNext('transfers', { status: 400, code: 'account_invalid' });
    await server().app.jobs.runDue();
    expect(await balanceOf(server(), user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    const again = ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken)).requestPayout;
    expect(again).toMatchObject({ status: 'REQUESTED', amount: { amount: 5000, currency: 'EUR' } });
    await server().app.jobs.runDue();
    const rows = await server().app.database.db.selectFrom('payouts').select(['status']).where('userId', '=', user.localId).orderBy('created').execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['FAILED', 'PAID']);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
    expect(await mailCount(server(), user, 'payoutRequested')).toBe(2);
  });

  it('a payout an older build left PROCESSING with its transfer is checked when a process starts, and ends PAID once', async () => {
    const user = await stripeReady(world, boss, 'Lena Legacy');
    ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
    const row = await onlyPayoutOf(server(), user);
    // What the build before decision 0041 did: create the transfer, record it, move to PROCESSING, wait for transfer.paid.
    const sdk = new Stripe('sk_test_fake', { host: '127.0.0.1', port: world.stripe.port, protocol: 'http' });
    const made = await sdk.transfers.create(
      { amount: 5000, currency: 'eur', destination: (await me(server(), user)).stripeAccountId, transfer_group: row.id, metadata: { payoutId: row.id } },
      { idempotencyKey: `payout:${row.id}` },
    );
    const db = server().app.database.db;
    await db
      .updateTable('payouts')
      .set({ status: 'PROCESSING', stripeTransferId: made.id, version: row.version + 1 })
      .where('id', '=', row.id)
      .execute();
    await db.updateTable('jobs').set({ status: 'done' }).where('idempotencyKey', '=', `payout.transfer:${row.id}`).execute();
    await runJobsNow(server());
    expect((await payoutRow(server(), row.id)).status).toBe('PROCESSING');

    // A process of the new build starts on the same database: it queues the check, which finds the transfer.
    const next = await startServer(kind, { ...PAYOUT_ENV, STRIPE_API_URL: world.stripe.url }, { shareDataWith: server() });
    try {
      await next.app.jobs.runDue();
    } finally {
      await next.close();
    }
    const paid = await payoutRow(server(), row.id);
    expect([paid.status, paid.stripeTransferId]).toEqual(['PAID', made.id]);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
    expect(await mailCount(server(), user, 'payoutPaid')).toBe(1);
    expect(await mailsOf(server(), 'adminPayoutChecking', row.id)).toEqual([]);
    expect([...world.stripe.transfers.values()].filter((t) => t.transfer_group === row.id)).toHaveLength(1);
  });
});
