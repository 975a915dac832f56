/**
 * News (SITE-NEWS, SITE-CONTENT): items with texts in every locale, optionally about a product.
 * Everyone sees published items (a publication time that has come); drafts and scheduled items
 * only administrators who ask for them. Administrators create, change, publish and delete items;
 * every change announces itself with `contentChanged` (the item and the products it is about before
 * and after, whose pages list it; SITE-CACHE). Seeding is db/seed's.
 */
import { sql } from 'kysely';
import { LOCALES, type Locale } from '@studio/site/locales';
import { nowIso } from '../db/index.js';
import { newNewsItemId } from '../db/seed/index.js';
import type { NewsItemRow, NewsTranslationRow } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import type { NewsTexts } from './files.js';
import type { ContentServiceDeps, Page } from './products.js';
import { groupBy } from './translations.js';

/** A news item's texts in one locale, as an administrator sends them. */
export type NewsTextsInput = NewsTexts & { locale: Locale };

/** Whether `item` is published: it has a publication time and that time has come. */
export function isPublished(item: Pick<NewsItemRow, 'publishedAt'>): boolean {
  return item.publishedAt !== null && item.publishedAt <= nowIso();
}

function badInput(field: string, message: string): HttpError {
  return new HttpError(400, 'BAD_USER_INPUT', `${field}: ${message}`, { field });
}

/** The rows to store for `texts`: one per language; with `requireAll`, every language. */
function translationRows(texts: readonly NewsTextsInput[], requireAll: boolean) {
  const locales = texts.map((t) => t.locale);
  if (new Set(locales).size !== locales.length) throw badInput('texts', 'one entry per language');
  if (requireAll && !LOCALES.every((l) => locales.includes(l))) throw badInput('texts', 'English, Russian and Spanish texts are all required');
  return texts.map((t) => ({ locale: t.locale, title: t.title, summary: t.summary, body: JSON.stringify(t.body) }));
}

export class NewsService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** Published items, or every item with `includeDrafts` (the caller checks that the viewer is an admin). */
  private visible(includeDrafts: boolean) {
    const query = this.deps.db.selectFrom('newsItems');
    return includeDrafts ? query : query.where('publishedAt', 'is not', null).where('publishedAt', '<=', nowIso());
  }

  /** `limit` items from `offset`: drafts first, then newest first; and how many there are. */
  async page(slice: { limit: number; offset: number; includeDrafts: boolean }): Promise<Page<NewsItemRow>> {
    const [rows, count] = await Promise.all([
      this.visible(slice.includeDrafts)
        .selectAll()
        // Drafts (no publication time) first on both databases, then newest first.
        .orderBy(sql`published_at is null`, 'desc')
        .orderBy('publishedAt', 'desc')
        .orderBy('created', 'desc')
        .orderBy('id')
        .limit(slice.limit)
        .offset(slice.offset)
        .execute(),
      this.visible(slice.includeDrafts).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** The newest `limit` published items about product `productId`. */
  ofProduct(productId: string, limit: number): Promise<NewsItemRow[]> {
    return this.visible(false).selectAll().where('productId', '=', productId).orderBy('publishedAt', 'desc').limit(limit).execute();
  }

  /** Item `id` when it is published, or at all with `includeDrafts`; else null. */
  async byId(id: string, includeDrafts: boolean): Promise<NewsItemRow | null> {
    const row = await this.deps.db.selectFrom('newsItems').selectAll().where('id', '=', id).executeTakeFirst();
    return row && (includeDrafts || isPublished(row)) ? row : null;
  }

  /** The texts of each item of `ids` (every stored locale), in the order of `ids`; a loader's batch. */
  async translations(ids: readonly string[]): Promise<NewsTranslationRow[][]> {
    const rows = await this.deps.db.selectFrom('newsTranslations').selectAll().where('newsItemId', 'in', [...ids]).execute();
    return groupBy(ids, rows, (row) => row.newsItemId);
  }

  /** The product id of `slug`: undefined when not given, null for '' (no product). @throws HttpError BAD_USER_INPUT for an unknown slug. */
  private async productIdOf(slug: string | null | undefined): Promise<string | null | undefined> {
    if (slug === undefined || slug === null) return undefined;
    if (slug === '') return null;
    const product = await this.deps.db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!product) throw badInput('productSlug', 'no product has this slug');
    return product.id;
  }

  /** The slug of the product item `id` is about: [] when none (or no such item), else one. */
  private async productSlugs(id: string): Promise<string[]> {
    const rows = await this.deps.db
      .selectFrom('newsItems')
      .innerJoin('products', 'products.id', 'newsItems.productId')
      .select('products.slug')
      .where('newsItems.id', '=', id)
      .execute();
    return rows.map((row) => row.slug);
  }

  /** Announces a change of item `id`, about the products `before` the change and now (SITE-CACHE). */
  private async announce(id: string, before: readonly string[]): Promise<void> {
    const productSlugs = [...new Set([...before, ...(await this.productSlugs(id))])];
    this.deps.contentChanged({ kind: 'news', id, productSlugs });
  }

  /** The stored item after a change, announced; `before`: the products it was about before the change. */
  private async changed(id: string, before: readonly string[] = []): Promise<NewsItemRow> {
    await this.announce(id, before);
    return this.deps.db.selectFrom('newsItems').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /**
   * Creates a draft with texts in every language (`createNewsItem`).
   * @throws HttpError BAD_USER_INPUT: a language missing or twice (`texts`), unknown `productSlug`.
   */
  async create(input: { texts: readonly NewsTextsInput[]; productSlug?: string | null }): Promise<NewsItemRow> {
    const texts = translationRows(input.texts, true);
    const productId = (await this.productIdOf(input.productSlug)) ?? null;
    const id = newNewsItemId();
    const now = nowIso();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('newsItems').values({ id, productId, publishedAt: null, created: now, updated: now }).execute();
      await trx.insertInto('newsTranslations').values(texts.map((t) => ({ newsItemId: id, ...t }))).execute();
    });
    return this.changed(id);
  }

  /**
   * Replaces the texts of the given languages and, when given, the product (`updateNewsItem`).
   * @throws HttpError BAD_USER_INPUT: a language twice (`texts`), unknown `productSlug`, no such item (`id`).
   */
  async update(id: string, input: { texts: readonly NewsTextsInput[]; productSlug?: string | null }): Promise<NewsItemRow> {
    const texts = translationRows(input.texts, false);
    const productId = await this.productIdOf(input.productSlug);
    const exists = await this.deps.db.selectFrom('newsItems').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw badInput('id', 'no such news item');
    const before = await this.productSlugs(id);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('newsItems').set({ updated: nowIso(), ...(productId !== undefined ? { productId } : {}) }).where('id', '=', id).execute();
      for (const t of texts) {
        await trx.deleteFrom('newsTranslations').where('newsItemId', '=', id).where('locale', '=', t.locale).execute();
        await trx.insertInto('newsTranslations').values({ newsItemId: id, ...t }).execute();
      }
    });
    return this.changed(id, before);
  }

  /**
   * Sets the publication time (`publishNewsItem`): a time (possibly future: scheduled), or null to
   * make the item a draft again.
   * @throws HttpError BAD_USER_INPUT: no such item (`id`).
   */
  async publish(id: string, publishedAt: string | null): Promise<NewsItemRow> {
    const result = await this.deps.db.updateTable('newsItems').set({ publishedAt, updated: nowIso() }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw badInput('id', 'no such news item');
    return this.changed(id);
  }

  /**
   * Deletes item `id` with its texts (`deleteNewsItem`).
   * @throws HttpError BAD_USER_INPUT: no such item (`id`).
   */
  async delete(id: string): Promise<void> {
    const before = await this.productSlugs(id);
    const result = await this.deps.db.deleteFrom('newsItems').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw badInput('id', 'no such news item');
    await this.announce(id, before);
  }
}
