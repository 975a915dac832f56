/**
 * Resolvers of the public content (schema 1.2): product details, news, the order form, and the
 * administrators' content mutations. Texts are stored per locale; a missing translation falls
 * back to English. Every content mutation is admin-only (policy.ts) and announces the change
 * (`pubsub.publishContentChanged`) so every process drops its cached pages (DESIGN.md §4).
 */
import { connectionFromArraySlice, cursorToOffset } from 'graphql-relay';
import { GraphQLError } from 'graphql';
import { sql } from 'kysely';
import { z } from 'zod';
import { newsTexts, productTexts } from '../content/files.js';
import { nowIso } from '../db/index.js';
import { newNewsItemId } from '../db/seed/index.js';
import type { NewsItemRow, ProductRow } from '../db/types.js';
import type { GraphQLContext as Ctx } from './context.js';
import { badInput, forbidden, fromZod, unauthenticated } from './errors.js';
import { decodeId, expectId, globalId } from './ids.js';
import { isAdmin } from './policy.js';

const LOCALES: Record<string, string> = { EN: 'en', RU: 'ru', ES: 'es' };
const toLocale = (graphqlLocale: string) => LOCALES[graphqlLocale] ?? 'en';

/** The row of `locale` (GraphQL enum value), else the English one. */
export function pickTranslation<T extends { locale: string }>(rows: T[], locale: string): T | undefined {
  const wanted = toLocale(locale);
  return rows.find((r) => r.locale === wanted) ?? rows.find((r) => r.locale === 'en');
}

function jsonList(text: string | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** `first`/`after` of a connection, checked: at most 50, a cursor of ours. */
export function page(args: { first?: number | null; after?: string | null }, defaultFirst: number) {
  const first = args.first ?? defaultFirst;
  if (first < 0 || first > 50) throw badInput('first: must be between 0 and 50', 'first');
  let offset = 0;
  if (args.after) {
    const parsed = cursorToOffset(args.after);
    if (!Number.isSafeInteger(parsed) || parsed < 0 || parsed > 1_000_000) throw badInput('after: not a valid cursor', 'after');
    offset = parsed + 1;
  }
  return { first, offset };
}

/** A connection of `rows` (one page) out of `totalCount`, with graphql-relay's offset cursors. */
export function connection<T>(rows: T[], args: { first?: number | null; after?: string | null }, slice: { first: number; offset: number }, totalCount: number) {
  return {
    ...connectionFromArraySlice(rows, { first: slice.first, after: args.after ?? undefined }, { sliceStart: slice.offset, arrayLength: totalCount }),
    totalCount,
  };
}

function requireAdmin(ctx: Ctx) {
  if (!ctx.viewer) throw unauthenticated();
  if (!isAdmin(ctx.viewer)) throw forbidden();
  return ctx.viewer;
}

/** Published items for everyone; drafts too for administrators who ask. Newest first. */
function newsQuery(ctx: Ctx, includeDrafts: boolean) {
  let query = ctx.db.selectFrom('newsItems');
  if (!(includeDrafts && isAdmin(ctx.viewer))) query = query.where('publishedAt', 'is not', null).where('publishedAt', '<=', nowIso());
  return query;
}

async function loadNewsItem(ctx: Ctx, id: string): Promise<NewsItemRow | null> {
  const row = await ctx.db.selectFrom('newsItems').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const visible = row.publishedAt !== null && row.publishedAt <= nowIso();
  return visible || isAdmin(ctx.viewer) ? row : null;
}

const textsList = z.array(newsTexts.extend({ locale: z.enum(['EN', 'RU', 'ES']) })).max(3);

function parseTexts(texts: unknown, requireAll: boolean) {
  const parsed = textsList.safeParse(texts);
  if (!parsed.success) throw fromZod(parsed.error, 'texts');
  const locales = parsed.data.map((t) => t.locale);
  if (new Set(locales).size !== locales.length) throw badInput('texts: one entry per language', 'texts');
  if (requireAll && locales.length !== 3) throw badInput('texts: English, Russian and Spanish texts are all required', 'texts');
  return parsed.data.map((t) => ({ locale: toLocale(t.locale), title: t.title, summary: t.summary, body: JSON.stringify(t.body) }));
}

async function productIdOf(ctx: Ctx, slug: string | null | undefined): Promise<string | null | undefined> {
  if (slug === undefined || slug === null) return undefined;
  if (slug === '') return null;
  const product = await ctx.db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst();
  if (!product) throw badInput('productSlug: no product has this slug', 'productSlug');
  return product.id;
}

async function changed(ctx: Ctx, id: string) {
  ctx.loaders.newsTranslations.clear(id);
  ctx.pubsub.publishContentChanged();
  const row = await ctx.db.selectFrom('newsItems').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return row;
}

const productTextsPatch = productTexts.partial().extend({ locale: z.enum(['EN', 'RU', 'ES']) });

export const contentResolvers = {
  Query: {
    async news(_: unknown, args: { first?: number | null; after?: string | null; includeDrafts?: boolean | null }, ctx: Ctx) {
      const slice = page(args, 10);
      const includeDrafts = !!args.includeDrafts;
      if (includeDrafts) requireAdmin(ctx);
      const [rows, count] = await Promise.all([
        newsQuery(ctx, includeDrafts)
          .selectAll()
          // Drafts (no publication time) first on both databases, then newest first.
          .orderBy(sql`published_at is null`, 'desc')
          .orderBy('publishedAt', 'desc')
          .orderBy('created', 'desc').orderBy('id').limit(slice.first).offset(slice.offset).execute(),
        newsQuery(ctx, includeDrafts).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return connection(rows, args, slice, Number(count.n));
    },
    /** Null, like `node`, for an id that is not a news item's: the web app's route validation turns it into a 404. */
    async newsItem(_: unknown, { id }: { id: string }, ctx: Ctx) {
      const decoded = decodeId(id);
      return decoded?.type === 'NewsItem' ? loadNewsItem(ctx, decoded.id) : null;
    },
  },
  Product: {
    async description(p: ProductRow, { locale }: { locale: string }, ctx: Ctx) {
      return jsonList(pickTranslation(await ctx.loaders.productTranslations.load(p.id), locale)?.description);
    },
    async features(p: ProductRow, { locale }: { locale: string }, ctx: Ctx) {
      return jsonList(pickTranslation(await ctx.loaders.productTranslations.load(p.id), locale)?.features);
    },
    technologies: (p: ProductRow) => jsonList(p.technologies),
    visual: (p: ProductRow) => ({ motif: p.visualMotif, hue: p.visualHue }),
    async news(p: ProductRow, args: { first?: number | null }, ctx: Ctx) {
      const first = args.first ?? 3;
      if (first < 0 || first > 50) throw badInput('first: must be between 0 and 50', 'first');
      return newsQuery(ctx, false).selectAll().where('productId', '=', p.id).orderBy('publishedAt', 'desc').limit(first).execute();
    },
  },
  NewsItem: {
    id: (n: NewsItemRow) => globalId('NewsItem', n.id),
    async title(n: NewsItemRow, { locale }: { locale: string }, ctx: Ctx) {
      return pickTranslation(await ctx.loaders.newsTranslations.load(n.id), locale)?.title ?? '';
    },
    async summary(n: NewsItemRow, { locale }: { locale: string }, ctx: Ctx) {
      return pickTranslation(await ctx.loaders.newsTranslations.load(n.id), locale)?.summary ?? '';
    },
    async body(n: NewsItemRow, { locale }: { locale: string }, ctx: Ctx) {
      return jsonList(pickTranslation(await ctx.loaders.newsTranslations.load(n.id), locale)?.body);
    },
    published: (n: NewsItemRow) => n.publishedAt,
    isPublished: (n: NewsItemRow) => n.publishedAt !== null && n.publishedAt <= nowIso(),
    /** Batched: a page of news asks for its products in one query. */
    async product(n: NewsItemRow, _: unknown, ctx: Ctx) {
      return n.productId ? ((await ctx.loaders.product.load(n.productId)) ?? null) : null;
    },
  },
  Mutation: {
    async createOrder(_: unknown, { input }: { input: Record<string, unknown> }, ctx: Ctx) {
      const outcome = await ctx.orders.create(
        { ...input, locale: toLocale(String(input['locale'])) } as Parameters<Ctx['orders']['create']>[0],
        { userId: ctx.viewer?.userId ?? null, ip: ctx.clientIp },
      );
      if (outcome.kind === 'invalid') throw badInput(outcome.message, outcome.field);
      if (outcome.kind === 'rate-limited') {
        throw new GraphQLError(`Too many orders from this address; try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} minutes.`, {
          extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: outcome.retryAfterSeconds },
        });
      }
      return { reference: outcome.reference };
    },

    async createNewsItem(_: unknown, args: { texts: unknown; productSlug?: string | null }, ctx: Ctx) {
      requireAdmin(ctx);
      const texts = parseTexts(args.texts, true);
      const productId = (await productIdOf(ctx, args.productSlug)) ?? null;
      const id = newNewsItemId();
      const now = nowIso();
      await ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('newsItems').values({ id, productId, publishedAt: null, created: now, updated: now }).execute();
        await trx.insertInto('newsTranslations').values(texts.map((t) => ({ newsItemId: id, ...t }))).execute();
      });
      return changed(ctx, id);
    },

    async updateNewsItem(_: unknown, args: { id: string; texts?: unknown; productSlug?: string | null }, ctx: Ctx) {
      requireAdmin(ctx);
      const id = expectId(args.id, 'NewsItem', 'id');
      const texts = args.texts === undefined || args.texts === null ? [] : parseTexts(args.texts, false);
      const productId = await productIdOf(ctx, args.productSlug);
      const exists = await ctx.db.selectFrom('newsItems').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw badInput('id: no such news item', 'id');
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('newsItems').set({ updated: nowIso(), ...(productId !== undefined ? { productId } : {}) }).where('id', '=', id).execute();
        for (const t of texts) {
          await trx.deleteFrom('newsTranslations').where('newsItemId', '=', id).where('locale', '=', t.locale).execute();
          await trx.insertInto('newsTranslations').values({ newsItemId: id, ...t }).execute();
        }
      });
      return changed(ctx, id);
    },

    async publishNewsItem(_: unknown, args: { id: string; published?: boolean | null; publishedAt?: string | null }, ctx: Ctx) {
      requireAdmin(ctx);
      const id = expectId(args.id, 'NewsItem', 'id');
      let publishedAt: string | null = null;
      if (args.published !== false) {
        const at = args.publishedAt ? new Date(args.publishedAt) : new Date();
        if (Number.isNaN(at.getTime())) throw badInput('publishedAt: not a valid date and time', 'publishedAt');
        publishedAt = at.toISOString();
      }
      const result = await ctx.db.updateTable('newsItems').set({ publishedAt, updated: nowIso() }).where('id', '=', id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw badInput('id: no such news item', 'id');
      return changed(ctx, id);
    },

    async deleteNewsItem(_: unknown, args: { id: string }, ctx: Ctx) {
      requireAdmin(ctx);
      const id = expectId(args.id, 'NewsItem', 'id');
      const result = await ctx.db.deleteFrom('newsItems').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw badInput('id: no such news item', 'id');
      ctx.pubsub.publishContentChanged();
      return { id: globalId('NewsItem', id) };
    },

    async updateProductTexts(_: unknown, args: { id: string; texts: unknown }, ctx: Ctx) {
      requireAdmin(ctx);
      const id = expectId(args.id, 'Product', 'id');
      const parsed = productTextsPatch.safeParse(args.texts);
      if (!parsed.success) throw fromZod(parsed.error, 'texts');
      const { locale, description, features, ...plain } = parsed.data;
      const product = await ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
      if (!product) throw badInput('id: no such product', 'id');
      const patch = {
        ...plain,
        ...(description ? { description: JSON.stringify(description) } : {}),
        ...(features ? { features: JSON.stringify(features) } : {}),
      };
      if (Object.keys(patch).length > 0) {
        const result = await ctx.db.updateTable('productTranslations').set(patch).where('productId', '=', id).where('locale', '=', toLocale(locale)).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw badInput('texts.locale: the product has no texts in this language yet', 'locale');
        ctx.loaders.productTranslations.clear(id);
        ctx.pubsub.publishContentChanged();
      }
      return product;
    },
  },
};
