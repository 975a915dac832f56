/**
 * The database side of analytics counting (decision 0036): adds a batch of one day's counts to the
 * daily aggregates with upserts that add (`ON CONFLICT … DO UPDATE SET views = views + excluded.views`,
 * the same on SQLite and PostgreSQL, so every process adds to the same rows), keeps the day's salt
 * (one row per UTC day, shared by all processes, ANALYTICS-SALT), counts new visitors by inserting
 * their salted hashes, and forgets past days' salts and hashes (ANALYTICS-VISITORS).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/index.js';

/** One aggregate row's key and its new views. */
export interface DailyCount {
  path: string;
  locale: string;
  referrer: string;
  device: string;
  referred: boolean;
  views: number;
}

/** Rows per INSERT statement (7 parameters each; well under SQLite's and PostgreSQL's limits). */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The salt of UTC `day` (hex). With `create`, one is made when there is none (the first process
 * to insert wins; the others read its row); without, null when the day has none (a past day whose
 * salt is already gone: its visitors are not counted any more).
 */
export async function saltOf(db: Db, day: string, create: boolean, now: Date): Promise<string | null> {
  if (create) {
    await db
      .insertInto('analyticsSalts')
      .values({ day, salt: randomBytes(32).toString('hex'), created: now.toISOString() })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
  }
  const row = await db.selectFrom('analyticsSalts').select('salt').where('day', '=', day).executeTakeFirst();
  return row?.salt ?? null;
}

/** A visitor's hash: HMAC-SHA256 keyed with the day's salt over `key` (IP + "\n" + User-Agent), hex. */
export function visitorHash(salt: string, key: string): string {
  return createHmac('sha256', Buffer.from(salt, 'hex')).update(key).digest('hex');
}

/**
 * Adds one day's batch: `counts` to `analytics_daily`, the hashes of `visitorKeys` not seen yet
 * today to `analytics_visitors`, and the views and new visitors to `analytics_days` — in one
 * transaction. `salt` null: the day's visitors are no longer counted (views still are).
 * @returns how many visitors were new.
 */
export async function addDay(db: Db, day: string, counts: readonly DailyCount[], visitorKeys: readonly string[], salt: string | null): Promise<number> {
  return db.transaction().execute(async (trx) => {
    for (const part of chunks(counts)) {
      await trx
        .insertInto('analyticsDaily')
        .values(
          part.map((c) => ({ day, path: c.path, locale: c.locale, referrer: c.referrer, device: c.device, referred: c.referred ? 1 : 0, views: c.views })),
        )
        .onConflict((oc) =>
          oc.columns(['day', 'path', 'locale', 'referrer', 'device', 'referred']).doUpdateSet({ views: sql`analytics_daily.views + excluded.views` }),
        )
        .execute();
    }
    let fresh = 0;
    if (salt) {
      const hashes = [...new Set(visitorKeys.map((key) => visitorHash(salt, key)))];
      for (const part of chunks(hashes)) {
        const inserted = await trx
          .insertInto('analyticsVisitors')
          .values(part.map((visitor) => ({ day, visitor })))
          .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
          .returning('visitor')
          .execute();
        fresh += inserted.length;
      }
    }
    const views = counts.reduce((sum, c) => sum + c.views, 0);
    if (views > 0 || fresh > 0) {
      await trx
        .insertInto('analyticsDays')
        .values({ day, views, visitors: fresh })
        .onConflict((oc) =>
          oc.column('day').doUpdateSet({ views: sql`analytics_days.views + excluded.views`, visitors: sql`analytics_days.visitors + excluded.visitors` }),
        )
        .execute();
    }
    return fresh;
  });
}

/** Deletes the salts and visitor hashes of every day before `today` (ANALYTICS-SALT). */
export async function forgetPastDays(db: Db, today: string): Promise<void> {
  await db.deleteFrom('analyticsSalts').where('day', '<', today).execute();
  await db.deleteFrom('analyticsVisitors').where('day', '<', today).execute();
}
