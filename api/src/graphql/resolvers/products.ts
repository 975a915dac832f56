/**
 * The product catalogue (SITE-CATALOGUE, SITE-CONTENT): `products`, `product`, the `Product`
 * fields in the asked locale (English when a text is missing) and the administrators'
 * `updateProductTexts`. Queries and changes are content/products.ts's.
 */
import { productTexts } from '../../content/files.js';
import { jsonList, pickTranslation } from '../../content/translations.js';
import type { ProductRow } from '../../db/types.js';
import { fromHttp, fromZod } from '../errors.js';
import { expectId, globalId } from '../ids.js';
import { type ConnectionArgs, type Ctx, connection, firstArg, localeArg, localeOf, page, requireAdmin } from './common.js';

const productTextsPatch = productTexts.partial().extend({ locale: localeArg });

/** The product's texts in the GraphQL `locale`, else English. */
async function texts(p: ProductRow, locale: string, ctx: Ctx) {
  return pickTranslation(await ctx.loaders.productTranslations.load(p.id), localeOf(locale));
}

export const productResolvers = {
  Query: {
    async products(_: unknown, args: ConnectionArgs, ctx: Ctx) {
      const slice = page(args, 20);
      return connection(await ctx.products.page(slice), args, slice);
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
    async updateProductTexts(_: unknown, args: { id: string; texts: unknown }, ctx: Ctx) {
      requireAdmin(ctx);
      const id = expectId(args.id, 'Product', 'id');
      const parsed = productTextsPatch.safeParse(args.texts);
      if (!parsed.success) throw fromZod(parsed.error, 'texts');
      const { locale, ...texts } = parsed.data;
      const product = await fromHttp(() => ctx.products.updateTexts(id, locale, texts));
      ctx.loaders.productTranslations.clear(id);
      return product;
    },
  },
};
