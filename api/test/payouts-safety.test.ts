/**
 * The safeties around payouts, on SQLite and PostgreSQL: signed webhooks only (PAYOUT-WEBHOOKS:
 * a tampered body, a wrong secret, no signature or a timestamp in the future answer 400 and store
 * nothing), a recent proof
 * (PAYOUT-REAUTH), the cool-down after a method or password change (PAYOUT-COOLDOWN, with the
 * `payoutMethodChanged` mail), and the request's own refusals (PAYOUT-REQUEST: minimum, nothing
 * available, two at once, deletion while in payout). The book balances after every test.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, ok } from './harness.js';
import { expectCode } from './admin-helpers.js';
import { expectBalancedBook } from './ledger-helpers.js';
import { type Member, admin, member } from './requests-helpers.js';
import {
  CONNECT_SECRET,
  PLATFORM_SECRET,
  type PayoutWorld,
  REAUTH,
  REQUEST,
  SET_METHOD,
  ageSession,
  balanceOf,
  fund,
  mailCount,
  startPayoutWorld,
} from './payouts-helpers.js';

const BANK = { method: 'BANK_TRANSFER', bankAccount: { holderName: 'Sven Safe', country: 'DE', iban: 'DE89370400440532013000' } };
const UPDATE_PASSWORD =
  'mutation ($newPassword: String!, $oldPassword: String) { updatePassword(newPassword: $newPassword, oldPassword: $oldPassword) { id } }';
const DELETE_USER = 'mutation ($id: ID!, $confirmation: String) { deleteUser(id: $id, confirmation: $confirmation) { id } }';

describeEachDb('payout safeties on %s', (kind) => {
  let world: PayoutWorld;
  let paused: PayoutWorld;
  let boss: Member;
  beforeAll(async () => {
    world = await startPayoutWorld(kind);
    paused = await startPayoutWorld(kind, { PAYOUT_COOLDOWN_HOURS: '48' });
    boss = await admin(world.server);
  });
  afterEach(async () => {
    await expectBalancedBook(world.server);
    await expectBalancedBook(paused.server);
  });
  afterAll(async () => {
    await world?.close();
    await paused?.close();
  });
  const server = () => world.server;
  const storedEvents = async () => (await server().app.database.db.selectFrom('stripeEvents').select('id').execute()).map((r) => r.id);

  it('webhooks with a tampered body, a wrong secret or no signature answer 400 and store nothing', async () => {
    const event = { id: 'evt_safety_1', object: 'event', type: 'transfer.created', data: { object: { id: 'tr_nothing', object: 'transfer' } } };
    const payload = JSON.stringify(event);
    const before = await storedEvents();
    const post = (path: string, body: string, headers: Record<string, string>) =>
      fetch(`${server().baseUrl}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
    const signed = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect((await post('/api/webhooks/stripe', payload.replace('tr_nothing', 'tr_tampered'), { 'stripe-signature': signed(PLATFORM_SECRET) })).status).toBe(
      400,
    );
    expect((await post('/api/webhooks/stripe', payload, { 'stripe-signature': signed('whsec_wrong') })).status).toBe(400);
    expect((await post('/api/webhooks/stripe', payload, { 'stripe-signature': signed(CONNECT_SECRET) })).status).toBe(400);
    expect((await post('/api/webhooks/stripe-connect', payload, { 'stripe-signature': signed(PLATFORM_SECRET) })).status).toBe(400);
    expect((await post('/api/webhooks/stripe', payload, {})).status).toBe(400);
    expect(await storedEvents()).toEqual(before);
    // The same body, rightly signed, is stored once (twice sent: still once).
    expect((await post('/api/webhooks/stripe', payload, { 'stripe-signature': signed(PLATFORM_SECRET) })).status).toBe(200);
    expect((await post('/api/webhooks/stripe', payload, { 'stripe-signature': signed(PLATFORM_SECRET) })).status).toBe(200);
    expect((await storedEvents()).filter((id) => id === 'evt_safety_1')).toHaveLength(1);
    await server().app.jobs.runDue();
  });

  it('a webhook signed in the future beyond five minutes answers 400 and is not stored; a small skew is accepted', async () => {
    const post = (payload: string, timestamp: number) =>
      fetch(`${server().baseUrl}/api/webhooks/stripe`, {
        method: 'POST',
        body: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: PLATFORM_SECRET, timestamp }),
        },
      });
    const now = Math.floor(Date.now() / 1000);
    const ahead = JSON.stringify({ id: 'evt_future_1', object: 'event', type: 'transfer.paid', data: { object: { id: 'tr_future', object: 'transfer' } } });
    const refused = await post(ahead, now + 3600);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('BAD_SIGNATURE');
    expect(await storedEvents()).not.toContain('evt_future_1');
    const skewed = JSON.stringify({ id: 'evt_future_2', object: 'event', type: 'transfer.paid', data: { object: { id: 'tr_future', object: 'transfer' } } });
    expect((await post(skewed, now + 60)).status).toBe(200);
    expect(await storedEvents()).toContain('evt_future_2');
    await server().app.jobs.runDue();
  });

  it('an old session must prove the password again before changing the method or requesting a payout', async () => {
    const user = await member(server(), 'Rene Reauth');
    await fund(server(), boss, user, 5000);
    await ageSession(server(), user);
    expectCode(await server().graphql(SET_METHOD, { input: BANK }, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    expectCode(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    expectCode(await server().graphql(REAUTH, { password: 'not-the-password-1' }, user.accessToken), 'WRONG_PASSWORD');
    expectCode(await server().graphql(SET_METHOD, { input: BANK }, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    const { validUntil } = ok(await server().graphql(REAUTH, { password: user.password }, user.accessToken)).reauthenticate;
    expect(Date.parse(validUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
    ok(await server().graphql(SET_METHOD, { input: BANK }, user.accessToken));
    expect(ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken)).requestPayout.status).toBe('REQUESTED');
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 5000 });
  });

  it('after a method change or a password change payouts pause for the cool-down, and the address is told', async () => {
    const s = paused.server;
    const chief = await admin(s, 'Cara Chief');
    const user = await member(s, 'Coco Cooldown');
    await fund(s, chief, user, 5000);
    const set = ok(await s.graphql(SET_METHOD, { input: BANK }, user.accessToken)).setWithdrawalMethod;
    const hours = (Date.parse(set.payoutsPausedUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const refused = expectCode(await s.graphql(REQUEST, { currency: 'EUR' }, user.accessToken), 'PAYOUTS_PAUSED');
    expect(Date.parse(String(refused.extensions?.['until']))).toBe(Date.parse(set.payoutsPausedUntil));
    expect(await mailCount(s, user, 'payoutMethodChanged')).toBe(1);
    // The pause ends; a password change starts another.
    await s.app.database.db
      .updateTable('users')
      .set({ payoutsPausedUntil: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', user.localId)
      .execute();
    ok(await s.graphql(UPDATE_PASSWORD, { newPassword: 'a-brand-new-passphrase-42', oldPassword: user.password }, user.accessToken));
    const again = expectCode(await s.graphql(REQUEST, { currency: 'EUR' }, user.accessToken), 'PAYOUTS_PAUSED');
    expect(Date.parse(String(again.extensions?.['until'])) - Date.now()).toBeGreaterThan(47.9 * 3_600_000);
    expect(await balanceOf(s, user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    expect(await s.app.database.db.selectFrom('payouts').select('id').where('userId', '=', user.localId).execute()).toHaveLength(0);
  });

  it('below the minimum answers BELOW_MINIMUM with it; nothing available answers NOTHING_TO_PAY_OUT', async () => {
    const user = await member(server(), 'Mini Minimum');
    ok(await server().graphql(SET_METHOD, { input: BANK }, user.accessToken));
    expectCode(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken), 'NOTHING_TO_PAY_OUT');
    await fund(server(), boss, user, 1999);
    const below = expectCode(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken), 'BELOW_MINIMUM');
    expect(below.extensions?.['minimum']).toEqual({ amount: 2000, currency: 'EUR' });
    expectCode(await server().graphql(REQUEST, { currency: 'USD' }, user.accessToken), 'NOTHING_TO_PAY_OUT');
    expect(await balanceOf(server(), user)).toEqual({ available: 1999, pending: 0, inPayout: 0 });
    expect(await mailCount(server(), user, 'payoutRequested')).toBe(0);
  });

  it('two requests at once make one payout; the account cannot be deleted while money is in payout', async () => {
    const user = await member(server(), 'Twin Twice');
    await fund(server(), boss, user, 5000);
    ok(await server().graphql(SET_METHOD, { input: BANK }, user.accessToken));
    const answers = await Promise.all([0, 1].map(() => server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken)));
    const succeeded = answers.filter((a) => !a.errors);
    expect(succeeded, JSON.stringify(answers.map((a) => a.json))).toHaveLength(1);
    expect(answers.find((a) => a.errors)!.errors![0]!.extensions?.['code']).toBe('NOTHING_TO_PAY_OUT');
    expect(await server().app.database.db.selectFrom('payouts').select('id').where('userId', '=', user.localId).execute()).toHaveLength(1);
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 5000 });
    expect(await mailCount(server(), user, 'payoutRequested')).toBe(1);
    expectCode(await server().graphql(DELETE_USER, { id: user.id, confirmation: user.password }, user.accessToken), 'PAYOUT_IN_PROGRESS');
    expectCode(await server().graphql(DELETE_USER, { id: user.id }, boss.accessToken), 'PAYOUT_IN_PROGRESS');
    expect(await server().app.database.db.selectFrom('users').select('id').where('id', '=', user.localId).execute()).toHaveLength(1);
  });
});
