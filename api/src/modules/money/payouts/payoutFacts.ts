/** What payouts' Stripe side and their reversals share: a payout's owner and lock, and the administrators' mails (PAYOUT-MAIL). */
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database, PayoutRow } from '../../../platform/db/types.js';
import { type MailService, type MailTemplateParams, mailLocale } from '../../../platform/mail/index.js';
import { toMinor } from '../ledger/book.js';

export type Trx = Kysely<Database>;

/**
 * The ledger owner of payout `payout`'s money: the owner of the `in_payout` account its request
 * posted to (`payout:<id>`) — the user, or `deleted:<uuid>` after the account was deleted (LEDGER-DELETION).
 */
export async function payoutOwner(trx: Trx, payout: Pick<PayoutRow, 'id' | 'userId'>): Promise<string> {
  const row = await trx
    .selectFrom('ledgerTransactions as t')
    .innerJoin('ledgerEntries as e', 'e.transactionId', 't.id')
    .innerJoin('ledgerAccounts as a', 'a.id', 'e.accountId')
    .select('a.owner')
    .where('t.idempotencyKey', '=', `payout:${payout.id}`)
    .where('a.type', '=', 'in_payout')
    .executeTakeFirst();
  return row?.owner ?? payout.userId ?? '';
}

/** Payout `payoutId` in `trx`, locked on PostgreSQL (SQLite has one writer). */
export function lockPayout(trx: Trx, payoutId: string): Promise<PayoutRow | undefined> {
  return trx
    .selectFrom('payouts')
    .selectAll()
    .where('id', '=', payoutId)
    .$if(trx.getExecutor().adapter instanceof PostgresAdapter, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** What the administrators' mails say about `payout`: amount, currency, id and whose it is. */
export async function adminFacts(trx: Trx, payout: PayoutRow): Promise<{ amount: number; currency: string; payoutId: string; earner: string | null }> {
  const user = payout.userId ? await trx.selectFrom('users').select(['fullName', 'email']).where('id', '=', payout.userId).executeTakeFirst() : undefined;
  return { amount: toMinor(payout.amount), currency: payout.currency, payoutId: payout.id, earner: user ? `${user.fullName} <${user.email}>` : null };
}

/** Mails `template` to every administrator in their language, in `trx`, once each (key `<key>:<admin id>`). */
export async function tellAdmins<T extends 'adminPayoutChecking' | 'adminPayoutReversed'>(
  mail: Pick<MailService, 'send'>,
  trx: Trx,
  template: T,
  key: string,
  params: MailTemplateParams[T],
): Promise<void> {
  const admins = await trx.selectFrom('users').select(['id', 'email', 'locale']).where('role', '=', 'ADMIN').orderBy('id').execute();
  for (const admin of admins) {
    await mail.send({ to: admin.email, template, locale: mailLocale(admin.locale), params, key: `${key}:${admin.id}` }, { db: trx });
  }
}
