/**
 * An administrator's own money needs a second administrator (LEDGER-ADJUSTMENT, PAYOUT-QUEUE), on
 * SQLite and PostgreSQL: `postLedgerAdjustment` for oneself and `markPayoutSent` /
 * `markPayoutFailed` of one's own payout answer `SECOND_ADMIN_REQUIRED` and change nothing (no
 * entry, no audit record, the payout still requested); another administrator can do each.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, ok } from './harness.js';
import { auditRows, expectCode } from './admin-helpers.js';
import { ADJUST, expectBalancedBook } from './ledger-helpers.js';
import { type Member, admin } from './requests-helpers.js';
import { MARK_FAILED, MARK_SENT, type PayoutWorld, REQUEST, SET_METHOD, balanceOf, fund, startPayoutWorld } from './payouts-helpers.js';

const GERMAN = { holderName: 'Anna Admin', country: 'DE', iban: 'DE89 3704 0044 0532 0130 00' };

describeEachDb('second administrator on %s', (kind) => {
  let world: PayoutWorld;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    world = await startPayoutWorld(kind);
    ada = await admin(world.server, 'Ada Admin');
    bob = await admin(world.server, 'Bob Boss');
  });
  afterEach(async () => {
    await expectBalancedBook(world.server);
  });
  afterAll(() => world?.close());
  const server = () => world.server;
  const adjust = (actor: Member, target: Member, amount: number, key: string) =>
    server().graphql(ADJUST, { input: { userId: target.id, amount, currency: 'EUR', reason: 'Own bonus', idempotencyKey: key } }, actor.accessToken);

  it('an administrator cannot adjust their own balance; another administrator can', async () => {
    const refused = expectCode(await adjust(ada, ada, 100_000, 'self-1'), 'SECOND_ADMIN_REQUIRED');
    expect(refused.message).toMatch(/another administrator/i);
    expect(await balanceOf(server(), ada)).toEqual({ available: 0, pending: 0, inPayout: 0 });
    expect(await auditRows(server(), ada.localId)).toEqual([]);
    ok(await adjust(bob, ada, 100_000, 'other-1'));
    expect(await balanceOf(server(), ada)).toMatchObject({ available: 100_000 });
  });

  it('an administrator cannot mark their own payout sent or failed; another administrator can', async () => {
    await fund(server(), bob, ada, 5000);
    ok(await server().graphql(SET_METHOD, { input: { method: 'BANK_TRANSFER', bankAccount: GERMAN } }, ada.accessToken));
    const payout = ok(await server().graphql(REQUEST, { currency: 'EUR' }, ada.accessToken)).requestPayout;
    expectCode(await server().graphql(MARK_SENT, { id: payout.id, reference: 'SELF-1', version: 1 }, ada.accessToken), 'SECOND_ADMIN_REQUIRED');
    expectCode(await server().graphql(MARK_FAILED, { id: payout.id, reason: 'Mine', version: 1 }, ada.accessToken), 'SECOND_ADMIN_REQUIRED');
    const row = await server()
      .app.database.db.selectFrom('payouts')
      .select(['id', 'status', 'version'])
      .where('userId', '=', ada.localId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'REQUESTED', version: 1 });
    expect(await auditRows(server(), row.id)).toEqual([]);
    const sent = ok(await server().graphql(MARK_SENT, { id: payout.id, reference: 'BOB-1', version: 1 }, bob.accessToken)).markPayoutSent;
    expect(sent).toMatchObject({ status: 'PAID', reference: 'BOB-1' });
  });
});
