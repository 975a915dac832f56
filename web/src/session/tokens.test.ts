import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCredentials, readCredentials, writeCredentials } from './cookies';
import { onAppEvent } from '../app/events';
import { EXPIRY_MARGIN_MS, getAccessToken, isExpiring, onSessionEnded } from './tokens';

// Unit tests of one module: fetch is replaced by a fake refresh endpoint.
// The client only decodes tokens (the server verifies them), so an unsigned-looking JWT will do.
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = async (expSeconds: number) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', exp: expSeconds })}.c2lnbmF0dXJl`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

let refreshCalls = 0;
let refreshStatus = 200;
beforeEach(() => {
  refreshCalls = 0;
  refreshStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/auth/refresh');
      expect(new Headers(init.headers).get('authorization')).toBeNull(); // refresh bypasses authorization
      refreshCalls++;
      await new Promise((r) => setTimeout(r, 10));
      if (refreshStatus !== 200) {
        return new Response(JSON.stringify({ error: { code: 'INVALID_REFRESH_TOKEN', message: 'no' } }), { status: refreshStatus });
      }
      const body = JSON.parse(String(init.body)) as { refreshToken: string };
      return new Response(JSON.stringify({ accessToken: await token(nowSeconds() + 900), refreshToken: `${body.refreshToken}+` }), { status: 200 });
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
    writeCredentials({ accessToken: fresh, refreshToken: 'r1' });
    expect(await getAccessToken()).toBe(fresh);
    expect(refreshCalls).toBe(0);
  });

  it('refreshes once for 20 concurrent callers and stores the rotated pair', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() + 1), refreshToken: 'r1' });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => getAccessToken()));
    expect(refreshCalls).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(readCredentials()?.refreshToken).toBe('r1+');
  });

  it('refreshes from the 7-day token cookie when the credentials cookie is gone', async () => {
    document.cookie = 'apollo:default.token=r7; path=/';
    expect(await getAccessToken()).toMatch(/^ey/);
    expect(refreshCalls).toBe(1);
  });

  it('clears everything and tells listeners when the refresh is rejected', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() - 5), refreshToken: 'stale' });
    refreshStatus = 401;
    const ended = vi.fn();
    const off = onSessionEnded(ended);
    expect(await getAccessToken()).toBeNull();
    off();
    expect(ended).toHaveBeenCalledOnce();
    expect(readCredentials()).toBeNull();
  });

  it('keeps the credentials when the server cannot be reached', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() - 5), refreshToken: 'keep' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(getAccessToken()).rejects.toThrow();
    expect(readCredentials()?.refreshToken).toBe('keep');
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

  /** Two tabs: two instances of the module sharing the cookies (document.cookie) and the lock manager. */
  async function twoTabs() {
    vi.resetModules();
    const tabA = await import('./tokens');
    vi.resetModules();
    const tabB = await import('./tokens');
    return { tabA, tabB };
  }

  it('lets only one tab rotate; the other re-reads the stored pair inside the lock', async () => {
    const request = installFakeLocks();
    writeCredentials({ accessToken: await token(nowSeconds() + 1), refreshToken: 'r1' });
    const { tabA, tabB } = await twoTabs();
    const [a, b] = await Promise.all([tabA.getAccessToken(), tabB.getAccessToken()]);
    expect(refreshCalls).toBe(1);
    expect(a).toBe(b);
    expect(request).toHaveBeenCalledWith('studio-refresh', expect.any(Function));
    expect(readCredentials()?.refreshToken).toBe('r1+');
  });

  it('without the lock both tabs would rotate (what the lock prevents)', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() + 1), refreshToken: 'r1' });
    const { tabA, tabB } = await twoTabs();
    await Promise.all([tabA.getAccessToken(), tabB.getAccessToken()]);
    expect(refreshCalls).toBe(2);
  });

  it('after a refused token, uses a pair another tab already rotated instead of rotating again', async () => {
    installFakeLocks();
    const rejected = await token(nowSeconds() + 600);
    const rotatedElsewhere = await token(nowSeconds() + 700);
    writeCredentials({ accessToken: rotatedElsewhere, refreshToken: 'r2' });
    const { forceRefresh } = await import('./tokens');
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
    writeCredentials({ accessToken: await token(nowSeconds() - 5), refreshToken: 'r1' });
    await getAccessToken();
    refreshStatus = 401;
    writeCredentials({ accessToken: await token(nowSeconds() - 5), refreshToken: 'r2' });
    await getAccessToken();
    offs.forEach((off) => off());
    expect(seen).toEqual(['refresh', 'sign-out']);
  });

  it('keeps the credentials when the refresh is rate limited (429): not a definite rejection', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() - 5), refreshToken: 'keep' });
    refreshStatus = 429;
    await expect(getAccessToken()).rejects.toThrow();
    expect(readCredentials()?.refreshToken).toBe('keep');
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

  it('waits for the other tab’s pair to become visible here and uses it', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() - 10), refreshToken: 'spent' });
    const rotated = await token(nowSeconds() + 900);
    // The other tab's cookie arrives 250 ms after the server refused ours.
    race(() => setTimeout(() => writeCredentials({ accessToken: rotated, refreshToken: 'next' }), 250));
    expect(await getAccessToken()).toBe(rotated);
    expect(readCredentials()?.refreshToken).toBe('next');
  });

  it('answers null (keeping the credentials) when no other pair arrives', async () => {
    writeCredentials({ accessToken: await token(nowSeconds() - 10), refreshToken: 'spent' });
    race(() => {});
    expect(await getAccessToken()).toBeNull();
    expect(readCredentials()?.refreshToken).toBe('spent');
  });
});
