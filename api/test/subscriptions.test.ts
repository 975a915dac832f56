/**
 * Live updates (`subscription { viewerUpdated }`) over a real graphql-ws WebSocket, on SQLite and
 * PostgreSQL: delivery after updateUser / updatePassword / deleteAccount from other sessions,
 * isolation between users, the end of a subscription (deleted user, revoked session,
 * unsubscribe), refusal of anonymous and bad tokens, limits and persisted-only mode on the socket,
 * no subscriptions over HTTP, and — with Redis — delivery across two server processes, the wire
 * format of the notices, reconnection and a Redis outage.
 *
 * No test sleeps for a result: each waits for a condition (an event, a subscription count, a Redis
 * channel's subscriber count) with a timeout that only bounds a failure.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeId, globalId } from '../src/platform/graphql/ids.js';
import { type SubscribePayload, createClient } from 'graphql-ws';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signAccessToken } from '../src/modules/identity/auth/tokens.js';
import { describeEachDb, redisSkipReason, type Registered, startServer, TEST_REDIS_URL, type TestServer, uniqueDevice, waitFor } from './harness.js';

const VIEWER_UPDATED = 'subscription ViewerUpdated { viewerUpdated { id username fullName bio email passwordIsSet role type accounts { id } } }';
const UPDATE_USER = `mutation ($id: ID!, $fullName: String, $bio: String, $type: UserTypes) {
  updateUser(id: $id, fullName: $fullName, bio: $bio, type: $type) { id } }`;
const UPDATE_PASSWORD = `mutation ($newPassword: String!, $oldPassword: String) {
  updatePassword(newPassword: $newPassword, oldPassword: $oldPassword) { id } }`;
/** Upper bound for anything that should happen promptly; never the thing measured. */
const BOUND_MS = 10_000;

const redisSkip = await redisSkipReason();

interface Member extends Registered {
  /** The global id. */
  id: string;
  /** The database id (what the bus topics carry). */
  localId: string;
  username: string;
}

type Ended = { complete: true; error?: undefined } | { error: any; complete?: undefined };

/**
 * One subscription on its own graphql-ws connection. `event(n)` waits for the n-th `next`
 * payload (0-based), `ended()` for `complete` or `error` (a close code, or the GraphQL errors).
 */
function subscribe(url: string, token: string | undefined, payload: Record<string, unknown> = { query: VIEWER_UPDATED }) {
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: token ? { Authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
  const events: any[] = [];
  let end: Ended | undefined;
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());
  // graphql-ws's type requires `query`; persisted payloads are sent as the web client sends them.
  const unsubscribe = client.subscribe(payload as unknown as SubscribePayload, {
    next: (value) => {
      events.push(value);
      notify();
    },
    error: (error) => {
      end = { error };
      notify();
    },
    complete: () => {
      end = { complete: true };
      notify();
    },
  });
  function until<T>(what: string, read: () => T | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = read();
        if (value === undefined) return false;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out after ${BOUND_MS} ms waiting for ${what}; received ${JSON.stringify(events)}, end ${JSON.stringify(end)}`));
      }, BOUND_MS);
      if (!check()) waiters.add(check);
    });
  }
  return {
    events,
    event: (n: number) => until(`event #${n}`, () => events[n]),
    ended: () => until('the end of the subscription', () => end),
    unsubscribe,
    dispose: () => client.dispose(),
  };
}
type Subscription = ReturnType<typeof subscribe>;

/** The `viewerUpdated` record of an event, asserting that it has no errors. */
function recordOf(event: any): Record<string, any> {
  expect(event.errors, JSON.stringify(event)).toBeUndefined();
  return event.data.viewerUpdated;
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describeEachDb('viewerUpdated on %s', (kind) => {
  let server: TestServer;
  const open: Subscription[] = [];

  /** Registers a user on `on` (default: the suite's server) and reads its ids. */
  async function member(name: string, on?: TestServer): Promise<Member> {
    const target = on ?? server;
    const registered = await target.register({ name });
    if (target.config.graphql.persistedOnly) {
      // No ad-hoc queries there: the token's subject is the database id.
      const localId = String(decodeJwt(registered.accessToken).sub);
      return { ...registered, id: globalId('User', localId), localId, username: '' };
    }
    const viewer = await target.graphql('{ viewer { id username } }', undefined, registered.accessToken);
    expect(viewer.errors).toBeUndefined();
    return { ...registered, ...viewer.data.viewer, localId: decodeId(viewer.data.viewer.id)!.id };
  }

  /** A second signed-in session of `user` (another device); answers its access token. */
  async function otherDevice(user: Member, on?: TestServer): Promise<string> {
    const login = await (on ?? server).login(user.email, user.password, uniqueDevice('other-device'));
    expect(login.status).toBe(200);
    return login.json.accessToken;
  }

  /** Subscribes `token` on `on` and waits until the server listens for `user`'s changes. */
  async function live(user: Member, token: string, on?: TestServer, payload?: Record<string, unknown>): Promise<Subscription> {
    const target = on ?? server;
    const before = target.app.pubsub.activeSubscriptions(user.localId);
    const subscription = subscribe(target.wsUrl, token, payload);
    open.push(subscription);
    await waitFor('the subscription to be listening', () => target.app.pubsub.activeSubscriptions(user.localId) > before);
    return subscription;
  }

  async function update(token: string, user: Member, variables: Record<string, unknown>, on?: TestServer) {
    const result = await (on ?? server).graphql(UPDATE_USER, { id: user.id, ...variables }, token);
    expect(result.errors, result.text).toBeUndefined();
  }

  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.dispose()));
    await server?.close();
  });

  describe('delivery', () => {
    it('a subscriber receives its own record after updateUser over HTTP from another device', async () => {
      const alice = await member('Alice Anders');
      const tablet = await otherDevice(alice);
      const sub = await live(alice, alice.accessToken);

      await update(tablet, alice, { fullName: 'Alice From Tablet', bio: 'Written on the tablet.' });
      const record = recordOf(await sub.event(0));
      // The full record, private fields included, as the subscriber itself may read it.
      expect(record).toEqual({
        id: alice.id,
        username: alice.username,
        fullName: 'Alice From Tablet',
        bio: 'Written on the tablet.',
        email: alice.email,
        passwordIsSet: true,
        role: 'USER',
        type: 'CLIENT',
        accounts: [],
      });

      await update(alice.accessToken, alice, { bio: 'And from this tab.' });
      expect(recordOf(await sub.event(1))).toMatchObject({ fullName: 'Alice From Tablet', bio: 'And from this tab.' });
      expect(sub.events).toHaveLength(2);
    });

    it('updatePassword in the subscriber’s own session delivers the record; from another device it ends the subscription (session revoked)', async () => {
      const carol = await member('Carol Cole');
      const phone = await otherDevice(carol);
      const sub = await live(carol, carol.accessToken);

      // Another tab of the same device (same session): the session survives the change.
      const firstPassword = 'first new password';
      const own = await server.graphql(UPDATE_PASSWORD, { newPassword: firstPassword, oldPassword: carol.password }, carol.accessToken);
      expect(own.errors, own.text).toBeUndefined();
      expect(recordOf(await sub.event(0))).toMatchObject({ id: carol.id, passwordIsSet: true });

      // The phone's session was revoked by that change; sign in there again and change it once more:
      // now the subscriber's session is one of "the others" and is revoked.
      expect((await server.graphql('{ viewer { id } }', undefined, phone)).status).toBe(401);
      const phoneAgain = await server.login(carol.email, firstPassword, uniqueDevice('phone'));
      expect(phoneAgain.status).toBe(200);
      const other = await server.graphql(UPDATE_PASSWORD, { newPassword: 'second new password', oldPassword: firstPassword }, phoneAgain.json.accessToken);
      expect(other.errors, other.text).toBeUndefined();

      const end = await sub.ended();
      expect(Array.isArray(end.error), JSON.stringify(end)).toBe(true);
      expect(end.error[0]).toMatchObject({ message: 'The access token is revoked.', extensions: { code: 'UNAUTHENTICATED' } });
      expect(sub.events).toHaveLength(1);
      await waitFor('the listener to be removed', () => server.app.pubsub.activeSubscriptions(carol.localId) === 0);
    });

    it('a change to another user is not delivered; an administrator’s change reaches the changed user only', async () => {
      const alice = await member('Alice Again');
      const bob = await member('Bob Brown');
      const aliceSub = await live(alice, alice.accessToken);
      const bobSub = await live(bob, bob.accessToken);

      // Bob changes himself: only Bob's subscriber hears of it.
      await update(bob.accessToken, bob, { bio: 'Bob’s news' });
      expect(recordOf(await bobSub.event(0))).toMatchObject({ id: bob.id, bio: 'Bob’s news' });
      // Then Alice changes herself. Notices of one subscriber arrive in order, so had Bob's change
      // reached Alice, her first event would be that one, from before her own change.
      await update(alice.accessToken, alice, { bio: 'Alice’s marker' });
      expect(recordOf(await aliceSub.event(0))).toMatchObject({ id: alice.id, bio: 'Alice’s marker' });
      expect(aliceSub.events).toHaveLength(1);
      expect(bobSub.events).toHaveLength(1);

      // An administrator changes Bob's type (admin-only): Bob's subscriber gets it, the admin's does not.
      await server.app.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', alice.localId).execute();
      await update(alice.accessToken, bob, { type: 'PARTNER' });
      expect(recordOf(await bobSub.event(1))).toMatchObject({ id: bob.id, type: 'PARTNER', email: bob.email });
      await update(alice.accessToken, alice, { bio: 'Alice’s second marker' });
      expect(recordOf(await aliceSub.event(1))).toMatchObject({ id: alice.id, bio: 'Alice’s second marker', role: 'ADMIN' });
      expect(aliceSub.events).toHaveLength(2);
    });

    it('deleteAccount (disconnecting a linked account) delivers the record without it', async () => {
      const erin = await member('Erin Eddy');
      const accountId = randomUUID();
      await server.app.database.db
        .insertInto('serviceAccounts')
        .values({
          id: accountId,
          userId: erin.localId,
          created: new Date().toISOString(),
          serviceAccountType: 'OIDC',
          serviceEmail: null,
          servicePhone: null,
          serviceTokenExpiredAt: null,
          serviceType: 'GOOGLE',
          serviceUserId: `google-${accountId}`,
          serviceUsername: null,
        })
        .execute();
      const sub = await live(erin, erin.accessToken);
      const accounts = await server.graphql('{ viewer { accounts { id } } }', undefined, erin.accessToken);
      const [account] = accounts.data.viewer.accounts;
      const result = await server.graphql('mutation ($a: String!) { deleteAccount(accountId: $a) { id } }', { a: account.id }, erin.accessToken);
      expect(result.errors, result.text).toBeUndefined();
      expect(recordOf(await sub.event(0))).toMatchObject({ id: erin.id, accounts: [] });
    });
  });

  describe('the end of a subscription', () => {
    it('deleting the user completes its subscriptions', async () => {
      const dave = await member('Dave Dunn');
      const laptop = await otherDevice(dave);
      const first = await live(dave, dave.accessToken);
      const second = await live(dave, laptop);
      expect(server.app.pubsub.activeSubscriptions(dave.localId)).toBe(2);

      const result = await server.graphql(
        'mutation ($id: ID!, $c: String) { deleteUser(id: $id, confirmation: $c) { id } }',
        { id: dave.id, c: dave.password },
        laptop,
      );
      expect(result.errors, result.text).toBeUndefined();
      expect(await first.ended()).toEqual({ complete: true });
      expect(await second.ended()).toEqual({ complete: true });
      expect(first.events).toEqual([]);
      expect(second.events).toEqual([]);
      await waitFor('the listeners to be removed', () => server.app.pubsub.activeSubscriptions(dave.localId) === 0);
    });

    it('signing out ends the subscription of that session with UNAUTHENTICATED at the next change', async () => {
      const fay = await member('Fay Fox');
      const device = uniqueDevice('signing-out');
      const login = await server.login(fay.email, fay.password, device);
      const sub = await live(fay, login.json.accessToken);
      const out = await server.post('/api/auth/logout', { deviceToken: device }, { authorization: `Bearer ${login.json.accessToken}` });
      expect(out.status).toBe(204);
      await update(fay.accessToken, fay, { bio: 'after the other device signed out' });
      const end = await sub.ended();
      expect(end.error?.[0], JSON.stringify(end)).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
      expect(sub.events).toEqual([]);
    });

    it('closes the socket with 4403 when the access token expires, without waiting for a change', async () => {
      const hal = await member('Hal Hart');
      const { sub: userId, sid } = decodeJwt(hal.accessToken) as { sub: string; sid: string };
      // A real session's token that expires within about two seconds (JWT times are whole seconds).
      const shortLived = await signAccessToken({ userId, sessionId: sid }, server.config.jwtSecret, 2, server.config.publicUrl);
      const sub = await live(hal, shortLived);
      const end = await sub.ended();
      expect((end.error as { code?: number; reason?: string } | undefined)?.reason, JSON.stringify(end)).toBe('Access token expired');
      expect((end.error as { code?: number } | undefined)?.code).toBe(4403);
      expect(sub.events).toEqual([]);
      await waitFor('the listener to be removed', () => server.app.pubsub.activeSubscriptions(hal.localId) === 0);
    });

    it('goes on after the expiry close when the client reconnects with a fresh token (as the web client does)', async () => {
      const ivy = await member('Ivy Iles');
      const { sub: userId, sid } = decodeJwt(ivy.accessToken) as { sub: string; sid: string };
      const tokens = [await signAccessToken({ userId, sessionId: sid }, server.config.jwtSecret, 2, server.config.publicUrl), ivy.accessToken];
      let connects = 0;
      const events: any[] = [];
      const client = createClient({
        url: server.wsUrl,
        webSocketImpl: WebSocket,
        lazy: true,
        retryAttempts: 5,
        retryWait: async () => {},
        shouldRetry: () => true,
        // Like web/src/relay/subscriptions.ts: a fresh token for every (re)connection.
        connectionParams: () => ({ Authorization: `Bearer ${tokens[Math.min(connects++, tokens.length - 1)]}` }),
      });
      try {
        client.subscribe({ query: VIEWER_UPDATED }, { next: (value) => events.push(value), error: () => {}, complete: () => {} });
        await waitFor('the first connection', () => connects >= 1 && server.app.pubsub.activeSubscriptions(ivy.localId) === 1);
        await waitFor('the expiry close and the reconnection', () => connects >= 2 && server.app.pubsub.activeSubscriptions(ivy.localId) === 1, 8000);
        await update(ivy.accessToken, ivy, { bio: 'after the reconnect' });
        await waitFor('the event on the new connection', () => events.length > 0);
        expect(recordOf(events[0]).bio).toBe('after the reconnect');
      } finally {
        await client.dispose();
      }
    });

    it('unsubscribing stops listening at once, also while waiting for a change', async () => {
      const gus = await member('Gus Gray');
      const sub = await live(gus, gus.accessToken);
      sub.unsubscribe();
      await waitFor('the listener to be removed', () => server.app.pubsub.activeSubscriptions(gus.localId) === 0);
      const again = await live(gus, gus.accessToken);
      await again.dispose(); // closing the socket ends its subscriptions too
      await waitFor('the listener to be removed', () => server.app.pubsub.activeSubscriptions(gus.localId) === 0);
    });
  });

  describe('authorisation', () => {
    it('refuses an anonymous connection with UNAUTHENTICATED and listens for nothing', async () => {
      const before = server.app.pubsub.activeSubscriptions();
      const sub = subscribe(server.wsUrl, undefined);
      open.push(sub);
      expect(await sub.ended()).toEqual({ complete: true });
      // One result with the error and no data, then `complete` (the subscribe resolver refused).
      expect(sub.events).toHaveLength(1);
      expect(sub.events[0].data).toBeUndefined();
      expect(sub.events[0].errors).toHaveLength(1);
      expect(sub.events[0].errors[0]).toMatchObject({
        message: 'A bearer access token is required.',
        path: ['viewerUpdated'],
        extensions: { code: 'UNAUTHENTICATED' },
      });
      expect(server.app.pubsub.activeSubscriptions()).toBe(before);
    });

    it('closes the connection with 4403 for a forged or an expired token', async () => {
      const hank = await member('Hank Hill');
      const { sub, sid } = decodeJwt(hank.accessToken) as { sub: string; sid: string };
      const forged = await signAccessToken({ userId: sub, sessionId: sid }, new TextEncoder().encode('x'.repeat(40)), 900, server.config.publicUrl);
      const expired = await signAccessToken({ userId: sub, sessionId: sid }, server.config.jwtSecret, -60, server.config.publicUrl);
      for (const token of [forged, expired, 'garbage']) {
        const attempt = subscribe(server.wsUrl, token);
        open.push(attempt);
        const end = await attempt.ended();
        expect(end.error?.code, JSON.stringify(end)).toBe(4403);
        expect(attempt.events).toEqual([]);
      }
      expect(server.app.pubsub.activeSubscriptions(hank.localId)).toBe(0);
    });

    it('is not served over HTTP (no SSE): SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY', async () => {
      const ivy = await member('Ivy Irwin');
      const json = await server.graphql(VIEWER_UPDATED, undefined, ivy.accessToken);
      expect(json.status).toBe(400);
      expect(json.errors?.[0]?.extensions?.['code']).toBe('SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY');
      const sse = await fetch(`${server.baseUrl}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${ivy.accessToken}` },
        body: JSON.stringify({ query: VIEWER_UPDATED }),
      });
      const text = await sse.text(); // ends: the stream carries the refusal and completes
      expect(text).toContain('SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY');
      expect(text).not.toContain('viewerUpdated"');
      expect(server.app.pubsub.activeSubscriptions(ivy.localId)).toBe(0);
    });
  });

  describe('limits and persisted-only mode on the socket', () => {
    const TEXT = 'subscription ViewerUpdatedSubscription { viewerUpdated { id fullName } }';
    const HASH = createHash('sha256').update(TEXT).digest('hex');
    const MUTATION = 'mutation RenameMutation($id: ID!, $fullName: String) { updateUser(id: $id, fullName: $fullName) { id } }';
    const MUTATION_HASH = createHash('sha256').update(MUTATION).digest('hex');
    let dir: string;
    let strict: TestServer;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'studio-persisted-subscription-'));
      const file = join(dir, 'persisted-queries.json');
      writeFileSync(file, JSON.stringify({ [HASH]: TEXT, [MUTATION_HASH]: MUTATION }));
      strict = await startServer(kind, { GRAPHQL_PERSISTED_ONLY: 'true', PERSISTED_QUERIES_FILE: file });
    });
    afterAll(async () => {
      await strict?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('a persisted subscription runs by APQ hash (as the web client sends it) and by documentId', async () => {
      const jo = await member('Jo Jones', strict);
      const apq = await live(jo, jo.accessToken, strict, {
        query: '',
        operationName: 'ViewerUpdatedSubscription',
        variables: {},
        extensions: { persistedQuery: { version: 1, sha256Hash: HASH } },
      });
      const byDocumentId = await live(jo, jo.accessToken, strict, { query: '', documentId: HASH });
      const rename = await strict.graphqlBody(
        {
          operationName: 'RenameMutation',
          variables: { id: jo.id, fullName: 'Jo Persisted' },
          extensions: { persistedQuery: { version: 1, sha256Hash: MUTATION_HASH } },
        },
        jo.accessToken,
      );
      expect(rename.json).toEqual({ data: { updateUser: { id: jo.id } } });
      for (const sub of [apq, byDocumentId]) {
        expect(await sub.event(0)).toEqual({ data: { viewerUpdated: { id: jo.id, fullName: 'Jo Persisted' } } });
      }
    });

    it('refuses a subscription document sent as text with PersistedQueryOnly, and an unknown id with PersistedQueryNotFound', async () => {
      const kim = await member('Kim Kay', strict);
      for (const [payload, message] of [
        [{ query: TEXT }, 'PersistedQueryOnly'],
        [{ query: TEXT, extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } }, 'PersistedQueryOnly'],
        [{ query: '', extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } }, 'PersistedQueryNotFound'],
      ] as const) {
        const sub = subscribe(strict.wsUrl, kim.accessToken, payload);
        open.push(sub);
        const end = await sub.ended();
        expect(Array.isArray(end.error), JSON.stringify(end)).toBe(true);
        expect(end.error[0].message).toBe(message);
      }
      expect(strict.app.pubsub.activeSubscriptions(kim.localId)).toBe(0);
    });

    it('applies the depth and alias limits to subscriptions', async () => {
      const limited = await startServer(kind, { GRAPHQL_MAX_DEPTH: '3', GRAPHQL_MAX_ALIASES: '15' });
      try {
        const lee = await member('Lee Long', limited);
        const deep = subscribe(limited.wsUrl, lee.accessToken, { query: 'subscription { viewerUpdated { orders { edges { node { id } } } } }' });
        const aliases = subscribe(limited.wsUrl, lee.accessToken, {
          query: `subscription { viewerUpdated { ${Array.from({ length: 16 }, (_, i) => `a${i}: id`).join(' ')} } }`,
        });
        const deepEnd = await deep.ended();
        expect(deepEnd.error?.[0]?.message, JSON.stringify(deepEnd)).toMatch(/depth limit of 3/);
        const aliasEnd = await aliases.ended();
        expect(aliasEnd.error?.[0]?.message, JSON.stringify(aliasEnd)).toMatch(/Aliases limit/);
        expect(limited.app.pubsub.activeSubscriptions(lee.localId)).toBe(0);
        await Promise.all([deep.dispose(), aliases.dispose()]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('across processes', () => {
    it('without REDIS_URL (in-process bus) a change through A does not reach B — why scale-out needs Redis', async () => {
      const a = await startServer(kind);
      const b = await startServer(kind, {}, { shareDataWith: a });
      try {
        expect([a.app.pubsub.transport, b.app.pubsub.transport]).toEqual(['memory', 'memory']);
        const nia = await member('Nia Noon', a);
        const sub = await live(nia, nia.accessToken, b);
        await update(nia.accessToken, nia, { fullName: 'Changed Through A' }, a);
        // A marker change through B itself: B's subscriber hears of it, and of nothing before it
        // (its notices arrive in order, so a notice from A would have come first).
        await update(nia.accessToken, nia, { bio: 'marker through B' }, b);
        const record = recordOf(await sub.event(0));
        expect(record).toMatchObject({ fullName: 'Changed Through A', bio: 'marker through B' });
        expect(sub.events).toHaveLength(1);
      } finally {
        await b.close();
        await a.close();
      }
    });
  });

  describe.skipIf(redisSkip !== null)('across processes with Redis', () => {
    let redis: Redis;
    /** A REDIS_KEY_PREFIX of its own for one test, so test runs and suites never hear each other. */
    const uniquePrefix = () => `studio-test-${randomBytes(6).toString('hex')}:`;
    /** How many Redis connections subscribe to `channel` (the subscription is live on Redis). */
    const numsub = async (channel: string) => Number(((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]);
    /** The live-update bus connections of the app with key prefix `prefix` (`<prefix>live-<role>`), with their ids. */
    const clientsNamed = async (prefix: string) =>
      String(await redis.call('CLIENT', 'LIST'))
        .split('\n')
        .map((line) =>
          Object.fromEntries(
            line
              .trim()
              .split(' ')
              .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
          ),
        )
        .filter((c) => typeof c['name'] === 'string' && c['name'].startsWith(`${prefix}live-`))
        .map((c) => ({ id: String(c['id']), name: String(c['name']) }));

    beforeAll(() => {
      redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    });
    afterAll(async () => {
      await redis?.quit();
    });

    it('a change made through instance A reaches a subscriber on instance B; the notice carries only the id', async () => {
      const prefix = uniquePrefix();
      const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
      const a = await startServer(kind, env);
      const b = await startServer(kind, env, { shareDataWith: a });
      const tap = new Redis(TEST_REDIS_URL);
      try {
        expect([a.app.pubsub.transport, b.app.pubsub.transport]).toEqual(['redis', 'redis']);
        const max = await member('Max Moss', a);
        const channel = `${prefix}user:changed:${max.localId}`;
        // A raw Redis subscriber on the same channel sees exactly what crosses the wire.
        const messages: string[] = [];
        tap.on('message', (ch: string, message: string) => ch === channel && messages.push(message));
        await tap.subscribe(channel);
        const sub = await live(max, max.accessToken, b);
        await waitFor('B to subscribe on Redis', async () => (await numsub(channel)) >= 2);

        await update(max.accessToken, max, { fullName: 'Max Across' }, a);
        expect(recordOf(await sub.event(0))).toMatchObject({ id: max.id, fullName: 'Max Across', email: max.email });
        await waitFor('the raw subscriber to see the notice', () => messages.length >= 1);
        expect(messages).toEqual([JSON.stringify({ id: max.localId })]);

        // And the other way round, with a subscriber on A and the change through B.
        const subA = await live(max, max.accessToken, a);
        await waitFor('A to subscribe on Redis', async () => (await numsub(channel)) >= 3);
        await update(max.accessToken, max, { bio: 'through B' }, b);
        expect(recordOf(await subA.event(0))).toMatchObject({ bio: 'through B' });
        expect(recordOf(await sub.event(1))).toMatchObject({ bio: 'through B' });

        // Closing an app quits its Redis clients: its channel subscriptions go away.
        await b.close();
        await waitFor('B’s Redis subscription to be gone', async () => (await numsub(channel)) === 2);
      } finally {
        tap.disconnect();
        await b.close();
        await a.close();
      }
    });

    it('reconnects by itself after Redis drops its connections, and subscribes again', async () => {
      const prefix = uniquePrefix();
      const app = await startServer(kind, { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
      try {
        const ola = await member('Ola Otto', app);
        const channel = `${prefix}user:changed:${ola.localId}`;
        const sub = await live(ola, ola.accessToken, app);
        await waitFor('the subscription on Redis', async () => (await numsub(channel)) === 1);

        // Redis drops both connections of this app (found by their names, `<prefix>live-<role>`).
        const before = await clientsNamed(prefix);
        expect(before.map((c) => c.name).sort()).toEqual([`${prefix}live-publisher`, `${prefix}live-subscriber`]);
        for (const client of before) await redis.call('CLIENT', 'KILL', 'ID', client.id);
        await waitFor('both connections to be back, the channel subscribed again', async () => {
          const after = await clientsNamed(prefix);
          const fresh = after.filter((c) => !before.some((b) => b.id === c.id));
          return fresh.length === 2 && (await numsub(channel)) === 1;
        });
        await update(ola.accessToken, ola, { bio: 'after the reconnect' }, app);
        expect(recordOf(await sub.event(0))).toMatchObject({ bio: 'after the reconnect' });
      } finally {
        await app.close();
      }
    });

    it('with Redis unreachable, mutations still succeed, subscribing does not fail the server, and close() returns', async () => {
      const app = await startServer(kind, { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, REDIS_KEY_PREFIX: uniquePrefix() });
      try {
        const pat = await member('Pat Pine', app);
        const sub = await live(pat, pat.accessToken, app);
        await update(pat.accessToken, pat, { bio: 'while Redis is down' }, app);
        const viewer = await app.graphql('{ viewer { bio } }', undefined, pat.accessToken);
        expect(viewer.json).toEqual({ data: { viewer: { bio: 'while Redis is down' } } });
        expect((await app.get('/api/health')).status).toBe(200);
        expect(sub.events).toEqual([]);
      } finally {
        await app.close();
      }
    });
  });
});
