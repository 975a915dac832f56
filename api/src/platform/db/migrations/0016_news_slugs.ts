import type { Kysely, Migration } from 'kysely';
import { slugOfTitle } from '../slugs.js';
import { text } from './columns.js';

/**
 * Readable news addresses (SITE-NEWS): `news_translations.slug`, the current slug of each
 * translation, and `news_slugs`, every slug an item ever had per language
 * (so old addresses still find it); its key (locale, slug) keeps a slug one item's. Existing translations get slugs from their titles, oldest item
 * first, a taken slug getting `-2`, `-3`, … as content/slugs.ts does.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('news_translations')
      .addColumn('slug', text, (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('news_slugs')
      .addColumn('locale', text, (c) => c.notNull())
      .addColumn('slug', text, (c) => c.notNull())
      .addColumn('news_item_id', text, (c) => c.notNull().references('news_items.id').onDelete('cascade'))
      .addColumn('created', text, (c) => c.notNull())
      .addPrimaryKeyConstraint('news_slugs_pk', ['locale', 'slug'])
      .execute();
    await db.schema.createIndex('news_slugs_item').on('news_slugs').column('news_item_id').execute();

    const rows = await db
      .selectFrom('news_translations as t')
      .innerJoin('news_items as i', 'i.id', 't.news_item_id')
      .select(['t.news_item_id as id', 't.locale as locale', 't.title as title'])
      .orderBy('i.created')
      .orderBy('i.id')
      .execute();
    const taken = new Set<string>();
    const now = new Date().toISOString();
    for (const row of rows as { id: string; locale: string; title: string }[]) {
      const base = slugOfTitle(row.title);
      let slug = base;
      for (let n = 2; taken.has(`${row.locale} ${slug}`); n++) slug = `${base}-${n}`;
      taken.add(`${row.locale} ${slug}`);
      await db.updateTable('news_translations').set({ slug }).where('news_item_id', '=', row.id).where('locale', '=', row.locale).execute();
      await db.insertInto('news_slugs').values({ locale: row.locale, slug, news_item_id: row.id, created: now }).execute();
    }
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('news_slugs').execute();
    await db.schema.alterTable('news_translations').dropColumn('slug').execute();
  },
};
