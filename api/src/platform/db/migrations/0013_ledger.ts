import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres, text } from './columns.js';

/**
 * The referral ledger (decision 0034, LEDGER-*): a double-entry book in integer minor units.
 * - `ledger_accounts`: one per owner, type and currency. `owner` is a user's id, `studio` for the
 *   studio's own accounts, or `deleted:<uuid>` once its user was deleted (LEDGER-DELETION); no
 *   foreign key, so deleting a user never touches the book. `balance` is the sum of the account's
 *   entries, kept in the transaction that writes them.
 * - `ledger_transactions`: written once, never edited (corrections are new transactions, guarded
 *   by triggers here); `idempotency_key` is unique, so a replay writes nothing.
 * - `ledger_entries`: the signed amounts of a transaction; they sum to zero per transaction.
 * - `orders.referrer_id`: the referrer an order was attributed to when it was placed (LEDGER-ATTRIBUTION).
 * Amounts are `bigint` (PostgreSQL's int8; SQLite's integers are 64-bit whatever the name). The
 * users' `balance` and `held` become `bigint` on PostgreSQL too.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    const postgres = await isPostgres(db);
    await db.schema
      .createTable('ledger_accounts')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('owner', text, (c) => c.notNull())
      .addColumn('type', text, (c) => c.notNull())
      .addColumn('currency', text, (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created', text, (c) => c.notNull())
      .addUniqueConstraint('ledger_accounts_owner_type_currency', ['owner', 'type', 'currency'])
      .execute();

    await db.schema
      .createTable('ledger_transactions')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('idempotency_key', text, (c) => c.notNull().unique())
      .addColumn('kind', text, (c) => c.notNull())
      .addColumn('currency', text, (c) => c.notNull())
      .addColumn('order_id', text)
      .addColumn('related_id', text, (c) => c.references('ledger_transactions.id'))
      .addColumn('actor_id', text)
      .addColumn('reason', text)
      .addColumn('available_at', text)
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ledger_transactions_related').on('ledger_transactions').column('related_id').execute();
    await db.schema.createIndex('ledger_transactions_order').on('ledger_transactions').column('order_id').execute();

    await db.schema
      .createTable('ledger_entries')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('transaction_id', text, (c) => c.notNull().references('ledger_transactions.id'))
      .addColumn('account_id', text, (c) => c.notNull().references('ledger_accounts.id'))
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ledger_entries_transaction').on('ledger_entries').column('transaction_id').execute();
    await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account_id', 'created']).execute();

    await db.schema
      .alterTable('orders')
      .addColumn('referrer_id', text, (c) => c.references('users.id').onDelete('set null'))
      .execute();

    // Written once: UPDATE and DELETE of transactions and entries are refused by the database itself.
    if (postgres) {
      await sql`create or replace function ledger_append_only() returns trigger language plpgsql as $$
        begin raise exception 'the ledger is append-only: % on % refused', tg_op, tg_table_name; end $$`.execute(db);
      for (const table of ['ledger_transactions', 'ledger_entries']) {
        await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)} for each row execute function ledger_append_only()`.execute(
          db,
        );
      }
      await sql`alter table users alter column balance type bigint, alter column held type bigint`.execute(db);
    } else {
      for (const table of ['ledger_transactions', 'ledger_entries']) {
        for (const op of ['update', 'delete']) {
          await sql`create trigger ${sql.raw(`${table}_no_${op}`)} before ${sql.raw(op)} on ${sql.table(table)} begin select raise(abort, ${sql.lit(`the ledger is append-only: ${op} on ${table} refused`)}); end`.execute(
            db,
          );
        }
      }
    }
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('referrer_id').execute();
    await db.schema.dropTable('ledger_entries').execute();
    await db.schema.dropTable('ledger_transactions').execute();
    await db.schema.dropTable('ledger_accounts').execute();
    if (await isPostgres(db)) await sql`drop function if exists ledger_append_only()`.execute(db);
  },
};
