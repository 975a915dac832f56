/**
 * Seeds what the public pages need on first start: the product catalogue with its
 * translations (en, ru, es). Idempotent: products that exist (by slug) are left alone.
 */
import { randomUUID } from 'node:crypto';
import { type Db, nowIso } from '../index.js';
import { productSeeds } from './products.js';

/** Inserts the missing seed products; answers how many were added. */
export async function seedDatabase(db: Db): Promise<number> {
  const existing = new Set((await db.selectFrom('products').select('slug').execute()).map((r) => r.slug));
  let added = 0;
  for (const seed of productSeeds) {
    if (existing.has(seed.slug)) continue;
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('products').values({ id, slug: seed.slug, position: seed.position, created: nowIso() }).execute();
      await trx
        .insertInto('productTranslations')
        .values((['en', 'ru', 'es'] as const).map((locale) => ({ productId: id, locale, name: seed.name[locale], tagline: seed.tagline[locale] })))
        .execute();
    });
    added++;
  }
  return added;
}
