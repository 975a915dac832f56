/**
 * Payout requests (PAYOUT-REQUEST, PAYOUT-QUEUE, PAYOUT-MAIL; decisions 0035 and 0041). A request
 * moves the user's whole available balance of one currency to `in_payout` (ledger key
 * `payout:<id>`) in the transaction that stores the payout, its mail and — for STRIPE — its
 * transfer job; the payout ends PAID (`in_payout → studio paid_out`, `payout-paid:<id>`) or FAILED
 * (`in_payout → available`, `payout-failed:<id>`), each exactly once: the status moves only from
 * REQUESTED/PROCESSING, in the same transaction as its posting, and every posting has its key.
 *
 * The Stripe side — the transfer job, the check of an unknown outcome, transfers reversed after
 * PAID — is transfers.ts (`StripeTransfers`), which this service owns as `transfers`.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, PostgresAdapter } from 'kysely';
import { type AuditActor, recordAudit } from '../../../platform/audit.js';
import type { Config } from '../../../platform/config.js';
import { mailLocale } from '../../../platform/mail/index.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { Database, PayoutRow, PayoutStatus } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { JobQueue } from '../../../platform/jobs/types.js';
import { lockAccounts, post, STUDIO, toMinor } from '../ledger/book.js';
import type { MailService } from '../../../platform/mail/index.js';
import { requireRecentProof } from '../../identity/index.js';
import { assertNotPaused } from './safety.js';
import type { StripeClient } from './stripe.js';
import { payoutOwner } from './payoutFacts.js';
import { StripeTransfers, TRANSFER_JOB } from './transfers.js';

export { CHECK_JOB, TRANSFER_JOB } from './transfers.js';

type Trx = Kysely<Database>;

export interface PayoutServiceDeps {
  db: Db;
  jobs: JobQueue;
  mail: MailService;
  config: Pick<Config, 'payouts' | 'jobs'>;
  stripe: StripeClient | null;
  /** After commit: the users whose ledger changed (publishes `transactionsUpdated`, `viewerUpdated`). */
  changed: (userIds: string[]) => void;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

const code = (status: number, name: string, message: string) => new HttpError(status, name, message);

/** The masked destination of a user's method (PAYOUT-BANK: the stored JSON's `masked`). */
export function destinationOf(user: { withdrawalMethod: string | null; withdrawalMethodDetails: string | null; stripeAccountId: string | null }): string {
  if (user.withdrawalMethod === 'STRIPE') return `Stripe ${user.stripeAccountId ? `…${user.stripeAccountId.slice(-4)}` : ''}`.trim();
  return maskedDetails(user.withdrawalMethodDetails) ?? '—';
}

/** The masked form of stored bank details (`{ masked, sealed }` JSON), or null. Older free text shows only its last 4 characters. */
export function maskedDetails(stored: string | null): string | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as { masked?: unknown };
    if (typeof parsed.masked === 'string') return parsed.masked;
  } catch {
    // not ours: free text of an older version
  }
  return `•••• ${stored.slice(-4)}`;
}

export class PayoutService {
  /** The Stripe side of payouts: transfer and check jobs, settling on Stripe's transfer, reversals (transfers.ts). */
  readonly transfers: StripeTransfers;

  constructor(private readonly deps: PayoutServiceDeps) {
    this.transfers = new StripeTransfers(deps, this);
  }

  /** The smallest payout of `currency`, in minor units. */
  minimumOf(currency: string): number {
    return this.deps.config.payouts.minimums[currency] ?? this.deps.config.payouts.defaultMinimum;
  }

  /**
   * User `userId` (session `sessionId`) pays out their available `currency` balance (PAYOUT-REQUEST).
   * @throws HttpError REAUTHENTICATION_REQUIRED, PAYOUTS_PAUSED, NO_WITHDRAWAL_METHOD, STRIPE_UNAVAILABLE,
   *   ONBOARDING_INCOMPLETE, NOTHING_TO_PAY_OUT, BELOW_MINIMUM.
   */
  async request(userId: string, sessionId: string, currency: string): Promise<PayoutRow> {
    const { db } = this.deps;
    await requireRecentProof(db, sessionId);
    const payout = await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      assertNotPaused(user.payoutsPausedUntil);
      const method = user.withdrawalMethod;
      if (method !== 'STRIPE' && method !== 'BANK_TRANSFER') throw code(409, 'NO_WITHDRAWAL_METHOD', 'Choose how you are paid first.');
      if (method === 'BANK_TRANSFER' && !user.withdrawalMethodDetails) throw code(409, 'NO_WITHDRAWAL_METHOD', 'Add the bank account to pay out to first.');
      if (method === 'STRIPE' && !this.deps.stripe) throw code(409, 'STRIPE_UNAVAILABLE', 'Stripe payouts are not offered on this site; choose bank transfer.');
      if (method === 'STRIPE' && (user.stripeOnboardingCompleted !== 1 || !user.stripeAccountId))
        throw code(409, 'ONBOARDING_INCOMPLETE', 'Finish setting up payouts with Stripe first.');
      const accounts = await lockAccounts(
        trx,
        [
          { owner: userId, type: 'available' },
          { owner: userId, type: 'in_payout' },
        ],
        currency,
      );
      const available = toMinor(accounts.get(`${userId}/available`)?.balance ?? 0);
      if (available <= 0) throw code(409, 'NOTHING_TO_PAY_OUT', `There is nothing available to pay out in ${currency}.`);
      const minimum = this.minimumOf(currency);
      if (available < minimum) {
        throw new HttpError(409, 'BELOW_MINIMUM', `The smallest payout in ${currency} is ${minimum} minor units.`, { minimum: { amount: minimum, currency } });
      }
      const now = nowIso();
      const row: PayoutRow = {
        id: randomUUID(),
        userId,
        method,
        amount: available,
        currency,
        destination: destinationOf(user),
        status: 'REQUESTED',
        stripeTransferId: null,
        reference: null,
        failureReason: null,
        locale: mailLocale(user.locale),
        created: now,
        updated: now,
        version: 1,
      };
      await trx.insertInto('payouts').values(row).execute();
      await post(trx, {
        key: `payout:${row.id}`,
        kind: 'payout',
        currency,
        legs: [
          { owner: userId, type: 'available', amount: -available },
          { owner: userId, type: 'in_payout', amount: available },
        ],
      });
      await this.deps.mail.send(
        {
          to: user.email,
          template: 'payoutRequested',
          locale: mailLocale(user.locale),
          params: { amount: available, currency, method, destination: row.destination },
          key: `payout:${row.id}:requested`,
        },
        { db: trx },
      );
      if (method === 'STRIPE') await this.deps.jobs.enqueue(TRANSFER_JOB, { payoutId: row.id }, { db: trx, key: `${TRANSFER_JOB}:${row.id}` });
      return row;
    });
    this.deps.changed([userId]);
    return payout;
  }

  /**
   * Ends payout `payoutId` as PAID (with the bank's `reference`, or the Stripe transfer it was paid
   * by) or FAILED (with the `reason` the user is told), once: only from REQUESTED or PROCESSING (and
   * at `version` when given, for administrators: VERSION_CONFLICT otherwise); the ledger posting,
   * the mail and (`actor`) the audit entry in the same transaction. Answers the payout, or null when
   * it had ended already.
   */
  async finish(
    payoutId: string,
    outcome: { status: 'PAID'; reference?: string | null; stripeTransferId?: string } | { status: 'FAILED'; reason: string },
    admin?: { actor: AuditActor; version: number },
  ): Promise<PayoutRow | null> {
    const ended = await this.deps.db.transaction().execute(async (trx) => {
      // Locked (PostgreSQL; SQLite has one writer): the transfer job's REQUESTED → PROCESSING cannot slip in between.
      const payout = await trx
        .selectFrom('payouts')
        .selectAll()
        .where('id', '=', payoutId)
        .$if(trx.getExecutor().adapter instanceof PostgresAdapter, (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!payout) throw new HttpError(403, 'FORBIDDEN', 'Forbidden resource');
      // Administrators end bank transfers only: a Stripe payout is Stripe's to end (its transfer stands).
      if (admin && payout.method !== 'BANK_TRANSFER')
        throw new HttpError(409, 'INVALID_PAYOUT_STATE', 'A Stripe payout ends with Stripe’s transfer, not by hand.');
      if (admin && payout.version !== admin.version)
        throw new HttpError(409, 'VERSION_CONFLICT', 'This was changed since you opened it; reload to see the changes.', { field: 'version' });
      const open: PayoutStatus[] = ['REQUESTED', 'PROCESSING'];
      if (!open.includes(payout.status)) {
        if (admin) throw new HttpError(409, 'INVALID_PAYOUT_STATE', `This payout is ${payout.status} already.`);
        return null;
      }
      const patch =
        outcome.status === 'PAID'
          ? { status: 'PAID' as const, reference: outcome.reference ?? payout.reference, stripeTransferId: outcome.stripeTransferId ?? payout.stripeTransferId }
          : { status: 'FAILED' as const, failureReason: outcome.reason };
      const updated = await trx
        .updateTable('payouts')
        .set({ ...patch, updated: nowIso(), version: payout.version + 1 })
        .where('id', '=', payoutId)
        .where('status', 'in', open)
        .where('version', '=', payout.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Error(`payout ${payoutId} changed while it was being ended; the job retries`);
      await this.postOutcome(trx, payout, outcome.status);
      if (admin) {
        await recordAudit(trx, {
          actor: admin.actor,
          action: outcome.status === 'PAID' ? 'payout.sent' : 'payout.failed',
          target: { type: 'Payout', id: payout.id, label: `${toMinor(payout.amount)} ${payout.currency}` },
          before: { status: payout.status },
          after: outcome.status === 'PAID' ? { status: 'PAID', reference: outcome.reference ?? null } : { status: 'FAILED', reason: outcome.reason },
        });
      }
      return trx.selectFrom('payouts').selectAll().where('id', '=', payoutId).executeTakeFirstOrThrow();
    });
    if (ended?.userId) this.deps.changed([ended.userId]);
    return ended;
  }

  /** The ledger posting and the mail of a payout's end, in `trx`. */
  private async postOutcome(trx: Trx, payout: PayoutRow, status: 'PAID' | 'FAILED'): Promise<void> {
    const amount = toMinor(payout.amount);
    const account = await payoutOwner(trx, payout);
    await post(trx, {
      key: `${status === 'PAID' ? 'payout-paid' : 'payout-failed'}:${payout.id}`,
      kind: status === 'PAID' ? 'payout_paid' : 'payout_failed',
      currency: payout.currency,
      legs:
        status === 'PAID'
          ? [
              { owner: account, type: 'in_payout', amount: -amount },
              { owner: STUDIO, type: 'paid_out', amount },
            ]
          : [
              { owner: account, type: 'in_payout', amount: -amount },
              { owner: account, type: 'available', amount },
            ],
    });
    if (!payout.userId) return;
    const user = await trx.selectFrom('users').select(['email', 'locale']).where('id', '=', payout.userId).executeTakeFirst();
    if (!user) return;
    const base = { amount, currency: payout.currency, destination: payout.destination };
    if (status === 'PAID') {
      await this.deps.mail.send(
        {
          to: user.email,
          template: 'payoutPaid',
          locale: mailLocale(user.locale),
          params: { ...base, method: payout.method, reference: payout.reference },
          key: `payout:${payout.id}:paid`,
        },
        { db: trx },
      );
    } else {
      const reason = (await trx.selectFrom('payouts').select('failureReason').where('id', '=', payout.id).executeTakeFirstOrThrow()).failureReason ?? '';
      await this.deps.mail.send(
        { to: user.email, template: 'payoutFailed', locale: mailLocale(user.locale), params: { ...base, reason }, key: `payout:${payout.id}:failed` },
        { db: trx },
      );
    }
  }

  /** Payout `id`, or undefined. */
  byId(id: string): Promise<PayoutRow | undefined> {
    return this.deps.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A page of payouts, newest first: of one user, or (administrators) of a status and method. */
  async list(filters: { userId?: string; status?: PayoutStatus; method?: string }, slice: { limit: number; offset: number }) {
    let query = this.deps.db.selectFrom('payouts');
    if (filters.userId) query = query.where('userId', '=', filters.userId);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.method) query = query.where('method', '=', filters.method as PayoutRow['method']);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(slice.limit).offset(slice.offset).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }
}
