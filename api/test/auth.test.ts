/**
 * REST auth (AUTH-REGISTER, AUTH-LOGIN, AUTH-LOGOUT, SESSION-TOKENS, API-ERRORS) over real HTTP on
 * SQLite and PostgreSQL: register, login, refresh-token rotation and reuse detection, logout,
 * device families, input validation, forged access tokens, rate limiting and the health check.
 */
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, type Registered, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';

const VIEWER = '{ viewer { id username fullName email role isVerified type } }';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachDb('REST auth on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Asserts that `accessToken` is refused by GraphQL with HTTP 401. */
  async function expectAccessRefused(accessToken: string) {
    const result = await server.graphql('{ viewer { id } }', undefined, accessToken);
    expect(result.status).toBe(401);
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  }

  /** Asserts that `accessToken` is accepted and answers the viewer; returns the viewer. */
  async function expectAccessWorks(accessToken: string) {
    const result = await server.graphql(VIEWER, undefined, accessToken);
    expect(result.status).toBe(200);
    expect(result.errors).toBeUndefined();
    expect(result.data.viewer).not.toBeNull();
    return result.data.viewer as Record<string, any>;
  }

  it('GET /api/health answers 200 {status: "ok"}', async () => {
    const health = await server.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: 'ok', database: 'ok' });
  });

  describe('register', () => {
    it('answers 201 {accessToken, refreshToken}; username from the e-mail local part, made unique; fullName from name', async () => {
      const first = await server.post('/api/auth/register', {
        email: 'Ann.Lee+x@Example.com',
        password: 'correct horse battery',
        name: '  Ann Lee ',
        deviceToken: uniqueDevice(),
      });
      expect(first.status).toBe(201);
      expect(Object.keys(first.json).sort()).toEqual(['accessToken', 'refreshToken']);
      expect(first.json.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      // Opaque, >= 128 bits: 32 random bytes in base64url.
      expect(first.json.refreshToken).toMatch(/^[\w-]{43}$/);

      const ann = await expectAccessWorks(first.json.accessToken);
      // usernameBase: lower-case local part, characters outside [a-z0-9._-] ("+") removed.
      expect(ann).toMatchObject({
        username: 'ann.leex',
        fullName: 'Ann Lee',
        email: 'ann.lee+x@example.com',
        role: 'USER',
        isVerified: false,
        type: 'CLIENT',
      });

      const second = await server.post('/api/auth/register', {
        email: 'ann.lee+x@other.example',
        password: 'another password',
        name: 'Ann Other',
        deviceToken: uniqueDevice(),
      });
      expect(second.status).toBe(201);
      const other = await expectAccessWorks(second.json.accessToken);
      expect(other.id).not.toBe(ann.id);
      expect(other.username).not.toBe('ann.leex');
      expect(other.username).toMatch(/^ann\.leex\d+$/);
      expect(other.fullName).toBe('Ann Other');
      expect(other.email).toBe('ann.lee+x@other.example');

      // Both are found by their usernames, publicly.
      const lookup = await server.graphql('query ($a: String!, $b: String!) { a: user(username: $a) { id } b: user(username: $b) { id } }', {
        a: ann.username,
        b: other.username,
      });
      expect(lookup.data).toEqual({ a: { id: ann.id }, b: { id: other.id } });
    });

    it('ignores role, isVerified and type in the registration body (no mass assignment)', async () => {
      const result = await server.post('/api/auth/register', {
        email: uniqueEmail('mass'),
        password: 'long enough password',
        name: 'Mallory',
        deviceToken: uniqueDevice(),
        role: 'ADMIN',
        isVerified: true,
        type: 'PARTNER',
        balance: 100000,
      });
      expect(result.status).toBe(201);
      const viewer = await server.graphql('{ viewer { role isVerified type balance } }', undefined, result.json.accessToken);
      expect(viewer.data.viewer).toEqual({ role: 'USER', isVerified: false, type: 'CLIENT', balance: 0 });
    });

    it('refuses a duplicate e-mail (also differing only in case) with 409 EMAIL_TAKEN; the first account still signs in', async () => {
      const email = uniqueEmail('dup');
      const original = await server.register({ email, password: 'first password' });
      for (const variant of [email, email.toUpperCase(), ` ${email.replace(/^d/, 'D')} `]) {
        const again = await server.post('/api/auth/register', { email: variant, password: 'second password', name: 'Impostor', deviceToken: uniqueDevice() });
        expect(again.status, variant).toBe(409);
        expect(again.json).toEqual({ error: { code: 'EMAIL_TAKEN', message: expect.any(String) } });
      }
      const login = await server.login(email, original.password, uniqueDevice());
      expect(login.status).toBe(200);
      const viewer = await expectAccessWorks(login.json.accessToken);
      expect(viewer.fullName).toBe('Test User');
      expect((await server.login(email, 'second password', uniqueDevice())).status).toBe(401);
    });
  });

  describe('login', () => {
    it('answers 200 with credentials for the right password; the e-mail is case-insensitive', async () => {
      const user = await server.register();
      const login = await server.login(user.email.toUpperCase(), user.password, uniqueDevice());
      expect(login.status).toBe(200);
      expect(Object.keys(login.json).sort()).toEqual(['accessToken', 'refreshToken']);
      expect((await expectAccessWorks(login.json.accessToken)).email).toBe(user.email);
    });

    it('answers a wrong password and an unknown e-mail identically', async () => {
      const user = await server.register();
      const device = uniqueDevice();
      const wrong = await server.login(user.email, 'not the password', device);
      const unknown = await server.login(uniqueEmail('nobody'), 'not the password', device);
      expect(wrong.status).toBe(401);
      expect(wrong.json.error.code).toBe('INVALID_CREDENTIALS');
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.json).toEqual(wrong.json);
      expect(unknown.headers.get('content-type')).toBe(wrong.headers.get('content-type'));
    });

    it('on the same deviceToken replaces that device’s previous family', async () => {
      const device = uniqueDevice();
      const user = await server.register({ deviceToken: device });
      const again = await server.login(user.email, user.password, device);
      expect(again.status).toBe(200);

      const old = await server.refresh(user.refreshToken);
      expect(old.status).toBe(401);
      expect(old.json.error.code).toBe('INVALID_REFRESH_TOKEN');
      await expectAccessRefused(user.accessToken);

      await expectAccessWorks(again.json.accessToken);
      expect((await server.refresh(again.json.refreshToken)).status).toBe(200);
    });

    it('parallel logins on one deviceToken leave a single live family for that device (8 rounds of 3)', async () => {
      const device = uniqueDevice();
      const user = await server.register({ deviceToken: device });
      for (let round = 0; round < 8; round++) {
        const logins = await Promise.all([0, 1, 2].map(() => server.login(user.email, user.password, device)));
        expect(logins.map((l) => l.status)).toEqual([200, 200, 200]);
        const refreshes = await Promise.all(logins.map((l) => server.refresh(l.json.refreshToken)));
        // One family per device (SESSION-TOKENS): only one of the families may still rotate.
        expect(
          refreshes.filter((r) => r.status === 200),
          `round ${round}: ${refreshes.map((r) => r.status).join(', ')}`,
        ).toHaveLength(1);
      }
    });
  });

  describe('refresh', () => {
    it('rotates: a new pair; the new access token works; the successor rotates on', async () => {
      const user = await server.register();
      const before = await expectAccessWorks(user.accessToken);

      const rotated = await server.refresh(user.refreshToken);
      expect(rotated.status).toBe(200);
      expect(Object.keys(rotated.json).sort()).toEqual(['accessToken', 'refreshToken']);
      expect(rotated.json.refreshToken).not.toBe(user.refreshToken);
      expect(rotated.json.refreshToken).toMatch(/^[\w-]{43}$/);
      expect((await expectAccessWorks(rotated.json.accessToken)).id).toBe(before.id);

      const next = await server.refresh(rotated.json.refreshToken);
      expect(next.status).toBe(200);
      expect(next.json.refreshToken).not.toBe(rotated.json.refreshToken);
      await expectAccessWorks(next.json.accessToken);
      // Once its successor is used, the first token is spent for good: presenting it is a reuse.
      const old = await server.refresh(user.refreshToken);
      expect(old.status).toBe(401);
      expect(old.json.refreshToken).toBeUndefined();
    });

    it('answers a lost rotation again within the grace window: the same successor, a new access token (a tab closed mid-refresh)', async () => {
      const user = await server.register();
      const lost = await server.refresh(user.refreshToken); // the client never saw this answer
      expect(lost.status).toBe(200);
      const again = await server.refresh(user.refreshToken);
      expect(again.status).toBe(200);
      expect(again.json.refreshToken).toBe(lost.json.refreshToken);
      await expectAccessWorks(again.json.accessToken);
      // One family member only: the successor rotates on, and then the old token is a reuse.
      const next = await server.refresh(again.json.refreshToken);
      expect(next.status).toBe(200);
      await expectAccessWorks(next.json.accessToken);
    });

    it('does not answer a lost rotation again after the grace window: that is a reuse and revokes the family', async () => {
      const user = await server.register();
      const lost = await server.refresh(user.refreshToken);
      expect(lost.status).toBe(200);
      await sleep(server.config.refreshReuseGraceMs + 100); // correctness wait: leave the window
      const late = await server.refresh(user.refreshToken);
      expect(late.status).toBe(401);
      expect(late.json.error.code).toBe('REFRESH_TOKEN_REUSED');
      expect((await server.refresh(lost.json.refreshToken)).status).toBe(401);
    });

    it('refuses an unknown refresh token with 401 INVALID_REFRESH_TOKEN', async () => {
      const result = await server.refresh('A'.repeat(43));
      expect(result.status).toBe(401);
      expect(result.json.error.code).toBe('INVALID_REFRESH_TOKEN');
    });

    it('revokes the whole family when an old refresh token is reused after the grace period', async () => {
      const user = await server.register();
      const r1 = await server.refresh(user.refreshToken);
      expect(r1.status).toBe(200);
      const r2 = await server.refresh(r1.json.refreshToken);
      expect(r2.status).toBe(200);

      await sleep(server.config.refreshReuseGraceMs + 100); // correctness wait: leave the race window

      const reuse = await server.refresh(user.refreshToken);
      expect(reuse.status).toBe(401);
      expect(reuse.json.error.code).toBe('REFRESH_TOKEN_REUSED');

      const newest = await server.refresh(r2.json.refreshToken);
      expect(newest.status).toBe(401);
      expect(newest.json.error.code).toBe('INVALID_REFRESH_TOKEN');
      await expectAccessRefused(r2.json.accessToken);
      await expectAccessRefused(user.accessToken);
    });

    it('revokes the family on reuse inside the grace period once the successor was used too', async () => {
      const user = await server.register();
      const r1 = await server.refresh(user.refreshToken);
      expect(r1.status).toBe(200);
      await sleep(5); // distinct usedAt timestamps (ms resolution)
      const r2 = await server.refresh(r1.json.refreshToken);
      expect(r2.status).toBe(200);

      const reuse = await server.refresh(user.refreshToken); // well within REFRESH_REUSE_GRACE_MS
      expect(reuse.status).toBe(401);
      expect(reuse.json.error.code).toBe('REFRESH_TOKEN_REUSED');
      expect((await server.refresh(r2.json.refreshToken)).status).toBe(401);
      await expectAccessRefused(r2.json.accessToken);
    });

    it('two parallel refreshes of one token both get the one successor, and the family survives (5 rounds)', async () => {
      const user = await server.register();
      let token = user.refreshToken;
      for (let round = 0; round < 5; round++) {
        const results = await Promise.all([server.refresh(token), server.refresh(token)]);
        const detail = `round ${round}: ${results.map((r) => `${r.status} ${r.text}`).join(' | ')}`;
        expect(
          results.map((r) => r.status),
          detail,
        ).toEqual([200, 200]);
        expect(results[0]!.json.refreshToken, detail).toBe(results[1]!.json.refreshToken);
        for (const r of results) await expectAccessWorks(r.json.accessToken);
        const next = await server.refresh(results[0]!.json.refreshToken);
        expect(next.status, `round ${round}: the successor must still work`).toBe(200);
        await expectAccessWorks(next.json.accessToken);
        token = next.json.refreshToken;
      }
    });
  });

  describe('logout', () => {
    let user: Registered;
    let deviceA: string;
    let deviceB: string;
    let sessionB: { accessToken: string; refreshToken: string };

    beforeAll(async () => {
      deviceA = uniqueDevice('A');
      deviceB = uniqueDevice('B');
      user = await server.register({ deviceToken: deviceA });
      const login = await server.login(user.email, user.password, deviceB);
      expect(login.status).toBe(200);
      sessionB = login.json;
    });

    it('without a bearer token answers 401 and revokes nothing', async () => {
      const result = await server.post('/api/auth/logout', { deviceToken: deviceA });
      expect(result.status).toBe(401);
      expect(result.json.error.code).toBe('UNAUTHENTICATED');
      const garbage = await server.post('/api/auth/logout', { deviceToken: deviceA }, bearer('not-a-jwt'));
      expect(garbage.status).toBe(401);
      await expectAccessWorks(user.accessToken);
    });

    it('answers 204 and revokes that device’s refresh and access tokens; another device keeps working', async () => {
      const out = await server.post('/api/auth/logout', { deviceToken: deviceA }, bearer(user.accessToken));
      expect(out.status).toBe(204);
      expect(out.text).toBe('');

      const refresh = await server.refresh(user.refreshToken);
      expect(refresh.status).toBe(401);
      await expectAccessRefused(user.accessToken);
      // Logging out again with the revoked token is refused.
      expect((await server.post('/api/auth/logout', { deviceToken: deviceA }, bearer(user.accessToken))).status).toBe(401);

      expect((await expectAccessWorks(sessionB.accessToken)).email).toBe(user.email);
      const rotated = await server.refresh(sessionB.refreshToken);
      expect(rotated.status).toBe(200);
      await expectAccessWorks(rotated.json.accessToken);
    });
  });

  describe('forged and invalid access tokens', () => {
    let user: Registered;
    let other: Registered;
    beforeAll(async () => {
      [user, other] = await Promise.all([server.register(), server.register()]);
    });

    function sign(claims: { sub: string; sid: string }, opts: { exp?: number; iss?: string; secret?: Uint8Array } = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(opts.iss ?? server.config.publicUrl)
        .setIssuedAt(now - 120)
        .setExpirationTime(opts.exp ?? now + 600)
        .sign(opts.secret ?? server.config.jwtSecret);
    }

    it('a correctly signed token for a live session is accepted (control)', async () => {
      const { sub, sid } = decodeJwt(user.accessToken) as { sub: string; sid: string };
      expect((await expectAccessWorks(await sign({ sub, sid }))).email).toBe(user.email);
    });

    it('refuses expired, wrongly signed, wrong-issuer, unsigned and cross-user tokens with 401', async () => {
      const { sub, sid } = decodeJwt(user.accessToken) as { sub: string; sid: string };
      const otherSub = (decodeJwt(other.accessToken) as { sub: string }).sub;
      const now = Math.floor(Date.now() / 1000);
      const expired = await sign({ sub, sid }, { exp: now - 30 });
      const result = await server.graphql('{ viewer { id } }', undefined, expired);
      expect(result.status).toBe(401);
      expect(result.errors?.[0]?.message).toMatch(/expired/);
      await expectAccessRefused(await sign({ sub, sid }, { secret: new TextEncoder().encode('x'.repeat(48)) }));
      await expectAccessRefused(await sign({ sub, sid }, { iss: 'https://evil.example' }));
      // The other user's id with this user's session id: valid signature, but not their session.
      await expectAccessRefused(await sign({ sub: otherSub, sid }));
      const [, payload] = user.accessToken.split('.');
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      await expectAccessRefused(unsigned);
      await expectAccessRefused('garbage');
      // REST checks the same way.
      expect((await server.post('/api/auth/logout', { deviceToken: user.deviceToken }, bearer(expired))).status).toBe(401);
      await expectAccessWorks(user.accessToken);
    });
  });

  describe('input validation', () => {
    const email = uniqueEmail('invalid');
    const valid = () => ({ email, password: 'a good password', name: 'Val Id', deviceToken: uniqueDevice() });

    it('malformed JSON answers 400 MALFORMED_JSON', async () => {
      for (const path of ['/api/auth/register', '/api/auth/login', '/api/auth/refresh', '/api/auth/logout']) {
        const result = await server.post(path, '{"email": "a@b.c", ');
        expect(result.status, path).toBe(400);
        expect(result.json.error.code, path).toBe('MALFORMED_JSON');
      }
      const empty = await server.post('/api/auth/login', '');
      expect(empty.status).toBe(400);
      expect(empty.json.error.code).toBe('MALFORMED_JSON');
    });

    it('missing fields answer 400 VALIDATION_FAILED naming the field', async () => {
      const { password: _p, ...noPassword } = valid();
      const result = await server.post('/api/auth/register', noPassword);
      expect(result.status).toBe(400);
      expect(result.json.error.code).toBe('VALIDATION_FAILED');
      expect(result.json.error.message).toMatch(/password/);

      const { email: _e, ...noEmail } = valid();
      const r2 = await server.post('/api/auth/register', noEmail);
      expect(r2.status).toBe(400);
      expect(r2.json.error.message).toMatch(/email/);

      const { deviceToken: _d, ...noDevice } = valid();
      const r3 = await server.post('/api/auth/register', noDevice);
      expect(r3.status).toBe(400);
      expect(r3.json.error.message).toMatch(/deviceToken/);

      const { name: _n, ...noName } = valid();
      const r4 = await server.post('/api/auth/register', noName);
      expect(r4.status).toBe(400);
      expect(r4.json.error.code).toBe('VALIDATION_FAILED');
      expect(r4.json.error.message).toMatch(/name/);

      const r5 = await server.post('/api/auth/login', { email });
      expect(r5.status).toBe(400);
      expect(r5.json.error.message).toMatch(/password/);

      // No token in the body and no refresh cookie: nothing to rotate (decision 0026).
      const r6 = await server.post('/api/auth/refresh', {});
      expect(r6.status).toBe(401);
      expect(r6.json.error.code).toBe('INVALID_REFRESH_TOKEN');
    });

    it('over-long or malformed strings answer 400 VALIDATION_FAILED', async () => {
      const cases: Array<[string, string, Record<string, unknown>, RegExp]> = [
        ['e-mail of 300 chars', '/api/auth/register', { ...valid(), email: `${'a'.repeat(287)}@example.test` }, /email/],
        ['not an e-mail', '/api/auth/register', { ...valid(), email: 'not-an-email' }, /email/],
        ['password of 2000 chars', '/api/auth/register', { ...valid(), password: 'p'.repeat(2000) }, /password/],
        ['password of 3 chars', '/api/auth/register', { ...valid(), password: 'abc' }, /password/],
        ['name of 500 chars', '/api/auth/register', { ...valid(), name: 'n'.repeat(500) }, /name/],
        ['blank name', '/api/auth/register', { ...valid(), name: '   ' }, /name/],
        ['deviceToken of 500 chars', '/api/auth/register', { ...valid(), deviceToken: 'd'.repeat(500) }, /deviceToken/],
        ['password not a string', '/api/auth/register', { ...valid(), password: 12345678 }, /password/],
        ['login e-mail of 300 chars', '/api/auth/login', { email: `${'a'.repeat(287)}@example.test`, password: 'x', deviceToken: 'd' }, /email/],
        ['login password of 2000 chars', '/api/auth/login', { email, password: 'p'.repeat(2000), deviceToken: 'd' }, /password/],
        ['refresh token of 500 chars', '/api/auth/refresh', { refreshToken: 'r'.repeat(500) }, /refreshToken/],
      ];
      for (const [label, path, body, field] of cases) {
        const result = await server.post(path, body);
        expect(result.status, label).toBe(400);
        expect(result.json?.error?.code, label).toBe('VALIDATION_FAILED');
        expect(result.json.error.message, label).toMatch(field);
      }
    });

    it('non-object JSON bodies answer 400', async () => {
      for (const body of [JSON.stringify([valid()]), 'null', '"text"', '42', 'true']) {
        const result = await server.post('/api/auth/register', body);
        expect(result.status, body).toBe(400);
        expect(result.json?.error?.code, body).toMatch(/^(VALIDATION_FAILED|MALFORMED_JSON)$/);
      }
    });

    it('a body that is not JSON answers a 4xx error', async () => {
      const form = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a&password=b',
      });
      expect(form.status).toBe(415);
      expect((await form.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      // Fastify parses text/plain as a string: refused as a non-object body.
      const text = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'email=a' });
      expect(text.status).toBe(400);
      expect((await text.json()).error.code).toBe('VALIDATION_FAILED');
    });

    it('none of the refused registrations created a user', async () => {
      expect((await server.login(email, 'a good password', uniqueDevice())).status).toBe(401);
      const created = await server.post('/api/auth/register', valid());
      expect(created.status).toBe(201);
    });

    it('unknown /api paths answer a 404 JSON error', async () => {
      const get = await server.get('/api/xyz');
      expect(get.status).toBe(404);
      expect(get.json).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
      const post = await server.post('/api/auth/xyz', {});
      expect(post.status).toBe(404);
      expect(post.json.error.code).toBe('NOT_FOUND');
    });
  });

  describe('rate limit', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startServer(kind, { RATE_LIMIT_AUTH_MAX: '3' });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('answers 429 RATE_LIMITED after RATE_LIMIT_AUTH_MAX attempts on every auth route', async () => {
      // refresh allows three times the limit (one page load may refresh in several tabs).
      // An empty body is a 400, or a 401 for refresh (no body token and no cookie, decision 0026).
      for (const [path, max, refused] of [
        ['/api/auth/login', 3, 400],
        ['/api/auth/register', 3, 400],
        ['/api/auth/logout', 3, 400],
        ['/api/auth/reset/check', 3, 400],
        ['/api/auth/refresh', 9, 401],
      ] as const) {
        const statuses: number[] = [];
        for (let i = 0; i <= max; i++) statuses.push((await limited.post(path, {})).status);
        expect(statuses, path).toEqual([...Array.from({ length: max }, () => refused), 429]);
        const blocked = await limited.post(path, {});
        expect(blocked.status, path).toBe(429);
        expect(blocked.json.error.code, path).toBe('RATE_LIMITED');
        // Every 429 names the wait (SEC-LIMITS): the same seconds in Retry-After and the body, within the window.
        const retryAfter = Number(blocked.headers.get('retry-after'));
        expect(retryAfter, path).toBeGreaterThanOrEqual(1);
        expect(retryAfter, path).toBeLessThanOrEqual(60);
        expect(blocked.json.error.retryAfterSeconds, path).toBe(retryAfter);
      }
      // Health and GraphQL are not auth routes.
      expect((await limited.get('/api/health')).status).toBe(200);
      expect((await limited.graphql('{ viewer { id } }')).status).toBe(200);
    });

    it('names the wait of the reset link’s per-address limit: the fourth request within the hour gets 429 with about an hour', async () => {
      const email = uniqueEmail('resend');
      const server = await startServer(kind, { RATE_LIMIT_RESET_EMAIL: '3/3600', MAIL_TRANSPORT: 'memory' });
      try {
        for (let i = 0; i < 3; i++) expect((await server.post('/api/auth/reset', { email })).status).toBe(202);
        const blocked = await server.post('/api/auth/reset', { email });
        expect(blocked.status).toBe(429);
        expect(blocked.json.error.code).toBe('TOO_MANY_REQUESTS');
        const retryAfter = Number(blocked.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(3500);
        expect(retryAfter).toBeLessThanOrEqual(3600);
        expect(blocked.json.error.retryAfterSeconds).toBe(retryAfter);
      } finally {
        await server.close();
      }
    });
  });
});
