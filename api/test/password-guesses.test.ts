/**
 * One growing delay of password checks per account (SEC-LIMITS passwordGuess, AUTH-LOGIN,
 * ACC-PASSWORD, ACC-DELETE; decision 0030): wrong passwords through `updatePassword(oldPassword)`,
 * `updateUser(checkPassword)` and `deleteUser(confirmation)` count together with sign-in; beyond
 * the free failures each attempt waits longer (429 TOO_MANY_REQUESTS with the seconds), a right
 * password forgets the count, and the owner signs in once the delay has passed. Also: `updateUser`
 * stores nothing on a wrong password, and new passwords that are mostly context words are refused.
 * Real server, both databases.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { guessDelaySeconds } from '../src/platform/security/limits.js';
import {
  describeEachDb,
  type GraphQLResult,
  type HttpResult,
  ok,
  redisSkipReason,
  startServer,
  TEST_REDIS_URL,
  type TestServer,
  uniqueDevice,
  uniqueEmail,
} from './harness.js';

const redisSkip = await redisSkipReason();

const UPDATE_PASSWORD =
  'mutation ($newPassword: String!, $oldPassword: String) { updatePassword(newPassword: $newPassword, oldPassword: $oldPassword) { id } }';
const UPDATE_USER =
  'mutation ($id: ID!, $email: String, $fullName: String, $checkPassword: String) { updateUser(id: $id, email: $email, fullName: $fullName, checkPassword: $checkPassword) { fullName pendingEmail } }';
const DELETE_USER = 'mutation ($id: ID!, $confirmation: String) { deleteUser(id: $id, confirmation: $confirmation) { id } }';
const VIEWER = '{ viewer { fullName pendingEmail } }';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The GraphQL error's code and extensions. */
function errorOf(result: GraphQLResult) {
  const error = result.errors?.[0];
  expect(error, result.text).toBeDefined();
  return { code: error?.extensions?.['code'], extensions: error?.extensions ?? {} };
}

/** A REST 429 TOO_MANY_REQUESTS with the same seconds in Retry-After and the body; answers them. */
function expectRestWait(result: HttpResult): number {
  expect(result.status, JSON.stringify(result.json)).toBe(429);
  expect(result.json.error.code).toBe('TOO_MANY_REQUESTS');
  const seconds = Number(result.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(result.json.error.retryAfterSeconds).toBe(seconds);
  return seconds;
}

/** A GraphQL TOO_MANY_REQUESTS with `extensions.retryAfterSeconds`; answers the seconds. */
function expectGraphQLWait(result: GraphQLResult): number {
  const { code, extensions } = errorOf(result);
  expect(code, result.text).toBe('TOO_MANY_REQUESTS');
  const seconds = extensions['retryAfterSeconds'];
  expect(seconds).toEqual(expect.any(Number));
  expect(seconds as number).toBeGreaterThanOrEqual(1);
  return seconds as number;
}

describe('guessDelaySeconds', () => {
  it('is free for the free attempts, then doubles from 1 s up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 40].map((n) => guessDelaySeconds(n, 3, 60))).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
  });
});

describe('the per-address limit of /api/auth', () => {
  it('answers RATE_LIMITED with the wait in Retry-After and in the body', async () => {
    const server = await startServer('sqlite', { RATE_LIMIT_AUTH_MAX: '1' });
    try {
      const body = { email: uniqueEmail('nobody'), password: 'whatever', deviceToken: uniqueDevice() };
      expect((await server.post('/api/auth/login', body)).status).toBe(401);
      const limited = await server.post('/api/auth/login', body);
      expect(limited.status).toBe(429);
      expect(limited.json.error.code).toBe('RATE_LIMITED');
      const seconds = Number(limited.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(limited.json.error.retryAfterSeconds).toBe(seconds);
    } finally {
      await server.close();
    }
  });
});

describeEachDb('password guesses on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, {
      MAIL_TRANSPORT: 'memory',
      JOBS_POLL_INTERVAL_MS: '600000',
      // Two free failures, then 1 s, 2 s, capped at 2 s, so the test can wait the delays out.
      RATE_LIMIT_PASSWORD_GUESS: '2/600',
      PASSWORD_GUESS_MAX_DELAY_SECONDS: '2',
      // The challenge sign-in adds after repeated failures is challenge.test.ts's; here the delay alone.
      CHALLENGE_AFTER_PASSWORD_FAILURES: '1000',
      RATE_LIMIT_CODE_SEND: '1000/900',
    });
  });
  afterAll(() => server?.close());

  async function member(name: string) {
    const registered = await server.register({ name });
    const row = await server.app.database.db.selectFrom('users').select('id').where('email', '=', registered.email).executeTakeFirstOrThrow();
    return { ...registered, id: globalId('User', row.id) };
  }

  it('counts wrong passwords of updatePassword, updateUser and deleteUser together with sign-in, then asks to wait on every one of them', async () => {
    const user = await member('Guessed At');
    const wrong = (result: GraphQLResult) => expect(errorOf(result).code, result.text).toBe('WRONG_PASSWORD');
    // Free failures: one through updatePassword, one through updateUser.
    wrong(await server.graphql(UPDATE_PASSWORD, { newPassword: 'a brand new passphrase', oldPassword: 'guess one' }, user.accessToken));
    wrong(await server.graphql(UPDATE_USER, { id: user.id, email: uniqueEmail('new'), checkPassword: 'guess two' }, user.accessToken));
    // The third (deleteUser) is allowed but holds the next attempt back 1 s.
    wrong(await server.graphql(DELETE_USER, { id: user.id, confirmation: 'guess three' }, user.accessToken));
    // Now every way in waits — sign-in included, even with the right password.
    expectRestWait(await server.login(user.email, user.password, uniqueDevice()));
    expectGraphQLWait(await server.graphql(UPDATE_PASSWORD, { newPassword: 'a brand new passphrase', oldPassword: user.password }, user.accessToken));
    expectGraphQLWait(await server.graphql(UPDATE_USER, { id: user.id, email: uniqueEmail('new'), checkPassword: user.password }, user.accessToken));
    expectGraphQLWait(await server.graphql(DELETE_USER, { id: user.id, confirmation: user.password }, user.accessToken));
    // The account still exists and its password is unchanged.
    await sleep(1100);
    expect((await server.login(user.email, user.password, uniqueDevice())).status).toBe(200);
  });

  it('grows the delay with each further failure, lets the owner in after it, and starts afresh after a right password', async () => {
    const user = await member('Delayed Owner');
    const attempt = (password: string) => server.login(user.email, password, uniqueDevice());
    for (const guess of ['g1', 'g2']) expect((await attempt(guess)).status).toBe(401);
    expect((await attempt('g3')).status).toBe(401); // third: holds the next back 1 s
    expect(expectRestWait(await attempt('g4'))).toBe(1);
    await sleep(1100);
    expect((await attempt('g4')).status).toBe(401); // fourth: holds the next back 2 s
    expect(expectRestWait(await attempt(user.password))).toBe(2);
    await sleep(2100);
    // The owner, after the delay: in, and the count is forgotten.
    expect((await attempt(user.password)).status).toBe(200);
    for (const guess of ['h1', 'h2']) expect((await attempt(guess)).status).toBe(401);
    expect((await attempt('h3')).status).toBe(401);
    expectRestWait(await attempt('h4'));
  });

  it('counts an account by its id: the guesses follow it, not the address typed', async () => {
    const user = await member('Keyed By Id');
    for (const guess of ['k1', 'k2', 'k3']) expect((await server.login(user.email, guess, uniqueDevice())).status).toBe(401);
    // The same account by token: already waiting.
    expectGraphQLWait(await server.graphql(UPDATE_PASSWORD, { newPassword: 'another long passphrase', oldPassword: 'k4' }, user.accessToken));
    // Another account is not affected.
    const other = await member('Bystander');
    expect((await server.login(other.email, other.password, uniqueDevice())).status).toBe(200);
  });

  it('updateUser checks the password before saving: a wrong one saves none of the other fields', async () => {
    const user = await member('Original Name');
    const result = await server.graphql(
      UPDATE_USER,
      { id: user.id, email: uniqueEmail('moved'), fullName: 'Changed Name', checkPassword: 'not the password' },
      user.accessToken,
    );
    expect(errorOf(result).code).toBe('WRONG_PASSWORD');
    const viewer = ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer;
    expect(viewer).toEqual({ fullName: 'Original Name', pendingEmail: null });
    // With the right password both go through.
    const moved = uniqueEmail('moved');
    const done = ok(
      await server.graphql(UPDATE_USER, { id: user.id, email: moved, fullName: 'Changed Name', checkPassword: user.password }, user.accessToken),
    ).updateUser;
    expect(done).toEqual({ fullName: 'Changed Name', pendingEmail: moved });
  });

  it('refuses new passwords that are mostly the e-mail, its local part, the username or the site name', async () => {
    const email = uniqueEmail('context');
    const local = email.split('@')[0]!;
    for (const password of [email, local.toUpperCase(), `${local}1`, 'Studio2024!', 'studiostudio']) {
      const refused = await server.post('/api/auth/register', { email, password, name: 'Context Words', deviceToken: uniqueDevice() });
      expect(refused.status, password).toBe(400);
      expect(refused.json.error.code).toBe('VALIDATION_FAILED');
      expect(refused.json.error.message).toMatch(/^password: .*e-mail address, username or the site name/);
      expect(refused.json.error).toMatchObject({ field: 'password', problem: 'passwords.error.context' });
    }
    const user = await member('Context Changer');
    const row = await server.app.database.db.selectFrom('users').select('username').where('email', '=', user.email).executeTakeFirstOrThrow();
    for (const newPassword of [user.email, `${row.username}!!`, 'STUDIO-123']) {
      const { code, extensions } = errorOf(await server.graphql(UPDATE_PASSWORD, { newPassword, oldPassword: user.password }, user.accessToken));
      expect(code, newPassword).toBe('BAD_USER_INPUT');
      expect(extensions).toMatchObject({ field: 'newPassword', problem: 'passwords.error.context' });
    }
    // A passphrase that only mentions the site is fine.
    ok(await server.graphql(UPDATE_PASSWORD, { newPassword: 'my studio has a red door', oldPassword: user.password }, user.accessToken));
  });

  describe('with Redis', () => {
    if (redisSkip) {
      it.skip(redisSkip, () => {});
      return;
    }
    it('shares the count and the delay between two processes of one site', async () => {
      const env = {
        MAIL_TRANSPORT: 'memory',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: `studio-test-guesses-${randomBytes(4).toString('hex')}:`,
        RATE_LIMIT_PASSWORD_GUESS: '2/600',
        PASSWORD_GUESS_MAX_DELAY_SECONDS: '2',
        CHALLENGE_AFTER_PASSWORD_FAILURES: '1000',
      };
      const a = await startServer(kind, env);
      const b = await startServer(kind, env, { shareDataWith: a });
      try {
        const user = await a.register({ name: 'Two Processes' });
        // Free failures on A and B, then one on A that holds the next attempt back 1 s — on B too.
        expect((await a.login(user.email, 'one', uniqueDevice())).status).toBe(401);
        expect((await b.login(user.email, 'two', uniqueDevice())).status).toBe(401);
        expect((await a.login(user.email, 'three', uniqueDevice())).status).toBe(401);
        expectRestWait(await b.login(user.email, user.password, uniqueDevice()));
        await sleep(1100);
        expect((await b.login(user.email, user.password, uniqueDevice())).status).toBe(200);
      } finally {
        await b.close();
        await a.close();
      }
    });
  });
});
