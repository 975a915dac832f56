import type { Kysely, Migration } from 'kysely';
import { text } from './columns.js';

/**
 * Shared state of the order form and the proof-of-work challenge (decision 0029), in the database
 * so that every process of a site agrees (decision 0025):
 * - `order_confirmations`: per lower-cased e-mail address, when the last order confirmation was
 *   queued (ORDER-MAIL: at most one an hour); claimed with an upsert in the order's transaction.
 * - `used_challenges`: the signatures of solved challenges until they expire (SEC-CHALLENGE:
 *   single use); the primary key refuses a replay, also from another process.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('order_confirmations')
      .addColumn('email', text, (c) => c.primaryKey())
      .addColumn('sent', text, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('used_challenges')
      .addColumn('signature', text, (c) => c.primaryKey())
      .addColumn('expires', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('used_challenges_expires').on('used_challenges').column('expires').execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['used_challenges', 'order_confirmations']) await db.schema.dropTable(t).ifExists().execute();
  },
};
