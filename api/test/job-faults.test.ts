import { type Server, type Socket, createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, type DbKind, type TestServer, skipReason, startServer } from './harness.js';
import { freePort } from './processes.js';
import { type Sink, startSink } from './smtp-sink.js';
import { REQUEST, startPayoutWorld, stripeReady } from './payouts-helpers.js';
import { admin } from './requests-helpers.js';
import { ok } from './harness.js';

// Faults of the job worker (JOBS, MAIL-OUTBOX; decision 0043): an SMTP server that is refused,
// hung, dropped or temporarily failing for a while, then back. The worker runs on its own (a short
// poll), as in production; nothing here drains by hand. Every mail queued during the outage arrives
// exactly once after it, and a job of another kind queued in the same window runs meanwhile.
// The outages here last a few seconds; `pnpm bench:faults` runs the same faults for 10–60 s.

const OUTAGE_MS = 3_000;
/**
 * A small site's worker: the default mail backoff (30 s, then 60 s …), so a mail is delivered within
 * seconds of the server's return only because the worker notices it is back; two pooled connections.
 */
const WORKER = { JOBS_POLL_INTERVAL_MS: '100', MAIL_SMTP_CONNECTIONS: '2' };

type Fault = 'refused' | 'hung' | 'dropped' | 'tempfail';

/** Something on `port` that fails every SMTP session in the way `fault` names; `close()` frees the port. */
async function startFault(fault: Fault, port: number): Promise<{ close(): Promise<void> } | null> {
  if (fault === 'refused') return null; // nothing listens: every connect is refused
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (fault === 'dropped')
      socket.destroy(); // accepted, then closed before the greeting
    // RFC 5321 §3.8: a server that cannot serve answers 421 and closes.
    else if (fault === 'tempfail') socket.end('421 4.3.2 Service not available, closing transmission channel\r\n');
    // hung: the connection is taken and nothing is ever said
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(DB_KINDS)('job worker under SMTP faults (%s)', (kind: DbKind) => {
  const skip = skipReason(kind);
  if (skip) {
    it.skip(skip, () => {});
    return;
  }
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
  });

  for (const fault of ['refused', 'hung', 'dropped', 'tempfail'] as const) {
    it(`SMTP ${fault} for a while, then back: every mail arrives once, and other jobs ran meanwhile`, async () => {
      const port = await freePort();
      const down = await startFault(fault, port);
      if (down) cleanups.push(() => down.close());
      const s: TestServer = await startServer(kind, {
        ...WORKER,
        MAIL_TRANSPORT: 'smtp',
        // hung: the greeting timeout ends each attempt quickly (nodemailer's default is 10 s)
        SMTP_URL: `smtp://127.0.0.1:${port}?greetingTimeout=500&connectionTimeout=500`,
      });
      cleanups.push(() => s.close());
      const ran: string[] = [];
      s.app.jobs.register<{ n: number }>({ kind: 'test.other', run: async ({ n }) => void ran.push(`other-${n}`) });

      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1)
        ids.push((await s.app.mail.send({ to: `fault-${i}@example.test`, template: 'emailVerificationCode', locale: 'en', params: { code: `F${i}` } })).id);
      // Every mail tried and failed once: more failed sessions than pooled connections.
      await vi.waitFor(async () => {
        const rows = await s.app.database.db.selectFrom('mailOutbox').select('attempts').where('id', 'in', ids).execute();
        expect(rows.map((r) => r.attempts >= 1)).toEqual(ids.map(() => true));
      }, 20_000);
      // Another kind of job queued during the outage runs during the outage.
      await s.app.jobs.enqueue('test.other', { n: 1 });
      await vi.waitFor(() => expect(ran).toEqual(['other-1']), 5_000);
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));

      await down?.close();
      const sink: Sink = await startSink(port);
      cleanups.push(() => sink.close());
      // Well before the 30 s retry: the worker noticed the server is back.
      await vi.waitFor(() => expect(sink.received).toHaveLength(ids.length), 15_000);
      // The sink holds a message before the sender hears 250 and records it: wait for the records.
      await vi.waitFor(async () => {
        const rows = await s.app.database.db.selectFrom('mailOutbox').select(['id', 'status']).where('id', 'in', ids).execute();
        expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'sent'));
      }, 5_000);
      // Nothing arrives twice, also after the worker has had time to run anything again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sink.received.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<${id}@localhost>`).sort());
      // A job queued after the outage runs too.
      await s.app.jobs.enqueue('test.other', { n: 2 });
      await vi.waitFor(() => expect(ran).toEqual(['other-1', 'other-2']), 5_000);
      expect((await fetch(`${s.baseUrl}/api/health/ready`)).status).toBe(200);
    }, 60_000);
  }
});

describe.each(DB_KINDS)('a Stripe transfer during an SMTP outage (%s)', (kind: DbKind) => {
  const skip = skipReason(kind);
  if (skip) {
    it.skip(skip, () => {});
    return;
  }

  it('goes out while the mails about it wait for the SMTP server', async () => {
    const port = await freePort(); // nothing listens: SMTP refused throughout
    const world = await startPayoutWorld(kind, { ...WORKER, JOBS_WORKER: 'on', MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const boss = await admin(world.server);
      const user = await stripeReady(world, boss, 'Tess Transfer');
      // More mails than pooled connections have failed by now (sign-up, onboarding …); then the payout.
      const payout = ok(await world.server.graphql(REQUEST, { currency: 'EUR' }, user.accessToken)).requestPayout;
      await vi.waitFor(() => {
        const made = [...world.stripe.transfers.values()].filter((t) => (t as { metadata?: Record<string, string> }).metadata?.['payoutId'] !== undefined);
        expect(made).toHaveLength(1);
      }, 10_000);
      const pending = await world.server.app.database.db.selectFrom('mailOutbox').select('status').where('recipient', '=', user.email).execute();
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((m) => m.status === 'pending')).toBe(true);
      expect(payout.status).toBe('REQUESTED');
    } finally {
      await world.close();
    }
  }, 30_000);
});

describe.each(DB_KINDS)('a job that never ends (%s)', (kind: DbKind) => {
  const skip = skipReason(kind);
  if (skip) {
    it.skip(skip, () => {});
    return;
  }

  it('times out below its lease, frees its slot for other jobs, turns readiness red while it hangs, and does not hold up shutdown', async () => {
    const s = await startServer(kind, { JOBS_POLL_INTERVAL_MS: '50', JOBS_CONCURRENCY: '1', JOBS_LEASE_MS: '1000' });
    let closed = false;
    try {
      const started: number[] = [];
      const ran: number[] = [];
      let aborted = 0;
      // Ignores its signal and never settles: the worst a handler can do.
      s.app.jobs.register<{ n: number }>({
        kind: 'test.hang',
        maxAttempts: 1,
        run: (p, _job, signal) => (started.push(p.n), signal.addEventListener('abort', () => (aborted += 1)), new Promise<void>(() => {})),
      });
      s.app.jobs.register<{ n: number }>({ kind: 'test.quick', run: async ({ n }) => void ran.push(n) });
      await s.app.jobs.enqueue('test.hang', { n: 1 });
      await vi.waitFor(() => expect(started).toEqual([1]), 5_000);
      // One slot (JOBS_CONCURRENCY=1), held by the hanging run: the quick job still runs once it timed out (500 ms).
      await s.app.jobs.enqueue('test.quick', { n: 1 });
      await vi.waitFor(() => expect(ran).toEqual([1]), 5_000);
      expect(aborted).toBe(1);
      const failed = await s.app.jobs.failed('test.hang');
      expect(failed.map((j) => j.lastError)).toEqual([expect.stringMatching(/did not finish within 500 ms/)]);
      // A lease after its time limit the run has still not ended: the worker is stalled, and says so.
      await vi.waitFor(async () => {
        const ready = await s.get('/api/health/ready');
        expect(ready.status).toBe(503);
        expect(ready.json).toMatchObject({ status: 'unavailable', jobs: expect.stringMatching(/^stalled: 1 test\.hang run/) });
      }, 5_000);
      expect(s.app.jobs.health()).toMatchObject({ status: 'stalled', overdue: [{ kind: 'test.hang' }] });
      // Other jobs keep running while it is stalled.
      await s.app.jobs.enqueue('test.quick', { n: 2 });
      await vi.waitFor(() => expect(ran).toEqual([1, 2]), 5_000);
      const closing = Date.now();
      await s.close();
      closed = true;
      expect(Date.now() - closing).toBeLessThan(8_000);
    } finally {
      if (!closed) await s.close();
    }
  }, 30_000);
});
