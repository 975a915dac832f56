/**
 * Live updates of requests (`subscription { orderUpdated }`, REQ-CLIENT-AREA) over a real
 * graphql-ws WebSocket on SQLite and PostgreSQL: the client's list (no id) hears of its own
 * requests when an administrator changes the status or answers; one request (with id) for its
 * client and an administrator; another user is refused, and never hears of others' requests.
 * No test sleeps for a result: each waits for an event or a listener count, bounded only for failure.
 */
import { type Client, createClient } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describeEachDb, redisSkipReason, startServer, TEST_REDIS_URL, type TestServer, waitFor } from './harness.js';
import { ADD_NOTE, CHANGE_STATUS, REQUESTS_ENV, SEND_MESSAGE, type Member, admin, member, placeOrder } from './requests-helpers.js';

const ORDER_UPDATED = 'subscription ($id: ID) { orderUpdated(id: $id) { id reference status version messages { body fromStudio } } }';
const BOUND_MS = 10_000;
const redisSkip = await redisSkipReason();

/** One `orderUpdated` subscription on its own socket: its events and its end, awaited by condition. */
function subscribe(server: TestServer, token: string, id?: string) {
  const client: Client = createClient({
    url: server.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { Authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
  });
  const events: any[] = [];
  let error: unknown;
  client.subscribe(
    { query: ORDER_UPDATED, variables: id ? { id } : {} },
    { next: (value) => void events.push(value), error: (e) => void (error = e ?? 'error'), complete: () => void (error ??= 'complete') },
  );
  return {
    event: (n: number) => waitFor(`event #${n}`, () => events[n], BOUND_MS),
    ended: () => waitFor('the end of the subscription', () => error, BOUND_MS),
    dispose: () => client.dispose(),
  };
}

describeEachDb('orderUpdated on %s', (kind) => {
  let server: TestServer;
  let boss: Member;
  const open: Array<{ dispose(): void | Promise<void> }> = [];
  beforeAll(async () => {
    server = await startServer(kind, { ...REQUESTS_ENV, MAIL_TRANSPORT: 'memory' });
    boss = await admin(server);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.dispose()));
  });
  afterAll(() => server?.close());

  /** Subscribes and waits until the server listens for `key` (a user's or an order's database id). */
  async function listening(token: string, key: string, id?: string) {
    const before = server.app.pubsub.activeOrderSubscriptions(key);
    const subscription = subscribe(server, token, id);
    open.push(subscription);
    await waitFor('the subscription to be listening', () => server.app.pubsub.activeOrderSubscriptions(key) > before, BOUND_MS);
    return subscription;
  }

  it("the client's subscription without id receives its request when an administrator changes the status and answers", async () => {
    const client = await member(server);
    const order = await placeOrder(server, { token: client.accessToken });
    const list = await listening(client.accessToken, client.localId);
    expect((await server.graphql(CHANGE_STATUS, { input: { id: order.id, status: 'IN_REVIEW', version: 1 } }, boss.accessToken)).errors).toBeUndefined();
    const first = await list.event(0);
    expect(first.errors).toBeUndefined();
    expect(first.data.orderUpdated).toMatchObject({ id: order.id, reference: order.reference, status: 'IN_REVIEW', version: 2 });
    expect((await server.graphql(SEND_MESSAGE, { id: order.id, body: 'Here is our plan.' }, boss.accessToken)).errors).toBeUndefined();
    const second = await list.event(1);
    expect(second.data.orderUpdated).toMatchObject({ id: order.id, version: 3, messages: [{ body: 'Here is our plan.', fromStudio: true }] });
  });

  it('with id: the client and an administrator follow one request', async () => {
    const client = await member(server);
    const order = await placeOrder(server, { token: client.accessToken });
    const clientView = await listening(client.accessToken, order.localId, order.id);
    const adminView = await listening(boss.accessToken, order.localId, order.id);
    expect((await server.graphql(ADD_NOTE, { id: order.id, body: 'Call them on Monday' }, boss.accessToken)).errors).toBeUndefined();
    for (const view of [clientView, adminView]) expect((await view.event(0)).data.orderUpdated).toMatchObject({ id: order.id, version: 2 });
    expect((await server.graphql(SEND_MESSAGE, { id: order.id, body: 'Any news?' }, client.accessToken)).errors).toBeUndefined();
    for (const view of [clientView, adminView]) expect((await view.event(1)).data.orderUpdated.messages).toEqual([{ body: 'Any news?', fromStudio: false }]);
  });

  it("another user is refused one request and never hears of others' requests in their own list", async () => {
    const client = await member(server);
    const order = await placeOrder(server, { token: client.accessToken });
    const stranger = await member(server);
    const refused = subscribe(server, stranger.accessToken, order.id);
    open.push(refused);
    // One result with the error and no data, then `complete` (the subscribe resolver refused).
    expect(await refused.ended()).toBe('complete');
    const answer = await refused.event(0);
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toMatchObject([{ message: 'Forbidden resource', path: ['orderUpdated'], extensions: { code: 'FORBIDDEN' } }]);
    expect(server.app.pubsub.activeOrderSubscriptions(order.localId)).toBe(0);

    const own = await placeOrder(server, { token: stranger.accessToken });
    const list = await listening(stranger.accessToken, stranger.localId);
    expect((await server.graphql(CHANGE_STATUS, { input: { id: order.id, status: 'IN_REVIEW', version: 1 } }, boss.accessToken)).errors).toBeUndefined();
    expect((await server.graphql(CHANGE_STATUS, { input: { id: own.id, status: 'IN_REVIEW', version: 1 } }, boss.accessToken)).errors).toBeUndefined();
    // The first event the stranger hears of is their own request: the other change never reached them.
    expect((await list.event(0)).data.orderUpdated.id).toBe(own.id);
  });

  describe.skipIf(redisSkip !== null)('across processes with Redis', () => {
    it('a change through instance A reaches the client subscribed on instance B; the notice carries only ids', async () => {
      const prefix = `studio-test-${randomBytes(6).toString('hex')}:`;
      const env = { ...REQUESTS_ENV, MAIL_TRANSPORT: 'memory', REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
      const a = await startServer(kind, env);
      const b = await startServer(kind, env, { shareDataWith: a });
      const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      const tap = new Redis(TEST_REDIS_URL);
      try {
        const chief = await admin(a);
        const client = await member(a);
        const order = await placeOrder(a, { token: client.accessToken });
        const channel = `${prefix}user:orders:changed:${client.localId}`;
        const messages: string[] = [];
        tap.on('message', (ch: string, message: string) => ch === channel && messages.push(message));
        await tap.subscribe(channel);
        const list = subscribe(b, client.accessToken);
        open.push(list);
        await waitFor('B to subscribe on Redis', async () => Number(((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]) >= 2, BOUND_MS);
        expect((await a.graphql(CHANGE_STATUS, { input: { id: order.id, status: 'IN_REVIEW', version: 1 } }, chief.accessToken)).errors).toBeUndefined();
        expect((await list.event(0)).data.orderUpdated).toMatchObject({ id: order.id, status: 'IN_REVIEW' });
        await waitFor('the raw subscriber to see the notice', () => messages.length >= 1, BOUND_MS);
        expect(messages.map((m) => JSON.parse(m))).toEqual([{ orderId: order.localId, userId: client.localId }]);
      } finally {
        tap.disconnect();
        await redis.quit();
        await Promise.all(open.splice(0).map((s) => s.dispose()));
        await b.close();
        await a.close();
      }
    });
  });
});
