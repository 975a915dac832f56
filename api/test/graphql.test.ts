/**
 * GraphQL (ACC-POLICY, API-ERRORS, GRAPHQL-LIMITS) over real HTTP and graphql-ws on SQLite and
 * PostgreSQL: viewer and users, the authorisation policy of every operation that takes an id,
 * input validation, updatePassword / deleteUser, depth and alias limits,
 * persisted-only mode and WebSocket authentication.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toGlobalId } from 'graphql-relay';
import { type SubscribePayload, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { repoRoot } from '../src/platform/settings.js';
import { describeEachDb, type GraphQLResult, PRIVATE_USER_FIELDS, type Registered, startServer, type TestServer, uniqueDevice } from './harness.js';

const FORBIDDEN = 'Forbidden resource';
const USER_FIELDS = 'id username fullName bio email phone telegram role isVerified type';
const VIEWER = `{ viewer { ${USER_FIELDS} } }`;
const UPDATE_USER = `
  mutation UpdateUser(
    $id: ID!, $email: String, $username: String, $fullName: String, $bio: String, $phone: String,
    $telegram: String, $isVerified: Boolean, $role: UserRoles, $type: UserTypes,
    $withdrawalMethod: WithdrawalMethods, $imageId: ID, $checkPassword: String
  ) {
    updateUser(
      id: $id, email: $email, username: $username, fullName: $fullName, bio: $bio, phone: $phone,
      telegram: $telegram, isVerified: $isVerified, role: $role, type: $type,
      withdrawalMethod: $withdrawalMethod, imageId: $imageId, checkPassword: $checkPassword
    ) { ${USER_FIELDS} withdrawalMethod }
  }`;

interface Member extends Registered {
  id: string;
  username: string;
}

type WsOutcome = { result?: { data?: any; errors?: any[] }; error?: any };

/** Runs one operation over graphql-ws and answers its last result, or the error the client got. */
/**
 * The tests also send payloads graphql-ws's type forbids (a persisted id without `query`), so the
 * protocol type is asserted here, once, on purpose.
 */
function asSubscribePayload(payload: Record<string, unknown>): SubscribePayload {
  return payload as unknown as SubscribePayload;
}

async function wsExecute(url: string, payload: Record<string, unknown>, token?: string): Promise<WsOutcome> {
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: token ? { Authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
  try {
    return await new Promise<WsOutcome>((resolve) => {
      let result: WsOutcome['result'];
      client.subscribe(asSubscribePayload(payload), {
        next: (value) => {
          result = value as WsOutcome['result'];
        },
        error: (error) => resolve({ error }),
        complete: () => resolve({ result }),
      });
    });
  } finally {
    await client.dispose();
  }
}

/** One graphql-ws connection kept open across several operations. */
function wsSession(url: string, token?: string) {
  let connections = 0;
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: token ? { Authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
    lazyCloseTimeout: 30_000,
    on: { connected: () => void (connections += 1) },
  });
  return {
    connections: () => connections,
    run(payload: Record<string, unknown>): Promise<WsOutcome> {
      return new Promise<WsOutcome>((resolve) => {
        let result: WsOutcome['result'];
        client.subscribe(asSubscribePayload(payload), {
          next: (value) => {
            result = value as WsOutcome['result'];
          },
          error: (error) => resolve({ error }),
          complete: () => resolve({ result }),
        });
      });
    },
    dispose: () => client.dispose(),
  };
}

/** A readable form of a graphql-ws outcome: the close code and reason, or the JSON of the errors/result. */
function describeOutcome(outcome: WsOutcome): string {
  const error = outcome.error;
  if (error && typeof error.code === 'number') return `socket closed ${error.code} ${error.reason ?? ''}`;
  return JSON.stringify(error ?? outcome.result);
}

/** Asserts one error with `message` (and `code`) and no usable data. */
function expectError(result: GraphQLResult, message: string | RegExp, code?: string) {
  expect(result.errors, result.text).toBeDefined();
  const error = result.errors![0]!;
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  if (code) expect(error.extensions?.['code']).toBe(code);
  expect(result.data ?? null).toBeNull();
}

describeEachDb('GraphQL on %s', (kind) => {
  let server: TestServer;
  let alice: Member;
  let bob: Member;

  async function member(name: string): Promise<Member> {
    const registered = await server.register({ name });
    const viewer = await server.graphql('{ viewer { id username } }', undefined, registered.accessToken);
    expect(viewer.errors).toBeUndefined();
    return { ...registered, ...viewer.data.viewer };
  }

  async function viewerOf(token: string) {
    const result = await server.graphql(VIEWER, undefined, token);
    expect(result.status, result.text).toBe(200);
    expect(result.errors).toBeUndefined();
    return result.data.viewer as Record<string, any>;
  }

  const updateUser = (token: string, variables: Record<string, unknown>) => server.graphql(UPDATE_USER, variables, token);

  beforeAll(async () => {
    server = await startServer(kind);
    [alice, bob] = await Promise.all([member('Alice Anders'), member('Bob Brown')]);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('viewer, user and node', () => {
    it('viewer without a token is null with HTTP 200; with a garbage token HTTP 401', async () => {
      const anonymous = await server.graphql('{ viewer { id } }');
      expect(anonymous.status).toBe(200);
      expect(anonymous.json).toEqual({ data: { viewer: null } });

      const garbage = await server.graphql('{ viewer { id } }', undefined, 'garbage.token.here');
      expect(garbage.status).toBe(401);
      expect(garbage.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
      expect(garbage.data ?? null).toBeNull();
    });

    it('viewer answers the signed-in user', async () => {
      const viewer = await viewerOf(alice.accessToken);
      expect(viewer).toMatchObject({ id: alice.id, username: alice.username, email: alice.email, fullName: 'Alice Anders' });
    });

    it('another user’s private fields are null with `Forbidden resource`; public fields are readable', async () => {
      for (const token of [alice.accessToken, undefined]) {
        const result = await server.graphql('query ($u: String!) { user(username: $u) { id username fullName email } }', { u: bob.username }, token);
        expect(result.status).toBe(200);
        expect(result.data.user).toEqual({ id: bob.id, username: bob.username, fullName: 'Bob Brown', email: null });
        expect(result.errors).toHaveLength(1);
        expect(result.errors![0]).toMatchObject({ message: FORBIDDEN, path: ['user', 'email'], extensions: { code: 'FORBIDDEN' } });
      }
    });

    it('every private field of another user is refused, by user(id:) and node(id:)', async () => {
      const selection = PRIVATE_USER_FIELDS.join(' ');
      for (const query of [
        `query ($id: ID!) { u: user(id: $id) { id ${selection} } }`,
        `query ($id: ID!) { u: node(id: $id) { id ... on User { ${selection} } } }`,
      ]) {
        const result = await server.graphql(query, { id: bob.id }, alice.accessToken);
        expect(result.data.u.id).toBe(bob.id);
        const leaked = Object.entries(result.data.u).filter(([key, value]) => key !== 'id' && value !== null);
        expect(leaked).toEqual([]);
        expect(result.errors).toHaveLength(PRIVATE_USER_FIELDS.length);
        for (const error of result.errors!) expect(error).toMatchObject({ message: FORBIDDEN, extensions: { code: 'FORBIDDEN' } });
      }
      // The owner reads them all.
      const own = await server.graphql(`query ($id: ID!) { user(id: $id) { ${selection} } }`, { id: bob.id }, bob.accessToken);
      expect(own.errors).toBeUndefined();
      expect(own.data.user).toMatchObject({ email: bob.email, passwordIsSet: true, role: 'USER', balance: 0, balanceCurrency: 'USD' });
      expect(own.data.user.defaultReferralCode.id).toEqual(expect.any(String));
    });

    it('node(id:) round-trips the viewer id to a User; other users’ referral codes are not visible', async () => {
      const result = await server.graphql(
        'query ($id: ID!) { node(id: $id) { __typename id ... on User { username fullName } } }',
        { id: alice.id },
        alice.accessToken,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.node).toEqual({ __typename: 'User', id: alice.id, username: alice.username, fullName: 'Alice Anders' });

      const code = await server.graphql('{ viewer { defaultReferralCode { id code isActive type } } }', undefined, bob.accessToken);
      const codeId = code.data.viewer.defaultReferralCode.id;
      expect(code.data.viewer.defaultReferralCode).toMatchObject({ isActive: true, type: 'DEFAULT' });
      const own = await server.graphql('query ($id: ID!) { node(id: $id) { id ... on ReferralCode { code } } }', { id: codeId }, bob.accessToken);
      expect(own.data.node).toEqual({ id: codeId, code: code.data.viewer.defaultReferralCode.code });
      const foreign = await server.graphql('query ($id: ID!) { node(id: $id) { id ... on ReferralCode { code } } }', { id: codeId }, alice.accessToken);
      expect(foreign.data.node).toBeNull();

      const garbage = await server.graphql('{ node(id: "not-a-global-id") { id } }');
      expect(garbage.json).toEqual({ data: { node: null } });
    });
  });

  describe('products', () => {
    const PAGE = `query ($first: Int, $after: String) {
      products(first: $first, after: $after) { totalCount edges { cursor node { id slug name(locale: ES) } } pageInfo { hasNextPage endCursor } }
    }`;
    const cursor = (offset: string) => Buffer.from(`arrayconnection:${offset}`).toString('base64');
    /** Adding a product is one file in content/products: the catalogue's size comes from there. */
    const productCount = readdirSync(join(repoRoot, 'content', 'products')).filter((name) => name.endsWith('.json')).length;

    it('pages through the seeded catalogue with cursors', async () => {
      const first = await server.graphql(PAGE, { first: 10 });
      expect(first.errors).toBeUndefined();
      const { totalCount, edges, pageInfo } = first.data.products;
      expect(productCount).toBeGreaterThan(10);
      expect(totalCount).toBe(productCount);
      expect(edges).toHaveLength(10);
      expect(pageInfo.hasNextPage).toBe(true);
      const rest = await server.graphql(PAGE, { first: 10, after: pageInfo.endCursor });
      expect(rest.data.products.edges).toHaveLength(productCount - 10);
      expect(rest.data.products.pageInfo.hasNextPage).toBe(false);
      const slugs = [...edges, ...rest.data.products.edges].map((e: any) => e.node.slug);
      expect(new Set(slugs).size).toBe(productCount);
      expect(slugs).toContain('voice-match');
    });

    it('refuses bad page sizes and cursors with BAD_USER_INPUT, never an internal error', async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ first: 51 }, /^first: /],
        [{ first: -1 }, /^first: /],
        [{ first: 2, after: 'garbage' }, /^after: /],
        [{ first: 2, after: cursor('-5') }, /^after: /],
        [{ first: 2, after: cursor('99999999999999999999') }, /^after: /],
      ];
      for (const [variables, message] of cases) {
        const result = await server.graphql(PAGE, variables);
        expect(result.errors?.[0]?.extensions?.['code'], `${JSON.stringify(variables)}: ${result.text}`).toBe('BAD_USER_INPUT');
        expect(result.errors![0]!.message).toMatch(message);
      }
    });
  });

  describe('updateUser', () => {
    it('changes the user’s own fullName, bio, username, phone and telegram and returns them', async () => {
      const result = await updateUser(alice.accessToken, {
        id: alice.id,
        fullName: '  Alice Updated ',
        bio: 'Painter and plumber.',
        username: 'Alice.New',
        phone: '+14155550123',
        telegram: '@alice_tg',
        withdrawalMethod: 'BANK_TRANSFER',
      });
      expect(result.errors, result.text).toBeUndefined();
      expect(result.data.updateUser).toMatchObject({
        id: alice.id,
        fullName: 'Alice Updated',
        bio: 'Painter and plumber.',
        username: 'alice.new',
        phone: '+14155550123',
        telegram: 'alice_tg',
        withdrawalMethod: 'BANK_TRANSFER',
      });
      expect(await viewerOf(alice.accessToken)).toMatchObject({ fullName: 'Alice Updated', username: 'alice.new', bio: 'Painter and plumber.' });
      alice.username = 'alice.new';

      // An empty bio clears it.
      const cleared = await updateUser(alice.accessToken, { id: alice.id, bio: '' });
      expect(cleared.data.updateUser.bio).toBeNull();
    });

    it('stores a typed phone number in E.164: international, national of the hinted country or of the account’s language (ACC-FIELDS)', async () => {
      const SET_PHONE =
        'mutation SetPhone($id: ID!, $phone: String, $phoneCountry: String) { updateUser(id: $id, phone: $phone, phoneCountry: $phoneCountry) { phone } }';
      const setPhone = (phone: string, phoneCountry?: string) =>
        server.graphql(SET_PHONE, { id: alice.id, phone, ...(phoneCountry ? { phoneCountry } : {}) }, alice.accessToken);
      for (const [typed, hint, stored] of [
        ['+351 912 345 678', undefined, '+351912345678'],
        ['8 (912) 345-67-89', 'RU', '+79123456789'],
        ['8 (912) 345-67-89', 'ru', '+79123456789'],
        ['612 34 56 78', 'ES', '+34612345678'],
        // Alice's account is English: a national number is read as a US one.
        ['(201) 555-0123', undefined, '+12015550123'],
      ] as const) {
        const result = await setPhone(typed, hint);
        expect(result.errors, result.text).toBeUndefined();
        expect(result.data.updateUser.phone, typed).toBe(stored);
        expect((await viewerOf(alice.accessToken)).phone, typed).toBe(stored);
      }
      // A national Russian number without the hint is no US number; a bad hint is named; nothing changes.
      expectError(await setPhone('8 (912) 345-67-89'), /^phone: /, 'BAD_USER_INPUT');
      expectError(await setPhone('hello', 'RU'), /^phone: /, 'BAD_USER_INPUT');
      const badHint = await setPhone('+351 912 345 678', 'Portugal');
      expectError(badHint, /^phoneCountry: /, 'BAD_USER_INPUT');
      expect(badHint.errors![0]!.extensions?.['field']).toBe('phoneCountry');
      expect((await viewerOf(alice.accessToken)).phone).toBe('+12015550123');
      expect((await setPhone('')).data.updateUser.phone).toBeNull();
    });

    it('refuses another user’s record with `Forbidden resource` and changes nothing', async () => {
      const before = await viewerOf(bob.accessToken);
      const attempts: Record<string, unknown>[] = [
        { fullName: 'Hacked' },
        { username: 'hacked-name' },
        { bio: 'pwned' },
        { email: 'hacked@example.test', checkPassword: alice.password },
        { role: 'ADMIN' },
      ];
      for (const attempt of attempts) {
        const result = await updateUser(alice.accessToken, { id: bob.id, ...attempt });
        expectError(result, FORBIDDEN, 'FORBIDDEN');
      }
      // A user id that does not exist answers the same (no probing).
      expectError(await updateUser(alice.accessToken, { id: toGlobalId('User', randomUUID()), fullName: 'x' }), FORBIDDEN, 'FORBIDDEN');
      expect(await viewerOf(bob.accessToken)).toEqual(before);
    });

    it('refuses role, isVerified and type on the own record — alone or mixed — and changes nothing', async () => {
      const before = await viewerOf(alice.accessToken);
      const attempts: Record<string, unknown>[] = [
        { role: 'ADMIN' },
        { role: 'USER' },
        { isVerified: true },
        { isVerified: false },
        { type: 'PARTNER' },
        { fullName: 'Mixed Request', role: 'ADMIN' },
        { bio: 'mixed', isVerified: true },
        { username: 'mixed-name', type: 'PARTNER' },
      ];
      for (const attempt of attempts) {
        const result = await updateUser(alice.accessToken, { id: alice.id, ...attempt });
        expectError(result, FORBIDDEN, 'FORBIDDEN');
      }
      const after = await viewerOf(alice.accessToken);
      expect(after).toEqual(before);
      expect(after).toMatchObject({ role: 'USER', isVerified: false, type: 'CLIENT' });
    });

    it('refuses invalid input with BAD_USER_INPUT and a clear message, changing nothing', async () => {
      const before = await viewerOf(alice.accessToken);
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ username: 'a b' }, /^username: /],
        [{ username: 'ab' }, /^username: .*3–32/],
        [{ username: '-leading' }, /^username: /],
        [{ username: 'x'.repeat(40) }, /^username: /],
        [{ bio: 'b'.repeat(1001) }, /^bio: .*1000/],
        [{ fullName: '   ' }, /^fullName: /],
        [{ fullName: 'f'.repeat(101) }, /^fullName: .*100/],
        [{ phone: '12345' }, /^phone: /],
        [{ telegram: 'no' }, /^telegram: /],
        [{ email: 'not-an-email', checkPassword: alice.password }, /^email: /],
        // Valid fields next to an invalid one are not applied either.
        [{ fullName: 'Should Not Stick', bio: 'nor this', username: 'bad name!' }, /^username: /],
      ];
      for (const [variables, message] of cases) {
        const result = await updateUser(alice.accessToken, { id: alice.id, ...variables });
        expect(result.status, JSON.stringify(variables)).toBe(200);
        expectError(result, message, 'BAD_USER_INPUT');
      }
      expectError(await updateUser(alice.accessToken, { id: 'garbage' }), /^id: /, 'BAD_USER_INPUT');
      expect(await viewerOf(alice.accessToken)).toEqual(before);
    });

    it('refuses a taken username with USERNAME_TAKEN', async () => {
      const before = await viewerOf(alice.accessToken);
      for (const username of [bob.username, bob.username.toUpperCase()]) {
        expectError(await updateUser(alice.accessToken, { id: alice.id, username, fullName: 'Not Applied' }), /username/, 'USERNAME_TAKEN');
      }
      expect(await viewerOf(alice.accessToken)).toEqual(before);
    });

    it('starts an e-mail change only with the right checkPassword (without it: account-security.test.ts); a taken e-mail is EMAIL_TAKEN; the address waits for its code', async () => {
      const newEmail = `alice-${randomUUID().slice(0, 8)}@example.test`;
      expectError(
        await updateUser(alice.accessToken, { id: alice.id, email: newEmail, checkPassword: 'wrong password' }),
        /^checkPassword: /,
        'WRONG_PASSWORD',
      );
      expectError(await updateUser(alice.accessToken, { id: alice.id, email: bob.email.toUpperCase(), checkPassword: alice.password }), /email/, 'EMAIL_TAKEN');
      expect((await viewerOf(alice.accessToken)).email).toBe(alice.email);

      // Right password: the new address is pending (accounts.test.ts completes it with the mailed code).
      const started = await updateUser(alice.accessToken, { id: alice.id, email: newEmail.toUpperCase(), checkPassword: alice.password });
      expect(started.errors, started.text).toBeUndefined();
      expect(started.data.updateUser.email).toBe(alice.email);
      const pending = await server.graphql('{ viewer { email pendingEmail } }', undefined, alice.accessToken);
      expect(pending.data.viewer).toEqual({ email: alice.email, pendingEmail: newEmail });
      expect((await server.login(alice.email, alice.password, uniqueDevice())).status).toBe(200);
      expect((await server.login(newEmail, alice.password, uniqueDevice())).status).toBe(401);
    });

    it('without a token answers HTTP 401', async () => {
      const result = await server.graphql(UPDATE_USER, { id: alice.id, fullName: 'Anonymous' });
      expect(result.status).toBe(401);
      expect(result.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    });
  });

  describe('updatePassword', () => {
    const MUTATION = `mutation ($newPassword: String!, $oldPassword: String, $userId: ID) {
      updatePassword(newPassword: $newPassword, oldPassword: $oldPassword, userId: $userId) { id user { id passwordIsSet } }
    }`;
    let carol: Member;
    let carolB: { accessToken: string; refreshToken: string };

    beforeAll(async () => {
      carol = await member('Carol Cole');
      const login = await server.login(carol.email, carol.password, uniqueDevice('carol-B'));
      expect(login.status).toBe(200);
      carolB = login.json;
    });

    it('refuses a wrong or missing oldPassword (WRONG_PASSWORD) and a too-short or common newPassword (BAD_USER_INPUT)', async () => {
      expectError(
        await server.graphql(MUTATION, { newPassword: 'a brand new password', oldPassword: 'wrong password' }, carol.accessToken),
        /^oldPassword: /,
        'WRONG_PASSWORD',
      );
      expectError(await server.graphql(MUTATION, { newPassword: 'a brand new password' }, carol.accessToken), /^oldPassword: /, 'WRONG_PASSWORD');
      expectError(await server.graphql(MUTATION, { newPassword: 'short', oldPassword: carol.password }, carol.accessToken), /^newPassword: /, 'BAD_USER_INPUT');
      expectError(
        await server.graphql(MUTATION, { newPassword: 'Password123', oldPassword: carol.password }, carol.accessToken),
        /^newPassword: .*common/,
        'BAD_USER_INPUT',
      );
      // The current password again is no change (ACC-PASSWORD): a coded error on newPassword.
      const unchanged = await server.graphql(MUTATION, { newPassword: carol.password, oldPassword: carol.password }, carol.accessToken);
      expectError(unchanged, /^newPassword: .*same as the current/, 'PASSWORD_UNCHANGED');
      expect(unchanged.errors![0]!.extensions?.['field']).toBe('newPassword');
      // A wrong old password stays WRONG_PASSWORD even when both are the same.
      expectError(
        await server.graphql(MUTATION, { newPassword: 'wrong but long password', oldPassword: 'wrong but long password' }, carol.accessToken),
        /^oldPassword: /,
        'WRONG_PASSWORD',
      );
      // Nothing changed: the other device still works.
      expect((await viewerOf(carolB.accessToken)).id).toBe(carol.id);
    });

    it('refuses another user’s password with `Forbidden resource`', async () => {
      const result = await server.graphql(MUTATION, { newPassword: 'taken over password', userId: bob.id }, alice.accessToken);
      expectError(result, FORBIDDEN, 'FORBIDDEN');
      expect((await viewerOf(bob.accessToken)).id).toBe(bob.id);
    });

    it('with the right oldPassword changes it, revokes the other device’s session and keeps this one', async () => {
      const newPassword = 'a brand new password';
      const result = await server.graphql(MUTATION, { newPassword, oldPassword: carol.password }, carol.accessToken);
      expect(result.errors, result.text).toBeUndefined();
      expect(result.data.updatePassword).toEqual({ id: carol.id, user: { id: carol.id, passwordIsSet: true } });

      // Other device: access and refresh refused.
      expect((await server.graphql('{ viewer { id } }', undefined, carolB.accessToken)).status).toBe(401);
      expect((await server.refresh(carolB.refreshToken)).status).toBe(401);
      // This device: still signed in and can rotate.
      expect((await viewerOf(carol.accessToken)).id).toBe(carol.id);
      const rotated = await server.refresh(carol.refreshToken);
      expect(rotated.status).toBe(200);
      carol.accessToken = rotated.json.accessToken;

      expect((await server.login(carol.email, carol.password, uniqueDevice())).status).toBe(401);
      expect((await server.login(carol.email, newPassword, uniqueDevice())).status).toBe(200);
    });
  });

  describe('deleteUser and deleteAccount', () => {
    const DELETE = 'mutation ($id: ID!, $confirmation: String) { deleteUser(id: $id, confirmation: $confirmation) { id } }';

    it('refuses another user (or an unknown id) with `Forbidden resource`', async () => {
      expectError(await server.graphql(DELETE, { id: bob.id }, alice.accessToken), FORBIDDEN, 'FORBIDDEN');
      expectError(await server.graphql(DELETE, { id: toGlobalId('User', randomUUID()) }, alice.accessToken), FORBIDDEN, 'FORBIDDEN');
      expectError(await server.graphql(DELETE, { id: 'garbage' }, alice.accessToken), /^id: /, 'BAD_USER_INPUT');
      expect((await viewerOf(bob.accessToken)).id).toBe(bob.id);
    });

    it('deletes the own user only with the password as confirmation; afterwards its tokens and password are refused', async () => {
      const dave = await member('Dave Dunn');
      expectError(await server.graphql(DELETE, { id: dave.id }, dave.accessToken), /^confirmation: /, 'WRONG_PASSWORD');
      expectError(await server.graphql(DELETE, { id: dave.id, confirmation: 'not the password' }, dave.accessToken), /^confirmation: /, 'WRONG_PASSWORD');
      expect((await viewerOf(dave.accessToken)).id).toBe(dave.id);
      const result = await server.graphql(DELETE, { id: dave.id, confirmation: dave.password }, dave.accessToken);
      expect(result.errors, result.text).toBeUndefined();
      expect(result.data.deleteUser).toEqual({ id: dave.id });

      expect((await server.graphql('{ viewer { id } }', undefined, dave.accessToken)).status).toBe(401);
      expect((await server.refresh(dave.refreshToken)).status).toBe(401);
      expect((await server.login(dave.email, dave.password, uniqueDevice())).status).toBe(401);
      const lookup = await server.graphql('query ($u: String!) { user(username: $u) { id } }', { u: dave.username });
      expect(lookup.json).toEqual({ data: { user: null } });
    });

    it('deleteAccount refuses an unknown or malformed account id', async () => {
      const MUTATION = 'mutation ($a: String!) { deleteAccount(accountId: $a) { id } }';
      expectError(await server.graphql(MUTATION, { a: toGlobalId('ServiceAccount', randomUUID()) }, alice.accessToken), FORBIDDEN, 'FORBIDDEN');
      expectError(await server.graphql(MUTATION, { a: bob.id }, alice.accessToken), /^accountId: /, 'BAD_USER_INPUT');
    });
  });

  describe('limits', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startServer(kind, { GRAPHQL_MAX_DEPTH: '3' });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('accepts a query at GRAPHQL_MAX_DEPTH and refuses a deeper one', async () => {
      const shallow = await limited.graphql('{ viewer { defaultReferralCode { code } accounts { id } image { id } } }');
      expect(shallow.json).toEqual({ data: { viewer: null } });
      // Fragments add no level: depth counts the nesting of data, however a client composes it.
      for (const composed of [
        '{ node(id: "x") { ... on User { image { id } } } }',
        'query { ...Q } fragment Q on Query { viewer { ...U } } fragment U on User { image { id } }',
      ]) {
        const result = await limited.graphql(composed);
        expect(result.errors, composed).toBeUndefined();
      }
      for (const deep of [
        '{ node(id: "x") { ... on User { orders { edges { node { id } } } } } }',
        '{ products { edges { node { slug } } } }',
        'query { ...Q } fragment Q on Query { products { ...P } } fragment P on ProductConnection { edges { node { slug } } }',
      ]) {
        const result = await limited.graphql(deep);
        expect(result.errors?.[0]?.message, deep).toMatch(/depth limit of 3/);
        expect(result.data, deep).toBeUndefined();
      }
    });

    it('refuses a deep query over graphql-ws too', async () => {
      const outcome = await wsExecute(limited.wsUrl, { query: '{ products { edges { node { slug } } } }' });
      expect(outcome.result?.data).toBeUndefined();
      // Refused as an operation error, like over HTTP — not by closing the connection (4500).
      expect(Array.isArray(outcome.error), describeOutcome(outcome)).toBe(true);
      expect(outcome.error[0].message).toMatch(/depth limit of 3/);
    });

    it('accepts GRAPHQL_MAX_ALIASES aliases and refuses more', async () => {
      const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`;
      const max = server.config.graphql.maxAliases;
      const ok = await server.graphql(aliases(max), undefined, alice.accessToken);
      expect(ok.errors).toBeUndefined();
      expect(Object.values(ok.data)).toEqual(Array.from({ length: max }, () => ({ id: alice.id })));
      for (const n of [max + 1, 2 * max]) {
        const result = await server.graphql(aliases(n), undefined, alice.accessToken);
        expect(result.errors?.[0]?.message).toMatch(/Aliases limit/);
        expect(result.data).toBeUndefined();
      }
    });
  });

  describe('persisted-only mode', () => {
    const TEXT = 'query ViewerId { viewer { id } }';
    const HASH = createHash('sha256').update(TEXT).digest('hex');
    let dir: string;
    let persisted: TestServer;
    let paula: Registered;
    let paulaId: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'studio-persisted-'));
      const file = join(dir, 'persisted-queries.json');
      writeFileSync(file, JSON.stringify({ [HASH]: TEXT }));
      persisted = await startServer(kind, { GRAPHQL_PERSISTED_ONLY: 'true', PERSISTED_QUERIES_FILE: file });
      paula = await persisted.register();
      paulaId = (await persisted.graphqlBody({ extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } }, paula.accessToken)).data.viewer.id;
    });
    afterAll(async () => {
      await persisted?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('refuses a plain query with PersistedQueryOnly', async () => {
      const result = await persisted.graphql(TEXT, undefined, paula.accessToken);
      expectError(result, 'PersistedQueryOnly');
      // Also when a persisted id rides along with an arbitrary query.
      const smuggled = await persisted.graphqlBody(
        { query: '{ viewer { email } }', extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } },
        paula.accessToken,
      );
      expectError(smuggled, 'PersistedQueryOnly');
    });

    it('runs a persisted operation by APQ hash, documentId and GET', async () => {
      const apq = await persisted.graphqlBody({ extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } }, paula.accessToken);
      expect(apq.status).toBe(200);
      expect(apq.json).toEqual({ data: { viewer: { id: paulaId } } });
      expect(paulaId).toEqual(expect.any(String));

      const byDocumentId = await persisted.graphqlBody({ documentId: HASH }, paula.accessToken);
      expect(byDocumentId.json).toEqual({ data: { viewer: { id: paulaId } } });

      const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: HASH } }));
      const get = await persisted.get(`/api/graphql?extensions=${extensions}`, { accept: 'application/json', authorization: `Bearer ${paula.accessToken}` });
      expect(get.status).toBe(200);
      expect(get.json).toEqual({ data: { viewer: { id: paulaId } } });
    });

    it('answers PersistedQueryNotFound for an unknown id', async () => {
      const result = await persisted.graphqlBody({ documentId: 'f'.repeat(64) });
      expectError(result, 'PersistedQueryNotFound');
    });

    it('answers PersistedQueryNotFound (not 400/500) for ids named like Object.prototype members', async () => {
      for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        const result = await persisted.graphqlBody({ documentId: id });
        expect(result.status, `${id}: ${result.text}`).toBeLessThan(500);
        expect(result.errors?.[0]?.message, `${id}: ${result.text}`).toBe('PersistedQueryNotFound');
        expect(result.data).toBeUndefined();
      }
      for (const id of ['constructor', '__proto__']) {
        const unknown = await wsExecute(persisted.wsUrl, { query: '', extensions: { persistedQuery: { version: 1, sha256Hash: id } } }, paula.accessToken);
        expect(Array.isArray(unknown.error), `graphql-ws ${id}: ${describeOutcome(unknown)}`).toBe(true);
        expect(unknown.error[0].message, id).toBe('PersistedQueryNotFound');
      }
    });

    it('applies the same rules over graphql-ws', async () => {
      const plain = await wsExecute(persisted.wsUrl, { query: TEXT }, paula.accessToken);
      expect(Array.isArray(plain.error), describeOutcome(plain)).toBe(true);
      expect(plain.error[0].message).toBe('PersistedQueryOnly');
      expect(plain.result?.data).toBeUndefined();

      const ok = await wsExecute(persisted.wsUrl, { query: '', extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } }, paula.accessToken);
      expect(ok.error).toBeUndefined();
      expect(ok.result).toEqual({ data: { viewer: { id: paulaId } } });

      for (const id of ['f'.repeat(64)]) {
        const unknown = await wsExecute(persisted.wsUrl, { query: '', extensions: { persistedQuery: { version: 1, sha256Hash: id } } }, paula.accessToken);
        expect(Array.isArray(unknown.error), `${id}: ${describeOutcome(unknown)}`).toBe(true);
        expect(unknown.error[0].message, id).toBe('PersistedQueryNotFound');
      }
    });
  });

  describe('graphql-ws', () => {
    it('runs an operation with the bearer token from connectionParams', async () => {
      const outcome = await wsExecute(server.wsUrl, { query: '{ viewer { id username } }' }, alice.accessToken);
      expect(outcome.error).toBeUndefined();
      expect(outcome.result).toEqual({ data: { viewer: { id: alice.id, username: alice.username } } });
    });

    it('without a token runs as an anonymous visitor', async () => {
      const outcome = await wsExecute(server.wsUrl, { query: '{ viewer { id } }' });
      expect(outcome.result).toEqual({ data: { viewer: null } });
    });

    it('closes the connection with 4403 for a bad or revoked token', async () => {
      const bad = await wsExecute(server.wsUrl, { query: '{ viewer { username } }' }, 'garbage');
      expect(bad.result).toBeUndefined();
      expect(bad.error?.code).toBe(4403);

      const login = await server.login(bob.email, bob.password, uniqueDevice('ws'));
      expect(login.status).toBe(200);
      expect((await server.post('/api/auth/logout', { deviceToken: 'unused-device' }, { authorization: `Bearer ${login.json.accessToken}` })).status).toBe(204);
      const revoked = await wsExecute(server.wsUrl, { query: '{ viewer { username } }' }, login.json.accessToken);
      expect(revoked.error?.code).toBe(4403);
    });

    it('a long-lived socket answers fresh data after an HTTP update (no connection-wide cache)', async () => {
      const socket = wsSession(server.wsUrl, bob.accessToken);
      try {
        const first = await socket.run({ query: '{ viewer { fullName bio } }' });
        expect(first.result?.data?.viewer?.bio ?? null).toBeNull();
        const bio = `bio ${randomUUID().slice(0, 8)}`;
        const update = await updateUser(bob.accessToken, { id: bob.id, bio });
        expect(update.errors).toBeUndefined();
        const second = await socket.run({ query: '{ viewer { fullName bio } }' });
        expect(socket.connections()).toBe(1);
        expect(second.result?.data?.viewer?.bio, describeOutcome(second)).toBe(bio);
      } finally {
        await socket.dispose();
        await updateUser(bob.accessToken, { id: bob.id, bio: '' });
      }
    });

    it('a socket opened before logout no longer acts for the revoked session', async () => {
      const device = uniqueDevice('ws-logout');
      const login = await server.login(bob.email, bob.password, device);
      expect(login.status).toBe(200);
      const socket = wsSession(server.wsUrl, login.json.accessToken);
      try {
        const before = await socket.run({ query: '{ viewer { id } }' });
        expect(before.result).toEqual({ data: { viewer: { id: bob.id } } });
        const out = await server.post('/api/auth/logout', { deviceToken: device }, { authorization: `Bearer ${login.json.accessToken}` });
        expect(out.status).toBe(204);
        const after = await socket.run({ query: '{ viewer { id } }' });
        // Either the operation is refused or the socket is closed — it must not answer as Bob.
        expect(after.result?.data?.viewer ?? null, describeOutcome(after)).toBeNull();
      } finally {
        await socket.dispose();
      }
    });

    it('enforces the policy over the socket: another user’s record is `Forbidden resource`', async () => {
      const outcome = await wsExecute(server.wsUrl, { query: UPDATE_USER, variables: { id: bob.id, fullName: 'Via Socket' } }, alice.accessToken);
      const errors = outcome.result?.errors ?? outcome.error;
      expect(errors?.[0]?.message).toBe(FORBIDDEN);
      expect((await viewerOf(bob.accessToken)).fullName).toBe('Bob Brown');
    });
  });
});
