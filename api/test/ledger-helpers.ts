/**
 * Helpers of the referral-ledger suites (LEDGER-BOOK, LEDGER-DERIVED, LEDGER-IDEMPOTENCY,
 * LEDGER-NEGATIVE, LEDGER-ATTRIBUTION, LEDGER-COMMISSION, LEDGER-HOLD, LEDGER-REFUND): orders
 * placed with a referral code through the real `createOrder`, an administrator winning or losing
 * them through `changeOrderStatus`, a simulated payout posted on the book, and the whole-book
 * invariants read straight from the database.
 */
import { expect } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { STUDIO, post, toMinor } from '../src/modules/money/ledger/book.js';
import { type GraphQLResult, type TestServer, ok, uniqueEmail } from './harness.js';
import { CHANGE_STATUS, type Member, REQUESTS_ENV } from './requests-helpers.js';

/** Settings of the ledger suites: no job worker (releases run only through an explicit `runDue`). */
export const LEDGER_ENV: Record<string, string> = { ...REQUESTS_ENV, MAIL_TRANSPORT: 'memory', JOBS_WORKER: 'off' };

export const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
export const MOVEMENT_FIELDS = 'id kind amount { amount currency } status orderReference reason created availableAt';
export const LEDGER_OF_USER = `query ($id: ID!) { user(id: $id) { id balance held balanceCurrency balances { currency available pending inPayout } transactions(first: 50) { totalCount edges { node { ${MOVEMENT_FIELDS} } } } } }`;
export const ADJUST = `mutation ($input: PostLedgerAdjustmentInput!) { postLedgerAdjustment(input: $input) { transaction { ${MOVEMENT_FIELDS} } user { id balance held balances { currency available pending inPayout } } } }`;

/** The referral code `user` received at registration (database). */
export async function referralCodeOf(server: TestServer, user: Member): Promise<string> {
  const row = await server.app.database.db.selectFrom('referralCodes').select('code').where('userId', '=', user.localId).executeTakeFirstOrThrow();
  return row.code;
}

/** Sends `createOrder` with `referralCode` (signed in with `token`, or not) and answers the raw GraphQL result. */
export function orderWithCode(server: TestServer, referralCode: string, options: { email?: string; token?: string } = {}): Promise<GraphQLResult> {
  const input = {
    name: 'Rita Referred',
    email: options.email ?? uniqueEmail('referred'),
    interest: 'design',
    budget: 'NOT_SURE',
    message: 'A friend sent us; we need a chat bot.',
    consent: true,
    locale: 'EN',
    referralCode,
  };
  return server.graphql(CREATE_ORDER, { input }, options.token);
}

/** Places an order with `referrer`'s code and answers its ids (throws unless it is stored with the referrer). */
export async function referredOrder(server: TestServer, referrer: Member, options: { email?: string; token?: string } = {}) {
  const { reference } = ok(await orderWithCode(server, await referralCodeOf(server, referrer), options)).createOrder as { reference: string };
  const row = await server.app.database.db.selectFrom('orders').select(['id', 'referrerId']).where('reference', '=', reference).executeTakeFirstOrThrow();
  expect(row.referrerId).toBe(referrer.localId);
  return { reference, localId: row.id, id: globalId('Order', row.id) };
}

/** Moves order `id` (at `version`) through `statuses` as administrator `boss`; answers the last version. */
export async function moveOrder(
  server: TestServer,
  boss: Member,
  id: string,
  statuses: Array<[string, Record<string, unknown>?]>,
  version = 1,
): Promise<number> {
  for (const [status, extra] of statuses) {
    const answer = ok(await server.graphql(CHANGE_STATUS, { input: { id, status, version, ...extra } }, boss.accessToken));
    version = answer.changeOrderStatus.order.version;
  }
  return version;
}

/** Moves a NEW order to WON with contract value `amount` `currency`; answers its version. */
export function winOrder(server: TestServer, boss: Member, id: string, amount: number, currency: string): Promise<number> {
  return moveOrder(server, boss, id, [['IN_REVIEW'], ['PROPOSAL_SENT'], ['WON', { contractValue: { amount, currency } }]]);
}

/** Moves a WON order (at `version`) to LOST (a refund). */
export function refundOrder(server: TestServer, boss: Member, id: string, version: number) {
  return server.graphql(CHANGE_STATUS, { input: { id, status: 'LOST', version, lostReason: 'Refunded' } }, boss.accessToken);
}

/**
 * Simulates a payout of `amount` of `owner`'s available money with `book.post`: available →
 * in_payout (key `hold:<key>`, kind release), and with `paid` also in_payout → the studio's paid_out (`paid:<key>`).
 */
export async function simulatePayout(server: TestServer, owner: string, currency: string, amount: number, key: string, paid: boolean) {
  await server.app.database.db.transaction().execute(async (trx) => {
    // A hold moves money between the user's own accounts: not a movement they see (like a release).
    await post(trx, {
      key: `hold:${key}`,
      kind: 'release',
      currency,
      legs: [
        { owner, type: 'available', amount: -amount },
        { owner, type: 'in_payout', amount },
      ],
    });
    if (paid)
      await post(trx, {
        key: `paid:${key}`,
        kind: 'adjustment',
        currency,
        legs: [
          { owner, type: 'in_payout', amount: -amount },
          { owner: STUDIO, type: 'paid_out', amount },
        ],
      });
  });
}

/** Everything on the book and the users' derived columns, amounts as numbers. */
export async function readBook(server: TestServer) {
  const db = server.app.database.db;
  const [transactions, entries, accounts, users] = await Promise.all([
    db.selectFrom('ledgerTransactions').selectAll().orderBy('id').execute(),
    db.selectFrom('ledgerEntries').selectAll().orderBy('id').execute(),
    db.selectFrom('ledgerAccounts').selectAll().orderBy('id').execute(),
    db.selectFrom('users').select(['id', 'balance', 'held', 'balanceCurrency']).orderBy('id').execute(),
  ]);
  return {
    transactions,
    entries: entries.map((e) => ({ ...e, amount: toMinor(e.amount) })),
    accounts: accounts.map((a) => ({ ...a, balance: toMinor(a.balance) })),
    users: users.map((u) => ({ ...u, balance: toMinor(u.balance), held: toMinor(u.held) })),
  };
}

export type Book = Awaited<ReturnType<typeof readBook>>;

/**
 * Asserts the book's invariants: every transaction's entries sum to zero (LEDGER-BOOK); each
 * account's balance is the sum of its entries; each user's `balance` = available and `held` =
 * pending + in_payout in their `balanceCurrency` (LEDGER-DERIVED); a user's account is below zero
 * only if an adjustment touched it (LEDGER-NEGATIVE). Answers the book.
 */
export async function expectBalancedBook(server: TestServer): Promise<Book> {
  const book = await readBook(server);
  const byTransaction = new Map<string, number>();
  const byAccount = new Map<string, number>();
  for (const e of book.entries) {
    byTransaction.set(e.transactionId, (byTransaction.get(e.transactionId) ?? 0) + e.amount);
    byAccount.set(e.accountId, (byAccount.get(e.accountId) ?? 0) + e.amount);
  }
  for (const t of book.transactions) expect(byTransaction.get(t.id), `entries of ${t.idempotencyKey}`).toBe(0);
  expect(book.transactions.length).toBe(byTransaction.size);
  for (const a of book.accounts) expect(a.balance, `balance of ${a.owner}/${a.type}/${a.currency}`).toBe(byAccount.get(a.id) ?? 0);
  // Adjustments with a reason are the ones allowed below zero (postAdjustment, a refund after payout).
  const adjustment = new Set(book.transactions.filter((t) => t.kind === 'adjustment' && t.reason !== null).map((t) => t.id));
  for (const a of book.accounts.filter((x) => x.balance < 0 && x.owner !== STUDIO)) {
    const adjusted = book.entries.some((e) => e.accountId === a.id && adjustment.has(e.transactionId));
    expect(adjusted, `${a.owner}/${a.type}/${a.currency} is ${a.balance} without an adjustment`).toBe(true);
  }
  for (const user of book.users) {
    const mine = book.accounts.filter((a) => a.owner === user.id && a.currency === user.balanceCurrency);
    const of = (type: string) => mine.find((a) => a.type === type)?.balance ?? 0;
    const sum = book.entries.filter((e) => mine.some((a) => a.id === e.accountId)).reduce((s, e) => s + e.amount, 0);
    expect({ balance: user.balance, held: user.held, total: user.balance + user.held }, `user ${user.id}`).toEqual({
      balance: of('available'),
      held: of('pending') + of('in_payout'),
      total: sum,
    });
  }
  return book;
}

/** A user's movements and balances through GraphQL, as `token` sees them. */
export async function ledgerOf(server: TestServer, user: Member, token: string) {
  return ok(await server.graphql(LEDGER_OF_USER, { id: user.id }, token)).user;
}
