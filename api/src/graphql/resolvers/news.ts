/**
 * News (SITE-NEWS, SITE-CONTENT): `news`, `newsItem`, `newsItemBySlug`, the `NewsItem` fields in the asked locale
 * (English when a text is missing) and the administrators' news mutations. Everyone sees
 * published items; administrators also drafts (policy.ts `isAdmin`). Changes carry the editor's
 * `version` (ADMIN-CONCURRENCY) and the acting administrator for the audit log (ADMIN-AUDIT).
 * Queries, rules and changes are content/news.ts's.
 */
import { z } from 'zod';
import { newsTexts, isPublished, jsonList, pickTranslation } from '../../modules/content/index.js';
import { SLUG_PATTERN } from '../../platform/db/slugs.js';
import type { NewsItemRow } from '../../platform/db/types.js';
import { badInput, fromZod } from '../../platform/graphql/errors.js';
import { decodeId, expectId, globalId } from '../../platform/graphql/ids.js';
import { isAdmin } from '../policy.js';
import { type ConnectionArgs, type Ctx, auditActor, connection, localeArg, localeOf, page, requireAdmin, versionArg, searchArg } from './common.js';

/** At most one entry per language; the service checks that none is twice and, on create, that none is missing. */
const textsList = z.array(newsTexts.extend({ locale: localeArg })).max(3);

/** `texts` decoded (absent: none). @throws GraphQLError BAD_USER_INPUT naming the entry and field. */
function textsArg(texts: unknown) {
  if (texts === undefined || texts === null) return [];
  const parsed = textsList.safeParse(texts);
  if (!parsed.success) throw fromZod(parsed.error, 'texts');
  return parsed.data;
}

/** The item's texts in the GraphQL `locale`, else English. */
async function texts(n: NewsItemRow, locale: string, ctx: Ctx) {
  return pickTranslation(await ctx.loaders.newsTranslations.load(n.id), localeOf(locale));
}

/** The item after a change, with its cached texts dropped. */
function changed(ctx: Ctx, item: NewsItemRow): NewsItemRow {
  ctx.loaders.newsTranslations.clear(item.id);
  return item;
}

export const newsResolvers = {
  Query: {
    async news(_: unknown, args: ConnectionArgs & { includeDrafts?: boolean | null; search?: string | null }, ctx: Ctx) {
      const slice = page(args, 10);
      const includeDrafts = !!args.includeDrafts;
      if (includeDrafts) requireAdmin(ctx);
      return connection(await ctx.news.page({ ...slice, includeDrafts, search: searchArg(args.search) }), args, slice);
    },
    /** Null, like `node`, for an id that is not a news item's: the web app's route validation turns it into a 404. */
    async newsItem(_: unknown, { id }: { id: string }, ctx: Ctx) {
      const decoded = decodeId(id);
      return decoded?.type === 'NewsItem' ? ctx.news.byId(decoded.id, isAdmin(ctx.viewer)) : null;
    },
    /** Null for a slug no item has or had (a malformed one included: the page is a 404, SITE-NEWS); the web redirects when it is not the item's current slug in `locale`. */
    async newsItemBySlug(_: unknown, { slug, locale }: { slug: string; locale: string }, ctx: Ctx) {
      if (slug.length > 200) throw badInput('slug: at most 200 characters', 'slug');
      if (!SLUG_PATTERN.test(slug)) return null;
      return ctx.news.bySlug(localeOf(locale), slug, isAdmin(ctx.viewer));
    },
  },
  NewsItem: {
    id: (n: NewsItemRow) => globalId('NewsItem', n.id),
    title: async (n: NewsItemRow, { locale }: { locale: string }, ctx: Ctx) => (await texts(n, locale, ctx))?.title ?? '',
    summary: async (n: NewsItemRow, { locale }: { locale: string }, ctx: Ctx) => (await texts(n, locale, ctx))?.summary ?? '',
    body: async (n: NewsItemRow, { locale }: { locale: string }, ctx: Ctx) => jsonList((await texts(n, locale, ctx))?.body),
    /** The translation's current slug in `locale`, else English's (SITE-NEWS). */
    slug: async (n: NewsItemRow, { locale }: { locale: string }, ctx: Ctx) => (await texts(n, locale, ctx))?.slug ?? '',
    published: (n: NewsItemRow) => n.publishedAt,
    isPublished: (n: NewsItemRow) => isPublished(n),
    /** Batched: a page of news asks for its products in one query. */
    product: async (n: NewsItemRow, _: unknown, ctx: Ctx) => (n.productId ? ((await ctx.loaders.product.load(n.productId)) ?? null) : null),
  },
  Mutation: {
    async createNewsItem(_: unknown, args: { texts: unknown; productSlug?: string | null }, ctx: Ctx) {
      const actor = await auditActor(ctx);
      const texts = textsArg(args.texts);
      return changed(ctx, await ctx.news.create({ texts, productSlug: args.productSlug }, actor));
    },

    async updateNewsItem(_: unknown, args: { id: string; texts?: unknown; productSlug?: string | null; version?: number | null }, ctx: Ctx) {
      const actor = await auditActor(ctx);
      const id = expectId(args.id, 'NewsItem', 'id');
      const texts = textsArg(args.texts);
      const options = { actor, version: versionArg(args.version) };
      return changed(ctx, await ctx.news.update(id, { texts, productSlug: args.productSlug }, options));
    },

    async publishNewsItem(_: unknown, args: { id: string; published?: boolean | null; publishedAt?: string | null; version?: number | null }, ctx: Ctx) {
      const actor = await auditActor(ctx);
      const id = expectId(args.id, 'NewsItem', 'id');
      let publishedAt: string | null = null;
      if (args.published !== false) {
        const at = args.publishedAt ? new Date(args.publishedAt) : new Date();
        if (Number.isNaN(at.getTime())) throw badInput('publishedAt: not a valid date and time', 'publishedAt');
        publishedAt = at.toISOString();
      }
      return changed(ctx, await ctx.news.publish(id, publishedAt, { actor, version: versionArg(args.version) }));
    },

    async deleteNewsItem(_: unknown, args: { id: string; version?: number | null }, ctx: Ctx) {
      const actor = await auditActor(ctx);
      const id = expectId(args.id, 'NewsItem', 'id');
      await ctx.news.delete(id, { actor, version: versionArg(args.version) });
      return { id: globalId('NewsItem', id) };
    },
  },
};
