/**
 * The daily salt of analytics (ANALYTICS-SALT, ANALYTICS-VISITORS, decision 0036) on SQLite and
 * PostgreSQL, with an injected clock: one salt row per UTC day shared by two recorders (two
 * processes), visitors counted once per day, and at the first flush of a new day the old day's
 * salt and visitor hashes are gone while its aggregates stay; the same visitor the next day counts again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AnalyticsRecorder } from '../src/modules/content/analytics/recorder.js';
import { describeEachDb, startServer, type TestServer } from './harness.js';

const view = (visitorKey: string) => ({ path: '/faq', locale: 'en', referrer: '', device: 'desktop', referred: false, visitorKey });

describeEachDb('analytics salts on %s', (kind) => {
  let server: TestServer;
  let clock = new Date('2026-03-01T23:59:58.000Z');
  const recorders: AnalyticsRecorder[] = [];
  const recorder = () => {
    const r = new AnalyticsRecorder({ db: server.app.database.db, enabled: true, now: () => clock, flushIntervalMs: 0 });
    recorders.push(r);
    return r;
  };
  const db = () => server.app.database.db;

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    for (const r of recorders) await r.close();
    await server?.close();
  });

  it('shares one salt per day between processes and deletes it with the hashes when the day is over', async () => {
    const [a, b] = [recorder(), recorder()];
    a.record(view('203.0.113.7\nBrowser A'));
    b.record(view('203.0.113.7\nBrowser A'));
    b.record(view('203.0.113.7\nBrowser B'));
    await a.flush();
    await b.flush();
    const salts = await db().selectFrom('analyticsSalts').selectAll().execute();
    expect(salts.map((s) => s.day)).toEqual(['2026-03-01']);
    expect(await db().selectFrom('analyticsVisitors').select('day').execute()).toHaveLength(2);
    const day1 = await db().selectFrom('analyticsDays').selectAll().where('day', '=', '2026-03-01').executeTakeFirstOrThrow();
    expect({ views: Number(day1.views), visitors: Number(day1.visitors) }).toEqual({ views: 3, visitors: 2 });

    // Midnight passes: the next flush (even with nothing to write) forgets the old day's salt and hashes.
    clock = new Date('2026-03-02T00:00:01.000Z');
    await a.flush();
    expect(await db().selectFrom('analyticsSalts').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('analyticsVisitors').selectAll().execute()).toEqual([]);
    const kept = await db().selectFrom('analyticsDays').selectAll().where('day', '=', '2026-03-01').executeTakeFirstOrThrow();
    expect(Number(kept.visitors)).toBe(2);

    // The same address and browser on the new day: a new salt, counted again.
    a.record(view('203.0.113.7\nBrowser A'));
    await a.flush();
    const salts2 = await db().selectFrom('analyticsSalts').selectAll().execute();
    expect(salts2.map((s) => s.day)).toEqual(['2026-03-02']);
    expect(salts2[0]!.salt).not.toBe(salts[0]!.salt);
    const day2 = await db().selectFrom('analyticsDays').selectAll().where('day', '=', '2026-03-02').executeTakeFirstOrThrow();
    expect({ views: Number(day2.views), visitors: Number(day2.visitors) }).toEqual({ views: 1, visitors: 1 });
  });

  it('counts the views of a day whose salt is already gone, without its visitors', async () => {
    const late = recorder();
    clock = new Date('2026-03-02T23:59:59.500Z');
    late.record(view('198.51.100.1\nBrowser C'));
    clock = new Date('2026-03-03T00:00:00.500Z');
    const other = recorder();
    await other.flush(); // another process already moved on to the new day and forgot 2026-03-02
    await late.flush();
    const day2 = await db().selectFrom('analyticsDays').selectAll().where('day', '=', '2026-03-02').executeTakeFirstOrThrow();
    // Still the visitor of the first test; the late view counts, its visitor does not (no salt, no hash kept).
    expect({ views: Number(day2.views), visitors: Number(day2.visitors) }).toEqual({ views: 2, visitors: 1 });
    expect(await db().selectFrom('analyticsSalts').selectAll().execute()).toEqual([]);
  });
});
