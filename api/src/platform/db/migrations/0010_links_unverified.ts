import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Pre-account hijacking (ACC-LINKED, decision 0028): each linked account records whether it was
 * added while its user's e-mail address was unverified (`added_unverified` = 1). Completing a
 * password reset — the proof of the mailbox — removes those links (ACC-RESET). Existing rows are
 * marked when their user is unverified now: the best that can be known of when they were added.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('service_accounts')
      .addColumn('added_unverified', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE service_accounts SET added_unverified = 1 WHERE user_id IN (SELECT id FROM users WHERE is_verified = 0)`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('service_accounts').dropColumn('added_unverified').execute();
  },
};
