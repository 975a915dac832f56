/**
 * The tables of first-party analytics (migration 0015, decision 0036, ANALYTICS-*), split from
 * types.ts. Days are UTC dates `YYYY-MM-DD`; counts are integers (PostgreSQL's sums arrive as
 * strings from pg, so reads go through `Number`).
 */

/** Page views of one day per page, locale, referrer host, device class and `?ref=` presence. */
export interface AnalyticsDailyTable {
  day: string;
  /** The page's path without locale prefix and query, e.g. `/products/aura` (`/` for home). */
  path: string;
  /** `en`, `ru` or `es`, from the path's prefix. */
  locale: string;
  /** The external referrer's host name, or '' (none, or the site itself). */
  referrer: string;
  /** `mobile`, `tablet` or `desktop`. */
  device: string;
  /** 1 when the address carried `?ref=` (a referral link), else 0. */
  referred: number;
  views: number | string;
}

/** One day's totals: all page views and distinct visitors (ANALYTICS-VISITORS). */
export interface AnalyticsDaysTable {
  day: string;
  views: number | string;
  visitors: number | string;
}

/** The random HMAC key of one UTC day (hex), deleted once its day is over (ANALYTICS-SALT). */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
  created: string;
}

/** A visitor seen on `day`: HMAC-SHA256(the day's salt, IP + User-Agent), hex; deleted with the salt. */
export interface AnalyticsVisitorsTable {
  day: string;
  visitor: string;
}
