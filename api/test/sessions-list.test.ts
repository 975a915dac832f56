/**
 * Sessions the user controls (SESSION-DEVICES) over real HTTP on SQLite and PostgreSQL: sign-ins
 * with real User-Agent headers show up in `viewer.sessions` with their labels, the current flag
 * marks the asking session, other users' sessions stay invisible (administrators included), and
 * `revokeSession` / `revokeOtherSessions` sign sessions out so that their access tokens and
 * refresh tokens are refused at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { describeEachDb, type GraphQLResult, ok, type Registered, startServer, type TestServer, uniqueDevice } from './harness.js';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const SESSIONS = `query { viewer { id sessions(first: 50) { totalCount edges { cursor node { id deviceLabel network created lastUsed current } } pageInfo { hasNextPage endCursor } } } }`;
const USER_SESSIONS = 'query ($id: ID!) { user(id: $id) { id sessions { totalCount } } }';
const REVOKE = 'mutation ($id: ID!) { revokeSession(id: $id) { revokedSessionId current user { sessions { totalCount } } } }';
const REVOKE_OTHERS = 'mutation { revokeOtherSessions { revokedCount user { sessions { totalCount edges { node { current } } } } } }';

interface SessionNode {
  id: string;
  deviceLabel: string | null;
  network: string | null;
  created: string;
  lastUsed: string;
  current: boolean;
}

interface Device {
  accessToken: string;
  refreshToken: string;
}

function expectForbidden(result: GraphQLResult) {
  expect(result.status, result.text).toBe(200);
  expect(result.errors?.[0], result.text).toMatchObject({ message: 'Forbidden resource', extensions: { code: 'FORBIDDEN' } });
}

describeEachDb('session list on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Signs `user` in on a new device with `userAgent`. */
  async function signIn(user: Registered, userAgent: string): Promise<Device> {
    const result = await server.post(
      '/api/auth/login',
      { email: user.email, password: user.password, deviceToken: uniqueDevice() },
      { 'user-agent': userAgent },
    );
    expect(result.status, result.text).toBe(200);
    return { accessToken: result.json.accessToken, refreshToken: result.json.refreshToken };
  }

  async function sessionsOf(token: string): Promise<SessionNode[]> {
    const data = ok(await server.graphql(SESSIONS, undefined, token));
    const connection = data.viewer.sessions;
    expect(connection.totalCount).toBe(connection.edges.length);
    return connection.edges.map((e: { node: SessionNode }) => e.node);
  }

  async function refusedNow(device: Device) {
    const viewer = await server.graphql('query { viewer { id } }', undefined, device.accessToken);
    expect(viewer.status, viewer.text).toBe(401);
    const refreshed = await server.refresh(device.refreshToken);
    expect(refreshed.status, refreshed.text).toBe(401);
    expect(refreshed.json).toMatchObject({ error: { code: 'INVALID_REFRESH_TOKEN' } });
  }

  it('lists the live sessions with their device labels, the network and the current flag, most recently used first', async () => {
    const user = await server.register();
    const mac = await signIn(user, CHROME_MAC);
    const iphone = await signIn(user, SAFARI_IPHONE);
    // The registration's session refreshes last, so it comes first.
    const registered = await server.refresh(user.refreshToken);
    expect(registered.status, registered.text).toBe(200);

    const list = await sessionsOf(iphone.accessToken);
    expect(list).toHaveLength(3);
    expect(
      list
        .slice(1)
        .map((s) => s.deviceLabel)
        .sort(),
    ).toEqual(['Chrome 131 on macOS', 'Safari 17 on iOS']);
    expect(list.filter((s) => s.current).map((s) => s.deviceLabel)).toEqual(['Safari 17 on iOS']);
    for (const s of list) {
      expect(s.network).toBe('127.0.0.x');
      expect(Date.parse(s.created)).not.toBeNaN();
      expect(s.lastUsed >= s.created).toBe(true);
    }
    expect(list.map((s) => s.lastUsed)).toEqual(
      list
        .map((s) => s.lastUsed)
        .sort()
        .reverse(),
    );
    // The same list seen from the Mac marks the Mac's session as current.
    const fromMac = await sessionsOf(mac.accessToken);
    expect(fromMac.filter((s) => s.current).map((s) => s.deviceLabel)).toEqual(['Chrome 131 on macOS']);

    // A session refers to itself through node(id).
    const node = ok(
      await server.graphql('query ($id: ID!) { node(id: $id) { ... on Session { deviceLabel current } } }', { id: fromMac[0]!.id }, mac.accessToken),
    );
    expect(node.node).not.toBeNull();
  });

  it('pages with first/after and answers BAD_USER_INPUT for a page too large', async () => {
    const user = await server.register();
    await signIn(user, CHROME_MAC);
    await signIn(user, FIREFOX_WINDOWS);
    const first = ok(
      await server.graphql(
        'query { viewer { sessions(first: 2) { totalCount edges { node { id } } pageInfo { hasNextPage endCursor } } } }',
        undefined,
        user.accessToken,
      ),
    );
    expect(first.viewer.sessions.totalCount).toBe(3);
    expect(first.viewer.sessions.edges).toHaveLength(2);
    expect(first.viewer.sessions.pageInfo.hasNextPage).toBe(true);
    const rest = ok(
      await server.graphql(
        'query ($a: String) { viewer { sessions(first: 2, after: $a) { edges { node { id } } pageInfo { hasNextPage } } } }',
        { a: first.viewer.sessions.pageInfo.endCursor },
        user.accessToken,
      ),
    );
    expect(rest.viewer.sessions.edges).toHaveLength(1);
    const ids = [...first.viewer.sessions.edges, ...rest.viewer.sessions.edges].map((e: { node: { id: string } }) => e.node.id);
    expect(new Set(ids).size).toBe(3);
    const tooMany = await server.graphql('query { viewer { sessions(first: 51) { totalCount } } }', undefined, user.accessToken);
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it("keeps other users' sessions invisible, to administrators too", async () => {
    const owner = await server.register();
    const other = await server.register();
    const admin = await server.register();
    const db = server.app.database.db;
    await db.updateTable('users').set({ role: 'ADMIN' }).where('email', '=', admin.email).execute();
    const ownerRow = await db.selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow();
    const ownerSession = await db.selectFrom('sessions').select('id').where('userId', '=', ownerRow.id).executeTakeFirstOrThrow();

    for (const token of [other.accessToken, admin.accessToken]) {
      const read = await server.graphql(USER_SESSIONS, { id: globalId('User', ownerRow.id) }, token);
      expectForbidden(read);
      expect(read.data.user.sessions).toBeNull();
      const node = await server.graphql('query ($id: ID!) { node(id: $id) { id } }', { id: globalId('Session', ownerSession.id) }, token);
      expect(ok(node).node).toBeNull();
    }
    // Anonymous visitors get the same refusal.
    expectForbidden(await server.graphql(USER_SESSIONS, { id: globalId('User', ownerRow.id) }));
    // The owner reads their own through user(id:) as through viewer.
    expect(ok(await server.graphql(USER_SESSIONS, { id: globalId('User', ownerRow.id) }, owner.accessToken)).user.sessions.totalCount).toBe(1);
  });

  it("revokeSession signs out one's own session at once and refuses another user's", async () => {
    const user = await server.register();
    const other = await server.register();
    const laptop = await signIn(user, FIREFOX_WINDOWS);
    const list = await sessionsOf(user.accessToken);
    const target = list.find((s) => s.deviceLabel === 'Firefox 133 on Windows')!;

    // Another user (and an administrator, see the access matrix) is refused and changes nothing.
    const attack = await server.graphql(REVOKE, { id: target.id }, other.accessToken);
    expectForbidden(attack);
    expect(attack.data).toBeNull();
    expect(ok(await server.graphql('query { viewer { id } }', undefined, laptop.accessToken)).viewer).not.toBeNull();
    // A malformed id or one of another type is bad input.
    expect((await server.graphql(REVOKE, { id: globalId('User', 'x') }, user.accessToken)).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((await server.graphql(REVOKE, { id: target.id })).status).toBe(401);

    const revoked = ok(await server.graphql(REVOKE, { id: target.id }, user.accessToken));
    expect(revoked.revokeSession).toMatchObject({ revokedSessionId: target.id, current: false, user: { sessions: { totalCount: 1 } } });
    await refusedNow(laptop);
    expect((await sessionsOf(user.accessToken)).map((s) => s.current)).toEqual([true]);
    // Revoking it again is harmless.
    expect(ok(await server.graphql(REVOKE, { id: target.id }, user.accessToken)).revokeSession.revokedSessionId).toBe(target.id);
  });

  it('revokeSession of the current session signs this device out', async () => {
    const user = await server.register();
    const [current] = await sessionsOf(user.accessToken);
    const revoked = ok(
      await server.graphql(`mutation ($id: ID!) { revokeSession(id: $id) { revokedSessionId current } }`, { id: current!.id }, user.accessToken),
    );
    expect(revoked.revokeSession).toEqual({ revokedSessionId: current!.id, current: true });
    await refusedNow(user);
  });

  it('revokeOtherSessions signs out every other session and keeps the current one', async () => {
    const user = await server.register();
    const other = await server.register();
    const devices = [await signIn(user, CHROME_MAC), await signIn(user, SAFARI_IPHONE), await signIn(user, FIREFOX_WINDOWS)];
    const answer = ok(await server.graphql(REVOKE_OTHERS, undefined, devices[0]!.accessToken)).revokeOtherSessions;
    expect(answer.revokedCount).toBe(3);
    expect(answer.user.sessions).toEqual({ totalCount: 1, edges: [{ node: { current: true } }] });
    for (const device of [user, devices[1]!, devices[2]!]) await refusedNow(device);
    // The current device keeps working, refresh included; the other user is untouched.
    const refreshed = await server.refresh(devices[0]!.refreshToken);
    expect(refreshed.status, refreshed.text).toBe(200);
    expect((await sessionsOf(refreshed.json.accessToken)).map((s) => s.deviceLabel)).toEqual(['Chrome 131 on macOS']);
    expect(await sessionsOf(other.accessToken)).toHaveLength(1);
    // Nothing left to sign out.
    expect(ok(await server.graphql(REVOKE_OTHERS, undefined, refreshed.json.accessToken)).revokeOtherSessions.revokedCount).toBe(0);
  });

  it('hides expired sessions and stores no User-Agent beyond its limit', async () => {
    const user = await server.register();
    const db = server.app.database.db;
    const long = `${CHROME_MAC} ${'x'.repeat(2000)}`;
    await signIn(user, long);
    const stale = await signIn(user, SAFARI_IPHONE);
    const longest = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.max(eb.fn('length', ['userAgent'])).as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(longest.n)).toBeLessThanOrEqual(512);
    // The iPhone's last refresh token expired: its session no longer counts as live.
    const expired = new Date(Date.now() - (server.config.refreshTokenTtl + 60) * 1000).toISOString();
    const staleSessions = await sessionsOf(stale.accessToken);
    const staleId = staleSessions.find((s) => s.current)!.id;
    const localId = Buffer.from(staleId, 'base64url').toString('utf8').split(':')[1]!;
    await db.updateTable('sessions').set({ lastUsed: expired, created: expired }).where('id', '=', localId).execute();
    const labels = (await sessionsOf(user.accessToken)).map((s) => s.deviceLabel);
    expect(labels).toHaveLength(2);
    expect(labels).toContain('Chrome 131 on macOS');
    expect(labels).not.toContain('Safari 17 on iOS');
  });
});
