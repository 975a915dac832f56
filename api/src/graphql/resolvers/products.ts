/**
 * The product catalogue (SITE-CATALOGUE, SITE-CONTENT): `products`, `product`, the `Product`
 * fields in the asked locale (English when a text is missing) and the administrators'
 * `updateProductTexts` and `updateProduct`, with the editor's `version` (ADMIN-CONCURRENCY) and the
 * acting administrator for the audit log (ADMIN-AUDIT). Queries and changes are content/products.ts's.
 */
import { z } from 'zod';
import { productTexts, jsonList, pickTranslation } from '../../modules/content/index.js';
import type { ProductRow } from '../../platform/db/types.js';
import { fromZod } from '../../platform/graphql/errors.js';
import { expectId, globalId } from '../../platform/graphql/ids.js';
import { type ConnectionArgs, type Ctx, auditActor, connection, firstArg, localeArg, localeOf, page, versionArg, searchArg } from './common.js';

const productTextsPatch = productTexts.partial().extend({ locale: localeArg });
/** One entry per language at most; the service checks that each is complete (TRANSLATION_MISSING). */
const productTextsList = z.array(productTextsPatch).max(3);

/** The product's texts in the GraphQL `locale`, else English. */
async function texts(p: ProductRow, locale: string, ctx: Ctx) {
  return pickTranslation(await ctx.loaders.productTranslations.load(p.id), localeOf(locale));
}

export const productResolvers = {
  Query: {
    async products(_: unknown, args: ConnectionArgs & { search?: string | null }, ctx: Ctx) {
      const slice = page(args, 20);
      return connection(await ctx.products.page({ ...slice, search: searchArg(args.search) }), args, slice);
    },
    product: async (_: unknown, { slug }: { slug: string }, ctx: Ctx) => (await ctx.products.bySlug(slug)) ?? null,
  },
  Product: {
    id: (p: ProductRow) => globalId('Product', p.id),
    name: async (p: ProductRow, { locale }: { locale: string }, ctx: Ctx) => (await texts(p, locale, ctx))?.name ?? p.slug,
    tagline: async (p: ProductRow, { locale }: { locale: string }, ctx: Ctx) => (await texts(p, locale, ctx))?.tagline ?? '',
    description: async (p: ProductRow, { locale }: { locale: string }, ctx: Ctx) => jsonList((await texts(p, locale, ctx))?.description),
    features: async (p: ProductRow, { locale }: { locale: string }, ctx: Ctx) => jsonList((await texts(p, locale, ctx))?.features),
    technologies: (p: ProductRow) => jsonList(p.technologies),
    visual: (p: ProductRow) => ({ motif: p.visualMotif, hue: p.visualHue }),
    /** The newest published news about the product. */
    news: (p: ProductRow, args: { first?: number | null }, ctx: Ctx) => ctx.news.ofProduct(p.id, firstArg(args.first, 3)),
  },
  Mutation: {
    async updateProductTexts(_: unknown, args: { id: string; texts: unknown; version?: number | null }, ctx: Ctx) {
      const actor = await auditActor(ctx);
      const id = expectId(args.id, 'Product', 'id');
      const parsed = productTextsPatch.safeParse(args.texts);
      if (!parsed.success) throw fromZod(parsed.error, 'texts');
      const { locale, ...texts } = parsed.data;
      const product = await ctx.products.updateTexts(id, locale, texts, { actor, version: versionArg(args.version) });
      ctx.loaders.productTranslations.clear(id);
      return product;
    },

    /** The product editor's save: every language at once, with the version the editor saw (ADMIN-CONCURRENCY). */
    async updateProduct(_: unknown, args: { id: string; texts: unknown; version: number }, ctx: Ctx) {
      const actor = await auditActor(ctx);
      const id = expectId(args.id, 'Product', 'id');
      const parsed = productTextsList.safeParse(args.texts);
      if (!parsed.success) throw fromZod(parsed.error, 'texts');
      const product = await ctx.products.replaceTexts(id, parsed.data, { actor, version: args.version });
      ctx.loaders.productTranslations.clear(id);
      return product;
    },
  },
};
