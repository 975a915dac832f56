import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from './columns.js';

/**
 * `audit_log` becomes append-only in the database itself (ADMIN-AUDIT), as the ledger
 * (LEDGER-BOOKS, 0013) and the security timeline (ACC-TIMELINE, 0017) are: UPDATE and DELETE of an
 * entry are refused by triggers, so neither a bug nor a hand-run statement rewrites the record of
 * an administrator's actions. Entries have no foreign key to their actor, so deleting an account
 * deletes none of them.
 *
 * `orders.referral_review`: 1 when the order was placed with the referrer's code and the e-mail
 * address of the referrer's own, unverified account (LEDGER-SELF-REFERRAL): its commission is held
 * for review instead of released.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('orders')
      .addColumn('referral_review', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (await isPostgres(db)) {
      await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
        begin raise exception 'the audit log is append-only: % on % refused', tg_op, tg_table_name; end $$`.execute(db);
      await sql`create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
    } else {
      for (const op of ['update', 'delete']) {
        await sql`create trigger ${sql.raw(`audit_log_no_${op}`)} before ${sql.raw(op)} on audit_log begin select raise(abort, ${sql.lit(`the audit log is append-only: ${op} on audit_log refused`)}); end`.execute(
          db,
        );
      }
    }
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('referral_review').execute();
    if (await isPostgres(db)) {
      await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
      await sql`drop function if exists audit_log_append_only()`.execute(db);
    } else {
      for (const op of ['update', 'delete']) await sql`drop trigger if exists ${sql.raw(`audit_log_no_${op}`)}`.execute(db);
    }
  },
};
