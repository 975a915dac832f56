/**
 * The PostgreSQL LISTEN connection that wakes a worker when any process queues a job (decision
 * 0022): `pg_notify(JOBS_CHANNEL)` in the enqueuing transaction is delivered here at commit. The
 * connection is optional — polling covers a gap — so a lost one is only logged and reconnected
 * by the next `ensure()` (the worker's poll calls it).
 */
import pg from 'pg';

/** The NOTIFY channel of the nudge (one per database, which is what NOTIFY is scoped to). */
export const JOBS_CHANNEL = 'studio_jobs';

export interface NudgeListener {
  /** Connects and LISTENs when not connected (a no-op while connected or connecting). */
  ensure(): Promise<void>;
  close(): Promise<void>;
}

/** A listener on `url` that calls `onNudge` for each notification; `log` hears of a lost connection. */
export function createNudgeListener(url: string, onNudge: () => void, log?: { warn(obj: unknown, msg?: string): void }): NudgeListener {
  let client: pg.Client | null = null;
  let connecting = false;
  let closed = false;
  return {
    async ensure() {
      if (client || connecting || closed) return;
      connecting = true;
      const next = new pg.Client({ connectionString: url });
      next.on('error', (error) => {
        log?.warn({ err: error }, 'job nudge connection lost; polling until it is back');
        if (client === next) client = null;
        void next.end().catch(() => {});
      });
      next.on('notification', () => onNudge());
      try {
        await next.connect();
        await next.query(`LISTEN ${JOBS_CHANNEL}`);
        if (closed) await next.end();
        else client = next;
      } catch {
        await next.end().catch(() => {});
      } finally {
        connecting = false;
      }
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
