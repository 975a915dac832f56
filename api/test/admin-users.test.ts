/**
 * The back-office's users (ADMIN-USERS) on SQLite and PostgreSQL: `users` searches e-mail, name
 * and username case-insensitively (LIKE wildcards taken literally), filters by role and pages
 * newest first; `activeSessionCount` counts live sessions; `endUserSessions` signs a user out
 * everywhere (their refresh token fails, their access token is refused); an administrator still
 * cannot remove their own admin role.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Member, expectCode, member } from './admin-helpers.js';
import { describeEachDb, ok, startServer, type TestServer, uniqueDevice, waitFor } from './harness.js';

const USERS = `query ($first: Int, $after: String, $search: String, $role: UserRoles) {
  users(first: $first, after: $after, search: $search, role: $role) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id email role } }
  }
}`;
const COUNT = 'query ($id: ID!) { user(id: $id) { activeSessionCount } }';
const END = 'mutation ($id: ID!) { endUserSessions(id: $id) { endedCount user { id activeSessionCount } } }';

describeEachDb('users admin on %s', (kind) => {
  let server: TestServer;
  let admin: Member;
  /** A tag unique to this run, so searches see only this suite's users. */
  const tag = randomBytes(3).toString('hex');
  let zoe: Member;
  let yann: Member;
  let xena: Member;

  beforeAll(async () => {
    server = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' });
    admin = await member(server, 'Ada Admin', 'ADMIN');
    // One after the other, so that "newest first" is xena, yann, zoe.
    zoe = await member(server, `Zoe Quill${tag}`, 'USER', { email: `zoe.${tag}@example.test` });
    yann = await member(server, 'Yann Other', 'USER', { email: `yann-${tag}@Example.test`.toLowerCase(), username: `yann_${tag}` });
    xena = await member(server, 'Xena Boss', 'ADMIN', { email: `xena.${tag}@example.test` });
  });
  afterAll(() => server?.close());

  const list = async (variables: Record<string, unknown>) => ok(await server.graphql(USERS, variables, admin.accessToken)).users;
  const emails = (connection: any) => connection.edges.map((e: any) => e.node.email);

  it('searches the e-mail address, the full name and the username, case-insensitively', async () => {
    expect(emails(await list({ search: tag }))).toEqual([xena.email, yann.email, zoe.email]);
    expect(emails(await list({ search: `QUILL${tag.toUpperCase()}` }))).toEqual([zoe.email]); // full name
    expect(emails(await list({ search: `YANN_${tag}` }))).toEqual([yann.email]); // username
    expect(emails(await list({ search: `xena.${tag}@EXAMPLE` }))).toEqual([xena.email]); // e-mail
    // LIKE wildcards are text: "_" matches only an underscore.
    expect(emails(await list({ search: `y_nn_${tag}` }))).toEqual([]);
    expect((await list({ search: `%${tag}` })).totalCount).toBe(0);
  });

  it('filters by role and pages newest first', async () => {
    expect(emails(await list({ search: tag, role: 'ADMIN' }))).toEqual([xena.email]);
    expect(emails(await list({ search: tag, role: 'USER' }))).toEqual([yann.email, zoe.email]);
    const first = await list({ search: tag, first: 2 });
    expect(first.totalCount).toBe(3);
    expect(emails(first)).toEqual([xena.email, yann.email]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await list({ search: tag, first: 2, after: first.pageInfo.endCursor });
    expect(emails(second)).toEqual([zoe.email]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const all = await list({ first: 50 });
    expect(all.totalCount).toBe(4);
    expect(all.edges[0].node.email).toBe(xena.email);
  });

  it('refuses a search of more than 200 characters and a first over 50', async () => {
    expectCode(await server.graphql(USERS, { search: 'x'.repeat(201) }, admin.accessToken), 'BAD_USER_INPUT', 'search');
    expectCode(await server.graphql(USERS, { first: 51 }, admin.accessToken), 'BAD_USER_INPUT', 'first');
  });

  it('activeSessionCount counts live sessions, for the user and administrators', async () => {
    const user = await member(server, 'Sam Sessions');
    expect(ok(await server.graphql(COUNT, { id: user.id }, user.accessToken)).user.activeSessionCount).toBe(1);
    const second = await server.login(user.email, user.password, uniqueDevice());
    expect(second.status, second.text).toBe(200);
    expect(ok(await server.graphql(COUNT, { id: user.id }, admin.accessToken)).user.activeSessionCount).toBe(2);
    // A revoked session and an expired one do not count.
    await server.app.database.db.updateTable('sessions').set({ lastUsed: '2000-01-01T00:00:00.000Z' }).where('deviceToken', '=', user.deviceToken).execute();
    expect(ok(await server.graphql(COUNT, { id: user.id }, admin.accessToken)).user.activeSessionCount).toBe(1);
  });

  it('endUserSessions signs the user out everywhere: refresh fails, the access token is refused', async () => {
    const user = await member(server, 'Tom Target');
    const other = await server.login(user.email, user.password, uniqueDevice());
    expect(ok(await server.graphql('{ viewer { id } }', undefined, user.accessToken)).viewer.id).toBe(user.id);
    const ended = ok(await server.graphql(END, { id: user.id }, admin.accessToken)).endUserSessions;
    expect(ended).toEqual({ endedCount: 2, user: { id: user.id, activeSessionCount: 0 } });
    for (const refreshToken of [user.refreshToken, other.json.refreshToken]) expect((await server.refresh(refreshToken)).status).toBe(401);
    const refused = await server.graphql('{ viewer { id } }', undefined, user.accessToken);
    expect(refused.status, refused.text).toBe(401);
    const reasons = await server.app.database.db.selectFrom('sessions').select('revokedReason').where('userId', '=', user.localId).execute();
    expect(reasons.map((r) => r.revokedReason)).toEqual(['admin', 'admin']);
    // The user signs in again as usual; ending again with no live session ends none.
    expect((await server.login(user.email, user.password, uniqueDevice())).status).toBe(200);
    expect(ok(await server.graphql(END, { id: user.id }, admin.accessToken)).endUserSessions.endedCount).toBe(1);
    expect(ok(await server.graphql(END, { id: user.id }, admin.accessToken)).endUserSessions.endedCount).toBe(0);
    // The administrator's own session is untouched.
    expect(ok(await server.graphql('{ viewer { id } }', undefined, admin.accessToken)).viewer.id).toBe(admin.id);
  });

  it('endUserSessions ends the user’s open live subscription (their tabs learn it) with UNAUTHENTICATED', async () => {
    const user = await member(server, 'Lia Live');
    const client = createClient({
      url: server.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${user.accessToken}` },
      retryAttempts: 0,
      lazy: true,
    });
    try {
      const before = server.app.pubsub.activeSubscriptions(user.localId);
      const events: unknown[] = [];
      const ended = new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: 'subscription { viewerUpdated { id } }' },
          { next: (value) => events.push(value), error: resolve, complete: () => resolve('complete') },
        );
      });
      await waitFor('the subscription to be listening', () => server.app.pubsub.activeSubscriptions(user.localId) > before);
      ok(await server.graphql(END, { id: user.id }, admin.accessToken));
      const end = (await ended) as Array<{ extensions?: Record<string, unknown> }>;
      expect(end?.[0]?.extensions?.['code'], JSON.stringify(end)).toBe('UNAUTHENTICATED');
      expect(events).toEqual([]);
    } finally {
      await client.dispose();
    }
  });

  it('an administrator still cannot remove their own admin role; another administrator can', async () => {
    const demote = 'mutation ($id: ID!) { updateUser(id: $id, role: USER) { role } }';
    expectCode(await server.graphql(demote, { id: xena.id }, xena.accessToken), 'OWN_ADMIN_ROLE', 'role');
    expect(ok(await server.graphql('query ($id: ID!) { user(id: $id) { role } }', { id: xena.id }, admin.accessToken)).user.role).toBe('ADMIN');
    const promote = await member(server, 'Pat Promoted', 'ADMIN');
    expect(ok(await server.graphql(demote, { id: promote.id }, admin.accessToken)).updateUser.role).toBe('USER');
  });
});
