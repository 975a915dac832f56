/**
 * Reads the seed content of the catalogue and the news from `content/` (content/README.md,
 * docs/decisions/0014; SITE-CONTENT): `products/<slug>.json` and `news/<key>.json`, each with
 * texts in every locale of the site. Every file is validated; a broken file fails with its name and the problem,
 * so a content mistake stops the start instead of showing half a page.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '@studio/site/locales';
import { z } from 'zod';

/** An object with `schema` under every locale of the site (SITE-LOCALES): `{ en, ru, es }`. */
function perLocale<T extends z.ZodType>(schema: T) {
  return z.object(Object.fromEntries(LOCALES.map((locale) => [locale, schema])) as Record<Locale, T>);
}

/** The product illustration motifs (web/src/features/products/ProductVisual.tsx draws them). */
export const PRODUCT_MOTIFS = [
  'chat',
  'wave',
  'card',
  'home',
  'chart',
  'heart',
  'shield',
  'lens',
  'play',
  'gift',
  'grid',
  'spark',
  'cube',
  'ball',
  'pulse',
  'camera',
  'leaf',
] as const;

const line = z.string().trim().min(1).max(300);
const paragraph = z.string().trim().min(1).max(4000);

/** A product's texts in one locale. */
export const productTexts = z.object({
  name: z.string().trim().min(1).max(80),
  tagline: z.string().trim().min(1).max(200),
  description: z.array(paragraph).min(1).max(10),
  features: z.array(line).max(12),
});
export type ProductTexts = z.infer<typeof productTexts>;

const productFile = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  position: z.number().int().min(1),
  year: z.number().int().min(1990).max(2100).optional(),
  technologies: z.array(z.string().trim().min(1).max(60)).max(20),
  visual: z.object({ motif: z.enum(PRODUCT_MOTIFS), hue: z.number().int().min(0).max(359) }),
  locales: perLocale(productTexts),
});
export type ProductFile = z.infer<typeof productFile>;

/** A news item's texts in one locale. */
export const newsTexts = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().min(1).max(400),
  body: z.array(paragraph).min(1).max(30),
});
export type NewsTexts = z.infer<typeof newsTexts>;

const newsFile = z.object({
  key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  published: z.iso.datetime(),
  product: z.string().optional(),
  locales: perLocale(newsTexts),
});
export type NewsFile = z.infer<typeof newsFile>;

function readAll<T>(dir: string, schema: z.ZodType<T>): T[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const file = join(dir, name);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`Content file ${file} is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Content file ${file}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
    }
    return parsed.data;
  });
}

/** The product files of `contentDir`, in catalogue order. @throws on an invalid file or a duplicate slug. */
export function readProductFiles(contentDir: string): ProductFile[] {
  const products = readAll(join(contentDir, 'products'), productFile).sort((a, b) => a.position - b.position);
  const slugs = new Set<string>();
  const names = new Set(products.length > 0 ? readdirSync(join(contentDir, 'products')) : []);
  for (const p of products) {
    // Adding a product is adding the file `<slug>.json` (SITE-CATALOGUE): tests and the page cache list them by name.
    if (!names.has(`${p.slug}.json`)) throw new Error(`Content: the product ${p.slug} must be in content/products/${p.slug}.json`);
    if (slugs.has(p.slug)) throw new Error(`Content: two product files have the slug ${p.slug}`);
    slugs.add(p.slug);
  }
  return products;
}

/** The news files of `contentDir`, newest first. @throws on an invalid file or a duplicate key. */
export function readNewsFiles(contentDir: string): NewsFile[] {
  const items = readAll(join(contentDir, 'news'), newsFile).sort((a, b) => b.published.localeCompare(a.published));
  const keys = new Set<string>();
  for (const n of items) {
    if (keys.has(n.key)) throw new Error(`Content: two news files have the key ${n.key}`);
    keys.add(n.key);
  }
  return items;
}
