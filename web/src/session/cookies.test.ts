import { afterEach, describe, expect, it } from 'vitest';
import { CREDENTIALS_COOKIE, TOKEN_COOKIE } from '@studio/site/cookies';
import { clearCredentials, hasSession, parseCredentials, readCredentials, writeCredentials } from './cookies';

afterEach(() => clearCredentials());

describe('credentials cookies (SESSION-COOKIES)', () => {
  it('writes both tokens to the credentials cookie and the refresh token to the token cookie', () => {
    writeCredentials({ accessToken: 'a.b.c', refreshToken: 'r1' });
    expect(readCredentials()).toEqual({ accessToken: 'a.b.c', refreshToken: 'r1' });
    expect(document.cookie).toContain(`${TOKEN_COOKIE}=r1`);
    expect(hasSession(document.cookie)).toBe(true);
  });

  it('clears both cookies', () => {
    writeCredentials({ accessToken: 'a.b.c', refreshToken: 'r1' });
    clearCredentials();
    expect(readCredentials()).toBeNull();
    expect(document.cookie).not.toContain(TOKEN_COOKIE);
    expect(document.cookie).not.toContain(CREDENTIALS_COOKIE);
  });

  it('falls back to the 7-day token cookie when the 900 s credentials cookie has expired', () => {
    expect(parseCredentials(`${TOKEN_COOKIE}=r9`)).toEqual({ accessToken: null, refreshToken: 'r9' });
  });

  it('treats a damaged credentials cookie as absent', () => {
    expect(parseCredentials(`${CREDENTIALS_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(parseCredentials(`${CREDENTIALS_COOKIE}=${encodeURIComponent('{"accessToken":1}')}`)).toBeNull();
    expect(hasSession('other=1')).toBe(false);
  });

  it('parses a server Cookie header the same way (SSR decides signed-in state from it)', () => {
    const header = `${CREDENTIALS_COOKIE}=${encodeURIComponent(JSON.stringify({ accessToken: 'x', refreshToken: 'y' }))}; i18n_redirected=ru`;
    expect(parseCredentials(header)).toEqual({ accessToken: 'x', refreshToken: 'y' });
  });
});
