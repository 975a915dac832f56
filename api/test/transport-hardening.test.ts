/**
 * Transport rules of the API (SEC-TRANSPORT), on SQLite and PostgreSQL: the GraphQL WebSocket's
 * message limit (64 KiB: a 100 KB message closes the socket with 1009, the server stays healthy,
 * a 10 KB one is answered) and Origin allow-list on the upgrade (foreign and `null` → 403; the
 * site's origin, an ALLOWED_ORIGINS origin and no Origin → open); CORS on /api only for allowed
 * origins, never reflected; `Cache-Control: no-store` on /api/auth answers and on authenticated
 * GraphQL answers, not on anonymous ones.
 *
 * Sockets are real `ws` clients speaking graphql-transport-ws; nothing sleeps for a result, each
 * wait is for an event with a timeout that only bounds a failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeEachDb, type Registered, startServer, type TestServer, toResult } from './harness.js';

const SITE = 'https://studio.test';
const OTHER_FRONT_END = 'https://app.studio.test';
const FOREIGN = 'https://evil.example';
/** Upper bound for anything that should happen promptly; never the thing measured. */
const BOUND_MS = 10_000;

/** Resolves with the first of `events` that `socket` emits, as `[name, ...args]`; rejects after BOUND_MS. */
function first(socket: WebSocket, events: string[]): Promise<[string, ...unknown[]]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`none of ${events.join(', ')} within ${BOUND_MS} ms`)), BOUND_MS);
    for (const name of events) {
      socket.once(name, (...args: unknown[]) => {
        clearTimeout(timer);
        resolve([name, ...args]);
      });
    }
  });
}

/**
 * Opens a graphql-transport-ws socket with `origin` (undefined: no Origin header) and waits for
 * the upgrade: `{ socket }` when it opened, `{ status }` when the server answered HTTP instead.
 */
async function upgrade(server: TestServer, origin: string | undefined): Promise<{ socket?: WebSocket; status?: number }> {
  const socket = new WebSocket(server.wsUrl, 'graphql-transport-ws', origin === undefined ? {} : { headers: { origin } });
  socket.on('error', () => {}); // a refused upgrade also emits 'error'; the outcome is read below
  const [event, , response] = await first(socket, ['open', 'unexpected-response']);
  if (event === 'open') return { socket };
  socket.terminate();
  return { status: (response as { statusCode: number }).statusCode };
}

/** The next graphql-transport-ws message on `socket`, parsed. */
async function nextMessage(socket: WebSocket): Promise<any> {
  const [, data] = await first(socket, ['message']);
  return JSON.parse(String(data));
}

/** Sends `connection_init` and waits for `connection_ack`. */
async function init(socket: WebSocket): Promise<void> {
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  expect((await nextMessage(socket)).type).toBe('connection_ack');
}

/** A `subscribe` message for `{ __typename }` padded with whitespace to about `bytes` bytes. */
function paddedSubscribe(id: string, bytes: number): string {
  const message = JSON.stringify({ id, type: 'subscribe', payload: { query: `{ __typename }${' '.repeat(bytes)}` } });
  expect(message.length).toBeGreaterThanOrEqual(bytes);
  return message;
}

describeEachDb('transport hardening on %s', (kind) => {
  let server: TestServer;
  let user: Registered;

  beforeAll(async () => {
    server = await startServer(kind, { PUBLIC_URL: SITE, ALLOWED_ORIGINS: `${OTHER_FRONT_END}, http://localhost:5173`, MAIL_TRANSPORT: 'memory' });
    user = await server.register();
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('GraphQL WebSocket', () => {
    it('answers a 10 KB message', async () => {
      const { socket } = await upgrade(server, SITE);
      await init(socket!);
      socket!.send(paddedSubscribe('small', 10_000));
      expect(await nextMessage(socket!)).toEqual({ id: 'small', type: 'next', payload: { data: { __typename: 'Query' } } });
      socket!.close();
    });

    it('closes the socket with 1009 on a 100 KB message, and the server stays healthy', async () => {
      const { socket } = await upgrade(server, SITE);
      await init(socket!);
      const closed = first(socket!, ['close']);
      socket!.send(paddedSubscribe('big', 100_000));
      const [, code] = await closed;
      expect(code).toBe(1009);

      expect((await server.get('/api/health')).status).toBe(200);
      const { socket: again } = await upgrade(server, SITE);
      await init(again!);
      again!.send(paddedSubscribe('after', 10));
      expect((await nextMessage(again!)).payload).toEqual({ data: { __typename: 'Query' } });
      again!.close();
    });

    it('refuses an upgrade from a foreign origin or Origin: null with HTTP 403', async () => {
      expect(await upgrade(server, FOREIGN)).toEqual({ status: 403 });
      expect(await upgrade(server, 'null')).toEqual({ status: 403 });
      // The same host on another scheme or port is another origin.
      expect(await upgrade(server, 'http://studio.test')).toEqual({ status: 403 });
    });

    it('opens for the site, an ALLOWED_ORIGINS origin and a client that sends no Origin', async () => {
      for (const origin of [SITE, OTHER_FRONT_END, 'http://localhost:5173', undefined]) {
        const { socket, status } = await upgrade(server, origin);
        expect(status, `origin ${origin}`).toBeUndefined();
        await init(socket!);
        socket!.close();
      }
    });
  });

  describe('CORS on /api', () => {
    const graphqlFrom = async (origin: string) =>
      toResult(
        await fetch(`${server.baseUrl}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', origin, authorization: `Bearer ${user.accessToken}` },
          body: JSON.stringify({ query: '{ viewer { id } }' }),
        }),
      );

    it('gives a foreign origin and Origin: null no Access-Control-Allow-Origin and no credentials', async () => {
      for (const origin of [FOREIGN, 'null']) {
        const answer = await graphqlFrom(origin);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
        expect(answer.headers.get('access-control-allow-credentials'), origin).toBeNull();
        expect(answer.headers.get('vary')).toMatch(/Origin/);
      }
      const preflight = await fetch(`${server.baseUrl}/api/graphql`, {
        method: 'OPTIONS',
        headers: { origin: FOREIGN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('gives the site and an ALLOWED_ORIGINS origin their own origin with credentials, preflight included', async () => {
      for (const origin of [SITE, OTHER_FRONT_END]) {
        const answer = await graphqlFrom(origin);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
        expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
        expect(answer.headers.get('vary')).toMatch(/Origin/);
      }
      const preflight = await fetch(`${server.baseUrl}/api/auth/refresh`, {
        method: 'OPTIONS',
        headers: { origin: OTHER_FRONT_END, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(OTHER_FRONT_END);
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
      expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
    });
  });

  describe('Cache-Control: no-store', () => {
    it('on /api/auth/login (success and failure) and /api/auth/refresh', async () => {
      const success = await server.login(user.email, user.password, user.deviceToken);
      const failure = await server.login(user.email, 'wrong-password', user.deviceToken);
      const invalid = await server.post('/api/auth/login', '{ not json');
      expect([success.status, failure.status, invalid.status]).toEqual([200, 401, 400]);
      const refreshed = await server.refresh(success.json.refreshToken);
      expect(refreshed.status).toBe(200);
      for (const answer of [success, failure, invalid, refreshed]) expect(answer.headers.get('cache-control')).toBe('no-store');
    });

    it('on an authenticated GraphQL answer, not forced on an anonymous one', async () => {
      const member = await server.register(); // the login test above replaced `user`'s session
      const authenticated = await server.graphql('{ viewer { id } }', undefined, member.accessToken);
      expect(authenticated.errors).toBeUndefined();
      expect(authenticated.data.viewer.id).toBeTruthy();
      expect(authenticated.headers.get('cache-control')).toBe('no-store');

      const anonymous = await server.graphql('{ __typename }');
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get('cache-control') ?? '').not.toMatch(/no-store/);
    });
  });
});
