// Retry-After of a rate-limited auth call (SEC-LIMITS: the reset request shows how long to wait).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthApiError, exchangeSocialCode, getLinkUrl, logout, refresh, retryAfter, socialCallbackUrl, socialLoginUrl } from './authApi';
import { getDeviceToken } from './deviceToken';

describe('retryAfter', () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    expect(retryAfter('120')).toBe(120);
    expect(retryAfter('0')).toBe(0);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfter('Wed, 01 Jan 2025 00:01:30 GMT', now)).toBe(90);
    expect(retryAfter(null)).toBeNull();
    expect(retryAfter('soon')).toBeNull();
  });
});

// Social sign-in calls (AUTH-SOCIAL): the login redirect address, the code exchange and
// the link URL, with the same AuthApiError semantics as the POST calls.
describe('social sign-in calls', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Stubs fetch with one answer and records the requests. */
  function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    const requests: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return Promise.resolve(
        new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
      );
    });
    return requests;
  }

  it('builds the callback URL of the page locale', () => {
    expect(socialCallbackUrl('en', 'https://studio.test')).toBe('https://studio.test/loading');
    expect(socialCallbackUrl('ru', 'https://studio.test')).toBe('https://studio.test/ru/loading');
    expect(socialCallbackUrl('es', 'http://localhost:3000')).toBe('http://localhost:3000/es/loading');
  });

  it('builds the login address with callbackUrl, deviceToken and state, encoded', () => {
    const url = socialLoginUrl('google', { callbackUrl: 'https://studio.test/ru/loading', returnPath: '/ru/profile?tab=a&b=c', deviceToken: 'Chrome-abc' });
    expect(url).toBe(
      '/api/auth/google/login?callbackUrl=https%3A%2F%2Fstudio.test%2Fru%2Floading&deviceToken=Chrome-abc&state=%2Fru%2Fprofile%3Ftab%3Da%26b%3Dc',
    );
    const parsed = new URL(url, 'https://studio.test');
    expect(parsed.searchParams.get('state')).toBe('/ru/profile?tab=a&b=c');
  });

  it('leaves the device token out when told (server rendering) and takes this browser’s by default', () => {
    const server = new URL(socialLoginUrl('github', { callbackUrl: '/loading', returnPath: '/profile', deviceToken: null }), 'https://studio.test');
    expect(server.pathname).toBe('/api/auth/github/login');
    expect(server.searchParams.has('deviceToken')).toBe(false);
    expect(server.searchParams.get('callbackUrl')).toBe('/loading');
    const browser = new URL(socialLoginUrl('github', { callbackUrl: '/loading', returnPath: '/profile' }), 'https://studio.test');
    expect(browser.searchParams.get('deviceToken')).toBe(getDeviceToken());
  });

  it('exchanges a code: POST with code and device token in cookie mode, answers the access token and the return path', async () => {
    const requests = answer(200, { accessToken: 'a', returnPath: '/es/profile' });
    await expect(exchangeSocialCode('c0de', 'Firefox-1')).resolves.toEqual({ accessToken: 'a', returnPath: '/es/profile' });
    expect(requests[0]!.url).toBe('/api/auth/social/exchange');
    expect(requests[0]!.init.method).toBe('POST');
    // The refresh token stays in the server's HttpOnly cookie (decision 0026).
    expect(new Headers(requests[0]!.init.headers).get('x-session-transport')).toBe('cookie');
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({ code: 'c0de', deviceToken: 'Firefox-1' });
  });

  it('reports a refused code with its error code', async () => {
    answer(400, { error: { code: 'SOCIAL_CODE_INVALID', message: 'Unknown code' } });
    await expect(exchangeSocialCode('old', 'd')).rejects.toMatchObject({ name: 'AuthApiError', status: 400, code: 'SOCIAL_CODE_INVALID' });
  });

  it('gets the link URL with a GET and the bearer token, and answers `data`', async () => {
    const requests = answer(200, { data: 'https://provider.test/authorize?x=1' });
    const url = await getLinkUrl('yandex', 'tok', { callbackUrl: 'https://studio.test/loading', returnPath: '/profile', deviceToken: 'Safari-2' });
    expect(url).toBe('https://provider.test/authorize?x=1');
    const sent = new URL(requests[0]!.url, 'https://studio.test');
    expect(sent.pathname).toBe('/api/auth/yandex/get-login-url');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ callbackUrl: 'https://studio.test/loading', deviceToken: 'Safari-2', state: '/profile' });
    expect(requests[0]!.init.method).toBe('GET');
    expect(requests[0]!.init.body).toBeUndefined();
    expect((requests[0]!.init.headers as Record<string, string>)['authorization']).toBe('Bearer tok');
  });

  it('turns link URL failures into AuthApiError: 401, 429 with Retry-After, network, an answer without data', async () => {
    answer(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } });
    await expect(getLinkUrl('vk', 't', { callbackUrl: '/loading', returnPath: '/profile', deviceToken: 'd' })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    answer(429, { error: { code: 'RATE_LIMITED', message: 'slow down' } }, { 'retry-after': '30' });
    await expect(getLinkUrl('vk', 't', { callbackUrl: '/loading', returnPath: '/profile', deviceToken: 'd' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 30,
    });
    answer(200, { data: null });
    await expect(getLinkUrl('vk', 't', { callbackUrl: '/loading', returnPath: '/profile', deviceToken: 'd' })).rejects.toBeInstanceOf(AuthApiError);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(getLinkUrl('vk', 't', { callbackUrl: '/loading', returnPath: '/profile', deviceToken: 'd' })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
    });
  });
});

// The HttpOnly refresh cookie (SESSION-COOKIES, decision 0026): refresh and logout send no refresh token.
describe('refresh and logout by the cookie', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refreshes with an empty body (the browser sends the cookie), or once with a leftover token', async () => {
    const requests: RequestInit[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      requests.push(init);
      return Promise.resolve(new Response(JSON.stringify({ accessToken: 'next' }), { status: 200 }));
    });
    await expect(refresh()).resolves.toEqual({ accessToken: 'next' });
    await refresh('legacy');
    expect(requests.map((init) => JSON.parse(String(init.body)))).toEqual([{}, { refreshToken: 'legacy' }]);
    expect(requests.every((init) => init.credentials === 'same-origin' && new Headers(init.headers).get('x-session-transport') === 'cookie')).toBe(true);
  });

  it('signs out with or without an access token', async () => {
    const requests: RequestInit[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      requests.push(init);
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    await logout('Chrome-1');
    await logout('Chrome-1', 'tok');
    expect(requests.map((init) => new Headers(init.headers).get('authorization'))).toEqual([null, 'Bearer tok']);
  });
});
