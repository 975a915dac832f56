/**
 * Stripe onboarding counts as a payout-method change (PAYOUT-STRIPE, PAYOUT-COOLDOWN, ACC-SUDO,
 * decision 0044), on SQLite and PostgreSQL against the fake Stripe through the official SDK: an old
 * session is asked for a proof before an onboarding link is made or refreshed (nothing created at
 * Stripe, nothing paused); with a proof the link pauses payouts for the cool-down and mails
 * `payoutMethodChanged` to the account's address.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectCode } from './admin-helpers.js';
import { describeEachDb, ok } from './harness.js';
import { type PayoutWorld, REAUTH, REFRESH_ONBOARDING, START_ONBOARDING, ageSession, mailCount, me, startPayoutWorld } from './payouts-helpers.js';
import { member } from './requests-helpers.js';

describeEachDb('Stripe onboarding behind a recent proof on %s', (kind) => {
  let world: PayoutWorld;
  beforeAll(async () => {
    world = await startPayoutWorld(kind, { PAYOUT_COOLDOWN_HOURS: '48' });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('an old session gets REAUTHENTICATION_REQUIRED and changes nothing; after the proof the link pauses payouts 48 h and mails', async () => {
    const { server } = world;
    const user = await member(server, 'Stu Stripe');
    await ageSession(server, user);
    expectCode(await server.graphql(START_ONBOARDING, {}, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    expectCode(await server.graphql(REFRESH_ONBOARDING, {}, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    const before = await me(server, user);
    expect(before.stripeAccountId).toBeNull();
    expect(before.payoutsPausedUntil).toBeNull();
    expect(await mailCount(server, user, 'payoutMethodChanged')).toBe(0);

    ok(await server.graphql(REAUTH, { password: user.password }, user.accessToken));
    const started = Date.now();
    expect(ok(await server.graphql(START_ONBOARDING, {}, user.accessToken)).startStripeOnboarding.url).toMatch(/^https?:/);
    const after = await me(server, user);
    expect(after.stripeAccountId).toMatch(/^acct_/);
    const pausedFor = Date.parse(after.payoutsPausedUntil) - started;
    expect(pausedFor).toBeGreaterThan(47.9 * 3_600_000);
    expect(pausedFor).toBeLessThan(48.1 * 3_600_000);
    expect(await mailCount(server, user, 'payoutMethodChanged')).toBe(1);
    ok(await server.graphql(REFRESH_ONBOARDING, {}, user.accessToken));
  });
});
