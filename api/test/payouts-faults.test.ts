/**
 * Stripe faults around a payout, on SQLite and PostgreSQL, against the fake Stripe through the
 * official SDK (PAYOUT-REQUEST, PAYOUT-QUEUE, PAYOUT-STRIPE; decision 0041):
 * - Stripe's replies are lost (the fake runs each request, then drops the connection) for 15
 *   minutes of simulated time — the job's `run_at` is moved instead of waiting — until the transfer
 *   job has used every attempt: the payout stays in payout ("checking"), the administrators are
 *   told in their language and see it in the queue, and once Stripe answers again the check finds
 *   the one transfer: PAID, one transfer, the book balanced, nothing credited back, no second payout;
 * - a retry after Stripe forgot the idempotency key (24 hours) looks before it creates;
 * - a check Stripe never answers stops after its attempts (about 8 days, simulated): the
 *   administrators are told again, the money stays in payout, and an operator's requeue settles it;
 * - a Stripe that accepts connections and never answers holds onboarding under 10 s
 *   (PROVIDER_UNAVAILABLE).
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { describeEachDb, ok } from './harness.js';
import { expectCode } from './admin-helpers.js';
import { expectBalancedBook } from './ledger-helpers.js';
import { type Member, admin, member } from './requests-helpers.js';
import {
  type PayoutWorld,
  QUEUE,
  REFRESH_ONBOARDING,
  REQUEST,
  START_ONBOARDING,
  advanceJobs,
  balanceOf,
  mailsOf,
  me,
  onlyPayoutOf,
  payoutRow,
  startPayoutWorld,
  stripeReady,
  transferJobOf,
} from './payouts-helpers.js';

const MINUTE = 60_000;

describeEachDb('Stripe faults around payouts on %s', (kind) => {
  let world: PayoutWorld;
  let boss: Member;
  let russianBoss: Member;
  beforeAll(async () => {
    world = await startPayoutWorld(kind);
    boss = await admin(world.server, 'Ada Admin');
    russianBoss = await admin(world.server, 'Boris Admin');
    await world.server.app.database.db.updateTable('users').set({ locale: 'ru' }).where('id', '=', russianBoss.localId).execute();
  });
  afterEach(async () => {
    world.stripe.dropReplies('transfers', false);
    world.stripe.hang('accounts', false);
    await expectBalancedBook(world.server);
  });
  afterAll(() => world?.close());
  const server = () => world.server;
  const transfersOf = (payoutId: string) => [...world.stripe.transfers.values()].filter((t) => t.transfer_group === payoutId);

  it('replies lost for 15 simulated minutes: the payout waits in payout, administrators are told, then it ends PAID with one transfer', async () => {
    const user = await stripeReady(world, boss, 'Lara LostReplies');
    ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
    const row = await onlyPayoutOf(server(), user);
    world.stripe.dropReplies('transfers', true);

    let simulated = 0;
    for (let step = 0; step < 40 && simulated < 15 * MINUTE; step += 1) {
      const { skippedMs, queued } = await advanceJobs(server());
      if (!queued) break;
      simulated += skippedMs;
    }
    const job = await transferJobOf(server(), row.id);
    expect([job.status, job.attempts]).toEqual(['failed', 8]);
    // Stripe made the transfer on the first call; nobody heard it.
    expect(transfersOf(row.id)).toHaveLength(1);

    // Unknown outcome: still in payout, never back in the balance, no second request possible.
    expect((await payoutRow(server(), row.id)).status).toBe('PROCESSING');
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 5000 });
    expect(simulated).toBeGreaterThanOrEqual(15 * MINUTE);
    expectCode(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken), 'NOTHING_TO_PAY_OUT');
    const queue = ok(await server().graphql(QUEUE, { status: 'PROCESSING', method: 'STRIPE' }, boss.accessToken)).payouts;
    expect(queue.edges.map((e: { node: { id: string } }) => e.node.id)).toContain(globalId('Payout', row.id));
    const told = await mailsOf(server(), 'adminPayoutChecking', row.id);
    expect(told.filter((m) => m.recipient === boss.email).map((m) => m.locale)).toEqual(['en']);
    expect(told.filter((m) => m.recipient === russianBoss.email).map((m) => m.locale)).toEqual(['ru']);
    expect(told.filter((m) => m.recipient === user.email)).toEqual([]);

    // Replies come back: the check finds Stripe's transfer.
    world.stripe.dropReplies('transfers', false);
    for (let step = 0; step < 20 && (await payoutRow(server(), row.id)).status === 'PROCESSING'; step += 1) await advanceJobs(server());
    const paid = await payoutRow(server(), row.id);
    expect([paid.status, paid.stripeTransferId]).toEqual(['PAID', transfersOf(row.id)[0]!.id]);
    expect(transfersOf(row.id)).toHaveLength(1);
    expect(
      world.stripe.calls.filter((c) => c.method === 'POST' && c.path === '/v1/transfers' && c.idempotencyKey === `payout:${row.id}` && !c.replayed),
    ).toHaveLength(1);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
    expectCode(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken), 'NOTHING_TO_PAY_OUT');
    const payouts = await server().app.database.db.selectFrom('payouts').select('status').where('userId', '=', user.localId).execute();
    expect(payouts).toEqual([{ status: 'PAID' }]);
    for (let i = 0; i < 3; i += 1) await advanceJobs(server());
    expect((await mailsOf(server(), 'adminPayoutChecking', row.id)).filter((m) => m.recipient === boss.email)).toHaveLength(1);
    expect((await mailsOf(server(), 'payoutPaid', row.id)).filter((m) => m.recipient === user.email)).toHaveLength(1);
    expect((await mailsOf(server(), 'payoutFailed', row.id)).filter((m) => m.recipient === user.email)).toHaveLength(0);
  }, 60_000);

  it('a retry after Stripe forgot the idempotency key looks for the transfer before it creates one', async () => {
    const user = await stripeReady(world, boss, 'Kurt KeyExpired');
    ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
    const row = await onlyPayoutOf(server(), user);
    world.stripe.dropReplies('transfers', true);
    await server().app.jobs.runDue();
    expect([(await transferJobOf(server(), row.id)).status, transfersOf(row.id).length]).toEqual(['queued', 1]);
    world.stripe.dropReplies('transfers', false);
    // A day later: Stripe no longer knows `payout:<id>`; creating again would pay twice.
    world.stripe.expireIdempotencyKeys();
    for (let step = 0; step < 5 && (await payoutRow(server(), row.id)).status === 'REQUESTED'; step += 1) await advanceJobs(server());
    expect(transfersOf(row.id)).toHaveLength(1);
    expect((await payoutRow(server(), row.id)).status).toBe('PAID');
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
  });

  it('a check that Stripe never answers stops after its attempts: administrators are told again, the money stays in payout, an operator can requeue it', async () => {
    const user = await stripeReady(world, boss, 'Sven Stopped');
    ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken));
    const row = await onlyPayoutOf(server(), user);
    world.stripe.dropReplies('transfers', true);
    const db = server().app.database.db;
    await server().app.jobs.runDue();
    expect(transfersOf(row.id)).toHaveLength(1);
    // Simulated days: the jobs' earlier attempts are marked used, so each runs its last one now.
    await db
      .updateTable('jobs')
      .set({ attempts: 7, runAt: new Date(Date.now() - 1000).toISOString() })
      .where('idempotencyKey', '=', `payout.transfer:${row.id}`)
      .execute();
    await server().app.jobs.runDue();
    expect((await payoutRow(server(), row.id)).status).toBe('PROCESSING');
    await db
      .updateTable('jobs')
      .set({ attempts: 39, runAt: new Date(Date.now() - 1000).toISOString() })
      .where('idempotencyKey', '=', `payout.check:${row.id}`)
      .execute();
    await server().app.jobs.runDue();
    const check = await db.selectFrom('jobs').select(['status', 'attempts']).where('idempotencyKey', '=', `payout.check:${row.id}`).executeTakeFirstOrThrow();
    expect(check).toEqual({ status: 'failed', attempts: 40 });
    expect((await payoutRow(server(), row.id)).status).toBe('PROCESSING');
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 5000 });
    const mails = (await mailsOf(server(), 'adminPayoutChecking', row.id)).filter((m) => m.recipient === boss.email);
    expect(mails.map((m) => m.idempotencyKey.split(':')[2])).toEqual(['checking', 'check-stopped']);

    // Stripe answers again; the operator's `pnpm jobs requeue payout.check` does this.
    world.stripe.dropReplies('transfers', false);
    expect(await server().app.jobs.requeueFailed('payout.check')).toHaveLength(1);
    await server().app.jobs.runDue();
    expect((await payoutRow(server(), row.id)).status).toBe('PAID');
    expect(transfersOf(row.id)).toHaveLength(1);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
  });

  it('a Stripe that accepts connections and never answers: onboarding answers PROVIDER_UNAVAILABLE within 10 s', async () => {
    const fresh = await member(server(), 'Hana Hanging');
    const known = await member(server(), 'Henk Hanging');
    ok(await server().graphql(START_ONBOARDING, {}, known.accessToken));
    expect((await me(server(), known)).stripeAccountId).toMatch(/^acct_/);
    world.stripe.hang('accounts', true);
    const timed = async (query: string, token: string) => {
      const started = Date.now();
      const result = await server().graphql(query, {}, token);
      return { result, ms: Date.now() - started };
    };
    const [start, refresh] = await Promise.all([timed(START_ONBOARDING, fresh.accessToken), timed(REFRESH_ONBOARDING, known.accessToken)]);
    expectCode(start.result, 'PROVIDER_UNAVAILABLE');
    expectCode(refresh.result, 'PROVIDER_UNAVAILABLE');
    expect(start.ms).toBeLessThan(12_000);
    expect(refresh.ms).toBeLessThan(12_000);
    expect(world.stripe.calls.filter((c) => c.hung).length).toBeGreaterThanOrEqual(2);
    world.stripe.hang('accounts', false);
    expect(ok(await server().graphql(START_ONBOARDING, {}, fresh.accessToken)).startStripeOnboarding.url).toContain('/connect/onboarding/acct_');
  }, 30_000);
});
