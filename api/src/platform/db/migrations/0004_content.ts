import { type Kysely, type Migration } from 'kysely';
import { text } from './columns.js';

// Marketing content (SITE-CATALOGUE, SITE-NEWS, ORDER-FIELDS): product details (paragraphs and features as JSON arrays of
// strings), news items with translations, orders from the order form, and the record of which
// content seeds were ever applied (so a seeded item an admin deleted is not seeded again).
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('products')
      .addColumn('technologies', text, (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.alterTable('products').addColumn('year', 'integer').execute();
    await db.schema
      .alterTable('products')
      .addColumn('visual_motif', text, (c) => c.notNull().defaultTo('grid'))
      .execute();
    await db.schema
      .alterTable('products')
      .addColumn('visual_hue', 'integer', (c) => c.notNull().defaultTo(250))
      .execute();
    await db.schema
      .alterTable('product_translations')
      .addColumn('description', text, (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('product_translations')
      .addColumn('features', text, (c) => c.notNull().defaultTo('[]'))
      .execute();

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
