import { type Kysely, type Migration } from 'kysely';
import { text } from './columns.js';

// Account management (ACC-EMAIL, ACC-RESET): the language of a user's mails, a pending e-mail change, one-time
// e-mail codes (one live code per user and purpose) and password-reset tokens, both hashed.
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('locale', text, (c) => c.notNull().defaultTo('en'))
      .execute();
    await db.schema.alterTable('users').addColumn('pending_email', text).execute();
    await db.schema
      .createTable('email_codes')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', text, (c) => c.notNull())
      .addColumn('email', text, (c) => c.notNull())
      .addColumn('code_hash', text, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .addUniqueConstraint('email_codes_user_purpose', ['user_id', 'purpose'])
      .execute();
    await db.schema
      .createTable('password_resets')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', text, (c) => c.notNull().unique())
      .addColumn('expires_at', text, (c) => c.notNull())
      .addColumn('used_at', text)
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['password_resets', 'email_codes']) await db.schema.dropTable(t).ifExists().execute();
    await db.schema.alterTable('users').dropColumn('pending_email').execute();
    await db.schema.alterTable('users').dropColumn('locale').execute();
  },
};
