/**
 * Stripe payouts end to end over GraphQL and the webhooks, on SQLite and PostgreSQL, against the
 * fake Stripe: onboarding (PAYOUT-STRIPE), a request and its transfer job (PAYOUT-REQUEST: one
 * transfer per payout, idempotency key `payout:<id>`, PAID as soon as Stripe made it — a Connect
 * transfer has no status of its own, decision 0041), the events (PAYOUT-WEBHOOKS: Stripe's
 * `transfer.created`, legacy `transfer.paid` / `transfer.failed` that change nothing, out of order,
 * reversed) and Stripe's refusals and outages. The book balances after every test; each payout
 * mails once per step (PAYOUT-MAIL).
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { describeEachDb, ok } from './harness.js';
import { expectCode } from './admin-helpers.js';
import { expectBalancedBook } from './ledger-helpers.js';
import { type Member, admin, member } from './requests-helpers.js';
import {
  MARK_FAILED,
  MARK_SENT,
  type PayoutWorld,
  REFRESH_ONBOARDING,
  REQUEST,
  SET_METHOD,
  START_ONBOARDING,
  balanceOf,
  fund,
  mailCount,
  me,
  onlyPayoutOf,
  payoutRow,
  runJobsNow,
  startPayoutWorld,
  stripeReady,
} from './payouts-helpers.js';

describeEachDb('Stripe payouts on %s', (kind) => {
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
  const server = () => world.server;
  const transfersTo = (payoutId: string) =>
    [...world.stripe.transfers.values()].filter((t) => (t as { metadata?: Record<string, string> }).metadata?.['payoutId'] === payoutId);

  /** A ready user who requested a payout of 5000 EUR; answers the user and the payout row. */
  async function requested(name: string) {
    const user = await stripeReady(world, boss, name);
    const payout = ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken)).requestPayout;
    expect(payout).toMatchObject({ status: 'REQUESTED', method: 'STRIPE', amount: { amount: 5000, currency: 'EUR' } });
    return { user, row: await onlyPayoutOf(server(), user) };
  }

  it('onboarding answers the fake’s link, creates one account, and completes only when Stripe says so', async () => {
    const user = await member(server(), 'Olga Onboarding');
    const before = world.stripe.calls.length;
    const first = ok(await server().graphql(START_ONBOARDING, {}, user.accessToken)).startStripeOnboarding.url;
    const second = ok(await server().graphql(START_ONBOARDING, {}, user.accessToken)).startStripeOnboarding.url;
    expect(first.startsWith(`${world.stripe.url}/connect/onboarding/`)).toBe(true);
    const { stripeAccountId } = await me(server(), user);
    expect(stripeAccountId).toMatch(/^acct_/);
    expect(first).toContain(stripeAccountId);
    expect(second).toContain(stripeAccountId);
    const creates = world.stripe.calls.slice(before).filter((c) => c.method === 'POST' && c.path === '/v1/accounts');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.idempotencyKey).toBe(`account:${user.localId}`);
    expect(ok(await server().graphql(REFRESH_ONBOARDING, {}, user.accessToken)).refreshStripeOnboarding.stripeOnboardingCompleted).toBe(false);
    await world.stripe.completeOnboarding(stripeAccountId);
    expect(ok(await server().graphql(REFRESH_ONBOARDING, {}, user.accessToken)).refreshStripeOnboarding.stripeOnboardingCompleted).toBe(true);
  });

  it('an account.updated event on the connect endpoint completes onboarding through the stripe.event job', async () => {
    const user = await member(server(), 'Ursula Updated');
    ok(await server().graphql(START_ONBOARDING, {}, user.accessToken));
    const { stripeAccountId } = await me(server(), user);
    const account = await world.stripe.completeOnboarding(stripeAccountId);
    expect((await me(server(), user)).stripeOnboardingCompleted).toBe(false);
    expect((await world.stripe.sendEvent('connect', 'account.updated', account)).status).toBe(200);
    await server().app.jobs.runDue();
    expect((await me(server(), user)).stripeOnboardingCompleted).toBe(true);
  });

  it('a request needs completed onboarding; then one transfer however often the job runs, PAID at once', async () => {
    const user = await member(server(), 'Paula Paid');
    await fund(server(), boss, user, 5000);
    ok(await server().graphql(SET_METHOD, { input: { method: 'STRIPE' } }, user.accessToken));
    ok(await server().graphql(START_ONBOARDING, {}, user.accessToken));
    expectCode(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken), 'ONBOARDING_INCOMPLETE');
    await world.stripe.completeOnboarding((await me(server(), user)).stripeAccountId);
    ok(await server().graphql(REFRESH_ONBOARDING, {}, user.accessToken));
    ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 5000 });
    const row = await onlyPayoutOf(server(), user);
    await server().app.jobs.runDue();
    const transfers = transfersTo(row.id);
    expect(transfers).toHaveLength(1);
    expect(world.stripe.calls.filter((c) => c.path === '/v1/transfers' && c.method === 'POST').at(-1)!.idempotencyKey).toBe(`payout:${row.id}`);
    const paid = await payoutRow(server(), row.id);
    expect([paid.status, paid.stripeTransferId]).toEqual(['PAID', transfers[0]!.id]);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
    await server().app.jobs.runDue();
    expect((await server().app.jobs.enqueue('payout.transfer', { payoutId: row.id }, { key: `payout.transfer:${row.id}` })).queued).toBe(false);
    await server().app.jobs.enqueue('payout.transfer', { payoutId: row.id });
    await runJobsNow(server());
    expect(transfersTo(row.id)).toHaveLength(1);
    const movements = (await me(server(), user)).transactions.edges.map((e: { node: { kind: string } }) => e.node.kind);
    expect(movements.filter((k: string) => k === 'PAYOUT')).toHaveLength(1);
    // Stripe's transfer.created (and a legacy transfer.paid), delivered twice and replayed: nothing more.
    const created = await world.stripe.sendEvent('platform', 'transfer.created', transfers[0]!, { duplicate: true });
    expect(created.statuses).toEqual([200, 200]);
    expect((await world.stripe.sendEvent('platform', 'transfer.paid', transfers[0]!)).status).toBe(200);
    expect((await world.stripe.sendEvent('platform', 'transfer.created', transfers[0]!, { id: created.event.id })).status).toBe(200);
    await server().app.jobs.runDue();
    expect(await payoutRow(server(), row.id)).toEqual(paid);
    expect([
      await mailCount(server(), user, 'payoutRequested'),
      await mailCount(server(), user, 'payoutPaid'),
      await mailCount(server(), user, 'payoutFailed'),
    ]).toEqual([1, 1, 0]);
  });

  it('a transfer.created that arrives before the job recorded the transfer resolves the payout by its metadata', async () => {
    const { user, row } = await requested('Olive OutOfOrder');
    const user2 = await me(server(), user);
    // Stripe made the transfer, but the API has not recorded it (as if it crashed after the call).
    const sdk = new Stripe('sk_test_fake', { host: '127.0.0.1', port: world.stripe.port, protocol: 'http' });
    const made = await sdk.transfers.create(
      { amount: 5000, currency: 'eur', destination: user2.stripeAccountId, transfer_group: row.id, metadata: { payoutId: row.id } },
      { idempotencyKey: `payout:${row.id}` },
    );
    expect((await payoutRow(server(), row.id)).stripeTransferId).toBeNull();
    expect((await world.stripe.sendEvent('platform', 'transfer.created', made)).status).toBe(200);
    await server().app.jobs.runDue(['stripe.event']);
    expect((await payoutRow(server(), row.id)).status).toBe('PAID');
    // The transfer job, running late, finds the payout ended and makes no second transfer.
    await server().app.jobs.runDue();
    expect((await payoutRow(server(), row.id)).status).toBe('PAID');
    expect(transfersTo(row.id)).toHaveLength(1);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
  });

  it('Stripe refusing the transfer (400 account_invalid) fails the payout with the reason and returns the money', async () => {
    const { user, row } = await requested('Ivan Invalid');
    world.stripe.failNext('transfers', { status: 400, code: 'account_invalid' });
    await server().app.jobs.runDue();
    const failed = await payoutRow(server(), row.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBeTruthy();
    expect(await balanceOf(server(), user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    expect(await mailCount(server(), user, 'payoutFailed')).toBe(1);
  });

  it('an outage (500 past the SDK’s retry) is retried by the job, which looks first, then makes exactly one transfer', async () => {
    const { user, row } = await requested('Otto Outage');
    world.stripe.failNext('transfers', { status: 500, times: 3 });
    await server().app.jobs.runDue();
    expect((await payoutRow(server(), row.id)).status).toBe('REQUESTED');
    expect(transfersTo(row.id)).toHaveLength(0);
    await runJobsNow(server());
    expect((await payoutRow(server(), row.id)).status).toBe('PAID');
    expect(transfersTo(row.id)).toHaveLength(1);
    const calls = world.stripe.calls.filter(
      (c) => c.path === '/v1/transfers' && (c.idempotencyKey === `payout:${row.id}` || c.params['transfer_group'] === row.id),
    );
    expect(calls.map((c) => `${c.method} ${c.status}`)).toEqual(['POST 500', 'POST 500', 'GET 500', 'GET 200', 'POST 200']);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
  });

  it('a legacy transfer.paid whose transfer Stripe now shows reversed reverses the payout; payout.paid on connect is only stored', async () => {
    const { user, row } = await requested('Vera Reversed');
    await server().app.jobs.runDue();
    const transfer = transfersTo(row.id)[0]!;
    await fetch(`${world.stripe.url}/v1/transfers/${transfer.id}/reversals`, { method: 'POST', headers: { authorization: 'Bearer sk_test_fake' } });
    expect((await world.stripe.sendEvent('platform', 'transfer.paid', transfer)).status).toBe(200);
    const account = (await me(server(), user)).stripeAccountId;
    expect(
      (await world.stripe.sendEvent('connect', 'payout.paid', { id: 'po_fake_1', object: 'payout', amount: 5000, currency: 'eur' }, { account })).status,
    ).toBe(200);
    await server().app.jobs.runDue();
    expect((await payoutRow(server(), row.id)).status).toBe('REVERSED');
    expect(await balanceOf(server(), user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    const stored = await server().app.database.db.selectFrom('stripeEvents').select(['type', 'endpoint']).where('objectId', '=', 'po_fake_1').execute();
    expect(stored).toEqual([{ type: 'payout.paid', endpoint: 'connect' }]);
  });

  // The queue's marks are for bank transfers (schema: "marks a bank-transfer payout sent"): a Stripe
  // payout ends only by Stripe's word, or its money could be paid twice (a transfer and a return).
  it('administrators cannot mark a Stripe payout sent or failed', async () => {
    const { user, row } = await requested('Sam StripeMarked');
    const id = globalId('Payout', row.id);
    const version = (await payoutRow(server(), row.id)).version;
    const sent = await server().graphql(MARK_SENT, { id, reference: 'MANUAL', version }, boss.accessToken);
    const failed = await server().graphql(MARK_FAILED, { id, reason: 'Manual', version }, boss.accessToken);
    const outcome = {
      sent: sent.errors?.[0]?.extensions?.['code'],
      failed: failed.errors?.[0]?.extensions?.['code'],
      status: (await payoutRow(server(), row.id)).status,
    };
    // Let the transfer job end it, so the book and later tests are not disturbed.
    await server().app.jobs.runDue();
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
    expect(outcome).toEqual({ sent: 'INVALID_PAYOUT_STATE', failed: 'INVALID_PAYOUT_STATE', status: 'REQUESTED' });
  });

  // Before decision 0041 a transfer.failed failed the payout and returned the money, though Stripe's transfer stood.
  it('a legacy transfer.failed for a transfer Stripe shows intact changes nothing: the payout stays PAID', async () => {
    const { user, row } = await requested('Fritz Failed');
    await server().app.jobs.runDue();
    const paid = await payoutRow(server(), row.id);
    expect(paid.status).toBe('PAID');
    expect((await world.stripe.sendEvent('platform', 'transfer.failed', transfersTo(row.id)[0]!)).status).toBe(200);
    await server().app.jobs.runDue();
    expect(await payoutRow(server(), row.id)).toEqual(paid);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
    expect([await mailCount(server(), user, 'payoutPaid'), await mailCount(server(), user, 'payoutFailed')]).toEqual([1, 0]);
  });
});
