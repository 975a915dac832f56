/**
 * The proof-of-work challenge (SEC-CHALLENGE, decision 0029) on both databases: `GET /api/challenge`
 * issues a signed, expiring challenge; solved with altcha-lib's own solver it is accepted once;
 * a replayed, altered or expired payload is CHALLENGE_INVALID; below the per-IP thresholds nothing
 * is asked, above them `createOrder` (GraphQL) and `POST /api/auth/register` (REST) require one.
 */
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHALLENGE_PATH, createChallenges } from '../src/platform/security/challenge.js';
import { createRateLimits } from '../src/platform/security/limits.js';
import { describeEachDb, ok, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';

const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
const ENV = {
  MAIL_TRANSPORT: 'memory',
  JOBS_POLL_INTERVAL_MS: '600000',
  JWT_SECRET: 'challenge-test-secret-0123456789abcdef',
  ORDER_RATE_LIMIT_MAX: '1000',
  CHALLENGE_AFTER_ORDERS: '2/3600',
  CHALLENGE_AFTER_REGISTRATIONS: '2/3600',
  // Cheap to solve in a test: a few hundred PBKDF2 tries of 10 iterations.
  CHALLENGE_COST: '10',
  CHALLENGE_COUNTER_MAX: '400',
};

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution }`. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('altcha-lib found no solution');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

describeEachDb('proof-of-work challenge (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, ENV);
  });
  afterAll(() => server?.close());

  const order = (challenge?: string) => ({
    name: 'Pat Tester',
    email: uniqueEmail('challenge'),
    interest: 'design',
    budget: 'NOT_SURE',
    message: 'A perfectly ordinary order for a test.',
    consent: true,
    locale: 'EN',
    ...(challenge ? { challenge } : {}),
  });
  /** Each test its own client address (TRUST_PROXY is off: the socket's address) — a fresh server. */
  const fresh = () => startServer(kind, ENV);
  const issue = async (s: TestServer = server) => {
    const result = await s.get(CHALLENGE_PATH);
    expect(result.status, result.text).toBe(200);
    return result.json as Challenge;
  };
  const registerBody = (challenge?: string) => ({
    email: uniqueEmail('challenge-reg'),
    password: 'a long enough passphrase 42',
    name: 'Reg Istrant',
    deviceToken: uniqueDevice(),
    ...(challenge ? { challenge } : {}),
  });

  it('GET /api/challenge issues a signed PBKDF2 challenge that expires, never cached', async () => {
    const result = await server.get(CHALLENGE_PATH);
    expect(result.status).toBe(200);
    expect(result.headers.get('cache-control')).toBe('no-store');
    const challenge = result.json as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 10 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const inSeconds = challenge.parameters.expiresAt! - Date.now() / 1000;
    expect(inSeconds).toBeGreaterThan(590);
    expect(inSeconds).toBeLessThanOrEqual(600);
    expect((await issue()).parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('createOrder: no challenge below the threshold; above it required, accepted once, replay and tampering refused', async () => {
    const s = await fresh();
    try {
      for (let i = 0; i < 2; i++) expect(ok(await s.graphql(CREATE_ORDER, { input: order() })).createOrder.reference).toMatch(/^ST-/);
      const third = await s.graphql(CREATE_ORDER, { input: order() });
      expect(third.errors?.[0]?.extensions, third.text).toMatchObject({ code: 'CHALLENGE_REQUIRED', challengeUrl: CHALLENGE_PATH });
      expect(third.data ?? null).toBeNull();

      const payload = await solve(await issue(s));
      const input = order(payload);
      expect(ok(await s.graphql(CREATE_ORDER, { input })).createOrder.reference).toMatch(/^ST-/);
      const stored = await s.app.database.db.selectFrom('orders').select('email').where('email', '=', input.email).execute();
      expect(stored).toHaveLength(1);

      const replay = await s.graphql(CREATE_ORDER, { input: order(payload) });
      expect(replay.errors?.[0]?.extensions?.['code'], replay.text).toBe('CHALLENGE_INVALID');

      const decoded = JSON.parse(Buffer.from(await solve(await issue(s)), 'base64').toString());
      const key: string = decoded.solution.derivedKey;
      decoded.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
      const tampered = await s.graphql(CREATE_ORDER, { input: order(Buffer.from(JSON.stringify(decoded)).toString('base64')) });
      expect(tampered.errors?.[0]?.extensions?.['code'], tampered.text).toBe('CHALLENGE_INVALID');
      const garbage = await s.graphql(CREATE_ORDER, { input: order('not a payload') });
      expect(garbage.errors?.[0]?.extensions?.['code'], garbage.text).toBe('CHALLENGE_INVALID');
      expect(await s.app.database.db.selectFrom('orders').select('id').execute()).toHaveLength(3);
    } finally {
      await s.close();
    }
  });

  it('one payload sent twice at the same moment is accepted once', async () => {
    const s = await fresh();
    try {
      for (let i = 0; i < 2; i++) ok(await s.graphql(CREATE_ORDER, { input: order() }));
      const payload = await solve(await issue(s));
      const answers = await Promise.all([s.graphql(CREATE_ORDER, { input: order(payload) }), s.graphql(CREATE_ORDER, { input: order(payload) })]);
      const codes = answers.map((a) => (a.data?.createOrder ? 'OK' : a.errors?.[0]?.extensions?.['code'])).sort();
      expect(codes).toEqual(['CHALLENGE_INVALID', 'OK']);
      expect(await s.app.database.db.selectFrom('orders').select('id').execute()).toHaveLength(3);
    } finally {
      await s.close();
    }
  });

  it('an expired challenge is refused, even solved correctly', async () => {
    const s = await fresh();
    try {
      // Issued by the same site (same signing secret) an hour ago: it expired 50 minutes ago.
      const limits = createRateLimits(s.config);
      const past = createChallenges(s.app.database.db, limits, s.config, () => Date.now() - 3_600_000);
      const payload = await solve(await past.issue());
      for (let i = 0; i < 2; i++) ok(await s.graphql(CREATE_ORDER, { input: order() }));
      const expired = await s.graphql(CREATE_ORDER, { input: order(payload) });
      expect(expired.errors?.[0]?.extensions?.['code'], expired.text).toBe('CHALLENGE_INVALID');
      expect(await past.verify(payload)).toBe('expired');
      // The same service's fresh challenge is fine: only the date made the difference.
      const valid = createChallenges(s.app.database.db, limits, s.config);
      expect(await valid.verify(await solve(await valid.issue()))).toBeNull();
      await limits.close();
    } finally {
      await s.close();
    }
  });

  it('register: no challenge below the threshold; above it 428 CHALLENGE_REQUIRED, then 201 with a solved one, 400 on replay', async () => {
    const s = await fresh();
    try {
      for (let i = 0; i < 2; i++) expect((await s.post('/api/auth/register', registerBody())).status).toBe(201);
      const third = await s.post('/api/auth/register', registerBody());
      expect(third.status, third.text).toBe(428);
      expect(third.json.error).toMatchObject({ code: 'CHALLENGE_REQUIRED', challengeUrl: CHALLENGE_PATH });

      const payload = await solve(await issue(s));
      const body = registerBody(payload);
      const solved = await s.post('/api/auth/register', body);
      expect(solved.status, solved.text).toBe(201);
      expect(await s.app.database.db.selectFrom('users').select('id').where('email', '=', body.email).execute()).toHaveLength(1);

      const replay = await s.post('/api/auth/register', registerBody(payload));
      expect(replay.status, replay.text).toBe(400);
      expect(replay.json.error.code).toBe('CHALLENGE_INVALID');
      // The order count of this address is its own: orders are still below their threshold.
      expect(ok(await s.graphql(CREATE_ORDER, { input: order() })).createOrder.reference).toMatch(/^ST-/);
    } finally {
      await s.close();
    }
  });

  it('sign-in asks for a challenge once the account has CHALLENGE_AFTER_PASSWORD_FAILURES failures; the owner gets in by solving it', async () => {
    const s = await startServer(kind, { ...ENV, CHALLENGE_AFTER_PASSWORD_FAILURES: '2' });
    try {
      const user = await s.register();
      const login = (password: string, challenge?: string) =>
        s.post('/api/auth/login', { email: user.email, password, deviceToken: uniqueDevice(), ...(challenge ? { challenge } : {}) });
      expect((await login('wrong password one')).status).toBe(401);
      expect((await login('wrong password two')).status).toBe(401);
      // Two failures: even the right password now needs a solved challenge, and asking costs no guess.
      for (let i = 0; i < 3; i++) {
        const asked = await login(user.password);
        expect(asked.status, asked.text).toBe(428);
        expect(asked.json.error).toMatchObject({ code: 'CHALLENGE_REQUIRED', challengeUrl: CHALLENGE_PATH });
      }
      const wrongWithProof = await login('wrong password three', await solve(await issue(s)));
      expect(wrongWithProof.status, wrongWithProof.text).toBe(401);
      const forged = await login(user.password, 'bm90IGEgcGF5bG9hZA==');
      expect(forged.json.error.code, forged.text).toBe('CHALLENGE_INVALID');
      const owner = await login(user.password, await solve(await issue(s)));
      expect(owner.status, owner.text).toBe(200);
      // A right password forgets the failures: the next sign-in needs no challenge.
      expect((await login(user.password)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('a payload solved for one process is used up for every process of the site', async () => {
    const other = await startServer(kind, ENV, { shareDataWith: server });
    try {
      const payload = await solve(await issue(server));
      const limits = createRateLimits(other.config);
      const inOther = createChallenges(other.app.database.db, limits, other.config);
      expect(await inOther.verify(payload)).toBeNull();
      const inFirst = createChallenges(server.app.database.db, limits, server.config);
      expect(await inFirst.verify(payload)).toBe('replayed');
      await limits.close();
    } finally {
      await other.close();
    }
  });
});
