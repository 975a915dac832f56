/**
 * The product catalogue (SITE-CATALOGUE, SITE-CONTENT): products in catalogue order, their texts
 * per locale, and the administrators' text changes. Seeding from content files is db/seed's.
 * Every text change is checked against the editor's `version` (ADMIN-CONCURRENCY) and audited in
 * its transaction (ADMIN-AUDIT). A change announces itself with `contentChanged` (the product and the news items about it) so
 * every process drops the cached pages that show them (SITE-CACHE).
 */
import type { Kysely } from 'kysely';
import { LOCALES, type Locale } from '@studio/site/locales';
import { contains, likePattern, recordAudit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import type { Database, ProductRow, ProductTranslationsTable } from '../../platform/db/types.js';
import type { ContentChange } from '../../platform/graphql/pubsub.js';
import { slugsOfNewsItems } from '../../platform/db/slugs.js';
import { HttpError } from '../../platform/http/errors.js';
import { type EditOptions, badContentInput as badInput, translationMissing, versionConflict } from './editing.js';
import { changedFields } from '../../platform/audit.js';
import type { ProductTexts } from './files.js';
import { groupBy, jsonList } from './translations.js';

type Executor = Kysely<Database>;

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

  /** `limit` products from `offset` in catalogue order (position, then id), optionally matching `search`, and how many there are. */
  async page(slice: { limit: number; offset: number; search?: string | undefined }): Promise<Page<ProductRow>> {
    let query = this.deps.db.selectFrom('products');
    if (slice.search) {
      // The slug, or the name or tagline in any language (case-insensitive; ADMIN-AREA).
      const pattern = likePattern(slice.search);
      query = query.where((eb) =>
        eb.or([
          contains('products.slug', pattern),
          eb.exists(
            eb
              .selectFrom('productTranslations as t')
              .select('t.productId')
              .whereRef('t.productId', '=', 'products.id')
              .where(eb.or([contains('t.name', pattern), contains('t.tagline', pattern)])),
          ),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('position').orderBy('id').limit(slice.limit).offset(slice.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
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
    const rows = await this.deps.db
      .selectFrom('products')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  }

  /** The texts of each product of `ids` (every stored locale), in the order of `ids`; a loader's batch. */
  async translations(ids: readonly string[]): Promise<ProductTranslationsTable[][]> {
    const rows = await this.deps.db
      .selectFrom('productTranslations')
      .selectAll()
      .where('productId', 'in', [...ids])
      .execute();
    return groupBy(ids, rows, (row) => row.productId);
  }

  /** Product `id` read in `trx`, checked against the editor's `version`. @throws HttpError BAD_USER_INPUT (`id`), VERSION_CONFLICT. */
  private async current(trx: Executor, id: string, version: number | undefined): Promise<ProductRow> {
    const row = await trx.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw badInput('id', 'no such product');
    if (version !== undefined && version !== row.version) throw versionConflict();
    return row;
  }

  /** The next version of `row`, only while the stored one is still the one read (0 rows: VERSION_CONFLICT; ADMIN-CONCURRENCY). */
  private async bump(trx: Executor, row: ProductRow): Promise<ProductRow> {
    const result = await trx
      .updateTable('products')
      .set({ version: row.version + 1 })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw versionConflict();
    return { ...row, version: row.version + 1 };
  }

  /** The product's texts per locale, as the audit log keeps them (read in `trx`). */
  private async snapshot(trx: Executor, id: string): Promise<Record<string, unknown>> {
    const rows = await trx.selectFrom('productTranslations').selectAll().where('productId', '=', id).execute();
    return Object.fromEntries(
      rows.map((t) => [t.locale, { name: t.name, tagline: t.tagline, description: jsonList(t.description), features: jsonList(t.features) }]),
    );
  }

  /** Announces a change of `product`'s texts with the news about it (SITE-CACHE). */
  private async announce(product: ProductRow): Promise<void> {
    const news = await this.deps.db.selectFrom('newsItems').select('id').where('productId', '=', product.id).execute();
    const newsIds = news.map((item) => item.id);
    this.deps.contentChanged({ kind: 'product', slug: product.slug, newsIds, newsSlugs: await slugsOfNewsItems(this.deps.db, newsIds) });
  }

  /** Runs `change` on product `id` in one transaction with the version check, the bump and the `product.update` audit entry (ADMIN-AUDIT). */
  private async edit(id: string, options: EditOptions, change: (trx: Executor) => Promise<void>): Promise<ProductRow> {
    const product = await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.current(trx, id, options.version);
      const old = await this.snapshot(trx, id);
      await change(trx);
      const bumped = await this.bump(trx, row);
      const diff = changedFields(old, await this.snapshot(trx, id));
      await recordAudit(trx, { actor: options.actor, action: 'product.update', target: { type: 'Product', id, label: row.slug }, ...diff });
      return bumped;
    });
    await this.announce(product);
    return product;
  }

  /**
   * Changes the given texts of product `id` in `locale` (`updateProductTexts`); nothing given
   * changes nothing (but a stale `version` is still refused). Bumps `version`; audited as
   * `product.update`. Answers the product.
   * @throws HttpError BAD_USER_INPUT: no such product (`id`), no texts in that locale yet (`locale`); VERSION_CONFLICT.
   */
  async updateTexts(id: string, locale: Locale, texts: Partial<ProductTexts>, options: EditOptions): Promise<ProductRow> {
    const { description, features, ...plain } = texts;
    const patch = {
      ...plain,
      ...(description ? { description: JSON.stringify(description) } : {}),
      ...(features ? { features: JSON.stringify(features) } : {}),
    };
    if (Object.keys(patch).length === 0) return this.deps.db.transaction().execute((trx) => this.current(trx, id, options.version));
    return this.edit(id, options, async (trx) => {
      const result = await trx.updateTable('productTranslations').set(patch).where('productId', '=', id).where('locale', '=', locale).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new HttpError(400, 'BAD_USER_INPUT', 'texts.locale: the product has no texts in this language yet', { field: 'locale' });
      }
    });
  }

  /**
   * Replaces the texts of product `id` in every language at once (`updateProduct`, the product
   * editor): each language needs a name, a tagline and at least one paragraph of description
   * (features may be empty). Bumps `version`; audited as `product.update`.
   * @throws HttpError BAD_USER_INPUT (`id`, a language twice); TRANSLATION_MISSING (`texts.<locale>`,
   *   the first incomplete language); VERSION_CONFLICT (nothing stored).
   */
  async replaceTexts(
    id: string,
    texts: ReadonlyArray<Partial<ProductTexts> & { locale: Locale }>,
    options: EditOptions & { version: number },
  ): Promise<ProductRow> {
    if (new Set(texts.map((t) => t.locale)).size !== texts.length) throw badInput('texts', 'one entry per language');
    const rows = LOCALES.map((locale) => {
      const t = texts.find((candidate) => candidate.locale === locale);
      if (!t?.name || !t.tagline || !t.description?.length) throw translationMissing(locale, 'name, tagline or description');
      return {
        productId: id,
        locale,
        name: t.name,
        tagline: t.tagline,
        description: JSON.stringify(t.description),
        features: JSON.stringify(t.features ?? []),
      };
    });
    return this.edit(id, options, async (trx) => {
      await trx.deleteFrom('productTranslations').where('productId', '=', id).execute();
      await trx.insertInto('productTranslations').values(rows).execute();
    });
  }
}
