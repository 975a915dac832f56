/**
 * The double-entry book (decision 0034, LEDGER-BOOK): posting balanced, immutable transactions in
 * integer minor units, and deriving a user's `balance` and `held` from it in the same database
 * transaction (LEDGER-DERIVED).
 *
 * `post` is the only writer. In the caller's database transaction it:
 *  1. checks the entries: safe integers, none zero, one currency, summing to zero (else a plain
 *     Error: a bug of the caller, never user input);
 *  2. answers the stored transaction with `replayed: true` when `key` exists (LEDGER-IDEMPOTENCY);
 *  3. creates missing accounts and locks every account of the transaction in id order
 *     (`FOR UPDATE` on PostgreSQL; SQLite has one writer), so concurrent postings on one account
 *     queue up and cannot deadlock;
 *  4. runs the caller's `check` (which sees every earlier posting on those accounts committed), and
 *     looks for `key` once more (a concurrent replay that committed while this one waited);
 *  5. writes the transaction, its entries and the accounts' new balances; a debit that would take
 *     a user's account below zero refuses with INSUFFICIENT_FUNDS unless `allowNegative` (an
 *     explicit adjustment, LEDGER-NEGATIVE);
 *  6. sets `users.balance` (available) and `users.held` (pending + in payout) of each user touched,
 *     in their `balanceCurrency`, from the accounts just written — refusing with BALANCE_LIMIT a
 *     balance the API could not show (past ±2,147,483,647 minor units).
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, PostgresAdapter } from 'kysely';
import { nowIso } from '../../../platform/db/index.js';
import type { Database, LedgerAccountRow, LedgerAccountType, LedgerKind, LedgerTransactionRow } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';

type Trx = Kysely<Database>;

/** The owner of the studio's own accounts. */
export const STUDIO = 'studio';
/** A user's account types (LEDGER-ACCOUNTS). */
export const USER_ACCOUNT_TYPES = ['pending', 'available', 'in_payout'] as const satisfies readonly LedgerAccountType[];

/** An amount read from the database (pg answers `bigint` as a string) as a number of minor units. */
export function toMinor(value: number | string | bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`ledger amount out of range: ${String(value)}`);
  return n;
}

/** An account by what it is; created on first use. */
export interface AccountRef {
  owner: string;
  type: LedgerAccountType;
}

/** One signed amount on one account (positive: credit to the account; negative: debit). */
export interface Leg extends AccountRef {
  amount: number;
}

export interface Posting {
  /** Unique per logical money movement (e.g. `commission:<order id>`); a second post with it writes nothing. */
  key: string;
  kind: LedgerKind;
  currency: string;
  legs: Leg[];
  orderId?: string | null;
  relatedId?: string | null;
  actorId?: string | null;
  reason?: string | null;
  availableAt?: string | null;
  /** Lets a user's account go below zero (explicit adjustments only). */
  allowNegative?: boolean;
  /** Runs after the accounts are locked; throw to refuse the posting (the caller's rollback undoes everything). */
  check?: (trx: Trx) => Promise<void>;
}

export interface Posted {
  transaction: LedgerTransactionRow;
  /** True when `key` existed: nothing was written. */
  replayed: boolean;
  /** The users whose accounts changed (database ids), for the change notices after commit. */
  users: string[];
}

/** INSUFFICIENT_FUNDS: the posting would take a user's account below zero. */
export function insufficientFunds(): HttpError {
  return new HttpError(409, 'INSUFFICIENT_FUNDS', 'amount: this would take the balance below zero', { field: 'amount' });
}

/** The largest balance the API can show: amounts leave GraphQL as 32-bit `Int` (decision 0034). */
export const BALANCE_LIMIT = 2_147_483_647;

/** BALANCE_LIMIT: the posting would take a user's balance past what the API can show. */
export function balanceLimit(): HttpError {
  return new HttpError(409, 'BALANCE_LIMIT', `amount: this would take the balance past ${BALANCE_LIMIT} minor units either way`, { field: 'amount' });
}

const isUserOwner = (owner: string) => owner !== STUDIO && !owner.startsWith('deleted:');

function assertBalanced(posting: Posting): void {
  if (!/^[A-Z]{3}$/.test(posting.currency)) throw new Error(`ledger: bad currency ${posting.currency}`);
  if (posting.legs.length < 2) throw new Error('ledger: a transaction needs at least two entries');
  let sum = 0n;
  for (const leg of posting.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) throw new Error(`ledger: bad amount ${leg.amount}`);
    sum += BigInt(leg.amount);
  }
  if (sum !== 0n) throw new Error(`ledger: entries of ${posting.key} sum to ${sum}, not zero`);
}

function byKey(trx: Trx, key: string) {
  return trx.selectFrom('ledgerTransactions').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
}

/**
 * The accounts `refs` in `currency`, created when missing, locked in id order (see the module
 * docstring), keyed `owner/type`.
 */
export async function lockAccounts(trx: Trx, refs: AccountRef[], currency: string): Promise<Map<string, LedgerAccountRow>> {
  const unique = [...new Map(refs.map((r) => [`${r.owner}/${r.type}`, r])).values()];
  const now = nowIso();
  await trx
    .insertInto('ledgerAccounts')
    .values(unique.map((r) => ({ id: randomUUID(), owner: r.owner, type: r.type, currency, balance: 0, created: now })))
    .onConflict((oc) => oc.columns(['owner', 'type', 'currency']).doNothing())
    .execute();
  const rows = await trx
    .selectFrom('ledgerAccounts')
    .selectAll()
    .where('currency', '=', currency)
    .where((eb) => eb.or(unique.map((r) => eb.and([eb('owner', '=', r.owner), eb('type', '=', r.type)]))))
    .orderBy('id')
    // SQLite has no FOR UPDATE: its single writer already serialises the transactions.
    .$if(trx.getExecutor().adapter instanceof PostgresAdapter, (qb) => qb.forUpdate())
    .execute();
  return new Map(rows.map((row) => [`${row.owner}/${row.type}`, row]));
}

/** Posts `posting` in `trx`; see the module docstring. @throws HttpError INSUFFICIENT_FUNDS; whatever `check` throws. */
export async function post(trx: Trx, posting: Posting): Promise<Posted> {
  assertBalanced(posting);
  const existing = await byKey(trx, posting.key);
  if (existing) return { transaction: existing, replayed: true, users: [] };
  const accounts = await lockAccounts(trx, posting.legs, posting.currency);
  await posting.check?.(trx);
  const raced = await byKey(trx, posting.key);
  if (raced) return { transaction: raced, replayed: true, users: [] };

  const created = nowIso();
  const transaction: LedgerTransactionRow = {
    id: randomUUID(),
    idempotencyKey: posting.key,
    kind: posting.kind,
    currency: posting.currency,
    orderId: posting.orderId ?? null,
    relatedId: posting.relatedId ?? null,
    actorId: posting.actorId ?? null,
    reason: posting.reason ?? null,
    availableAt: posting.availableAt ?? null,
    created,
  };
  await trx.insertInto('ledgerTransactions').values(transaction).execute();
  const users = new Set<string>();
  for (const leg of posting.legs) {
    const account = accounts.get(`${leg.owner}/${leg.type}`)!;
    await trx
      .insertInto('ledgerEntries')
      .values({ id: randomUUID(), transactionId: transaction.id, accountId: account.id, amount: leg.amount, created })
      .execute();
    const balance = toMinor(account.balance) + leg.amount;
    // Only a debit can take an account below zero: a credit to an account already below zero (after
    // an adjustment) lowers the debt and is always allowed.
    if (leg.amount < 0 && balance < 0 && isUserOwner(leg.owner) && !posting.allowNegative) throw insufficientFunds();
    await trx.updateTable('ledgerAccounts').set({ balance }).where('id', '=', account.id).execute();
    account.balance = balance;
    if (isUserOwner(leg.owner)) users.add(leg.owner);
  }
  for (const userId of users) await deriveUserBalance(trx, userId, posting.currency);
  return { transaction, replayed: false, users: [...users] };
}

/**
 * Sets `users.balance` and `users.held` of `userId` from their accounts (LEDGER-DERIVED). A user
 * whose `balanceCurrency` has no account yet takes `currency` (their first earning's) as it.
 * @throws HttpError BALANCE_LIMIT when an account of `currency`, or its held sum, would pass
 *   `BALANCE_LIMIT` either way (the caller's transaction then rolls back).
 */
export async function deriveUserBalance(trx: Trx, userId: string, currency: string): Promise<void> {
  const user = await trx.selectFrom('users').select('balanceCurrency').where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const accounts = await trx.selectFrom('ledgerAccounts').select(['type', 'currency', 'balance']).where('owner', '=', userId).execute();
  const inCurrency = (c: string, type: LedgerAccountType) => toMinor(accounts.find((a) => a.currency === c && a.type === type)?.balance ?? 0);
  const held = inCurrency(currency, 'pending') + inCurrency(currency, 'in_payout');
  if ([inCurrency(currency, 'available'), inCurrency(currency, 'pending'), inCurrency(currency, 'in_payout'), held].some((v) => Math.abs(v) > BALANCE_LIMIT))
    throw balanceLimit();
  const shown = accounts.some((a) => a.currency === user.balanceCurrency) ? user.balanceCurrency : currency;
  const of = (type: LedgerAccountType) => inCurrency(shown, type);
  await trx
    .updateTable('users')
    .set({ balanceCurrency: shown, balance: of('available'), held: of('pending') + of('in_payout') })
    .where('id', '=', userId)
    .execute();
}

/** The balances of `owner`'s accounts per currency: `{ currency, pending, available, inPayout }`, currencies sorted. */
export async function balancesOf(db: Trx, owner: string): Promise<{ currency: string; pending: number; available: number; inPayout: number }[]> {
  const rows = await db.selectFrom('ledgerAccounts').select(['type', 'currency', 'balance']).where('owner', '=', owner).orderBy('currency').execute();
  const byCurrency = new Map<string, { currency: string; pending: number; available: number; inPayout: number }>();
  for (const row of rows) {
    const entry = byCurrency.get(row.currency) ?? { currency: row.currency, pending: 0, available: 0, inPayout: 0 };
    const amount = toMinor(row.balance);
    if (row.type === 'pending') entry.pending = amount;
    else if (row.type === 'available') entry.available = amount;
    else if (row.type === 'in_payout') entry.inPayout = amount;
    byCurrency.set(row.currency, entry);
  }
  return [...byCurrency.values()];
}
