import { type Kysely, type Migration } from 'kysely';
import { text } from './columns.js';

/**
 * Social sign-in (AUTH-SOCIAL): the provider tokens of a linked account (encrypted, security/secretBox.ts),
 * the pending authorization requests (`social_states`: state hash → PKCE verifier, nonce, where to
 * return, hash of the starting browser's binding cookie; single use, 10 minutes) and the one-time codes `/loading` exchanges for credentials.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('service_accounts').addColumn('service_access_token', text).execute();
    await db.schema.alterTable('service_accounts').addColumn('service_refresh_token', text).execute();
    await db.schema
      .createTable('social_states')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('provider', text, (c) => c.notNull())
      .addColumn('mode', text, (c) => c.notNull())
      .addColumn('user_id', text, (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('code_verifier', text, (c) => c.notNull())
      .addColumn('nonce', text, (c) => c.notNull())
      .addColumn('callback_url', text, (c) => c.notNull())
      .addColumn('device_token', text, (c) => c.notNull())
      .addColumn('return_path', text, (c) => c.notNull())
      .addColumn('browser_binding', text, (c) => c.notNull())
      .addColumn('expires_at', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('social_login_codes')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_token', text, (c) => c.notNull())
      .addColumn('return_path', text, (c) => c.notNull())
      .addColumn('expires_at', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['social_login_codes', 'social_states']) await db.schema.dropTable(t).ifExists().execute();
    await db.schema.alterTable('service_accounts').dropColumn('service_refresh_token').execute();
    await db.schema.alterTable('service_accounts').dropColumn('service_access_token').execute();
  },
};
