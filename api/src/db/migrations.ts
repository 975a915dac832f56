/**
 * The one set of migrations, run on start for SQLite and PostgreSQL alike.
 * Append new migrations with a sortable name; never edit one that has shipped.
 */
import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';

const text = 'text' as const;

const m0001: Migration = {
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

// One live refresh family per (user, device), enforced by the database so that concurrent
// logins on one device cannot both leave a live family (PostgreSQL read committed).
const m0002: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('sessions_live_device')
      .on('sessions')
      .columns(['user_id', 'device_token'])
      .unique()
      .where(sql.ref('revoked_at'), 'is', null)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('sessions_live_device').execute();
  },
};

// The durable mail outbox (api/src/mail/service.ts): one row per accepted mail, written in the
// caller's transaction; `idempotency_key` stops the same logical mail from being queued twice,
// and the worker claims a row by moving it from `pending` to `sending` in one conditional UPDATE.
const m0003: Migration = {
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

// Marketing content (SITE-CATALOGUE, SITE-NEWS, ORDER-FIELDS): product details (paragraphs and features as JSON arrays of
// strings), news items with translations, orders from the order form, and the record of which
// content seeds were ever applied (so a seeded item an admin deleted is not seeded again).
const m0004: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('products').addColumn('technologies', text, (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable('products').addColumn('year', 'integer').execute();
    await db.schema.alterTable('products').addColumn('visual_motif', text, (c) => c.notNull().defaultTo('grid')).execute();
    await db.schema.alterTable('products').addColumn('visual_hue', 'integer', (c) => c.notNull().defaultTo(250)).execute();
    await db.schema.alterTable('product_translations').addColumn('description', text, (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable('product_translations').addColumn('features', text, (c) => c.notNull().defaultTo('[]')).execute();

    await db.schema
      .createTable('news_items')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('product_id', text, (c) => c.references('products.id').onDelete('set null'))
      .addColumn('published_at', text)
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('updated', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('news_items_published').on('news_items').columns(['published_at', 'id']).execute();
    await db.schema
      .createTable('news_translations')
      .addColumn('news_item_id', text, (c) => c.notNull().references('news_items.id').onDelete('cascade'))
      .addColumn('locale', text, (c) => c.notNull())
      .addColumn('title', text, (c) => c.notNull())
      .addColumn('summary', text, (c) => c.notNull())
      .addColumn('body', text, (c) => c.notNull())
      .addPrimaryKeyConstraint('news_translations_pk', ['news_item_id', 'locale'])
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('reference', text, (c) => c.notNull().unique())
      .addColumn('name', text, (c) => c.notNull())
      .addColumn('email', text, (c) => c.notNull())
      .addColumn('company', text)
      .addColumn('interest', text, (c) => c.notNull())
      .addColumn('budget', text, (c) => c.notNull())
      .addColumn('message', text, (c) => c.notNull())
      .addColumn('referral_code', text)
      .addColumn('locale', text, (c) => c.notNull())
      .addColumn('user_id', text, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created', text, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('content_seeds')
      .addColumn('key', text, (c) => c.primaryKey())
      .addColumn('created', text, (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['content_seeds', 'orders', 'news_translations', 'news_items']) await db.schema.dropTable(t).ifExists().execute();
  },
};

// Account management (ACC-EMAIL, ACC-RESET): the language of a user's mails, a pending e-mail change, one-time
// e-mail codes (one live code per user and purpose) and password-reset tokens, both hashed.
const m0005: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('locale', text, (c) => c.notNull().defaultTo('en')).execute();
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

/**
 * Social sign-in (AUTH-SOCIAL): the provider tokens of a linked account (encrypted, security/secretBox.ts),
 * the pending authorization requests (`social_states`: state hash → PKCE verifier, nonce, where to
 * return, hash of the starting browser's binding cookie; single use, 10 minutes) and the one-time codes `/loading` exchanges for credentials.
 */
const m0006: Migration = {
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

/** Migrations keyed by name; Kysely applies them in name order. */
export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return { '0001_initial': m0001, '0002_sessions_live_device': m0002, '0003_mail_outbox': m0003, '0004_content': m0004, '0005_accounts': m0005, '0006_social': m0006 };
  },
};
