import type { Kysely, Migration } from 'kysely';
import { text } from './columns.js';

/**
 * First-party, cookie-less analytics (decision 0036, ANALYTICS-*), stored as daily aggregates:
 * - `analytics_daily`: page views per UTC day, page (path without locale prefix), locale, external
 *   referrer host ('' when none or same-site), device class (mobile, tablet, desktop) and whether
 *   the address carried `?ref=` (`referred` 0/1, the referral funnel's first step).
 * - `analytics_days`: per UTC day, all views and the distinct visitors.
 * - `analytics_salts`: the random HMAC key of the current UTC day, one row per day, shared by every
 *   process; deleted as soon as its day is over (ANALYTICS-SALT).
 * - `analytics_visitors`: the salted visitor hashes of the current day only, to count a visitor
 *   once per day; deleted with the day's salt (ANALYTICS-VISITORS).
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('analytics_daily')
      .addColumn('day', text, (c) => c.notNull())
      .addColumn('path', text, (c) => c.notNull())
      .addColumn('locale', text, (c) => c.notNull())
      .addColumn('referrer', text, (c) => c.notNull())
      .addColumn('device', text, (c) => c.notNull())
      .addColumn('referred', 'integer', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'path', 'locale', 'referrer', 'device', 'referred'])
      .execute();

    await db.schema
      .createTable('analytics_days')
      .addColumn('day', text, (c) => c.primaryKey())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addColumn('visitors', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('analytics_salts')
      .addColumn('day', text, (c) => c.primaryKey())
      .addColumn('salt', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('analytics_visitors')
      .addColumn('day', text, (c) => c.notNull())
      .addColumn('visitor', text, (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_visitors_pk', ['day', 'visitor'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['analytics_visitors', 'analytics_salts', 'analytics_days', 'analytics_daily']) await db.schema.dropTable(table).execute();
  },
};
