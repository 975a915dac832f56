#!/usr/bin/env node
/**
 * Ledger benchmark: what the double-entry book (decision 0034, LEDGER-BOOK) costs per movement
 * against the naive alternative it replaced, in the same run, on SQLite and PostgreSQL.
 *
 *   node bench/ledger.mjs [--movements=2000] [--db=sqlite,postgres]
 *
 * Method (the built API's own modules from api/dist; a fresh SQLite file or PostgreSQL database):
 *  - ledger: `movements` commissions posted one per database transaction through `post` (lock
 *    two accounts, idempotency check, transaction + two entries, running balances, the user's
 *    derived balance/held), spread over 20 users; then the same keys posted again (replays);
 *  - baseline: the same count of transactions doing what a balance column alone would:
 *    `update users set held = held + x` and one history row;
 *  - reads: a page of 20 movements of a user with 1,000 (`LedgerService.movements`) against a
 *    page of 20 of that user's orders (`RequestService.ofUser`), 200 times each.
 * Prints ms per operation and the ratios ledger/baseline. Exits 1 only when the book does not
 * balance afterwards or a run fails, never because it is slow.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './lib/process.mjs';

const opts = { movements: 2000, dbs: ['sqlite', 'postgres'] };
for (const arg of process.argv.slice(2)) {
  const [key, value] = arg.replace(/^--/, '').split('=');
  if (key === 'movements') opts.movements = Number(value);
  else if (key === 'db') opts.dbs = value.split(',');
  else {
    console.error('Usage: node bench/ledger.mjs [--movements=2000] [--db=sqlite,postgres]');
    process.exit(2);
  }
}

await ensureBuilt();
const apiRequire = createRequire(join(root, 'api', 'package.json'));
const pg = apiRequire('pg');
const api = (path) => import(pathToFileURL(join(root, 'api', 'dist', path)).href);
const { openDatabase } = await api('db/index.js');
const { post, STUDIO, toMinor } = await api('ledger/book.js');
const { LedgerService } = await api('ledger/service.js');
const { createJobQueue } = await api('jobs/queue.js');
const { createUser } = await api('users/service.js');

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

async function withDatabase(kind, run) {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(os.tmpdir(), 'ledger-bench-'));
    try {
      return await run({ kind, file: join(dir, 'bench.sqlite') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const name = `ledger_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    return await run({ kind, url: `postgres://postgres@127.0.0.1:5432/${name}` });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function bench(database) {
  const handle = await openDatabase({ database });
  const { db } = handle;
  try {
    const users = [];
    for (let i = 0; i < 20; i++) users.push(await createUser(db, { email: `bench${i}@example.com`, fullName: `Bench ${i}`, passwordHash: null }));
    const legs = (i) => [
      { owner: STUDIO, type: 'referral_expense', amount: -(1000 + i) },
      { owner: users[i % users.length].id, type: 'pending', amount: 1000 + i },
    ];

    let start = process.hrtime.bigint();
    for (let i = 0; i < opts.movements; i++) {
      await db.transaction().execute((trx) => post(trx, { key: `bench:${i}`, kind: 'commission', currency: 'USD', legs: legs(i) }));
    }
    const ledgerMs = ms(start) / opts.movements;

    start = process.hrtime.bigint();
    for (let i = 0; i < opts.movements; i++) {
      await db.transaction().execute((trx) => post(trx, { key: `bench:${i}`, kind: 'commission', currency: 'USD', legs: legs(i) }));
    }
    const replayMs = ms(start) / opts.movements;

    start = process.hrtime.bigint();
    for (let i = 0; i < opts.movements; i++) {
      const user = users[i % users.length];
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({ held: eb('held', '+', 1000 + i) }))
          .where('id', '=', user.id)
          .execute();
        await trx
          .insertInto('auditLog')
          .values({
            id: randomUUID(),
            actorId: user.id,
            actorEmail: user.email,
            action: 'bench',
            targetType: 'User',
            targetId: user.id,
            targetLabel: user.email,
            before: null,
            after: String(1000 + i),
            created: new Date().toISOString(),
          })
          .execute();
      });
    }
    const baselineMs = ms(start) / opts.movements;

    // The book balances and every user's held equals their pending account.
    const sum = await db
      .selectFrom('ledgerEntries')
      .select((eb) => eb.fn.sum('amount').as('s'))
      .executeTakeFirstOrThrow();
    if (toMinor(sum.s ?? 0) !== 0) throw new Error(`the book does not balance: ${sum.s}`);

    // Reads: one user with 1,000 movements; a page of them against a page of that user's orders.
    const reader = users[0];
    for (let i = 0; i < 1000; i++) {
      await db.transaction().execute((trx) =>
        post(trx, {
          key: `read:${i}`,
          kind: 'commission',
          currency: 'USD',
          legs: [
            { owner: STUDIO, type: 'referral_expense', amount: -1 },
            { owner: reader.id, type: 'pending', amount: 1 },
          ],
        }),
      );
      await db
        .insertInto('orders')
        .values({
          id: randomUUID(),
          reference: `ST-B${String(i).padStart(5, '0')}`,
          name: 'B',
          email: reader.email,
          company: null,
          interest: 'design',
          budget: 'NOT_SURE',
          message: 'bench order',
          referralCode: null,
          locale: 'en',
          userId: reader.id,
          created: new Date(Date.now() + i).toISOString(),
          updated: new Date().toISOString(),
        })
        .execute();
    }
    const jobs = createJobQueue(db, { kind: database.kind, listenUrl: null, concurrency: 1, leaseMs: 60_000, pollIntervalMs: 60_000 });
    const ledger = new LedgerService({ db, jobs, settings: { commissionBasisPoints: 1000, holdMs: 0 }, changed: () => {} });
    const { RequestService } = await api('orders/requests.js');
    const requests = new RequestService({ db, mail: {}, config: { mail: { salesEmail: 'x@example.com' } }, orderChanged: () => {}, ledger });
    const time = async (read) => {
      for (let i = 0; i < 20; i++) await read(); // warm-up
      const begin = process.hrtime.bigint();
      for (let i = 0; i < 200; i++) await read();
      return ms(begin) / 200;
    };
    const movementsMs = await time(() => ledger.movements(reader.id, { limit: 20, offset: 0 }));
    const ordersMs = await time(() => requests.ofUser(reader.id, { limit: 20, offset: 0 }));
    await jobs.close();
    return { ledgerMs, replayMs, baselineMs, movementsMs, ordersMs };
  } finally {
    await handle.close();
  }
}

const results = {};
for (const kind of opts.dbs) {
  const r = await withDatabase(kind, (database) => bench(database));
  results[kind] = r;
  const f = (x) => x.toFixed(3);
  console.log(`\n${kind}: ${opts.movements} movements`);
  console.log(
    `  post (commission, 2 entries)   ${f(r.ledgerMs)} ms   baseline (balance column + history row) ${f(r.baselineMs)} ms   ratio ${(r.ledgerMs / r.baselineMs).toFixed(2)}×`,
  );
  console.log(`  replay of a posted key          ${f(r.replayMs)} ms   ratio to baseline ${(r.replayMs / r.baselineMs).toFixed(2)}×`);
  console.log(
    `  page of 20 of 1,000 movements   ${f(r.movementsMs)} ms   page of 20 of 1,000 orders ${f(r.ordersMs)} ms   ratio ${(r.movementsMs / r.ordersMs).toFixed(2)}×`,
  );
}
