/**
 * Reversals after PAID (PAYOUT-WEBHOOKS; decision 0041): each reversal of a payout's transfer is
 * posted once (`payout-reversed:<payout>:<reversal>`, kind `payout_reversed`, related to the
 * payout's `payout-paid:<id>` transaction, the studio's `paid_out` → the earner's `available`, at
 * most the payout's amount in all) with a mail to the earner and to each administrator; once
 * nothing of the transfer is left, the payout is REVERSED.
 */
import type Stripe from 'stripe';
import { nowIso } from '../../../platform/db/index.js';
import { mailLocale } from '../../../platform/mail/index.js';
import { STUDIO, post, toMinor } from '../ledger/book.js';
import { type Trx, adminFacts, lockPayout, payoutOwner, tellAdmins } from './payoutFacts.js';
import type { PayoutServiceDeps } from './service.js';

/** Posts the reversals of payouts' Stripe transfers. */
export class TransferReversals {
  constructor(private readonly deps: Pick<PayoutServiceDeps, 'db' | 'mail' | 'stripe' | 'log' | 'changed'>) {}

  /** Every reversal of `transfer`, oldest first (the embedded list, or all pages of it when it has more). */
  private async all(transfer: Stripe.Transfer): Promise<Stripe.TransferReversal[]> {
    if (!(transfer.amount_reversed > 0)) return [];
    const embedded = transfer.reversals?.data ?? [];
    const complete = transfer.reversals && !transfer.reversals.has_more && embedded.reduce((sum, r) => sum + r.amount, 0) >= transfer.amount_reversed;
    const all = complete ? embedded : await this.deps.stripe!.transfers.listReversals(transfer.id, { limit: 100 }).autoPagingToArray({ limit: 10_000 });
    return [...all].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  }

  /** Posts each reversal of `transfer` not posted yet (see the module docstring); a payout that is not PAID/REVERSED is left alone. */
  async post(payoutId: string, transfer: Stripe.Transfer): Promise<void> {
    const reversals = await this.all(transfer);
    const changed = new Set<string>();
    for (const reversal of reversals) {
      const users = await this.deps.db.transaction().execute(async (trx) => {
        const payout = await lockPayout(trx, payoutId);
        if (!payout || (payout.status !== 'PAID' && payout.status !== 'REVERSED')) return [];
        const paid = await trx.selectFrom('ledgerTransactions').select('id').where('idempotencyKey', '=', `payout-paid:${payoutId}`).executeTakeFirst();
        if (!paid) return [];
        const total = toMinor(payout.amount);
        const done = await reversedSoFar(trx, paid.id);
        const amount = Math.min(reversal.amount, total - done);
        if (reversal.currency.toUpperCase() !== payout.currency) {
          this.deps.log?.error(
            { payoutId, reversal: reversal.id, currency: reversal.currency },
            "payout reversal: not in the payout's currency; check it by hand",
          );
          return [];
        }
        if (amount <= 0) return [];
        const owner = await payoutOwner(trx, payout);
        const posted = await post(trx, {
          key: `payout-reversed:${payoutId}:${reversal.id}`,
          kind: 'payout_reversed',
          currency: payout.currency,
          relatedId: paid.id,
          legs: [
            { owner: STUDIO, type: 'paid_out', amount: -amount },
            { owner, type: 'available', amount },
          ],
        });
        if (posted.replayed) return [];
        const full = done + amount >= total;
        if (full && payout.status === 'PAID')
          await trx
            .updateTable('payouts')
            .set({ status: 'REVERSED', updated: nowIso(), version: payout.version + 1 })
            .where('id', '=', payoutId)
            .where('version', '=', payout.version)
            .execute();
        const user = payout.userId ? await trx.selectFrom('users').select(['email', 'locale']).where('id', '=', payout.userId).executeTakeFirst() : undefined;
        if (user) {
          await this.deps.mail.send(
            {
              to: user.email,
              template: 'payoutReversed',
              locale: mailLocale(user.locale),
              params: { amount, payoutAmount: total, currency: payout.currency, destination: payout.destination, full },
              key: `payout:${payoutId}:reversed:${reversal.id}`,
            },
            { db: trx },
          );
        }
        const facts = await adminFacts(trx, payout);
        await tellAdmins(this.deps.mail, trx, 'adminPayoutReversed', `payout:${payoutId}:reversed:${reversal.id}`, {
          ...facts,
          amount,
          payoutAmount: total,
          full,
        });
        return posted.users;
      });
      for (const id of users) changed.add(id);
    }
    if (changed.size > 0) this.deps.changed([...changed]);
  }
}

/** The minor units already posted back as reversals of the payout paid by ledger transaction `paidId` (the studio's `paid_out` side). */
async function reversedSoFar(trx: Trx, paidId: string): Promise<number> {
  const row = await trx
    .selectFrom('ledgerTransactions as t')
    .innerJoin('ledgerEntries as e', 'e.transactionId', 't.id')
    .innerJoin('ledgerAccounts as a', 'a.id', 'e.accountId')
    .select((eb) => eb.fn.sum<number | string | null>('e.amount').as('sum'))
    .where('t.kind', '=', 'payout_reversed')
    .where('t.relatedId', '=', paidId)
    .where('a.owner', '=', STUDIO)
    .executeTakeFirst();
  return -toMinor(row?.sum ?? 0);
}
