import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEGACY_TOKEN_COOKIE, SESSION_MARKER_COOKIE, SESSION_TRANSPORT_HEADER } from '@studio/site/cookies';
import { clearCredentials, readCredentials, writeCredentials } from './credentials';
import { onAppEvent } from '../app/events';
import { EXPIRY_MARGIN_MS, adoptRotatedToken, getAccessToken, isExpiring, onSessionEnded } from './tokens';

// Unit tests of one module: fetch is replaced by a fake refresh endpoint. The refresh token is the
// server's HttpOnly cookie (decision 0026), which no script sees: the fake keeps it as `serverCookie`
// and the client must never send one in the body — except a leftover of an earlier version.
// The client only decodes tokens (the server verifies them), so an unsigned-looking JWT will do.
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = async (expSeconds: number) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', exp: expSeconds })}.c2lnbmF0dXJl`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

let refreshCalls = 0;
let refreshStatus = 200;
/** The refresh token the fake server's HttpOnly cookie holds. */
let serverCookie = 'r1';
/** The bodies the client sent to /refresh. */
let bodies: unknown[] = [];
beforeEach(() => {
  refreshCalls = 0;
  refreshStatus = 200;
  serverCookie = 'r1';
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/auth/refresh');
      expect(new Headers(init.headers).get('authorization')).toBeNull(); // refresh bypasses authorization
      expect(new Headers(init.headers).get(SESSION_TRANSPORT_HEADER)).toBe('cookie');
      expect(init.credentials).toBe('same-origin'); // the HttpOnly cookie goes along
      refreshCalls++;
      await new Promise((r) => setTimeout(r, 10));
      if (refreshStatus !== 200) {
        return new Response(JSON.stringify({ error: { code: 'INVALID_REFRESH_TOKEN', message: 'no' } }), { status: refreshStatus });
      }
      const body = JSON.parse(String(init.body)) as { refreshToken?: string };
      bodies.push(body);
      serverCookie = `${body.refreshToken ?? serverCookie}+`;
      // Distinct tokens per rotation (the same second would otherwise give equal JWTs).
      return new Response(JSON.stringify({ accessToken: await token(nowSeconds() + 900 + refreshCalls) }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearCredentials();
});

describe('access-token freshness', () => {
  it('counts a token within the 2 s margin as expiring', async () => {
    const exp = nowSeconds() + 60;
    const t = await token(exp);
    expect(isExpiring(t, exp * 1000 - EXPIRY_MARGIN_MS - 1)).toBe(false);
    expect(isExpiring(t, exp * 1000 - EXPIRY_MARGIN_MS)).toBe(true);
    expect(isExpiring(t, exp * 1000 + 1)).toBe(true);
    expect(isExpiring('garbage')).toBe(true);
  });
});

describe('getAccessToken', () => {
  it('answers null when signed out, without calling the server', async () => {
    expect(await getAccessToken()).toBeNull();
    expect(refreshCalls).toBe(0);
  });

  it('uses a fresh token as it is', async () => {
    const fresh = await token(nowSeconds() + 600);
    writeCredentials({ accessToken: fresh });
    expect(await getAccessToken()).toBe(fresh);
    expect(refreshCalls).toBe(0);
  });

  it('refreshes once for 20 concurrent callers by the cookie and stores the new access token alone', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() + 1) });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => getAccessToken()));
    expect(refreshCalls).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(bodies).toEqual([{}]);
    expect(serverCookie).toBe('r1+');
    expect(readCredentials()).toEqual({ accessToken: tokens[0] });
    expect(document.cookie).not.toContain('r1');
  });

  it('moves a leftover script-readable refresh token to the cookie once and deletes it', async () => {
    document.cookie = `${LEGACY_TOKEN_COOKIE}=r7; path=/`;
    expect(await getAccessToken()).toMatch(/^ey/);
    expect(bodies).toEqual([{ refreshToken: 'r7' }]);
    expect(document.cookie).not.toContain(LEGACY_TOKEN_COOKIE);
    // From now on the cookie alone.
    writeCredentials({ accessToken: await token(nowSeconds() - 5) });
    await getAccessToken();
    expect(bodies).toEqual([{ refreshToken: 'r7' }, {}]);
  });

  it('clears everything and tells listeners when the refresh is rejected', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() - 5) });
    refreshStatus = 401;
    const ended = vi.fn();
    const off = onSessionEnded(ended);
    expect(await getAccessToken()).toBeNull();
    off();
    expect(ended).toHaveBeenCalledOnce();
    expect(readCredentials()).toBeNull();
  });

  it('keeps the credentials when the server cannot be reached', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() - 5) });
    const kept = readCredentials();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getAccessToken()).rejects.toThrow();
    expect(readCredentials()).toEqual(kept);
  });
});

describe('across tabs (Web Lock)', () => {
  /** A lock manager shared by the "tabs" of one test: callbacks under one name run one at a time. */
  function installFakeLocks() {
    let chain: Promise<unknown> = Promise.resolve();
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => {
      const run = chain.then(callback);
      chain = run.catch(() => undefined);
      return run;
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    return request;
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  /**
   * Two tabs: two instances of the modules, each with its own memory (decision 0048), sharing the
   * cookies (document.cookie, where the server's session marker is) and the lock manager.
   */
  async function twoTabs() {
    document.cookie = `${SESSION_MARKER_COOKIE}=1; path=/`;
    vi.resetModules();
    const tabA = { tokens: await import('./tokens'), credentials: await import('./credentials') };
    vi.resetModules();
    const tabB = { tokens: await import('./tokens'), credentials: await import('./credentials') };
    return { tabA, tabB };
  }
  afterEach(() => {
    document.cookie = `${SESSION_MARKER_COOKIE}=; path=/; max-age=0`;
  });

  it('fresh pages: each tab gets its own token by the cookie, one rotation at a time, each from the cookie the previous one set', async () => {
    const request = installFakeLocks();
    const { tabA, tabB } = await twoTabs();
    expect(tabA.credentials.readCredentials()).toBeNull();
    const [a, b] = await Promise.all([tabA.tokens.getAccessToken(), tabB.tokens.getAccessToken()]);
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(request).toHaveBeenCalledWith('studio-refresh', expect.any(Function));
    // Never two at once: the second rotation presented the cookie the first one set (no reuse).
    expect(refreshCalls).toBeLessThanOrEqual(2);
    expect(serverCookie).toBe('r1' + '+'.repeat(refreshCalls));
    expect(bodies).toEqual(Array.from({ length: refreshCalls }, () => ({})));
  });

  it('a tab that was handed the token inside the lock uses it instead of rotating again', async () => {
    installFakeLocks();
    const { tabA, tabB } = await twoTabs();
    const a = await tabA.tokens.getAccessToken();
    tabB.tokens.adoptRotatedToken(a!); // what the app channel's `refresh` event does (SessionProvider)
    expect(await tabB.tokens.getAccessToken()).toBe(a);
    expect(refreshCalls).toBe(1);
  });

  it('without the session marker or a token a fresh page asks nothing', async () => {
    const { tabA } = await twoTabs();
    document.cookie = `${SESSION_MARKER_COOKIE}=; path=/; max-age=0`;
    expect(await tabA.tokens.getAccessToken()).toBeNull();
    expect(refreshCalls).toBe(0);
  });

  it('after a refused token, uses a token another tab already handed over instead of rotating again', async () => {
    installFakeLocks();
    const rejected = await token(nowSeconds() + 600);
    const rotatedElsewhere = await token(nowSeconds() + 700);
    const { tabA } = await twoTabs();
    tabA.credentials.writeCredentials({ accessToken: rotatedElsewhere });
    const { forceRefresh } = tabA.tokens;
    expect(await forceRefresh(rejected)).toBe(rotatedElsewhere);
    expect(refreshCalls).toBe(0);
    // The same token refused again is rotated.
    expect(await forceRefresh(rotatedElsewhere)).not.toBe(rotatedElsewhere);
    expect(refreshCalls).toBe(1);
  });
});

describe('events for other tabs', () => {
  it('raises refresh after a rotation and sign-out after a definite rejection', async () => {
    const seen: string[] = [];
    // Only this tab's events: module instances of earlier tests act as other tabs on the channel.
    const offs = [
      onAppEvent('refresh', (_event, origin) => origin === 'this-tab' && seen.push('refresh')),
      onAppEvent('sign-out', (_event, origin) => origin === 'this-tab' && seen.push('sign-out')),
    ];
    writeCredentials({ accessToken: await token(nowSeconds() - 5) });
    await getAccessToken();
    refreshStatus = 401;
    writeCredentials({ accessToken: await token(nowSeconds() - 5) });
    await getAccessToken();
    offs.forEach((off) => off());
    expect(seen).toEqual(['refresh', 'sign-out']);
  });

  it('keeps the credentials when the refresh is rate limited (429): not a definite rejection', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() - 5) });
    const kept = readCredentials();
    refreshStatus = 429;
    await expect(getAccessToken()).rejects.toThrow();
    expect(readCredentials()).toEqual(kept);
  });
});

describe('a rotation lost to another tab (409 REFRESH_TOKEN_RACE)', () => {
  const race = (onCall: () => void) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        onCall();
        return new Response(JSON.stringify({ error: { code: 'REFRESH_TOKEN_RACE', message: 'rotated concurrently' } }), { status: 409 });
      }),
    );

  it('waits for the other tab’s token to become visible here and uses it', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() - 10) });
    const rotated = await token(nowSeconds() + 900);
    // The other tab's token arrives on the app channel 250 ms after the server refused ours.
    race(() => setTimeout(() => writeCredentials({ accessToken: rotated }), 250));
    expect(await getAccessToken()).toBe(rotated);
  });

  it('answers null (keeping the credentials) when no other token arrives', async () => {
    const spent = await token(nowSeconds() - 10);
    writeCredentials({ accessToken: spent });
    race(() => {});
    expect(await getAccessToken()).toBeNull();
    expect(readCredentials()).toEqual({ accessToken: spent });
  });
});

describe('a rotation announced by another tab (SESSION-TABS)', () => {
  it('adopts a newer access token and ignores an older one arriving late', async () => {
    const current = await token(nowSeconds() + 600);
    writeCredentials({ accessToken: current });
    adoptRotatedToken(await token(nowSeconds() + 300));
    expect(readCredentials()).toEqual({ accessToken: current });
    const newer = await token(nowSeconds() + 900);
    adoptRotatedToken(newer);
    expect(readCredentials()).toEqual({ accessToken: newer });
    expect(await getAccessToken()).toBe(newer);
    expect(refreshCalls).toBe(0);
  });

  it('carries the new access token in the refresh event', async () => {
    const events: string[] = [];
    const off = onAppEvent('refresh', (event, origin) => origin === 'this-tab' && events.push(event.accessToken));
    writeCredentials({ accessToken: await token(nowSeconds() - 5) });
    const next = await getAccessToken();
    off();
    expect(events).toEqual([next]);
  });
});
