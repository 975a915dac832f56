import { readFileSync, readdirSync } from 'node:fs';
import { type Socket, createServer } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nowIso } from '../src/platform/db/index.js';
import { DB_KINDS, type DbKind, type TestServer, skipReason, startServer } from './harness.js';
import { freePort } from './processes.js';
import { startSink } from './smtp-sink.js';

// The mail module end to end on SQLite and PostgreSQL: the real server (buildApp), its durable
// outbox table, its worker, and a real SMTP sink (smtp-server on a loopback port) whose received
// messages are parsed with mailparser. Worker intervals are either huge (only explicit drains
// run) or a few ms; timeouts below are failure bounds only.

const QUIET = { JOBS_POLL_INTERVAL_MS: '600000' }; // only explicit drains (and the queue's nudges) run
const evil = '<b>Ann & "Bo"</b>';

describe.each(DB_KINDS)('mail on %s', (kind: DbKind) => {
  const skip = skipReason(kind);
  if (skip) {
    it.skip(skip, () => {});
    return;
  }
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });
  const server = async (env: Record<string, string>, shareDataWith?: TestServer) => {
    const s = await startServer(kind, env, { shareDataWith });
    cleanups.push(() => s.close());
    return s;
  };
  const sink = async (port?: number) => {
    const s = await startSink(port);
    cleanups.push(() => s.close());
    return s;
  };
  const row = (s: TestServer, id: string) => s.app.database.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('delivers each locale over SMTP with the right subject, text and escaped HTML', async () => {
    const smtp = await sink();
    const s = await server({ ...QUIET, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SITE_NAME: 'Studio & Co' });
    const expected = {
      en: { subject: `New request R-1 from ${evil}`, greeting: 'A new request has come in through the request form.' },
      ru: { subject: `Новая заявка R-1 от ${evil}`, greeting: 'Через форму заявки пришла новая заявка.' },
      es: { subject: `Nueva solicitud R-1 de ${evil}`, greeting: 'Ha llegado una nueva solicitud a través del formulario.' },
    } as const;
    const ids: Record<string, string> = {};
    for (const locale of ['en', 'ru', 'es'] as const) {
      const { id, queued } = await s.app.mail.send({
        to: `${locale}@example.test`,
        template: 'orderNotification',
        locale,
        params: { name: evil, email: 'c@example.test', reference: 'R-1', summary: 'A website\nwith <i>care</i>', customerLocale: 'en' },
      });
      expect(queued).toBe(true);
      ids[locale] = id;
    }
    await vi.waitFor(async () => {
      await s.app.mail.drain();
      expect(smtp.received).toHaveLength(3);
    }, 10_000);
    for (const locale of ['en', 'ru', 'es'] as const) {
      const mail = smtp.received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === `${locale}@example.test`)!;
      expect(mail.subject).toBe(expected[locale].subject);
      expect(mail.messageId).toBe(`<${ids[locale]}@localhost>`);
      expect(mail.from?.value[0]).toEqual({ name: 'Studio & Co', address: 'no-reply@localhost' });
      expect(mail.text).toContain(expected[locale].greeting);
      expect(mail.text).toContain(evil);
      expect(mail.text).toContain('> with <i>care</i>');
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(mail.html).toContain('&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;');
      expect(mail.html).toContain('with &lt;i&gt;care&lt;/i&gt;');
      expect(mail.html).not.toContain('<b>Ann');
      const stored = await row(s, ids[locale]!);
      expect(stored).toMatchObject({ status: 'sent', attempts: 1, lastError: null, template: 'orderNotification', locale });
      expect(stored.sentAt).not.toBeNull();
    }
  });

  it('keeps a mail pending while SMTP is down and sends it exactly once when it comes back', async () => {
    // The SMTP port stays held while "down", so no other test's server can take it meanwhile: every
    // connection is turned away with 421 (RFC 5321 §3.8: service not available), as a mail server
    // that is shutting down answers.
    const down = createServer((socket) => socket.end('421 4.3.2 Service not available, closing transmission channel\r\n'));
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.address() as { port: number }).port;
    const s = await server({ ...QUIET, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '1', MAIL_MAX_ATTEMPTS: '50' });
    const { id } = await s.app.mail.send({ to: 'down@example.test', template: 'emailVerificationCode', locale: 'en', params: { code: 'K7P2M9QX' } });
    await s.app.mail.drain();
    const waiting = await row(s, id);
    expect(waiting.status).toBe('pending');
    expect(waiting.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting.lastError).toMatch(/421/);

    await new Promise<void>((resolve) => down.close(() => resolve()));
    const smtp = await sink(port);
    await vi.waitFor(async () => {
      await s.app.mail.drain();
      expect((await row(s, id)).status).toBe('sent');
    }, 10_000);
    await s.app.mail.drain();
    await s.app.mail.drain();
    expect(smtp.received.map((m) => m.messageId)).toEqual([`<${id}@localhost>`]);
    expect(smtp.received[0]!.subject).toBe('K7P2M9QX is your Studio verification code');
  });

  it('gives up on an SMTP server that accepts the connection but never answers, and delivers once it does', async () => {
    // A server that hangs: it takes the TCP connection and says nothing (no 220 greeting).
    const held = new Set<Socket>();
    const hung = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const port = (hung.address() as { port: number }).port;
    const s = await server({
      JOBS_WORKER: 'off',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${port}?greetingTimeout=300`,
      MAIL_RETRY_BASE_MS: '1',
      MAIL_MAX_ATTEMPTS: '50',
    });
    const { id } = await s.app.mail.send({ to: 'hang@example.test', template: 'emailVerificationCode', locale: 'es', params: { code: 'H1' } });
    await vi.waitFor(async () => {
      await s.app.mail.drain();
      expect((await row(s, id)).lastError).toMatch(/ETIMEDOUT|Greeting never received/);
    }, 10_000);
    expect((await row(s, id)).status).toBe('pending');
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => hung.close(() => resolve()));
    const smtp = await sink(port);
    await vi.waitFor(async () => {
      await s.app.mail.drain();
      expect((await row(s, id)).status).toBe('sent');
    }, 10_000);
    expect(smtp.received.map((m) => m.messageId)).toEqual([`<${id}@localhost>`]);
  });

  it('never sends one row twice when two app processes work the same outbox', async () => {
    const smtp = await sink();
    const env = { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, JOBS_POLL_INTERVAL_MS: '5' };
    const a = await server(env);
    const b = await server(env, a);
    const ids = new Set<string>();
    await a.app.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 30; i += 1) {
        ids.add(
          (await a.app.mail.send({ to: `n${i}@example.test`, template: 'emailVerificationCode', locale: 'es', params: { code: `C${i}` } }, { db: trx })).id,
        );
      }
    });
    // Both periodic workers run, and explicit drains race them from both sides.
    await Promise.all([a.app.mail.drain(), b.app.mail.drain(), a.app.mail.drain(), b.app.mail.drain()]);
    await vi.waitFor(async () => {
      const left = await a.app.database.db.selectFrom('mailOutbox').select('id').where('status', '!=', 'sent').execute();
      expect(left).toEqual([]);
    }, 20_000);
    await Promise.all([a.app.mail.drain(), b.app.mail.drain()]);
    const received = smtp.received.map((m) => m.messageId);
    expect(received).toHaveLength(30);
    expect(new Set(received)).toEqual(new Set([...ids].map((id) => `<${id}@localhost>`)));
    const attempts = await a.app.database.db.selectFrom('mailOutbox').select('attempts').execute();
    expect(attempts.every((r) => r.attempts === 1)).toBe(true);
  });

  it('writes a readable .eml into DATA_DIR/outbox/ with the outbox transport (the default)', async () => {
    const s = await server(QUIET);
    expect(s.config.mail.transport).toBe('outbox');
    const { id } = await s.app.mail.send({ to: 'eml@example.test', template: 'passwordReset', locale: 'ru', params: { token: 'abc"<def>' } });
    await vi.waitFor(async () => {
      await s.app.mail.drain();
      expect((await row(s, id)).status).toBe('sent');
    }, 10_000);
    const dir = join(s.dataDir, 'outbox');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`-${id}\\.eml$`));
    const mail = await simpleParser(readFileSync(join(dir, files[0]!)));
    expect(mail.subject).toBe('Сброс пароля на Studio');
    expect(mail.to && !Array.isArray(mail.to) && mail.to.text).toBe('eml@example.test');
    const link = `http://localhost:3000/ru/auth/change-password?token=${encodeURIComponent('abc"<def>')}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('Ссылка действует один час.');
  });

  it('queues a mail once per idempotency key, and only when the caller’s transaction commits', async () => {
    const s = await server({ ...QUIET, MAIL_TRANSPORT: 'memory' });
    const request = {
      to: 'once@example.test',
      template: 'emailChangedNotice',
      locale: 'en',
      params: { oldEmail: 'once@example.test', newEmail: 'new@example.test', at: '2026-01-02T03:04:05.000Z', device: { label: null, network: null } },
      key: 'changed:u1:1',
    } as const;
    const first = await s.app.mail.send(request);
    const second = await s.app.mail.send(request);
    expect(first.queued).toBe(true);
    expect(second).toEqual({ id: first.id, queued: false });
    // A duplicate inside a PostgreSQL transaction must not abort it (ON CONFLICT DO NOTHING).
    await s.app.database.db.transaction().execute(async (trx) => {
      expect(await s.app.mail.send(request, { db: trx })).toEqual({ id: first.id, queued: false });
      await s.app.mail.send({ ...request, key: 'changed:u1:2' }, { db: trx });
    });
    await expect(
      s.app.database.db.transaction().execute(async (trx) => {
        await s.app.mail.send({ ...request, key: 'rolled-back' }, { db: trx });
        throw new Error('business change failed');
      }),
    ).rejects.toThrow('business change failed');
    const keys = (await s.app.database.db.selectFrom('mailOutbox').select('idempotencyKey').orderBy('idempotencyKey').execute()).map((r) => r.idempotencyKey);
    expect(keys).toEqual(['changed:u1:1', 'changed:u1:2']);
    await vi.waitFor(async () => {
      await s.app.mail.drain();
      expect(s.app.mail.sent).toHaveLength(2);
    }, 10_000);
    await s.app.mail.drain();
    expect(s.app.mail.sent!.map((m) => m.subject)).toEqual(['Your Studio email address was changed', 'Your Studio email address was changed']);
    // Mails are delivered concurrently, so the first queued need not be the first sent.
    expect(s.app.mail.sent!.find((m) => m.id === first.id)!.raw).toContain(`Message-ID: <${first.id}@localhost>`);
  });

  it('gives up after MAIL_MAX_ATTEMPTS and keeps the last error', async () => {
    const port = await freePort();
    const s = await server({ ...QUIET, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '1', MAIL_MAX_ATTEMPTS: '3' });
    const { id } = await s.app.mail.send({
      to: 'never@example.test',
      template: 'orderNotification',
      locale: 'en',
      params: { reference: 'R-9', name: 'N', email: 'n@example.test', summary: 'S', customerLocale: 'es' },
    });
    await vi.waitFor(async () => {
      await s.app.mail.drain();
      expect((await row(s, id)).status).toBe('failed');
    }, 10_000);
    const failed = await row(s, id);
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(await s.app.mail.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await row(s, id)).attempts).toBe(3);
  });

  it('delivers a mail again, with the same Message-ID, when the process running it died (at least once)', async () => {
    const s = await server({ JOBS_WORKER: 'off', MAIL_TRANSPORT: 'memory' });
    const crashed = await s.app.mail.send({ to: 'crash@example.test', template: 'emailVerificationCode', locale: 'en', params: { code: 'X' } });
    const fresh = await s.app.mail.send({ to: 'fresh@example.test', template: 'emailVerificationCode', locale: 'en', params: { code: 'Y' } });
    // As if a process claimed both jobs and died: one lease ran out, the other still holds.
    const claim = (id: string, lockedUntil: string) =>
      s.app.database.db.updateTable('jobs').set({ status: 'running', attempts: 1, lockToken: 'dead-process', lockedUntil }).where('id', '=', id).execute();
    await claim(crashed.id, nowIso(Date.now() - 1_000));
    await claim(fresh.id, nowIso(Date.now() + 3_600_000));
    expect(await s.app.mail.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(s, crashed.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row(s, fresh.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(s.app.mail.sent!.map((m) => m.messageId)).toEqual([`<${crashed.id}@localhost>`]);
    const job = await s.app.database.db.selectFrom('jobs').selectAll().where('id', '=', crashed.id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 2, lockToken: null });
  });

  it('lets an operator requeue failed mails, which are then delivered', async () => {
    const port = await freePort();
    const s = await server({
      JOBS_WORKER: 'off',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_BASE_MS: '1',
      MAIL_MAX_ATTEMPTS: '2',
    });
    const { id } = await s.app.mail.send({ to: 'later@example.test', template: 'emailVerificationCode', locale: 'ru', params: { code: 'R1' } });
    await vi.waitFor(async () => {
      await s.app.mail.drain();
      expect((await row(s, id)).status).toBe('failed');
    }, 10_000);
    expect((await s.app.jobs.failed('mail')).map((j) => j.id)).toEqual([id]);
    const smtp = await sink(port);
    expect(await s.app.mail.requeueFailed()).toEqual([id]);
    expect(await row(s, id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    await vi.waitFor(async () => {
      await s.app.mail.drain();
      expect((await row(s, id)).status).toBe('sent');
    }, 10_000);
    expect(smtp.received.map((m) => m.messageId)).toEqual([`<${id}@localhost>`]);
    expect(await s.app.jobs.failed('mail')).toEqual([]);
  });

  it('close() stops the worker promptly and it delivers nothing afterwards', async () => {
    const a = await server({ JOBS_WORKER: 'off', MAIL_TRANSPORT: 'memory' });
    const b = await server({ MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '5' }, a);
    // b's worker is live: it picks up a committed row on its own.
    const { id: first } = await a.app.database.db
      .transaction()
      .execute((trx) => a.app.mail.send({ to: 'w@example.test', template: 'emailVerificationCode', locale: 'en', params: { code: 'W1' } }, { db: trx }));
    await vi.waitFor(() => expect(b.app.mail.sent!.map((m) => m.id)).toEqual([first]), 10_000);
    const started = performance.now();
    await b.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    const { id: second } = await a.app.database.db
      .transaction()
      .execute((trx) => a.app.mail.send({ to: 'w@example.test', template: 'emailVerificationCode', locale: 'en', params: { code: 'W2' } }, { db: trx }));
    // 20 of b's intervals: a running worker would have claimed it by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await row(a, second)).status).toBe('pending');
    expect(b.app.mail.sent!.map((m) => m.id)).toEqual([first]);
    await a.app.mail.drain();
    expect(a.app.mail.sent!.map((m) => m.id)).toEqual([second]);
  });
});
