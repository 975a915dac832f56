/**
 * The HttpOnly refresh cookie and the absolute session lifetime (SESSION-COOKIES, SESSION-MAX-AGE,
 * AUTH-LOGOUT; decision 0026) over real HTTP on SQLite and PostgreSQL: the cookie's attributes,
 * refresh by cookie, cookie-mode bodies without the refresh token, API clients with body tokens,
 * logout by cookie, and a session older than SESSION_MAX_AGE_DAYS.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REFRESH_COOKIE, SESSION_MARKER_COOKIE, SESSION_TRANSPORT_HEADER } from '@studio/site/cookies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/identity/auth/tokens.js';
import { loadConfig } from '../src/platform/config.js';
import { describeEachDb, type HttpResult, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';

const COOKIE_MODE = { [SESSION_TRANSPORT_HEADER]: 'cookie' };
const DAY = 86400;

interface SetCookie {
  value: string;
  attributes: Map<string, string>;
}

/** The cookie `name` (the refresh cookie by default) set by `result`, with its attributes (lower-case names), or undefined. */
function refreshCookieOf(result: HttpResult, name: string = REFRESH_COOKIE): SetCookie | undefined {
  const line = result.headers.getSetCookie().find((header) => header.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair, ...rest] = line.split(';').map((part) => part.trim());
  const attributes = new Map(
    rest.map((part) => {
      const [name, ...value] = part.split('=');
      return [name!.toLowerCase(), value.join('=')] as [string, string];
    }),
  );
  return { value: decodeURIComponent(pair!.slice(name.length + 1)), attributes };
}

/** The refresh cookie of `result`; fails the test when there is none. */
function requireCookie(result: HttpResult): SetCookie {
  const cookie = refreshCookieOf(result);
  expect(cookie, `no ${REFRESH_COOKIE} in ${JSON.stringify(result.headers.getSetCookie())}`).toBeDefined();
  return cookie!;
}

const cookieHeader = (token: string) => ({ cookie: `${REFRESH_COOKIE}=${encodeURIComponent(token)}` });

describe('SESSION_MAX_AGE_DAYS', () => {
  const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'studio-config-')), JWT_SECRET: 'x'.repeat(40) });
  it('defaults to 30 days, takes days (decimals too) and refuses nonsense with its name', () => {
    expect(loadConfig(base()).sessionMaxAge).toBe(30 * DAY);
    expect(loadConfig({ ...base(), SESSION_MAX_AGE_DAYS: '90' }).sessionMaxAge).toBe(90 * DAY);
    expect(loadConfig({ ...base(), SESSION_MAX_AGE_DAYS: '0.5' }).sessionMaxAge).toBe(DAY / 2);
    expect(() => loadConfig({ ...base(), SESSION_MAX_AGE_DAYS: '0' })).toThrow(/SESSION_MAX_AGE_DAYS/);
    expect(() => loadConfig({ ...base(), SESSION_MAX_AGE_DAYS: 'soon' })).toThrow(/SESSION_MAX_AGE_DAYS/);
  });
});

describeEachDb('refresh cookie on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Registers in cookie mode (as the web client does); answers the body, the cookie and the device. */
  async function browserRegister() {
    const deviceToken = uniqueDevice('browser');
    const result = await server.post(
      '/api/auth/register',
      { email: uniqueEmail('cookie'), password: 'a long enough passphrase 1', name: 'Cookie User', deviceToken },
      COOKIE_MODE,
    );
    expect(result.status, result.text).toBe(201);
    return { result, cookie: requireCookie(result), deviceToken };
  }

  const viewerStatus = async (accessToken: string) => (await server.graphql('{ viewer { id } }', undefined, accessToken)).status;

  it('sets the cookie HttpOnly, Secure, SameSite=Strict, Path=/, no Domain, __Host- prefix, for the refresh-token lifetime', async () => {
    const { result, cookie } = await browserRegister();
    expect(REFRESH_COOKIE.startsWith('__Host-')).toBe(true);
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.has('secure')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Strict');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('domain')).toBe(false);
    expect(Number(cookie.attributes.get('max-age'))).toBe(server.config.refreshTokenTtl);
    expect(result.headers.get('cache-control')).toBe('no-store');
  });

  it('sets the session marker beside it — `1`, readable by script, SameSite=Lax, the same lifetime — and clears both together (decision 0048)', async () => {
    const { cookie, deviceToken } = await browserRegister();
    const rotated = await server.post('/api/auth/refresh', {}, cookieHeader(cookie.value));
    const marker = refreshCookieOf(rotated, SESSION_MARKER_COOKIE);
    expect(marker, JSON.stringify(rotated.headers.getSetCookie())).toBeDefined();
    expect(marker!.value).toBe('1');
    expect(marker!.attributes.has('httponly')).toBe(false);
    expect(marker!.attributes.has('secure')).toBe(true);
    expect(marker!.attributes.get('samesite')).toBe('Lax');
    expect(marker!.attributes.get('path')).toBe('/');
    expect(marker!.attributes.get('max-age')).toBe(requireCookie(rotated).attributes.get('max-age'));
    const out = await server.post('/api/auth/logout', { deviceToken }, cookieHeader(requireCookie(rotated).value));
    expect(out.status, out.text).toBe(204);
    expect(refreshCookieOf(out, SESSION_MARKER_COOKIE)?.value).toBe('');
    expect(requireCookie(out).value).toBe('');
  });

  it('answers cookie-mode register, login and refresh with the access token alone', async () => {
    const { result, deviceToken } = await browserRegister();
    expect(Object.keys(result.json)).toEqual(['accessToken']);
    const email = uniqueEmail('mode');
    const password = 'a long enough passphrase 2';
    expect((await server.post('/api/auth/register', { email, password, name: 'Mode', deviceToken: uniqueDevice() })).status).toBe(201);
    const login = await server.post('/api/auth/login', { email, password, deviceToken }, COOKIE_MODE);
    expect(login.status).toBe(200);
    expect(Object.keys(login.json)).toEqual(['accessToken']);
    const refreshed = await server.post('/api/auth/refresh', {}, cookieHeader(requireCookie(login).value));
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(Object.keys(refreshed.json)).toEqual(['accessToken']);
    expect(refreshed.text).not.toContain(requireCookie(refreshed).value);
  });

  it('rotates by the cookie: a new cookie each time and a working access token', async () => {
    const { cookie } = await browserRegister();
    const rotated = await server.post('/api/auth/refresh', {}, cookieHeader(cookie.value));
    expect(rotated.status, rotated.text).toBe(200);
    const next = requireCookie(rotated);
    expect(next.value).not.toBe(cookie.value);
    expect(next.attributes.has('httponly')).toBe(true);
    expect(await viewerStatus(rotated.json.accessToken)).toBe(200);
    const again = await server.post('/api/auth/refresh', {}, cookieHeader(next.value));
    expect(again.status, again.text).toBe(200);
    expect(requireCookie(again).value).not.toBe(next.value);
  });

  it('answers two concurrent refreshes with one cookie (two tabs) and keeps the family', async () => {
    const { cookie } = await browserRegister();
    const [a, b] = await Promise.all([1, 2].map(() => server.post('/api/auth/refresh', {}, cookieHeader(cookie.value))));
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(requireCookie(a!).value).toBe(requireCookie(b!).value);
    expect(await viewerStatus(a!.json.accessToken)).toBe(200);
    expect(await viewerStatus(b!.json.accessToken)).toBe(200);
    expect((await server.post('/api/auth/refresh', {}, cookieHeader(requireCookie(a!).value))).status).toBe(200);
  });

  it('refuses a refresh with neither cookie nor body token, and clears a cookie the server no longer knows', async () => {
    const none = await server.post('/api/auth/refresh', {}, { cookie: `${SESSION_MARKER_COOKIE}=1` });
    expect(none.status).toBe(401);
    expect(none.json.error.code).toBe('INVALID_REFRESH_TOKEN');
    expect(refreshCookieOf(none, SESSION_MARKER_COOKIE)?.value).toBe(''); // a stale marker goes
    const unknown = await server.post('/api/auth/refresh', {}, cookieHeader('x'.repeat(43)));
    expect(unknown.status).toBe(401);
    const cleared = requireCookie(unknown);
    expect(cleared.value).toBe('');
    expect(cleared.attributes.get('max-age') === '0' || cleared.attributes.has('expires')).toBe(true);
  });

  it('keeps the REST contract for API clients: body tokens in and out (and a cookie they may ignore)', async () => {
    const user = await server.register();
    const rotated = await server.refresh(user.refreshToken);
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.json).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(requireCookie(rotated).value).toBe(rotated.json.refreshToken);
    // A body token wins over a cookie; the cookie-mode header hides it again.
    const hidden = await server.post('/api/auth/refresh', { refreshToken: rotated.json.refreshToken }, { ...COOKIE_MODE, ...cookieHeader('y'.repeat(43)) });
    expect(hidden.status, hidden.text).toBe(200);
    expect(Object.keys(hidden.json)).toEqual(['accessToken']);
  });

  it('signs out by the cookie alone: the family is revoked and the cookie cleared', async () => {
    const { result, cookie, deviceToken } = await browserRegister();
    const out = await server.post('/api/auth/logout', { deviceToken }, cookieHeader(cookie.value));
    expect(out.status, out.text).toBe(204);
    const cleared = requireCookie(out);
    expect(cleared.value).toBe('');
    expect(cleared.attributes.get('path')).toBe('/');
    expect(await viewerStatus(result.json.accessToken)).toBe(401);
    const refresh = await server.post('/api/auth/refresh', {}, cookieHeader(cookie.value));
    expect(refresh.status).toBe(401);
    expect(refresh.json.error.code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('signs out with cookie and a stale bearer, and still needs one of them', async () => {
    const { cookie, deviceToken } = await browserRegister();
    const out = await server.post('/api/auth/logout', { deviceToken }, { ...cookieHeader(cookie.value), authorization: 'Bearer not-a-token' });
    expect(out.status).toBe(204);
    expect((await server.post('/api/auth/refresh', {}, cookieHeader(cookie.value))).status).toBe(401);
    const neither = await server.post('/api/auth/logout', { deviceToken });
    expect(neither.status).toBe(401);
    expect(neither.json.error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses to refresh a session older than SESSION_MAX_AGE_DAYS (401 SESSION_EXPIRED) and cuts the cookie to what is left', async () => {
    const { cookie } = await browserRegister();
    const db = server.app.database.db;
    const { sessionId } = await db.selectFrom('refreshTokens').select('sessionId').where('tokenHash', '=', hashToken(cookie.value)).executeTakeFirstOrThrow();
    // 29 days and 1 hour old: the next cookie may live only the remaining 23 hours.
    const age = (29 * DAY + 3600) * 1000;
    await db
      .updateTable('sessions')
      .set({ created: new Date(Date.now() - age).toISOString() })
      .where('id', '=', sessionId)
      .execute();
    const late = await server.post('/api/auth/refresh', {}, cookieHeader(cookie.value));
    expect(late.status, late.text).toBe(200);
    const maxAge = Number(requireCookie(late).attributes.get('max-age'));
    expect(maxAge).toBeGreaterThan(23 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(23 * 3600);

    await db
      .updateTable('sessions')
      .set({ created: new Date(Date.now() - 30 * DAY * 1000 - 1000).toISOString() })
      .where('id', '=', sessionId)
      .execute();
    const expired = await server.post('/api/auth/refresh', {}, cookieHeader(requireCookie(late).value));
    expect(expired.status).toBe(401);
    expect(expired.json.error.code).toBe('SESSION_EXPIRED');
    expect(requireCookie(expired).value).toBe('');
    expect(await viewerStatus(late.json.accessToken)).toBe(401);
  });
});

describeEachDb('server-rendered pages with only the refresh cookie on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false' }, { web: true });
  });
  afterAll(() => server?.close());

  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  const page = async (path: string, cookie?: string) =>
    (await fetch(`${server.baseUrl}${path}`, { headers: { 'user-agent': BROWSER, 'accept-language': 'en', ...(cookie ? { cookie } : {}) } })).text();
  const refreshOnly = `${REFRESH_COOKIE}=${'z'.repeat(43)}`;

  it('renders an app page signed in (not as the anonymous page) when the access token is gone but the HttpOnly cookie is left', async () => {
    const signedIn = '"signedIn":true';
    expect(await page('/profile')).not.toContain(signedIn);
    expect(await page('/profile', refreshOnly)).toContain(signedIn);
    expect(await page('/profile')).not.toContain(signedIn);
  });

  it('sends a document (SITE-DELIVERY) alike with or without the cookie: its island shows the session', async () => {
    const anonymous = await page('/');
    expect(await page('/', refreshOnly)).toBe(anonymous);
    expect(anonymous).toMatch(/data-session="signed-in"[^>]*hidden/);
  });
});
