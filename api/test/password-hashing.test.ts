/**
 * Bounded password hashing (SEC-HASHING, decision 0024): the limit itself (`BoundedLimit`), the
 * thread-pool size the server is started with, the access tokens (verified on the event loop
 * with fast-jwt), and — on SQLite and PostgreSQL, with PASSWORD_HASH_CONCURRENCY=1 and
 * PASSWORD_HASH_QUEUE=1 — a full hashing line answering 429 SERVER_BUSY with Retry-After on every
 * path that hashes, with nothing written and no sign-in attempt counted.
 *
 * The servers run in this process (harness), so the hashing line the test fills with
 * `hashPassword` is the servers' own: a deliberately slow hash (64 MiB, t = 24, about a second)
 * holds a slot for as long as the requests need to arrive, so no assertion depends on timing.
 */
import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/modules/identity/auth/passwords.js';
import { signAccessToken, verifyAccessToken } from '../src/modules/identity/auth/tokens.js';
import { nowIso } from '../src/platform/db/index.js';
import { BoundedLimit, QueueFullError } from '../src/platform/security/boundedLimit.js';
import { defaultHashConcurrency } from '../src/platform/settings.js';
import { LIBUV_DEFAULT_POOL, POOL_ROOM, threadpoolSize, threadpoolWarning } from '../src/platform/threadpool.js';
import { describeEachDb, type HttpResult, type Registered, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';

/** A promise with its resolve, to hold a job open. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('BoundedLimit', () => {
  it('runs `concurrency` jobs, queues `queue` more in order, and refuses the next at once without running it', async () => {
    const limit = new BoundedLimit({ concurrency: 1, queue: 1 });
    const order: string[] = [];
    const first = deferred<string>();
    const a = limit.run(async () => {
      order.push('a');
      return first.promise;
    });
    const b = limit.run(async () => {
      order.push('b');
      return 'b';
    });
    const refused = vi.fn(async () => 'c');
    const c = limit.run(refused);
    await expect(c).rejects.toBeInstanceOf(QueueFullError);
    await expect(c).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect(((await c.catch((error: unknown) => error)) as QueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused).not.toHaveBeenCalled();
    expect(limit.full).toBe(true);
    await Promise.resolve();
    expect(order).toEqual(['a']); // b waits for a's slot
    expect(limit.state).toEqual({ running: 1, waiting: 1, concurrency: 1, queue: 1 });

    first.resolve('a');
    expect(await a).toBe('a');
    expect(await b).toBe('b');
    expect(order).toEqual(['a', 'b']);
    expect(limit.full).toBe(false);
    expect(await limit.run(async () => 'd')).toBe('d');
  });

  it('passes a job’s rejection through and frees its slot', async () => {
    const limit = new BoundedLimit({ concurrency: 1, queue: 0 });
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limit.state.running).toBe(0);
    expect(await limit.run(async () => 1)).toBe(1);
  });

  it('takes new limits for the jobs offered after `configure`', async () => {
    const limit = new BoundedLimit({ concurrency: 1, queue: 0 });
    const hold = deferred();
    const running = [limit.run(() => hold.promise)];
    await expect(limit.run(async () => 0)).rejects.toBeInstanceOf(QueueFullError);
    limit.configure({ concurrency: 2, queue: 0 });
    running.push(limit.run(() => hold.promise));
    await Promise.resolve();
    expect(limit.state).toMatchObject({ running: 2, waiting: 0 });
    await expect(limit.run(async () => 0)).rejects.toBeInstanceOf(QueueFullError);
    hold.resolve();
    await Promise.all(running);
  });
});

describe('thread pool size (threadpool.ts)', () => {
  it('is the hash concurrency plus room for other work; an explicit UV_THREADPOOL_SIZE wins', () => {
    expect(threadpoolSize({ PASSWORD_HASH_CONCURRENCY: '3' })).toBe(3 + POOL_ROOM);
    expect(threadpoolSize({})).toBe(defaultHashConcurrency() + POOL_ROOM);
    expect(threadpoolSize({ UV_THREADPOOL_SIZE: '9', PASSWORD_HASH_CONCURRENCY: '3' })).toBe(9);
    expect(threadpoolSize({ UV_THREADPOOL_SIZE: 'many', PASSWORD_HASH_CONCURRENCY: '2' })).toBe(2 + POOL_ROOM);
  });

  it('warns only when hashing could leave fewer than two pool threads for the rest', () => {
    expect(threadpoolWarning({}, LIBUV_DEFAULT_POOL - 2)).toBeNull();
    expect(threadpoolWarning({}, 3)).toMatch(/UV_THREADPOOL_SIZE=7/);
    expect(threadpoolWarning({ UV_THREADPOOL_SIZE: '7' }, 3)).toBeNull();
  });
});

describe('access tokens', () => {
  const issuer = 'http://studio.test';
  const key = createSecretKey(randomBytes(32));
  const claims = { userId: 'user-1', sessionId: 'session-1' };
  afterEach(() => vi.useRealTimers());

  it('verify with the same answer every time, and refuse tampered, foreign-key, wrong-issuer and unsigned tokens', async () => {
    const token = await signAccessToken(claims, key, 900, issuer);
    expect(await verifyAccessToken(token, key, issuer)).toEqual(claims);
    expect(await verifyAccessToken(token, key, issuer)).toEqual(claims);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'admin' })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${forged}.${signature}`, key, issuer)).toBe('invalid');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`, key, issuer)).toBe('invalid');
    expect(await verifyAccessToken(token, createSecretKey(randomBytes(32)), issuer)).toBe('invalid');
    expect(await verifyAccessToken(token, key, 'http://other.test')).toBe('invalid');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await verifyAccessToken(`${none}.${payload}.`, key, issuer)).toBe('invalid');
    const noSession = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1').setIssuer(issuer).setExpirationTime('5m').sign(key);
    expect(await verifyAccessToken(noSession, key, issuer)).toBe('invalid');
  });

  it('expire at `exp` (RFC 7519: the time must be before it), whichever copy of the key checks', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2030, 0, 1, 12, 0, 0);
    vi.setSystemTime(start);
    const token = await signAccessToken(claims, key, 60, issuer);
    expect(await verifyAccessToken(token, key, issuer)).toEqual(claims);
    // A copy of the secret as bytes is another key object with its own verifier.
    const fresh = () => new Uint8Array(key.export());

    vi.setSystemTime(start + 59_999);
    expect(await verifyAccessToken(token, key, issuer)).toEqual(claims);
    expect(await verifyAccessToken(token, fresh(), issuer)).toEqual(claims);
    vi.setSystemTime(start + 60_000);
    expect(await verifyAccessToken(token, fresh(), issuer)).toBe('expired');
    expect(await verifyAccessToken(token, key, issuer)).toBe('expired');
    expect(await verifyAccessToken(token, key, issuer)).toBe('expired');
  });
});

// A slow hash (about a second) that holds a slot of the servers' hashing line.
const HOLD = { memoryCost: 65536, timeCost: 24, parallelism: 1 };
const hold = () => hashPassword(`hold-${randomBytes(4).toString('hex')}`, HOLD);

function expectBusy(result: HttpResult, what: string): void {
  expect(result.status, `${what}: ${result.text}`).toBe(429);
  expect(result.json.error.code, what).toBe('SERVER_BUSY');
  const retryAfter = Number(result.headers.get('retry-after'));
  expect(retryAfter, what).toBeGreaterThanOrEqual(1);
  expect(result.json.error.retryAfterSeconds, what).toBe(retryAfter);
}

describeEachDb('a full password-hashing line (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, {
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
      // Two failed sign-ins per account: a busy answer that counted would show as TOO_MANY_REQUESTS.
      RATE_LIMIT_PASSWORD_GUESS: '2/900',
      REDIS_KEY_PREFIX: `studio-test-hashing-${randomBytes(4).toString('hex')}:`,
    });
  });
  afterAll(() => server?.close());

  const db = () => server.app.database.db;

  it('answers 429 SERVER_BUSY with Retry-After to register, login, reset and password change, and writes nothing', async () => {
    const user = await server.register({ password: 'the first password' });
    const userId = (await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    const resetToken = randomBytes(32).toString('base64url');
    await db()
      .insertInto('passwordResets')
      .values({
        id: `reset-${randomBytes(4).toString('hex')}`,
        userId,
        tokenHash: createHash('sha256').update(resetToken).digest('base64url'),
        expiresAt: nowIso(Date.now() + 3_600_000),
        usedAt: null,
        created: nowIso(),
      })
      .execute();
    const newcomer = uniqueEmail('busy-newcomer');

    const holds = [hold(), hold()]; // one running, one waiting: the line is full
    const [register, loginRight, ...loginsWrong] = await Promise.all([
      server.post('/api/auth/register', { email: newcomer, password: 'a newcomer password', name: 'New Comer', deviceToken: uniqueDevice() }),
      server.login(user.email, user.password, uniqueDevice()),
      ...Array.from({ length: 4 }, () => server.login(user.email, 'a wrong password', uniqueDevice())),
    ]);
    const reset = await server.post('/api/auth/reset/confirm', { token: resetToken, password: 'a password from the link' });
    const change = await server.graphql(
      'mutation ($old: String, $new: String!) { updatePassword(oldPassword: $old, newPassword: $new) { id } }',
      { old: user.password, new: 'a changed password' },
      user.accessToken,
    );
    await Promise.all(holds);

    expectBusy(register, 'register');
    expectBusy(loginRight, 'login');
    for (const [i, login] of loginsWrong.entries()) expectBusy(login, `wrong login ${i}`);
    expectBusy(reset, 'reset confirm');
    expect(change.status).toBe(200);
    expect(change.errors?.[0]?.extensions).toMatchObject({ code: 'SERVER_BUSY', retryAfterSeconds: expect.any(Number) });

    // Nothing was written: no account for the newcomer, the password unchanged, the link unused,
    // and the four busy wrong logins not counted against the account's limit of 2.
    expect(await db().selectFrom('users').select('id').where('email', '=', newcomer).executeTakeFirst()).toBeUndefined();
    const wrong = await server.login(user.email, 'a wrong password', uniqueDevice());
    expect(wrong.status, wrong.text).toBe(401);
    expect(wrong.json.error.code).toBe('INVALID_CREDENTIALS');
    expect((await server.login(user.email, user.password, uniqueDevice())).status).toBe(200);
    expect((await server.login(user.email, 'a changed password', uniqueDevice())).status).toBe(401);
    const row = await db().selectFrom('passwordResets').select('usedAt').where('userId', '=', userId).executeTakeFirstOrThrow();
    expect(row.usedAt).toBeNull();
    expect((await server.post('/api/auth/reset/confirm', { token: resetToken, password: 'a password from the link' })).status).toBe(200);
    expect((await server.login(user.email, 'a password from the link', uniqueDevice())).status).toBe(200);
  });

  it('under many concurrent logins every answer is a correct sign-in, a 401 for a wrong password or a 429', async () => {
    // At most two attempts per account in a burst (its limit counts attempts, up to 2).
    const users: Registered[] = [];
    for (let i = 0; i < 12; i++) users.push(await server.register());
    // Every fourth attempt is wrong, each against an address of its own.
    const attempt = (i: number) => {
      const user = users[i % users.length]!;
      const right = i % 4 !== 3;
      const email = right ? user.email : uniqueEmail('busy-wrong');
      return server.login(email, right ? user.password : 'not the password', uniqueDevice()).then((result) => ({ user, right, result }));
    };

    // While a slow hash holds the running slot, one login waits in the line and every other is refused.
    const holding = hold();
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => attempt(i)));
    await holding;
    const busy = burst.filter(({ result }) => result.status === 429);
    expect(busy.length).toBeGreaterThanOrEqual(burst.length - 1);
    for (const { result } of busy) expectBusy(result, 'burst login');

    // Then a burst on a free line: answers of any mix, each of them right.
    const free = await Promise.all(Array.from({ length: 24 }, (_, i) => attempt(i)));
    for (const { user, right, result } of [...burst, ...free]) {
      if (result.status === 429) {
        expectBusy(result, 'login');
        continue;
      }
      if (!right) {
        expect(result.status, result.text).toBe(401);
        expect(result.json.error.code).toBe('INVALID_CREDENTIALS');
        continue;
      }
      expect(result.status, result.text).toBe(200);
      const viewer = await server.graphql('{ viewer { email } }', undefined, result.json.accessToken);
      expect(viewer.data?.viewer?.email).toBe(user.email);
    }
    expect(burst.concat(free).some(({ result }) => result.status === 200)).toBe(true);
  });
});
