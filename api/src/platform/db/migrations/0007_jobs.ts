import { type Kysely, type Migration } from 'kysely';
import { text } from './columns.js';

// The portable job queue (api/src/jobs, decision 0022): one row per unit of background work.
// A worker claims due rows by setting a lease (`locked_until`, `lock_token`); a row whose lease ran
// out (its process died) is due again. `idempotency_key` stops the same job from being queued
// twice. Mail (MAIL-OUTBOX) is the first kind: its rows name a `mail_outbox` row.
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('kind', text, (c) => c.notNull())
      .addColumn('idempotency_key', text, (c) => c.notNull().unique())
      .addColumn('payload', text, (c) => c.notNull())
      .addColumn('status', text, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('run_at', text, (c) => c.notNull())
      .addColumn('locked_until', text)
      .addColumn('lock_token', text)
      .addColumn('last_error', text)
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('finished_at', text)
      .execute();
    await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
    await db.schema.createIndex('jobs_leases').on('jobs').columns(['status', 'locked_until']).execute();
    // Mail rows in flight under the old worker ('sending', at most once) become pending again and
    // every unsent mail gets its job: delivery is at least once from here on.
    await db.updateTable('mail_outbox').set({ status: 'pending', claimed_at: null }).where('status', '=', 'sending').execute();
    const pending = await db.selectFrom('mail_outbox').select(['id', 'attempts', 'next_attempt_at', 'created']).where('status', '=', 'pending').execute();
    for (const row of pending) {
      await db
        .insertInto('jobs')
        .values({
          id: row.id,
          kind: 'mail',
          idempotency_key: `mail:${row.id}`,
          payload: JSON.stringify({ outboxId: row.id }),
          status: 'queued',
          attempts: row.attempts,
          max_attempts: Math.max(row.attempts + 1, 80),
          run_at: row.next_attempt_at,
          created: row.created,
        })
        .execute();
    }
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('jobs').ifExists().execute();
  },
};
