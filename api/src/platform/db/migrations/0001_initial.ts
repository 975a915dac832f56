import { type Kysely, type Migration } from 'kysely';
import { text } from './columns.js';

/** Migration 0001_initial. */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('email', text, (c) => c.notNull().unique())
      .addColumn('username', text, (c) => c.notNull().unique())
      .addColumn('full_name', text, (c) => c.notNull())
      .addColumn('password_hash', text)
      .addColumn('bio', text)
      .addColumn('phone', text)
      .addColumn('telegram', text)
      .addColumn('role', text, (c) => c.notNull().defaultTo('USER'))
      .addColumn('type', text, (c) => c.notNull().defaultTo('CLIENT'))
      .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('balance_currency', text, (c) => c.notNull().defaultTo('USD'))
      .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('withdrawal_method', text)
      .addColumn('withdrawal_method_details', text)
      .addColumn('stripe_account_id', text)
      .addColumn('stripe_onboarding_completed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image_id', text)
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('updated', text, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_token', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('last_used', text, (c) => c.notNull())
      .addColumn('revoked_at', text)
      .addColumn('revoked_reason', text)
      .execute();
    await db.schema.createIndex('sessions_user_device').on('sessions').columns(['user_id', 'device_token']).execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('session_id', text, (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('token_hash', text, (c) => c.notNull().unique())
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('expires_at', text, (c) => c.notNull())
      .addColumn('used_at', text)
      .execute();
    await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

    await db.schema
      .createTable('images')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('ext', text, (c) => c.notNull())
      .addColumn('source_file_name', text)
      .addColumn('type', text, (c) => c.notNull())
      .addColumn('path', text, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('service_accounts')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('service_account_type', text, (c) => c.notNull())
      .addColumn('service_email', text)
      .addColumn('service_phone', text)
      .addColumn('service_token_expired_at', text)
      .addColumn('service_type', text, (c) => c.notNull())
      .addColumn('service_user_id', text, (c) => c.notNull())
      .addColumn('service_username', text)
      .addUniqueConstraint('service_accounts_provider_identity', ['service_type', 'service_user_id'])
      .execute();
    await db.schema.createIndex('service_accounts_user').on('service_accounts').column('user_id').execute();

    await db.schema
      .createTable('referral_codes')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code', text, (c) => c.notNull().unique())
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('type', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('referral_codes_user').on('referral_codes').column('user_id').execute();

    await db.schema
      .createTable('products')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('slug', text, (c) => c.notNull().unique())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('product_translations')
      .addColumn('product_id', text, (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('locale', text, (c) => c.notNull())
      .addColumn('name', text, (c) => c.notNull())
      .addColumn('tagline', text, (c) => c.notNull())
      .addPrimaryKeyConstraint('product_translations_pk', ['product_id', 'locale'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['product_translations', 'products', 'referral_codes', 'service_accounts', 'images', 'refresh_tokens', 'sessions', 'users']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
