/**
 * Bank-transfer payouts over GraphQL, on SQLite and PostgreSQL (PAYOUT-BANK, PAYOUT-QUEUE,
 * PAYOUT-MAIL): the bank account checked (an IBAN's checksum, a US routing number), stored sealed
 * and shown masked; a request waits in the administrators' queue, which marks it sent (optimistic
 * version, audited `payout.sent`, once) or failed (the money back). The book balances after every test.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { describeEachDb, ok } from './harness.js';
import { auditRows, expectCode } from './admin-helpers.js';
import { expectBalancedBook } from './ledger-helpers.js';
import { type Member, admin, member } from './requests-helpers.js';
import { MARK_FAILED, MARK_SENT, type PayoutWorld, QUEUE, REQUEST, SET_METHOD, balanceOf, fund, mailCount, me, startPayoutWorld } from './payouts-helpers.js';

const IBAN = 'DE89 3704 0044 0532 0130 00';
const GERMAN = { holderName: 'Berta Bank', country: 'DE', iban: IBAN };

describeEachDb('bank-transfer payouts on %s', (kind) => {
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
  const setBank = (user: Member, bankAccount: Record<string, string>) =>
    server().graphql(SET_METHOD, { input: { method: 'BANK_TRANSFER', bankAccount } }, user.accessToken);

  /** A user with 5000 EUR available and the German account; answers the user and their requested payout. */
  async function requested(name: string) {
    const user = await member(server(), name);
    await fund(server(), boss, user, 5000);
    ok(await setBank(user, GERMAN));
    const payout = ok(await server().graphql(REQUEST, { currency: 'EUR' }, user.accessToken)).requestPayout;
    expect(payout).toMatchObject({ status: 'REQUESTED', method: 'BANK_TRANSFER', amount: { amount: 5000, currency: 'EUR' }, version: 1 });
    return { user, payout };
  }

  it('a bad IBAN is refused at bankAccount.iban; a US account with a 9-digit routing number is accepted', async () => {
    const user = await member(server(), 'Ira Iban');
    expectCode(await setBank(user, { ...GERMAN, iban: 'DE89 3704 0044 0532 0130 01' }), 'BAD_USER_INPUT', 'bankAccount.iban');
    expect((await me(server(), user)).withdrawalMethod).toBeNull();
    expectCode(
      await setBank(user, { holderName: 'Uma US', country: 'US', accountNumber: '000123456789', bankCode: '12345' }),
      'BAD_USER_INPUT',
      'bankAccount.bankCode',
    );
    const us = ok(await setBank(user, { holderName: 'Uma US', country: 'US', accountNumber: '000123456789', bankCode: '021000021' })).setWithdrawalMethod;
    expect(us.withdrawalMethod).toBe('BANK_TRANSFER');
    expect(us.withdrawalMethodDetails).toContain('6789');
    expect(us.withdrawalMethodDetails).not.toContain('000123456789');
  });

  it('the account is stored sealed and shown masked', async () => {
    const user = await member(server(), 'Sina Sealed');
    const shown = ok(await setBank(user, GERMAN)).setWithdrawalMethod.withdrawalMethodDetails;
    expect(shown).toContain('3000');
    expect(shown).not.toContain('DE89370400440532013000');
    expect(shown).not.toContain('0532');
    const row = await server().app.database.db.selectFrom('users').select('withdrawalMethodDetails').where('id', '=', user.localId).executeTakeFirstOrThrow();
    expect(row.withdrawalMethodDetails).toBeTruthy();
    expect(row.withdrawalMethodDetails).not.toContain('DE89370400440532013000');
    expect(row.withdrawalMethodDetails).not.toContain('0532013000');
  });

  it('a request waits in the queue; marked sent once at the right version, audited, and the money leaves', async () => {
    const { user, payout } = await requested('Senta Sent');
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 5000 });
    const queue = ok(await server().graphql(QUEUE, { status: 'REQUESTED', method: 'BANK_TRANSFER' }, boss.accessToken)).payouts;
    const listed = queue.edges.find((e: { node: { id: string } }) => e.node.id === payout.id);
    expect(listed?.node).toMatchObject({ status: 'REQUESTED', user: { id: user.id } });
    expect(listed.node.destination).not.toContain('0532');
    expectCode(await server().graphql(MARK_SENT, { id: payout.id, reference: 'BANK-REF-1', version: 2 }, boss.accessToken), 'VERSION_CONFLICT');
    const sent = ok(await server().graphql(MARK_SENT, { id: payout.id, reference: 'BANK-REF-1', version: 1 }, boss.accessToken)).markPayoutSent;
    expect(sent).toMatchObject({ status: 'PAID', reference: 'BANK-REF-1', version: 2 });
    expectCode(await server().graphql(MARK_SENT, { id: payout.id, reference: 'BANK-REF-1', version: 2 }, boss.accessToken), 'INVALID_PAYOUT_STATE');
    expectCode(await server().graphql(MARK_FAILED, { id: payout.id, reason: 'Too late', version: 2 }, boss.accessToken), 'INVALID_PAYOUT_STATE');
    const localId = (await server().app.database.db.selectFrom('payouts').select('id').where('userId', '=', user.localId).executeTakeFirstOrThrow()).id;
    expect(globalId('Payout', localId)).toBe(payout.id);
    const audit = await auditRows(server(), localId);
    expect(audit.map((a) => a.action)).toEqual(['payout.sent']);
    expect(audit[0]!.after).toMatchObject({ status: 'PAID', reference: 'BANK-REF-1' });
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 0 });
    const queued = ok(await server().graphql(QUEUE, { status: 'REQUESTED', method: 'BANK_TRANSFER' }, boss.accessToken)).payouts.edges;
    expect(queued.some((e: { node: { id: string } }) => e.node.id === payout.id)).toBe(false);
    expect([
      await mailCount(server(), user, 'payoutRequested'),
      await mailCount(server(), user, 'payoutPaid'),
      await mailCount(server(), user, 'payoutFailed'),
    ]).toEqual([1, 1, 0]);
  });

  it('marked failed, the payout tells why and the money is available again', async () => {
    const { user, payout } = await requested('Fina Failed');
    const failed = ok(await server().graphql(MARK_FAILED, { id: payout.id, reason: 'The bank returned it', version: 1 }, boss.accessToken)).markPayoutFailed;
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: 'The bank returned it' });
    expect(await balanceOf(server(), user)).toEqual({ available: 5000, pending: 0, inPayout: 0 });
    expect([await mailCount(server(), user, 'payoutPaid'), await mailCount(server(), user, 'payoutFailed')]).toEqual([0, 1]);
  });

  it('the queue and the marks are for administrators only', async () => {
    const { user, payout } = await requested('Nora Nonadmin');
    const other = await member(server(), 'Otto Other');
    for (const token of [user.accessToken, other.accessToken]) {
      expectCode(await server().graphql(QUEUE, {}, token), 'FORBIDDEN');
      expectCode(await server().graphql(MARK_SENT, { id: payout.id, reference: 'X', version: 1 }, token), 'FORBIDDEN');
      expectCode(await server().graphql(MARK_FAILED, { id: payout.id, reason: 'X', version: 1 }, token), 'FORBIDDEN');
    }
    expect(await balanceOf(server(), user)).toEqual({ available: 0, pending: 0, inPayout: 5000 });
    ok(await server().graphql(MARK_FAILED, { id: payout.id, reason: 'Cleaning up', version: 1 }, boss.accessToken));
  });
});
