/**
 * What the administrators' dashboard reads (ANALYTICS-REPORT, decision 0036): for a range of UTC
 * days, the total views and visitors (a visitor is counted once per day, so the range's visitors
 * are the sum of its days'), every day of the range, the top pages, referrer hosts, languages and
 * device classes by views, and the referral funnel — views of addresses with `?ref=`, requests
 * (orders) attributed to a referrer placed in the range, and how many of those are WON.
 */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/index.js';

/** One row of a breakdown: the value (a path, host, locale or device class) and its views. */
export interface AnalyticsCount {
  key: string;
  views: number;
}

/** One day's totals. */
export interface AnalyticsDay {
  day: string;
  views: number;
  visitors: number;
}

/** The dashboard's report for `from`–`to` (inclusive UTC days `YYYY-MM-DD`). */
export interface AnalyticsReport {
  from: string;
  to: string;
  views: number;
  visitors: number;
  days: AnalyticsDay[];
  pages: AnalyticsCount[];
  referrers: AnalyticsCount[];
  languages: AnalyticsCount[];
  devices: AnalyticsCount[];
  funnel: { visits: number; requests: number; won: number };
}

/** Rows of the pages and referrers breakdowns. */
export const TOP_ROWS = 20;

/** The UTC days from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Reads the analytics aggregates (never the visitors' hashes). */
export class AnalyticsReports {
  /** `beforeRead` runs before each report: the recorder's flush, so this process's latest counts show. */
  constructor(
    private readonly db: Db,
    private readonly beforeRead: () => Promise<void> = async () => {},
  ) {}

  private async breakdown(column: 'path' | 'referrer' | 'locale' | 'device', from: string, to: string, limit: number): Promise<AnalyticsCount[]> {
    let query = this.db
      .selectFrom('analyticsDaily')
      .select([column, sql<string>`sum(views)`.as('total')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(column)
      .orderBy('total', 'desc')
      .orderBy(column)
      .limit(limit);
    if (column === 'referrer') query = query.where('referrer', '!=', '');
    const rows = await query.execute();
    return rows.map((row) => ({ key: String((row as Record<string, unknown>)[column]), views: Number(row.total) }));
  }

  /** The report for the UTC days `from`–`to` (inclusive; `from` ≤ `to`). */
  async report(from: string, to: string): Promise<AnalyticsReport> {
    await this.beforeRead();
    const dayRows = await this.db.selectFrom('analyticsDays').selectAll().where('day', '>=', from).where('day', '<=', to).execute();
    const byDay = new Map(dayRows.map((row) => [row.day, { views: Number(row.views), visitors: Number(row.visitors) }]));
    const days = daysBetween(from, to).map((day) => ({ day, views: byDay.get(day)?.views ?? 0, visitors: byDay.get(day)?.visitors ?? 0 }));
    const [pages, referrers, languages, devices] = await Promise.all([
      this.breakdown('path', from, to, TOP_ROWS),
      this.breakdown('referrer', from, to, TOP_ROWS),
      this.breakdown('locale', from, to, TOP_ROWS),
      this.breakdown('device', from, to, TOP_ROWS),
    ]);
    const visits = await this.db
      .selectFrom('analyticsDaily')
      .select(sql<string>`coalesce(sum(views), 0)`.as('total'))
      .where('day', '>=', from)
      .where('day', '<=', to)
      .where('referred', '=', 1)
      .executeTakeFirstOrThrow();
    const start = `${from}T00:00:00.000Z`;
    const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
    const orders = await this.db
      .selectFrom('orders')
      .select([sql<string>`count(*)`.as('requests'), sql<string>`coalesce(sum(case when status = 'WON' then 1 else 0 end), 0)`.as('won')])
      .where('created', '>=', start)
      .where('created', '<', end)
      .where((eb) => eb.or([eb('referrerId', 'is not', null), eb('referralCode', 'is not', null)]))
      .executeTakeFirstOrThrow();
    return {
      from,
      to,
      views: days.reduce((sum, d) => sum + d.views, 0),
      visitors: days.reduce((sum, d) => sum + d.visitors, 0),
      days,
      pages,
      referrers,
      languages,
      devices,
      funnel: { visits: Number(visits.total), requests: Number(orders.requests), won: Number(orders.won) },
    };
  }
}
