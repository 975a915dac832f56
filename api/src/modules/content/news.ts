/**
 * News (SITE-NEWS, SITE-CONTENT): items with texts in every locale, optionally about a product.
 * Everyone sees published items (a publication time that has come); drafts and scheduled items
 * only administrators who ask for them. Administrators create, change, publish and delete items,
 * each change checked against the editor's `version` (ADMIN-CONCURRENCY) and audited in its own
 * transaction (ADMIN-AUDIT);
 * every change announces itself with `contentChanged` (the item and the products it is about before
 * and after, whose pages list it; SITE-CACHE). Seeding is seed.ts's.
 */
import { type Kysely, sql } from 'kysely';
import { LOCALES, type Locale } from '@studio/site/locales';
import { nowIso } from '../../platform/db/index.js';
import { newNewsItemId } from './seed.js';
import { type AuditActor, changedFields, contains, likePattern, recordAudit } from '../../platform/audit.js';
import { type NewsTextsInput, retryOnSlugRace, target, translationRows } from './newsRules.js';
import type { Database, NewsItemRow, NewsTranslationRow } from '../../platform/db/types.js';
import { type EditOptions, badContentInput as badInput, translationMissing, versionConflict } from './editing.js';
import type { ContentServiceDeps, Page } from './products.js';
import { assignNewsSlugs, slugsOfNewsItems } from '../../platform/db/slugs.js';
import { groupBy, jsonList } from './translations.js';

/** The database or a transaction of it. */
type Executor = Kysely<Database>;

export type { NewsTextsInput } from './newsRules.js';

/** Whether `item` is published: it has a publication time and that time has come. */
export function isPublished(item: Pick<NewsItemRow, 'publishedAt'>): boolean {
  return item.publishedAt !== null && item.publishedAt <= nowIso();
}

export class NewsService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** Published items, or every item with `includeDrafts` (the caller checks that the viewer is an admin). */
  private visible(includeDrafts: boolean, search?: string) {
    let query = this.deps.db.selectFrom('newsItems');
    if (!includeDrafts) query = query.where('publishedAt', 'is not', null).where('publishedAt', '<=', nowIso());
    if (search) {
      const pattern = likePattern(search);
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('newsTranslations as t')
            .select('t.newsItemId')
            .whereRef('t.newsItemId', '=', 'newsItems.id')
            .where(eb.or([contains('t.title', pattern), contains('t.summary', pattern)])),
        ),
      );
    }
    return query;
  }

  /**
   * `limit` items from `offset`: drafts first, then newest first; and how many there are. `search`:
   * only items whose title or summary in any language contains it (case-insensitive; ADMIN-AREA).
   */
  async page(slice: { limit: number; offset: number; includeDrafts: boolean; search?: string | undefined }): Promise<Page<NewsItemRow>> {
    const [rows, count] = await Promise.all([
      this.visible(slice.includeDrafts, slice.search)
        .selectAll()
        // Drafts (no publication time) first on both databases, then newest first.
        .orderBy(sql`published_at is null`, 'desc')
        .orderBy('publishedAt', 'desc')
        .orderBy('created', 'desc')
        .orderBy('id')
        .limit(slice.limit)
        .offset(slice.offset)
        .execute(),
      this.visible(slice.includeDrafts, slice.search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
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

  /**
   * The item whose slug in `locale` is or was `slug` — else, for a link that kept the slug of another
   * language (the language switcher), the item that has or had it in another language — when it is
   * published, or at all with `includeDrafts` (SITE-NEWS). Null otherwise.
   */
  async bySlug(locale: Locale, slug: string, includeDrafts: boolean): Promise<NewsItemRow | null> {
    const owners = await this.deps.db.selectFrom('newsSlugs').select(['locale', 'newsItemId']).where('slug', '=', slug).execute();
    const owner = owners.find((o) => o.locale === locale) ?? LOCALES.map((l) => owners.find((o) => o.locale === l)).find((o) => o !== undefined);
    return owner ? this.byId(owner.newsItemId, includeDrafts) : null;
  }

  /** The texts of each item of `ids` (every stored locale), in the order of `ids`; a loader's batch. */
  async translations(ids: readonly string[]): Promise<NewsTranslationRow[][]> {
    const rows = await this.deps.db
      .selectFrom('newsTranslations')
      .selectAll()
      .where('newsItemId', 'in', [...ids])
      .execute();
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
  private async announce(id: string, before: readonly string[], slugsBefore: readonly string[] = []): Promise<void> {
    const productSlugs = [...new Set([...before, ...(await this.productSlugs(id))])];
    const slugs = [...new Set([...slugsBefore, ...(await slugsOfNewsItems(this.deps.db, [id]))])];
    this.deps.contentChanged({ kind: 'news', id, productSlugs, slugs });
  }

  /** The stored item after a change, announced; `before`: the products it was about before the change. */
  private async changed(id: string, before: readonly string[] = []): Promise<NewsItemRow> {
    await this.announce(id, before);
    return this.deps.db.selectFrom('newsItems').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** Item `id` read in `trx`, checked against the editor's `version` (ADMIN-CONCURRENCY). @throws HttpError BAD_USER_INPUT (`id`), VERSION_CONFLICT. */
  private async current(trx: Executor, id: string, version: number | undefined): Promise<NewsItemRow> {
    const row = await trx.selectFrom('newsItems').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw badInput('id', 'no such news item');
    if (version !== undefined && version !== row.version) throw versionConflict();
    return row;
  }

  /**
   * Stores `set` on `row` with the next version and `updated`, only while the stored version is
   * still the one read (`where version = ?`): a concurrent change in between makes it 0 rows,
   * answered VERSION_CONFLICT, so no change ever overwrites one its editor did not see.
   */
  private async bump(trx: Executor, row: NewsItemRow, set: { publishedAt?: string | null; productId?: string | null }): Promise<void> {
    const result = await trx
      .updateTable('newsItems')
      .set({ ...set, version: row.version + 1, updated: nowIso() })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw versionConflict();
  }

  /** The item's texts per locale as the audit log keeps them, and its product's slug (read in `trx`). */
  private async snapshot(trx: Executor, row: NewsItemRow): Promise<Record<string, unknown>> {
    const texts = await trx.selectFrom('newsTranslations').selectAll().where('newsItemId', '=', row.id).execute();
    const product = row.productId ? await trx.selectFrom('products').select('slug').where('id', '=', row.productId).executeTakeFirst() : undefined;
    return {
      ...Object.fromEntries(texts.map((t) => [t.locale, { title: t.title, summary: t.summary, body: jsonList(t.body) }])),
      productSlug: product?.slug ?? null,
    };
  }

  /**
   * Creates a draft with texts in every language (`createNewsItem`), audited as `news.create` by
   * `actor` in the same transaction (ADMIN-AUDIT).
   * @throws HttpError BAD_USER_INPUT: a language missing or twice (`texts`), unknown `productSlug`.
   */
  async create(input: { texts: readonly NewsTextsInput[]; productSlug?: string | null }, actor: AuditActor): Promise<NewsItemRow> {
    const texts = translationRows(input.texts, true);
    const productId = (await this.productIdOf(input.productSlug)) ?? null;
    const id = newNewsItemId();
    const now = nowIso();
    await retryOnSlugRace(() =>
      this.deps.db.transaction().execute(async (trx) => {
        await trx.insertInto('newsItems').values({ id, productId, publishedAt: null, created: now, updated: now }).execute();
        await trx
          .insertInto('newsTranslations')
          .values(texts.map((t) => ({ newsItemId: id, ...t })))
          .execute();
        await assignNewsSlugs(trx, id, texts, now);
        const row = await trx.selectFrom('newsItems').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await recordAudit(trx, { actor, action: 'news.create', target: target(row, input.texts), before: null, after: await this.snapshot(trx, row) });
      }),
    );
    return this.changed(id);
  }

  /**
   * Replaces the texts of the given languages and, when given, the product (`updateNewsItem`);
   * bumps `version` and `updated`; audited as `news.update` with the changed fields.
   * @throws HttpError BAD_USER_INPUT: a language twice (`texts`), unknown `productSlug`, no such item (`id`);
   *   VERSION_CONFLICT when `options.version` is not the current one (nothing stored).
   */
  async update(id: string, input: { texts: readonly NewsTextsInput[]; productSlug?: string | null }, options: EditOptions): Promise<NewsItemRow> {
    const texts = translationRows(input.texts, false);
    const productId = await this.productIdOf(input.productSlug);
    const before = await this.productSlugs(id);
    await retryOnSlugRace(() =>
      this.deps.db.transaction().execute(async (trx) => {
        const row = await this.current(trx, id, options.version);
        const old = await this.snapshot(trx, row);
        await this.bump(trx, row, productId !== undefined ? { productId } : {});
        for (const t of texts) {
          await trx.deleteFrom('newsTranslations').where('newsItemId', '=', id).where('locale', '=', t.locale).execute();
          await trx
            .insertInto('newsTranslations')
            .values({ newsItemId: id, ...t })
            .execute();
        }
        // A changed title gives a new slug; the old one stays the item's and redirects (SITE-NEWS).
        await assignNewsSlugs(trx, id, texts, nowIso());
        const now = await this.snapshot(trx, { ...row, ...(productId !== undefined ? { productId } : {}) });
        const diff = changedFields(old, now);
        const label = (now['en'] as { title?: string } | undefined)?.title ?? id;
        await recordAudit(trx, { actor: options.actor, action: 'news.update', target: { type: 'NewsItem', id, label }, ...diff });
      }),
    );
    return this.changed(id, before);
  }

  /**
   * Sets the publication time (`publishNewsItem`): a time (possibly future: scheduled), or null to
   * make the item a draft again; bumps `version`; audited as `news.publish` / `news.unpublish`.
   * Publishing needs complete texts in every language (ADMIN-CONCURRENCY).
   * @throws HttpError BAD_USER_INPUT: no such item (`id`); TRANSLATION_MISSING (`texts.<locale>`);
   *   VERSION_CONFLICT.
   */
  async publish(id: string, publishedAt: string | null, options: EditOptions): Promise<NewsItemRow> {
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.current(trx, id, options.version);
      const texts = await trx.selectFrom('newsTranslations').selectAll().where('newsItemId', '=', id).execute();
      if (publishedAt !== null) {
        for (const locale of LOCALES) {
          const t = texts.find((candidate) => candidate.locale === locale);
          if (!t || !t.title.trim() || !t.summary.trim() || !jsonList(t.body).some((p) => p.trim())) throw translationMissing(locale);
        }
      }
      await this.bump(trx, row, { publishedAt });
      await recordAudit(trx, {
        actor: options.actor,
        action: publishedAt === null ? 'news.unpublish' : 'news.publish',
        target: target(row, texts),
        before: { publishedAt: row.publishedAt },
        after: { publishedAt },
      });
    });
    return this.changed(id);
  }

  /**
   * Deletes item `id` with its texts (`deleteNewsItem`), audited as `news.delete` (before: its texts).
   * @throws HttpError BAD_USER_INPUT: no such item (`id`); VERSION_CONFLICT.
   */
  async delete(id: string, options: EditOptions): Promise<void> {
    const before = await this.productSlugs(id);
    const slugsBefore = await slugsOfNewsItems(this.deps.db, [id]);
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.current(trx, id, options.version);
      const old = await this.snapshot(trx, row);
      const result = await trx.deleteFrom('newsItems').where('id', '=', id).where('version', '=', row.version).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw versionConflict();
      const label = (old['en'] as { title?: string } | undefined)?.title ?? id;
      await recordAudit(trx, {
        actor: options.actor,
        action: 'news.delete',
        target: { type: 'NewsItem', id, label },
        before: { ...old, publishedAt: row.publishedAt },
        after: null,
      });
    });
    await this.announce(id, before, slugsBefore);
  }
}
