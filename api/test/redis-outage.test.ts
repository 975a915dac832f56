/**
 * What a Redis outage may and may not do (decision 0042), against a private redis-server that the
 * tests stop and start (never the machine's shared one):
 * - the live-update bus: a change published by a process reaches that process's own page-cache
 *   listener at once, without Redis (and not a second time through Redis); a subscriber that lost
 *   its connection hears "everything changed" once it is back (SITE-CACHE);
 * - a server on SQLite and PostgreSQL while Redis is down: `/api/health/ready` stays 200 with the
 *   Redis problem in its body and its log (SITE-HEALTH); the per-address `/api/auth` limit still
 *   refuses beyond its max, counting in the process (SEC-LIMITS); a product renamed through the
 *   process shows on its pages at once (SITE-CACHE);
 * - with Redis up, the `order` limit is one count for two processes of one site (SEC-LIMITS).
 * The three-process run behind nginx with an outage is cluster.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../src/platform/config.js';
import { type ContentChange, type LivePubSub, createLivePubSub } from '../src/platform/graphql/pubsub.js';
import { describeEachDb, ok, startServer, type TestServer, waitFor } from './harness.js';
import { type PrivateRedis, privateRedisMissing, removePrivateRedis, startPrivateRedis } from './privateRedis.js';

const missing =
  privateRedisMissing() ?? (existsSync(join(repoRoot, 'web', 'dist', 'server')) ? null : 'the web build is missing (web/dist): run `pnpm build` first');
if (missing) console.warn(`\n⚠ SKIPPING the Redis outage suite: ${missing}.\n`);

/** Upper bound for anything that should happen promptly after Redis is back; never the thing measured. */
const BOUND_MS = 10_000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let redis: PrivateRedis;
beforeAll(async () => {
  if (!missing) redis = await startPrivateRedis();
});
afterAll(() => removePrivateRedis(redis));

/** How many subscriptions Redis holds on `channel` (0 while it is down). */
async function subscribers(url: string, channel: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return Number(((await client.pubsub('NUMSUB', channel)) as [string, number])[1]);
  } catch {
    return 0;
  } finally {
    client.disconnect();
  }
}

describe.skipIf(missing !== null)('the live-update bus and a Redis outage', () => {
  const buses: LivePubSub[] = [];
  const bus = (prefix: string) => {
    const created = createLivePubSub({ redis: { url: redis.url, keyPrefix: prefix } }, quiet);
    buses.push(created);
    return created;
  };
  afterAll(() => Promise.all(buses.map((b) => b.close())));

  it('a content change reaches the publishing process’s own listener at once, with Redis down, and once only with it up', async () => {
    const prefix = `outage-${randomBytes(4).toString('hex')}:`;
    const a = bus(prefix);
    const b = bus(prefix);
    const heardA: ContentChange[] = [];
    const heardB: ContentChange[] = [];
    a.onContentChanged((change) => heardA.push(change));
    b.onContentChanged((change) => heardB.push(change));
    await waitFor('both subscriptions on Redis', async () => (await subscribers(redis.url, `${prefix}content:changed:site`)) >= 2, BOUND_MS);

    const first: ContentChange = { kind: 'product', slug: 'aura', newsIds: [] };
    a.publishContentChanged(first);
    expect(heardA).toEqual([first]); // synchronously, before Redis could answer
    await waitFor('b to hear the change', () => heardB.length === 1, BOUND_MS);
    // b's notice is published after a's echo, if any, reached Redis: once a hears it, an echo would have come.
    const marker: ContentChange = { kind: 'news', id: '7', productSlugs: [] };
    b.publishContentChanged(marker);
    await waitFor('a to hear b’s change', () => heardA.length >= 2, BOUND_MS);
    expect(heardA).toEqual([first, marker]);

    await redis.stop();
    try {
      const during: ContentChange = { kind: 'product', slug: 'dom', newsIds: ['1'] };
      a.publishContentChanged(during);
      expect(heardA.at(-1)).toEqual(during);
    } finally {
      await redis.start();
    }
  });

  it('a subscriber whose connection was lost hears “everything changed” once it is back', async () => {
    const prefix = `outage-${randomBytes(4).toString('hex')}:`;
    const b = bus(prefix);
    const heard: ContentChange[] = [];
    b.onContentChanged((change) => heard.push(change));
    await waitFor('the subscription on Redis', async () => (await subscribers(redis.url, `${prefix}content:changed:site`)) >= 1, BOUND_MS);
    expect(heard).toEqual([]);
    await redis.stop();
    await redis.start();
    await waitFor('the flush after reconnecting', () => heard.length > 0, BOUND_MS);
    expect(heard).toEqual([{ kind: 'all' }]);
    // …and it listens again: a change made elsewhere afterwards arrives.
    const other = bus(prefix);
    const later: ContentChange = { kind: 'product', slug: 'solwy', newsIds: [] };
    expect(await subscribers(redis.url, `${prefix}content:changed:site`)).toBe(1);
    other.publishContentChanged(later);
    await waitFor('the later change', () => heard.length === 2, BOUND_MS);
    expect(heard).toEqual([{ kind: 'all' }, later]);
  });
});

const WEB_ENV = { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false', MAIL_TRANSPORT: 'memory' };
/** The per-address /api/auth limit of these servers (small, to see it refuse). */
const AUTH_MAX = 5;
const PRODUCT = 'query ($slug: String!) { product(slug: $slug) { id name(locale: EN) } }';
const RENAME = 'mutation ($id: ID!, $texts: ProductTextsInput!) { updateProductTexts(id: $id, texts: $texts) { id } }';
const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';

/** An administrator's access token on `server`. */
async function adminToken(server: TestServer): Promise<string> {
  const admin = await server.register({ name: 'Outage Admin' });
  await server.app.database.db.updateTable('users').set({ role: 'ADMIN' }).where('email', '=', admin.email).execute();
  return admin.accessToken;
}

/** GETs `path` anonymously; says whether that request rendered (false: a stored page answered it). */
async function visit(server: TestServer, path: string): Promise<{ rendered: boolean; html: string }> {
  const pages = server.app.ssr!.pages;
  const before = pages.stats.renders;
  const response = await fetch(server.baseUrl + path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { rendered: pages.stats.renders > before, html };
}

describeEachDb('while Redis is down, a server on %s', (kind) => {
  if (missing) {
    it.skip(`needs ${missing}`, () => {});
    return;
  }
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(
      kind,
      {
        ...WEB_ENV,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: `outage-${randomBytes(4).toString('hex')}:`,
        RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
        PAGE_CACHE_MAX_AGE_SECONDS: '600',
      },
      { web: true },
    );
    token = await adminToken(server);
  });
  afterAll(() => server?.close());

  /**
   * Runs `body` with Redis stopped, then starts Redis again and waits until readiness sees it and
   * the page cache was flushed for the notices it may have missed (SITE-CACHE).
   */
  async function withoutRedis(body: () => Promise<void>): Promise<void> {
    await redis.stop();
    try {
      await body();
    } finally {
      const invalidations = server.app.ssr!.pages.stats.invalidations;
      await redis.start();
      await waitFor('readiness to see Redis again', async () => (await (await fetch(`${server.baseUrl}/api/health/ready`)).json()).redis === 'ok', BOUND_MS);
      await waitFor('the page cache to be flushed once the subscription is back', () => server.app.ssr!.pages.stats.invalidations > invalidations, BOUND_MS);
    }
  }

  it('stays ready (200) with the Redis problem in the readiness body and in the log', async () => {
    const warn = vi.spyOn(server.app.fastify.log, 'warn');
    try {
      await withoutRedis(async () => {
        const response = await fetch(`${server.baseUrl}/api/health/ready`);
        const body = await response.json();
        expect(body).toMatchObject({ status: 'ok', database: 'ok', disk: 'ok' });
        expect(body.redis).toMatch(/^unreachable: /);
        expect(response.status).toBe(200);
        const logged = warn.mock.calls.map((call) => call.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' '));
        expect(
          logged.some((line) => /redis/i.test(line) && line.includes('unreachable')),
          logged.join('\n'),
        ).toBe(true);
      });
    } finally {
      warn.mockRestore();
    }
  });

  it(`the per-address /api/auth limit still refuses beyond ${AUTH_MAX}, counted in this process`, async () => {
    await withoutRedis(async () => {
      const statuses: number[] = [];
      for (let i = 0; i < AUTH_MAX + 3; i += 1) statuses.push((await server.post('/api/auth/logout', {})).status);
      expect(statuses.slice(0, AUTH_MAX), statuses.join(',')).not.toContain(429);
      expect(statuses.slice(AUTH_MAX), statuses.join(',')).toEqual([429, 429, 429]);
    });
  });

  it('a product renamed through this process shows on its pages at once', async () => {
    const product = ok(await server.graphql(PRODUCT, { slug: 'aura' })).product;
    await visit(server, '/products/aura');
    const stored = await visit(server, '/products/aura');
    expect(stored.rendered).toBe(false);
    expect(server.app.ssr!.pages.maxAgeSeconds).toBe(600); // PAGE_CACHE_MAX_AGE_SECONDS reaches the cache
    expect(stored.html.includes(product.name), 'the stored page shows the name').toBe(true);
    const name = `Aura renamed ${randomBytes(3).toString('hex')}`;
    await withoutRedis(async () => {
      ok(await server.graphql(RENAME, { id: product.id, texts: { locale: 'EN', name } }, token));
      const after = await visit(server, '/products/aura');
      expect(after.html.includes(name), 'the product page shows the new name').toBe(true);
      expect((await visit(server, '/products')).html.includes(name), 'the catalogue shows the new name').toBe(true);
    });
  });
});

describeEachDb('with Redis up, two processes on %s', (kind) => {
  if (missing) {
    it.skip(`needs ${missing}`, () => {});
    return;
  }
  it('count one order limit between them', async () => {
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `orders-${randomBytes(4).toString('hex')}:`, ORDER_RATE_LIMIT_MAX: '3', MAIL_TRANSPORT: 'memory' };
    const a = await startServer(kind, env);
    try {
      const b = await startServer(kind, env, { shareDataWith: a });
      try {
        const input = {
          name: 'Limit Lee',
          email: 'limit@example.test',
          interest: 'design',
          budget: 'UNDER_10K',
          message: 'Orders from one address on two processes.',
          consent: true,
          locale: 'EN',
        };
        const outcomes: string[] = [];
        for (let i = 0; i < 6; i += 1) {
          const result = await (i % 2 === 0 ? a : b).graphql(CREATE_ORDER, { input });
          outcomes.push(result.data?.createOrder?.reference ? 'accepted' : String(result.errors?.[0]?.extensions?.code));
        }
        expect(outcomes).toEqual(['accepted', 'accepted', 'accepted', 'TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });
});
