/**
 * Seeds the public content from `config.contentDir` (content/README.md): the product catalogue
 * and the news, each with texts in en, ru and es.
 *
 * Each seed item is applied once in the database's life: its key (`product:<slug>`,
 * `news:<key>`) is recorded in `content_seeds`, so an item an admin changed or deleted is never
 * overwritten or brought back by a restart. A product row that exists without a seed record
 * (databases seeded before content files, with name and tagline only) gets its details filled in.
 * Every item is written in its own transaction, which first claims the item's key (INSERT … ON
 * CONFLICT DO NOTHING): when several processes start at once on a fresh database, one applies
 * each item and the others, waiting on that row, find it claimed and skip it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { LOCALES } from '@studio/site/locales';
import { assignNewsSlugs } from '../../platform/db/slugs.js';
import { readNewsFiles, readProductFiles, type ProductFile } from './files.js';
import { type Db, nowIso } from '../../platform/db/index.js';

export interface SeedResult {
  products: number;
  news: number;
}

/** A short random id for news items (11 characters of base64url: 64 bits). */
export function newNewsItemId(): string {
  return randomBytes(8).toString('base64url');
}

const productColumns = (p: ProductFile) => ({
  position: p.position,
  technologies: JSON.stringify(p.technologies),
  year: p.year ?? null,
  visualMotif: p.visual.motif,
  visualHue: p.visual.hue,
});

/** Records seed `key` as applied; false when it already was (by another process, meanwhile). */
async function claim(trx: Db, key: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('contentSeeds')
    .values({ key, created: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Applies the seed items not applied before; answers how many of each were added. */
export async function seedDatabase(db: Db, contentDir: string): Promise<SeedResult> {
  const products = readProductFiles(contentDir);
  const news = readNewsFiles(contentDir);
  const applied = new Set((await db.selectFrom('contentSeeds').select('key').execute()).map((r) => r.key));
  const result: SeedResult = { products: 0, news: 0 };

  for (const product of products) {
    const key = `product:${product.slug}`;
    if (applied.has(key)) continue;
    const done = await db.transaction().execute(async (trx) => {
      if (!(await claim(trx, key))) return false;
      const existing = await trx.selectFrom('products').select('id').where('slug', '=', product.slug).executeTakeFirst();
      const id = existing?.id ?? randomUUID();
      if (existing) {
        await trx.updateTable('products').set(productColumns(product)).where('id', '=', id).execute();
        await trx.deleteFrom('productTranslations').where('productId', '=', id).execute();
      } else {
        await trx
          .insertInto('products')
          .values({ id, slug: product.slug, created: nowIso(), ...productColumns(product) })
          .execute();
      }
      await trx
        .insertInto('productTranslations')
        .values(
          LOCALES.map((locale) => {
            const texts = product.locales[locale];
            return {
              productId: id,
              locale,
              name: texts.name,
              tagline: texts.tagline,
              description: JSON.stringify(texts.description),
              features: JSON.stringify(texts.features),
            };
          }),
        )
        .execute();
      return true;
    });
    if (done) result.products++;
  }

  const productIds = new Map((await db.selectFrom('products').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]));
  for (const item of news) {
    const key = `news:${item.key}`;
    if (applied.has(key)) continue;
    const done = await db.transaction().execute(async (trx) => {
      if (!(await claim(trx, key))) return false;
      const id = newNewsItemId();
      const now = nowIso();
      await trx
        .insertInto('newsItems')
        .values({
          id,
          productId: (item.product && productIds.get(item.product)) || null,
          publishedAt: new Date(item.published).toISOString(),
          created: now,
          updated: now,
        })
        .execute();
      await trx
        .insertInto('newsTranslations')
        .values(LOCALES.map((locale) => ({ newsItemId: id, locale, ...item.locales[locale], body: JSON.stringify(item.locales[locale].body) })))
        .execute();
      await assignNewsSlugs(
        trx,
        id,
        LOCALES.map((locale) => ({ locale, title: item.locales[locale].title })),
        now,
      );
      return true;
    });
    if (done) result.news++;
  }
  return result;
}
