/**
 * Readable news addresses (SITE-NEWS): every translation of a news item has a slug made from its
 * title in that language (`/news/<slug>`, `/ru/news/<slug>`, `/es/news/<slug>`), transliterated
 * to Latin letters (Russian as well) by `@sindresorhus/slugify`, unique per language. Every slug an
 * item ever had stays in `news_slugs` pointing at it, so an address from before an editor changed
 * the title still finds the item (and answers 301 to its current address); a slug is never handed
 * to another item. A title without letters or digits gets `news`, a taken slug `-2`, `-3`, ….
 */
import slugify from '@sindresorhus/slugify';
import type { Kysely } from 'kysely';
import type { Locale } from '@studio/site/locales';
import type { Database } from './types.js';

/** The longest slug made from a title (a suffix such as `-2` may follow). */
export const SLUG_MAX_LENGTH = 80;

/** What a slug looks like: lower-case Latin letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug `title` gives (before making it unique): transliterated, lower case, at most SLUG_MAX_LENGTH, cut at a hyphen. */
export function slugOfTitle(title: string): string {
  let slug = slugify(title, { lowercase: true, decamelize: false });
  if (slug.length > SLUG_MAX_LENGTH) {
    slug = slug.slice(0, SLUG_MAX_LENGTH + 1);
    const cut = slug.lastIndexOf('-');
    slug = cut > 0 ? slug.slice(0, cut) : slug.slice(0, SLUG_MAX_LENGTH);
  }
  return slug.replace(/^-+|-+$/g, '') || 'news';
}

/** The database or a transaction of it. */
type Executor = Kysely<Database>;

/**
 * Gives item `newsItemId` a slug per given translation (its title in `locale`) and stores it as the
 * translation's current slug, keeping every earlier one in `news_slugs` (SITE-NEWS). A slug the item
 * had before is taken back; one another item has or had is skipped for `-2`, `-3`, ….
 * Call in the transaction that stores the titles, after the translation rows exist.
 */
export async function assignNewsSlugs(
  trx: Executor,
  newsItemId: string,
  texts: ReadonlyArray<{ locale: Locale | string; title: string }>,
  now: string,
): Promise<void> {
  for (const { locale, title } of texts) {
    const base = slugOfTitle(title);
    let slug = base;
    for (let n = 2; ; n++) {
      const owner = await trx.selectFrom('newsSlugs').select('newsItemId').where('locale', '=', locale).where('slug', '=', slug).executeTakeFirst();
      if (!owner) {
        await trx.insertInto('newsSlugs').values({ locale, slug, newsItemId, created: now }).execute();
        break;
      }
      if (owner.newsItemId === newsItemId) break;
      slug = `${base}-${n}`;
    }
    await trx.updateTable('newsTranslations').set({ slug }).where('newsItemId', '=', newsItemId).where('locale', '=', locale).execute();
  }
}

/** Every slug item `newsItemId` has or had, in any language (the page paths its change touches, SITE-CACHE). */
export async function slugsOfNewsItems(db: Executor, newsItemIds: readonly string[]): Promise<string[]> {
  if (newsItemIds.length === 0) return [];
  const rows = await db
    .selectFrom('newsSlugs')
    .select('slug')
    .where('newsItemId', 'in', [...newsItemIds])
    .execute();
  return [...new Set(rows.map((row) => row.slug))];
}
