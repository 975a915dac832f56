/**
 * The Stripe side of payouts (PAYOUT-REQUEST, PAYOUT-WEBHOOKS, PAYOUT-QUEUE, PAYOUT-MAIL; decisions
 * 0035 and 0041). Rules:
 *
 * - **Settle on what Stripe has.** The transfer job (`payout.transfer`, 8 attempts, the queue's
 *   backoff: about 11 minutes) creates the transfer with the idempotency key `payout:<id>`,
 *   `transfer_group` and `metadata.payoutId` = the payout's id. From its second attempt on it first
 *   asks Stripe for a transfer of that group (`transfers.list`): a reply lost after Stripe acted, or
 *   a retry after Stripe forgot the key (24 hours), must not make a second transfer. A transfer
 *   found or made ends the payout PAID at once: a Connect transfer has no status of its own since
 *   API version 2017-04-06 (it moves the money into the connected account's balance at once), and
 *   Stripe sends no `transfer.paid`.
 * - **Only a definite answer returns money.** A refusal of the create (4xx) fails the payout
 *   (money back). When the job runs out of attempts without an answer, the outcome is unknown: the
 *   payout moves to PROCESSING ("checking"; the money stays in payout), the administrators are
 *   mailed (`adminPayoutChecking`) and the check job (`payout.check`: 40 attempts from 1 minute
 *   doubling to 6 hours, about 8 days) asks Stripe again until it answers: a transfer → PAID; a
 *   successful list without one → FAILED (money back). If it never answers, the administrators are
 *   mailed again (`stage: 'stopped'`) and the payout stays in payout.
 * - **Reversals after PAID** (`transfer.reversed`, partial ones included, found whenever a transfer
 *   is read): each reversal is posted once (`payout-reversed:<payout>:<reversal>`, kind
 *   `payout_reversed`, related to the payout's `payout-paid:<id>` transaction, the studio's
 *   `paid_out` → the earner's `available`, at most the payout's amount in all) with a mail to the earner (`payout:<id>:reversed:<reversal>`) and to each
 *   administrator; once nothing of the transfer is left, the payout is REVERSED. Webhook events only
 *   say "look again" (webhooks.ts re-reads the transfer), so duplicates and any order change nothing more.
 */
import type Stripe from 'stripe';
import { nowIso } from '../../../platform/db/index.js';
import type { PayoutRow } from '../../../platform/db/types.js';
import { toMinor } from '../ledger/book.js';
import { adminFacts, lockPayout, tellAdmins } from './payoutFacts.js';
import { TransferReversals } from './reversals.js';
import type { PayoutService, PayoutServiceDeps } from './service.js';
import { isFinalStripeError, stripeErrorText, stripeJobTimeoutMs } from './stripe.js';

/** The job that creates a payout's Stripe transfer. */
export const TRANSFER_JOB = 'payout.transfer';
/** The job that asks Stripe what became of a payout whose transfer job ran out of attempts. */
export const CHECK_JOB = 'payout.check';

/** Attempts of the transfer job (with the queue's default backoff, 5 s doubling: about 11 minutes). */
const TRANSFER_ATTEMPTS = 8;
/** Attempts and backoff of the check job: 1 minute doubling to 6 hours, 40 runs ≈ 8 days. */
const CHECK_ATTEMPTS = 40;
const CHECK_RETRY = { baseMs: 60_000, maxMs: 6 * 3_600_000 };

/** Transfers of a payout's group answered in one list call (there should be one). */
const LIST_LIMIT = 10;

type Job = { payoutId: string };

export class StripeTransfers {
  private readonly reversals: TransferReversals;

  constructor(
    private readonly deps: PayoutServiceDeps,
    private readonly payouts: Pick<PayoutService, 'finish' | 'byId'>,
  ) {
    this.reversals = new TransferReversals(deps);
    deps.jobs.register<Job>({
      kind: TRANSFER_JOB,
      maxAttempts: TRANSFER_ATTEMPTS,
      timeoutMs: stripeJobTimeoutMs(deps.config.jobs.leaseMs),
      run: ({ payoutId }, job) => this.transfer(payoutId, job.attempts > 1),
      onGiveUp: ({ payoutId }, _job, lastError) => this.startChecking(payoutId, lastError),
    });
    deps.jobs.register<Job>({
      kind: CHECK_JOB,
      maxAttempts: CHECK_ATTEMPTS,
      timeoutMs: stripeJobTimeoutMs(deps.config.jobs.leaseMs),
      retry: CHECK_RETRY,
      run: ({ payoutId }) => this.check(payoutId),
      onGiveUp: async ({ payoutId }, _job, lastError) => {
        deps.log?.error({ payoutId, lastError }, 'payout check: Stripe gave no answer for days; the payout stays in payout');
        const payout = await payouts.byId(payoutId);
        if (payout?.status !== 'PROCESSING') return;
        await deps.db.transaction().execute(async (trx) =>
          tellAdmins(this.deps.mail, trx, 'adminPayoutChecking', `payout:${payoutId}:check-stopped`, {
            ...(await adminFacts(trx, payout)),
            stage: 'stopped',
          }),
        );
      },
    });
  }

  /**
   * The transfer job's run for payout `payoutId`: nothing unless it is a REQUESTED Stripe payout;
   * with `lookFirst` (a retry) Stripe's transfer of the payout, if any, settles it; else the
   * transfer is created (idempotency key `payout:<id>`) and settles it. A refusal (4xx) fails the
   * payout; any other error is thrown for the queue to retry.
   */
  async transfer(payoutId: string, lookFirst: boolean): Promise<void> {
    const { db, stripe } = this.deps;
    const payout = await this.payouts.byId(payoutId);
    if (!payout || payout.status !== 'REQUESTED' || payout.method !== 'STRIPE') return;
    if (!stripe) throw new Error('Stripe is not configured; the transfer waits');
    if (lookFirst) {
      const found = await this.find(payout);
      if (found) return this.settle(payout.id, found);
    }
    const user = payout.userId ? await db.selectFrom('users').select('stripeAccountId').where('id', '=', payout.userId).executeTakeFirst() : undefined;
    if (!user?.stripeAccountId) {
      await this.payouts.finish(payoutId, { status: 'FAILED', reason: 'the Stripe account is gone' });
      return;
    }
    let transfer: Stripe.Transfer;
    try {
      transfer = await stripe.transfers.create(
        {
          amount: toMinor(payout.amount),
          currency: payout.currency.toLowerCase(),
          destination: user.stripeAccountId,
          transfer_group: payout.id,
          metadata: { payoutId: payout.id },
        },
        { idempotencyKey: `payout:${payout.id}` },
      );
    } catch (error) {
      if (!isFinalStripeError(error)) throw error;
      await this.payouts.finish(payoutId, { status: 'FAILED', reason: stripeErrorText(error) });
      return;
    }
    await this.settle(payout.id, transfer);
  }

  /**
   * The transfer job gave up on payout `payoutId` without Stripe's answer (`lastError`): a REQUESTED
   * Stripe payout moves to PROCESSING ("checking"; the money stays in payout), the check job is
   * queued (key `payout.check:<id>`) and every administrator is mailed, in one transaction.
   */
  async startChecking(payoutId: string, lastError: string): Promise<void> {
    const moved = await this.deps.db.transaction().execute(async (trx) => {
      const payout = await lockPayout(trx, payoutId);
      if (!payout || payout.status !== 'REQUESTED' || payout.method !== 'STRIPE') return null;
      await trx
        .updateTable('payouts')
        .set({ status: 'PROCESSING', updated: nowIso(), version: payout.version + 1 })
        .where('id', '=', payoutId)
        .where('version', '=', payout.version)
        .execute();
      await this.deps.jobs.enqueue(CHECK_JOB, { payoutId }, { db: trx, key: `${CHECK_JOB}:${payoutId}`, runAt: nowIso(Date.now() + CHECK_RETRY.baseMs) });
      await tellAdmins(this.deps.mail, trx, 'adminPayoutChecking', `payout:${payoutId}:checking`, { ...(await adminFacts(trx, payout)), stage: 'checking' });
      return payout;
    });
    if (!moved) return;
    this.deps.log?.warn({ payoutId, lastError }, 'payout transfer: no answer from Stripe after every attempt; checking with Stripe, administrators told');
    if (moved.userId) this.deps.changed([moved.userId]);
  }

  /**
   * The check job's run: a PROCESSING Stripe payout is settled by Stripe's transfer when there is
   * one, and FAILED (money back) when Stripe answers that there is none. Stripe's errors are thrown
   * (the queue retries: the outcome stays unknown, the money in payout).
   */
  async check(payoutId: string): Promise<void> {
    const payout = await this.payouts.byId(payoutId);
    if (!payout || payout.status !== 'PROCESSING' || payout.method !== 'STRIPE') return;
    if (!this.deps.stripe) throw new Error('Stripe is not configured; the check waits');
    const found = await this.find(payout);
    if (found) return this.settle(payout.id, found);
    await this.payouts.finish(payoutId, { status: 'FAILED', reason: 'the payment provider made no transfer; the money is back in your balance' });
  }

  /**
   * Queues the check of every PROCESSING Stripe payout that has none yet (rows from before decision
   * 0041 waited there for a `transfer.paid` that Stripe never sends), and starts checking REQUESTED
   * ones whose transfer job failed for good without moving them (a database error in its give-up).
   * Run at start; idempotent (job keys). Answers how many checks it queued.
   */
  async resume(): Promise<number> {
    const { db, jobs } = this.deps;
    const open = await db
      .selectFrom('payouts')
      .select(['id', 'status'])
      .where('method', '=', 'STRIPE')
      .where('status', 'in', ['REQUESTED', 'PROCESSING'])
      .execute();
    let queued = 0;
    for (const payout of open.filter((p) => p.status === 'PROCESSING')) {
      if ((await jobs.enqueue(CHECK_JOB, { payoutId: payout.id }, { key: `${CHECK_JOB}:${payout.id}` })).queued) queued += 1;
    }
    const requested = open.filter((p) => p.status === 'REQUESTED').map((p) => `${TRANSFER_JOB}:${p.id}`);
    const stuck =
      requested.length === 0
        ? []
        : await db.selectFrom('jobs').select(['payload', 'lastError']).where('idempotencyKey', 'in', requested).where('status', '=', 'failed').execute();
    for (const job of stuck) {
      await this.startChecking((JSON.parse(job.payload) as Job).payoutId, job.lastError ?? '');
      queued += 1;
    }
    return queued;
  }

  /**
   * What Stripe now says about `transfer` of payout `payoutId` (a webhook's re-read): an open payout
   * is settled by it (PAID); the reversals of a paid one are posted. A FAILED payout with a transfer
   * at Stripe is logged for a person (its money was returned) and left alone.
   */
  async sync(payoutId: string, transfer: Stripe.Transfer): Promise<void> {
    const payout = await this.payouts.byId(payoutId);
    if (!payout) return;
    if (payout.status === 'FAILED') {
      this.deps.log?.error({ payoutId, transfer: transfer.id }, 'stripe event: Stripe has a transfer for a FAILED payout; check it by hand');
      return;
    }
    await this.settle(payoutId, transfer);
  }

  /**
   * Stripe's transfer of a payout (`transfer_group` = its id, or the transfer id a row before 0041
   * recorded), or null when Stripe answered that there is none. Throws Stripe's errors.
   */
  private async find(payout: PayoutRow): Promise<Stripe.Transfer | null> {
    const stripe = this.deps.stripe!;
    if (payout.stripeTransferId) return stripe.transfers.retrieve(payout.stripeTransferId);
    const list = await stripe.transfers.list({ transfer_group: payout.id, limit: LIST_LIMIT });
    const mine = list.data.filter((t) => t.transfer_group === payout.id || t.metadata?.['payoutId'] === payout.id);
    if (mine.length > 1)
      this.deps.log?.error(
        { payoutId: payout.id, transfers: mine.map((t) => t.id) },
        'payout: Stripe holds more than one transfer for this payout; check it by hand',
      );
    // The oldest one: a list is newest first.
    return mine.at(-1) ?? null;
  }

  /** Payout `payoutId` has Stripe transfer `transfer`: PAID if still open, then its reversals (see the module docstring). */
  private async settle(payoutId: string, transfer: Stripe.Transfer): Promise<void> {
    await this.payouts.finish(payoutId, { status: 'PAID', stripeTransferId: transfer.id });
    await this.reversals.post(payoutId, transfer);
  }
}
