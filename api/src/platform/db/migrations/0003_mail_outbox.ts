import { type Kysely, type Migration } from 'kysely';
import { text } from './columns.js';

// The durable mail outbox (api/src/mail/service.ts): one row per accepted mail, written in the
// caller's transaction; `idempotency_key` stops the same logical mail from being queued twice,
// and the worker claims a row by moving it from `pending` to `sending` in one conditional UPDATE.
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('idempotency_key', text, (c) => c.notNull().unique())
      .addColumn('recipient', text, (c) => c.notNull())
      .addColumn('subject', text, (c) => c.notNull())
      .addColumn('html', text, (c) => c.notNull())
      .addColumn('text', text, (c) => c.notNull())
      .addColumn('template', text, (c) => c.notNull())
      .addColumn('locale', text, (c) => c.notNull())
      .addColumn('status', text, (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', text, (c) => c.notNull())
      .addColumn('claimed_at', text)
      .addColumn('last_error', text)
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('sent_at', text)
      .execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('mail_outbox').ifExists().execute();
  },
};
