import type { Kysely, Migration } from 'kysely';
import { text } from './columns.js';

/**
 * Payouts (decision 0035, PAYOUT-*):
 * - `payouts`: one request to pay a user's available earnings out (STRIPE or BANK_TRANSFER), in
 *   integer minor units (`bigint`), with where it goes as shown to people (`destination`, masked),
 *   its status (REQUESTED → PROCESSING → PAID | FAILED), Stripe's transfer id, an administrator's
 *   bank reference or the failure's reason, and `version` for the administrators' queue.
 * - `stripe_events`: every webhook event id once (a duplicate is answered and ignored), with its
 *   type and the connected account it concerns.
 * - `users.payouts_paused_until`: the end of the cool-down after a password, e-mail or payout
 *   method change (PAYOUT-COOLDOWN).
 * - `sessions.reauthenticated_at`: when the session last proved its password again (PAYOUT-REAUTH).
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payouts')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('method', text, (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', text, (c) => c.notNull())
      .addColumn('destination', text, (c) => c.notNull())
      .addColumn('status', text, (c) => c.notNull())
      .addColumn('stripe_transfer_id', text)
      .addColumn('reference', text)
      .addColumn('failure_reason', text)
      .addColumn('locale', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('updated', text, (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('payouts_user_created').on('payouts').columns(['user_id', 'created']).execute();
    await db.schema.createIndex('payouts_status_created').on('payouts').columns(['status', 'created']).execute();
    await db.schema.createIndex('payouts_transfer').on('payouts').column('stripe_transfer_id').execute();

    await db.schema
      .createTable('stripe_events')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('type', text, (c) => c.notNull())
      .addColumn('endpoint', text, (c) => c.notNull())
      .addColumn('object_id', text)
      .addColumn('created', text, (c) => c.notNull())
      .execute();

    await db.schema.alterTable('users').addColumn('payouts_paused_until', text).execute();
    await db.schema.alterTable('sessions').addColumn('reauthenticated_at', text).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sessions').dropColumn('reauthenticated_at').execute();
    await db.schema.alterTable('users').dropColumn('payouts_paused_until').execute();
    await db.schema.dropTable('stripe_events').execute();
    await db.schema.dropTable('payouts').execute();
  },
};
