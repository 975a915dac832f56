/**
 * Faults the server must survive on both databases: an order reference that is already taken
 * (ORDER-MAIL: stored again under a fresh reference, never an error), and — PostgreSQL — every
 * connection of the pool killed while requests use them (the process stays up and answers again).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderService, newOrderReference } from '../src/modules/requests/service.js';
import { createChallenges } from '../src/platform/security/challenge.js';
import { createRateLimits } from '../src/platform/security/limits.js';
import { describeEachDb, skipReason, startServer, type TestServer, withAdmin } from './harness.js';

const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
const PRODUCTS = 'query { products(first: 3) { edges { node { slug } } } }';
const silent = { info: () => {} };
const order = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  interest: 'voice-match',
  budget: 'NOT_SURE' as const,
  message: 'A reference that is already taken must not lose this order.',
  consent: true as const,
  locale: 'en' as const,
};

describeEachDb('order reference taken (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server?.close());

  it('stores an order under a fresh reference when the first one is taken', async () => {
    // Another address for the first order: one confirmation per address an hour (ORDER-MAIL).
    const taken = (await server.graphql(CREATE_ORDER, { input: { ...order, email: 'ada.first@example.com', locale: 'EN' } })).json.data.createOrder
      .reference as string;
    const fresh = newOrderReference();
    const references = [taken, fresh];
    const limits = createRateLimits(server.config);
    const orders = new OrderService({
      db: server.app.database.db,
      mail: server.app.mail,
      config: server.config,
      log: silent,
      limits,
      challenges: createChallenges(server.app.database.db, limits, server.config),
      newReference: () => references.shift()!,
    });

    const result = await orders.create(order, { ip: '192.0.2.7', userId: null });

    expect(result).toEqual({ kind: 'accepted', reference: fresh });
    const rows = await server.app.database.db.selectFrom('orders').select(['reference', 'message']).where('reference', 'in', [taken, fresh]).execute();
    expect(rows.map((row) => row.reference).sort()).toEqual([taken, fresh].sort());
    expect(rows.find((row) => row.reference === fresh)?.message).toBe(order.message);
    const mails = await server.app.database.db
      .selectFrom('mailOutbox')
      .select(['idempotencyKey'])
      .where('idempotencyKey', 'like', `order:${fresh}:%`)
      .execute();
    expect(mails).toHaveLength(2);
  });
});

describe('database connections dropped (postgres)', () => {
  const skip = skipReason('postgres');
  if (skip) {
    it.skip(skip, () => {});
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('postgres');
  });
  afterAll(() => server?.close());

  it('stays up when the database drops every connection under load, and answers again', async () => {
    const database = new URL(server.config.database.kind === 'postgres' ? server.config.database.url : '').pathname.slice(1);
    const load = Array.from({ length: 40 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 5)).then(() => server.graphql(PRODUCTS).catch((error: unknown) => error)),
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    const killed = await withAdmin((admin) =>
      admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]),
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    await Promise.all(load);

    // Recovery: health and queries answer again within 2 s.
    await vi.waitFor(async () => expect((await server.get('/api/health')).status).toBe(200), { timeout: 2_000, interval: 50 });
    const after = await server.graphql(PRODUCTS);
    expect(after.status).toBe(200);
    expect(after.json.data.products.edges).toHaveLength(3);
  });

  it('runs a read whose connection was killed once more on a fresh one, but never a write or a transaction', async () => {
    const db = server.app.database.db;
    const killSleepers = async () => {
      await vi.waitFor(
        async () => {
          const killed = await withAdmin((admin) =>
            admin.query(
              "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(0.5)%' AND pid <> pg_backend_pid()",
            ),
          );
          expect(killed.rowCount).toBe(1);
        },
        { timeout: 2_000, interval: 20 },
      );
    };
    const read = db.selectNoFrom(sql<string>`pg_sleep(0.5)::text`.as('slept')).executeTakeFirst();
    await killSleepers();
    expect(await read).toEqual({ slept: '' }); // the retry slept again and answered

    // Each failure is taken at once (a rejection nobody awaits yet would count as unhandled).
    const failure = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (error: unknown) => error,
      );
    const inTransaction = failure(db.transaction().execute((trx) => trx.selectNoFrom(sql<string>`pg_sleep(0.5)::text`.as('slept')).executeTakeFirst()));
    await killSleepers();
    expect(await inTransaction).toMatchObject({ message: expect.stringMatching(/terminat/i) });

    const write = failure(
      db
        .updateTable('products')
        .set({ slug: sql`slug` })
        .where(sql<boolean>`(select pg_sleep(0.5)::text) = 'never'`)
        .execute(),
    );
    await killSleepers();
    expect(await write).toMatchObject({ message: expect.stringMatching(/terminat/i) });
  });
});
