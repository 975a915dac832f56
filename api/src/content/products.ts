/**
 * The product catalogue (SITE-CATALOGUE, SITE-CONTENT): products in catalogue order, their texts
 * per locale, and the administrators' text changes. Seeding from content files is db/seed's.
 * A change announces itself with `contentChanged` (the product and the news items about it) so
 * every process drops the cached pages that show them (SITE-CACHE).
 */
import type { Locale } from '@studio/site/locales';
import type { Db } from '../db/index.js';
import type { ProductRow, ProductTranslationsTable } from '../db/types.js';
import type { ContentChange } from '../graphql/pubsub.js';
import { HttpError } from '../http/errors.js';
import type { ProductTexts } from './files.js';
import { groupBy } from './translations.js';

export interface ContentServiceDeps {
  db: Db;
  /** Announces what public content changed (graphql/pubsub.ts `publishContentChanged`); never throws. */
  contentChanged(change: ContentChange): void;
}

/** A page of rows and the number of rows in all pages. */
export interface Page<T> {
  rows: T[];
  totalCount: number;
}

export class ProductService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** `limit` products from `offset` in catalogue order (position, then id), and how many there are. */
  async page(slice: { limit: number; offset: number }): Promise<Page<ProductRow>> {
    const { db } = this.deps;
    const [rows, count] = await Promise.all([
      db.selectFrom('products').selectAll().orderBy('position').orderBy('id').limit(slice.limit).offset(slice.offset).execute(),
      db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** Product `id`, or undefined. */
  byId(id: string): Promise<ProductRow | undefined> {
    return this.deps.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The product with `slug`, or undefined. */
  bySlug(slug: string): Promise<ProductRow | undefined> {
    return this.deps.db.selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** The products of `ids`, in the same order (undefined where none); a loader's batch. */
  async byIds(ids: readonly string[]): Promise<(ProductRow | undefined)[]> {
    const rows = await this.deps.db.selectFrom('products').selectAll().where('id', 'in', [...ids]).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  }

  /** The texts of each product of `ids` (every stored locale), in the order of `ids`; a loader's batch. */
  async translations(ids: readonly string[]): Promise<ProductTranslationsTable[][]> {
    const rows = await this.deps.db.selectFrom('productTranslations').selectAll().where('productId', 'in', [...ids]).execute();
    return groupBy(ids, rows, (row) => row.productId);
  }

  /**
   * Changes the given texts of product `id` in `locale` (`updateProductTexts`); nothing given
   * changes nothing. Answers the product.
   * @throws HttpError BAD_USER_INPUT: no such product (`id`), no texts in that locale yet (`locale`).
   */
  async updateTexts(id: string, locale: Locale, texts: Partial<ProductTexts>): Promise<ProductRow> {
    const { description, features, ...plain } = texts;
    const product = await this.byId(id);
    if (!product) throw new HttpError(400, 'BAD_USER_INPUT', 'id: no such product', { field: 'id' });
    const patch = {
      ...plain,
      ...(description ? { description: JSON.stringify(description) } : {}),
      ...(features ? { features: JSON.stringify(features) } : {}),
    };
    if (Object.keys(patch).length > 0) {
      const result = await this.deps.db.updateTable('productTranslations').set(patch).where('productId', '=', id).where('locale', '=', locale).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new HttpError(400, 'BAD_USER_INPUT', 'texts.locale: the product has no texts in this language yet', { field: 'locale' });
      }
      const news = await this.deps.db.selectFrom('newsItems').select('id').where('productId', '=', id).execute();
      this.deps.contentChanged({ kind: 'product', slug: product.slug, newsIds: news.map((item) => item.id) });
    }
    return product;
  }
}
