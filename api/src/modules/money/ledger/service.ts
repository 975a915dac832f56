/**
 * The referral ledger as the rest of the server uses it (decision 0034): a user's movements and
 * balances for GraphQL (LEDGER-MOVEMENTS), the hooks of the request workflow (commission on WON,
 * reversal on WON → LOST), administrators' adjustments (audited, LEDGER-ADJUSTMENT), the release
 * job (LEDGER-HOLD) and what deleting a user does to the book (LEDGER-DELETION). Change notices
 * (`changed`) go out after the commit, for `transactionsUpdated` and `viewerUpdated`.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type AuditActor, recordAudit } from '../../../platform/audit.js';
import type { Db } from '../../../platform/db/index.js';
import type { Database, LedgerKind, OrderRow } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { JobQueue } from '../../../platform/jobs/types.js';
import { balancesOf, toMinor } from './book.js';
import {
  RELEASE_JOB,
  type ReferralSettings,
  beneficiaryOf,
  commissionOfOrder,
  creditCommission,
  heldForReview,
  postAdjustment,
  releaseCommission,
  reverseCommission,
} from './referrals.js';

type Trx = Kysely<Database>;

/** How a movement stands (LEDGER-MOVEMENTS): a commission on hold, released, or taken back; other kinds are COMPLETED. */
export type MovementStatus = 'PENDING' | 'AVAILABLE' | 'REVERSED' | 'COMPLETED';

/** One ledger transaction as its user sees it: the net amount on their accounts. */
export interface Movement {
  id: string;
  /** `payout_paid` reads as PAYOUT, `payout_reversed` as PAYOUT_REVERSED. */
  kind: Exclude<LedgerKind, 'release' | 'payout' | 'payout_failed'>;
  /** Signed minor units: what it added to (or took from) balance + held. */
  amount: number;
  currency: string;
  status: MovementStatus;
  orderReference: string | null;
  reason: string | null;
  created: string;
  availableAt: string | null;
}

export interface LedgerServiceDeps {
  db: Db;
  jobs: JobQueue;
  settings: ReferralSettings;
  /** Called after commit with the users whose ledger changed (publishes the notices); never throws. */
  changed: (userIds: string[]) => void;
}

/** PAYOUT_IN_PROGRESS (LEDGER-DELETION): money of the account is being paid out. */
export function payoutInProgress(): HttpError {
  return new HttpError(409, 'PAYOUT_IN_PROGRESS', 'A payout of this account is in progress; it can be deleted once the payout is finished.');
}

/** IDEMPOTENCY_KEY_REUSED: the key of an earlier, different adjustment (as payment APIs answer a reused key). */
async function assertSameAdjustment(
  trx: Trx,
  transactionId: string,
  input: { userId: string; amount: number; currency: string; reason: string },
): Promise<void> {
  const stored = await trx
    .selectFrom('ledgerEntries as e')
    .innerJoin('ledgerAccounts as a', 'a.id', 'e.accountId')
    .innerJoin('ledgerTransactions as t', 't.id', 'e.transactionId')
    .select(['a.owner', 'e.amount', 't.currency', 't.reason'])
    .where('e.transactionId', '=', transactionId)
    .where('a.type', '=', 'available')
    .executeTakeFirst();
  const same =
    stored && stored.owner === input.userId && toMinor(stored.amount) === input.amount && stored.currency === input.currency && stored.reason === input.reason;
  if (!same) {
    throw new HttpError(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      'idempotencyKey: this key was already used for a different adjustment; make a new key for a new adjustment',
      { field: 'idempotencyKey' },
    );
  }
}

export class LedgerService {
  constructor(private readonly deps: LedgerServiceDeps) {
    deps.jobs.register<{ transactionId: string }>({
      kind: RELEASE_JOB,
      run: async ({ transactionId }) => {
        const posted = await releaseCommission(deps.db, transactionId);
        if (posted && !posted.replayed) deps.changed(posted.users);
      },
    });
  }

  /** The commission percentage in basis points and the hold in ms, as configured. */
  get settings(): ReferralSettings {
    return this.deps.settings;
  }

  /**
   * The book's side of a request's status change, in its transaction `trx`: WON credits the
   * commission, WON → LOST takes it back. Answers the users whose ledger changed (notify after commit).
   */
  async onStatusChange(trx: Trx, before: OrderRow, after: OrderRow, actorId: string): Promise<string[]> {
    if (after.status === 'WON' && after.contractAmount !== null && after.contractCurrency !== null) {
      const posted = await creditCommission(trx, this.deps.jobs, this.deps.settings, {
        ...after,
        contractAmount: after.contractAmount,
        contractCurrency: after.contractCurrency,
      });
      return posted?.users ?? [];
    }
    if (before.status === 'WON' && after.status === 'LOST') return (await reverseCommission(trx, after, actorId))?.users ?? [];
    return [];
  }

  /** Publishes the change notices of `userIds` (after a commit). */
  announce(userIds: string[]): void {
    if (userIds.length > 0) this.deps.changed(userIds);
  }

  /** The balances of user `userId` per currency (minor units), currencies sorted; empty before any earning. */
  balances(userId: string) {
    return balancesOf(this.deps.db, userId);
  }

  /** The movements of user `userId`, newest first (releases are not movements: they change a commission's status). */
  async movements(userId: string, slice: { limit: number; offset: number }, onlyId?: string): Promise<{ rows: Movement[]; totalCount: number }> {
    const { db } = this.deps;
    const mine = db
      .selectFrom('ledgerTransactions as t')
      .innerJoin('ledgerEntries as e', 'e.transactionId', 't.id')
      .innerJoin('ledgerAccounts as a', 'a.id', 'e.accountId')
      .where('a.owner', '=', userId)
      // Moves between the user's own accounts are not movements (LEDGER-MOVEMENTS): they change a status.
      .where('t.kind', 'not in', ['release', 'payout', 'payout_failed'])
      .$if(onlyId !== undefined, (qb) => qb.where('t.id', '=', onlyId!));
    const [rows, count] = await Promise.all([
      mine
        .leftJoin('orders as o', 'o.id', 't.orderId')
        .select(['t.id', 't.kind', 't.currency', 't.reason', 't.created', 't.availableAt', 'o.reference'])
        .select((eb) => eb.fn.sum<number | string>('e.amount').as('amount'))
        .groupBy(['t.id', 't.kind', 't.currency', 't.reason', 't.created', 't.availableAt', 'o.reference'])
        .orderBy('t.created', 'desc')
        .orderBy('t.id', 'desc')
        .limit(slice.limit)
        .offset(slice.offset)
        .execute(),
      mine.select((eb) => eb.fn.count<number | string>('t.id').distinct().as('n')).executeTakeFirstOrThrow(),
    ]);
    const commissions = rows.filter((r) => r.kind === 'commission').map((r) => r.id);
    const related = commissions.length
      ? await db.selectFrom('ledgerTransactions').select(['relatedId', 'kind']).where('relatedId', 'in', commissions).execute()
      : [];
    const statusOf = (id: string, kind: LedgerKind): MovementStatus => {
      if (kind !== 'commission') return 'COMPLETED';
      const fates = related.filter((r) => r.relatedId === id).map((r) => r.kind);
      if (fates.includes('reversal') || fates.includes('adjustment')) return 'REVERSED';
      return fates.includes('release') ? 'AVAILABLE' : 'PENDING';
    };
    return {
      totalCount: Number(count.n),
      rows: rows.map((r) => ({
        id: r.id,
        kind: r.kind as Movement['kind'],
        amount: toMinor(r.amount),
        currency: r.currency,
        status: statusOf(r.id, r.kind),
        orderReference: r.reference ?? null,
        reason: r.reason,
        created: r.created,
        availableAt: r.availableAt,
      })),
    };
  }

  /** The commission order `orderId` earned, as its referrer sees it (for administrators), or undefined. */
  async commissionOf(orderId: string): Promise<Movement | undefined> {
    const commission = await commissionOfOrder(this.deps.db, orderId);
    if (!commission) return undefined;
    return this.movement(await beneficiaryOf(this.deps.db, commission), commission.id);
  }

  /**
   * Whether order `order`'s commission is held for review (LEDGER-SELF-REFERRAL): once credited, a
   * commission without `availableAt`; before, whether it would be. Null without a referrer.
   */
  async referralHeldForReview(order: OrderRow): Promise<boolean | null> {
    if (!order.referrerId) return null;
    const commission = await commissionOfOrder(this.deps.db, order.id);
    return commission ? commission.availableAt === null : heldForReview(this.deps.db, order);
  }

  /** Movement `id` if it touches user `userId`'s accounts (for `node`), else undefined. */
  async movement(userId: string, id: string): Promise<Movement | undefined> {
    return (await this.movements(userId, { limit: 1, offset: 0 }, id)).rows[0];
  }

  /**
   * Administrator `actor` adjusts user `userId`'s available balance (LEDGER-ADJUSTMENT) with the
   * audit entry `ledger.adjustment`; `key` (the client's idempotency key) makes a retry do nothing.
   * @throws HttpError FORBIDDEN when the user does not exist; IDEMPOTENCY_KEY_REUSED when `key` named
   *   a different adjustment (another user, amount, currency or reason).
   */
  async adjust(actor: AuditActor, input: { userId: string; amount: number; currency: string; reason: string; key: string }): Promise<Movement> {
    const posted = await this.deps.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', input.userId).executeTakeFirst();
      if (!user) throw new HttpError(403, 'FORBIDDEN', 'Forbidden resource');
      const result = await postAdjustment(trx, { ...input, actorId: actor.id });
      if (result.replayed) await assertSameAdjustment(trx, result.transaction.id, input);
      else {
        await recordAudit(trx, {
          actor,
          action: 'ledger.adjustment',
          target: { type: 'User', id: user.id, label: user.email },
          before: null,
          after: { amount: input.amount, currency: input.currency, reason: input.reason, transactionId: result.transaction.id },
        });
      }
      return result;
    });
    this.announce(posted.users);
    const movement = await this.movement(input.userId, posted.transaction.id);
    if (!movement) throw new Error('ledger: the adjustment just posted is not among the user’s movements');
    return movement;
  }

  /** Refuses the deletion of user `userId` while money of theirs is in payout (LEDGER-DELETION). @throws HttpError PAYOUT_IN_PROGRESS. */
  async assertDeletable(trx: Trx, userId: string): Promise<void> {
    const inPayout = await trx.selectFrom('ledgerAccounts').select('balance').where('owner', '=', userId).where('type', '=', 'in_payout').execute();
    if (inPayout.some((a) => toMinor(a.balance) !== 0)) throw payoutInProgress();
  }

  /**
   * In the deletion's transaction: refuses while money is in payout, then replaces the user's
   * reference on their accounts with `deleted:<uuid>` (LEDGER-DELETION). Transactions and entries
   * stay as written; the book still balances.
   */
  async anonymise(trx: Trx, userId: string): Promise<void> {
    await this.assertDeletable(trx, userId);
    await trx
      .updateTable('ledgerAccounts')
      .set({ owner: `deleted:${randomUUID()}` })
      .where('owner', '=', userId)
      .execute();
  }
}
