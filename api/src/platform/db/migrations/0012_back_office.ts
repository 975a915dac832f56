import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres, text } from './columns.js';

/**
 * The back-office and the client area (decision 0031):
 * - `orders` gain the workflow (REQ-WORKFLOW): `status` (NEW at first), `assignee_id` (an
 *   administrator), the contract value of a won request in integer minor units with its currency,
 *   the reason of a lost one, `updated`, and `version` (optimistic concurrency: every change adds one).
 *   Existing orders start as NEW with `updated` = `created`.
 * - `order_status_changes`: the timeline, one row per status entered (the first is NEW at `created`).
 * - `order_messages`: the conversation between the client and the studio (`from_studio`) and the
 *   studio's internal notes (`internal` = 1, never shown to the client), plain text.
 * - `news_items` and `products` gain `version` (ADMIN-CONCURRENCY).
 * - `audit_log`: every administrator's action (ADMIN-AUDIT): who (id and e-mail at the time), what
 *   (`action`), on what (`target_type`, `target_id`, `target_label`), before/after as JSON text.
 *   The actor's id is kept when the account is deleted (no foreign key): the log is not edited.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('orders')
      .addColumn('status', text, (c) => c.notNull().defaultTo('NEW'))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('assignee_id', text, (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('orders').addColumn('contract_amount', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('contract_currency', text).execute();
    await db.schema.alterTable('orders').addColumn('lost_reason', text).execute();
    await db.schema.alterTable('orders').addColumn('updated', text).execute();
    await db.schema
      .alterTable('orders')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`update orders set updated = created where updated is null`.execute(db);
    await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created']).execute();
    await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created']).execute();
    await db.schema.createIndex('orders_email').on('orders').column('email').execute();

    await db.schema
      .createTable('order_status_changes')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('order_id', text, (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('status', text, (c) => c.notNull())
      .addColumn('author_id', text, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_status_changes_order').on('order_status_changes').columns(['order_id', 'created']).execute();
    await sql`insert into order_status_changes (id, order_id, status, author_id, created) select 'initial-' || id, id, 'NEW', null, created from orders`.execute(
      db,
    );

    await db.schema
      .createTable('order_messages')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('order_id', text, (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('author_id', text, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('author_name', text, (c) => c.notNull())
      .addColumn('from_studio', 'integer', (c) => c.notNull())
      .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('body', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_messages_order').on('order_messages').columns(['order_id', 'created']).execute();

    await db.schema
      .alterTable('news_items')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('products')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('actor_id', text, (c) => c.notNull())
      .addColumn('actor_email', text, (c) => c.notNull())
      .addColumn('action', text, (c) => c.notNull())
      .addColumn('target_type', text, (c) => c.notNull())
      .addColumn('target_id', text, (c) => c.notNull())
      .addColumn('target_label', text, (c) => c.notNull())
      .addColumn('before', text)
      .addColumn('after', text)
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created', 'id']).execute();
    await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_id', 'created']).execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'created']).execute();
    // The case folding of searches (admin/audit.ts `contains`): PostgreSQL's Unicode-aware lower();
    // SQLite gets `casefold` from the application at every connection (db/index.ts).
    if (await isPostgres(db)) {
      await sql`create or replace function casefold(value text) returns text language sql immutable parallel safe as 'select lower(value)'`.execute(db);
    }
  },
  async down(db: Kysely<any>) {
    if (await isPostgres(db)) await sql`drop function if exists casefold(text)`.execute(db);
    for (const t of ['audit_log', 'order_messages', 'order_status_changes']) await db.schema.dropTable(t).ifExists().execute();
    for (const index of ['orders_status_created', 'orders_user_created', 'orders_email']) await db.schema.dropIndex(index).ifExists().execute();
    for (const column of ['version', 'updated', 'lost_reason', 'contract_currency', 'contract_amount', 'assignee_id', 'status'])
      await db.schema.alterTable('orders').dropColumn(column).execute();
    await db.schema.alterTable('news_items').dropColumn('version').execute();
    await db.schema.alterTable('products').dropColumn('version').execute();
  },
};
