import { type Kysely, type Migration, sql } from 'kysely';
import { text } from './columns.js';

/**
 * `two_factor_recoveries` (ACC-2FA-RECOVERY, decision 0047): an e-mail recovery of a lost
 * authenticator, asked for after the first factor of a sign-in. Two-factor authentication is
 * removed at `due_at` (`TWO_FACTOR_RECOVERY_DELAY_HOURS` after the request) unless the recovery was
 * cancelled first — by the single-use link of the mail (`cancel_token_hash`, the SHA-256 of 256
 * random bits) or by a sign-in that passed the second factor. `status`: `pending`, `cancelled`
 * (`cancelled_by` `link`, `sign-in`, or `new-authenticator` when 2FA was turned on anew meanwhile) or `done`. At most one pending recovery per account (a
 * partial unique index, on SQLite and PostgreSQL alike). `user_agent` and `network` are the
 * device that asked, for the mails and the timeline. Rows go with their account.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('two_factor_recoveries')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('cancel_token_hash', text, (c) => c.notNull().unique())
      .addColumn('status', text, (c) => c.notNull().defaultTo('pending'))
      .addColumn('due_at', text, (c) => c.notNull())
      .addColumn('user_agent', text)
      .addColumn('network', text)
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('finished_at', text)
      .addColumn('cancelled_by', text)
      .execute();
    await db.schema
      .createIndex('two_factor_recoveries_one_pending')
      .on('two_factor_recoveries')
      .column('user_id')
      .unique()
      .where(sql.ref('status'), '=', 'pending')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('two_factor_recoveries').execute();
  },
};
