/**
 * The in-memory counter of page views (decision 0036): `record` only adds to maps — it never
 * waits, queries or throws, so counting cannot slow or fail a response; `recordFrom` first asks the
 * `analyticsView` limit of the client's address, without making the caller wait — and `flush` (every
 * `flushIntervalMs`, before a report is read and at close) writes the aggregated increments to the
 * database (store.ts). Visitor keys (IP + User-Agent) stay in memory only until the next flush,
 * where they are hashed with the day's salt; nothing but the hash reaches the database
 * (ANALYTICS-VISITORS). Each flush also deletes past days' salts and hashes (ANALYTICS-SALT), so
 * a salt outlives its UTC day by at most one flush interval while any process runs.
 */
import type { Db } from '../../../platform/db/index.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import { type DailyCount, addDay, forgetPastDays, saltOf } from './store.js';

/** One counted page view. */
export interface ViewEvent {
  path: string;
  locale: string;
  referrer: string;
  device: string;
  referred: boolean;
  /** IP + "\n" + User-Agent: hashed at flush, never stored. */
  visitorKey: string;
}

/** How an AnalyticsRecorder is built: its database, whether it counts, its clock and flush interval. */
export interface RecorderOptions {
  db: Db;
  /** Whether anything is counted (production only, ANALYTICS-PRODUCTION). */
  enabled: boolean;
  /** The site's own host name (`PUBLIC_URL`'s): referrers from it are internal. */
  publicHost?: string;
  /** The clock (tests inject one); UTC days are cut from it. */
  now?: () => Date;
  /** How often pending counts are written, in ms (default 2000); 0 = only on `flush()`. */
  flushIntervalMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
  /** The named limits: `analyticsView` bounds the views counted per client address (ANALYTICS-VISITORS). */
  limits?: Pick<RateLimits, 'consume'>;
}

/** Distinct aggregate rows and visitor keys kept per day between two flushes; beyond them views still count, under `(other)` referrers / without visitors. */
const MAX_ROWS = 10_000;
const MAX_VISITORS = 100_000;

interface DayBatch {
  rows: Map<string, DailyCount>;
  visitors: Set<string>;
}

/** The UTC day `YYYY-MM-DD` of `date`. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Counts page views in memory and writes them in batches (see the module comment). */
export class AnalyticsRecorder {
  readonly enabled: boolean;
  /** The site's own host name (`PUBLIC_URL`'s), '' when not given. */
  readonly publicHost: string;
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly log: RecorderOptions['log'];
  private pending = new Map<string, DayBatch>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private purgedBefore = '';
  private closed = false;
  private readonly limits: RecorderOptions['limits'];
  /** Views waiting for the limit's answer; a flush waits for them, so it writes what was counted before it. */
  private readonly gates = new Set<Promise<void>>();

  constructor(options: RecorderOptions) {
    this.enabled = options.enabled;
    this.publicHost = options.publicHost ?? '';
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.log = options.log;
    this.limits = options.limits;
    const interval = options.flushIntervalMs ?? 2000;
    if (this.enabled && interval > 0) {
      this.timer = setInterval(() => void this.flush(), interval);
      this.timer.unref();
    }
  }

  /** Adds one view of today (nothing when disabled or closed). Synchronous, never throws. */
  record(event: ViewEvent): void {
    if (!this.enabled || this.closed) return;
    const day = this.today();
    let batch = this.pending.get(day);
    if (!batch) {
      batch = { rows: new Map(), visitors: new Set() };
      this.pending.set(day, batch);
    }
    let referrer = event.referrer;
    let key = [event.path, event.locale, referrer, event.device, event.referred ? 1 : 0].join('\u0000');
    if (!batch.rows.has(key) && batch.rows.size >= MAX_ROWS) {
      referrer = referrer ? '(other)' : '';
      key = [event.path, event.locale, referrer, event.device, event.referred ? 1 : 0].join('\u0000');
    }
    const row = batch.rows.get(key);
    if (row) row.views += 1;
    else if (batch.rows.size < MAX_ROWS + 1000)
      batch.rows.set(key, { path: event.path, locale: event.locale, referrer, device: event.device, referred: event.referred, views: 1 });
    if (batch.visitors.size < MAX_VISITORS) batch.visitors.add(event.visitorKey);
  }

  /**
   * Adds one view from client `address` when the `analyticsView` limit (SEC-LIMITS) still allows
   * that address one; beyond it the view is not counted, so a script that changes its User-Agent
   * cannot add a visitor per request (ANALYTICS-VISITORS). Returns at once, never throws; without
   * limits it is `record`. A limiter fault counts the view (counting never blocks the site).
   */
  recordFrom(address: string, event: ViewEvent): void {
    if (!this.enabled || this.closed) return;
    if (!this.limits) return this.record(event);
    const gate: Promise<void> = this.limits
      .consume('analyticsView', address)
      .then(
        (wait) => (wait === null ? this.record(event) : undefined),
        () => this.record(event),
      )
      .finally(() => this.gates.delete(gate));
    this.gates.add(gate);
  }

  private day = { name: '', endsAt: 0 };

  /** Today's UTC day, formatted once per day (the clock is read on every view). */
  private today(): string {
    const now = this.now().getTime();
    if (now >= this.day.endsAt || now < this.day.endsAt - 86_400_000) {
      const name = utcDay(new Date(now));
      this.day = { name, endsAt: Date.parse(`${name}T00:00:00Z`) + 86_400_000 };
    }
    return this.day.name;
  }

  /**
   * Writes everything pending and forgets past days' salts and hashes. Flushes run one after the
   * other; a failed write is logged and its counts are dropped (they never block the site).
   */
  flush(): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    const gates = [...this.gates];
    this.flushing = this.flushing.then(async () => {
      await Promise.all(gates);
      await this.write();
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const batches = this.pending;
    this.pending = new Map();
    const now = this.now();
    const today = utcDay(now);
    try {
      for (const [day, batch] of batches) {
        const salt = await saltOf(this.db, day, day === today, now);
        await addDay(this.db, day, [...batch.rows.values()], [...batch.visitors], salt);
      }
      if (this.purgedBefore !== today) {
        await forgetPastDays(this.db, today);
        this.purgedBefore = today;
      }
    } catch (error) {
      this.log?.warn({ err: error }, 'analytics: could not write the counts; they are dropped');
    }
  }

  /** Stops the timer, writes what is pending, and counts nothing more. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.closed = true;
    await this.flush();
  }
}
