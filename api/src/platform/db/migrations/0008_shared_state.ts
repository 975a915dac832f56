import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import { text } from './columns.js';

/**
 * What several processes of one site must share lives in the database (decision 0025):
 * - `image_files`: the bytes of each avatar rendition (ACC-AVATAR), keyed by image and size
 *   (`LARGE`, `SMALL`), with the strong ETag of the bytes; removed with their `images` row.
 *   `bytea` on PostgreSQL, `blob` on SQLite — the one column type that differs between them.
 * - `secrets`: generated server secrets by name (`jwt`, security/signingSecret.ts), inserted once
 *   with ON CONFLICT DO NOTHING so concurrent first starts agree.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
    await db.schema
      .createTable('image_files')
      .addColumn('image_id', text, (c) => c.notNull().references('images.id').onDelete('cascade'))
      .addColumn('size', text, (c) => c.notNull())
      .addColumn('content', bytes, (c) => c.notNull())
      .addColumn('etag', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .addPrimaryKeyConstraint('image_files_pk', ['image_id', 'size'])
      .execute();
    await db.schema
      .createTable('secrets')
      .addColumn('name', text, (c) => c.primaryKey())
      .addColumn('value', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['secrets', 'image_files']) await db.schema.dropTable(t).ifExists().execute();
  },
};
