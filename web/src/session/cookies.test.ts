import { afterEach, describe, expect, it } from 'vitest';
import { CREDENTIALS_COOKIE, LEGACY_TOKEN_COOKIE, REFRESH_COOKIE, TOKEN_MAX_AGE } from '@studio/site/cookies';
import { clearCredentials, hasSession, legacyRefreshToken, parseCredentials, readCredentials, writeCredentials } from './cookies';

afterEach(() => clearCredentials());

describe('credentials cookie (SESSION-COOKIES, decision 0026)', () => {
  it('writes the access token alone; no refresh token is readable by script', () => {
    writeCredentials({ accessToken: 'a.b.c' });
    expect(readCredentials()).toEqual({ accessToken: 'a.b.c' });
    expect(JSON.parse(decodeURIComponent(document.cookie.split(`${CREDENTIALS_COOKIE}=`)[1]!.split(';')[0]!))).toEqual({ accessToken: 'a.b.c' });
    expect(document.cookie).not.toContain(LEGACY_TOKEN_COOKIE);
    expect(hasSession(document.cookie)).toBe(true);
    expect(TOKEN_MAX_AGE).toBe(604800);
  });

  it('deletes a leftover refresh-token cookie of an earlier version when writing and clearing', () => {
    document.cookie = `${LEGACY_TOKEN_COOKIE}=old; path=/`;
    expect(legacyRefreshToken()).toBe('old');
    writeCredentials({ accessToken: 'a.b.c' });
    expect(document.cookie).not.toContain(LEGACY_TOKEN_COOKIE);
    document.cookie = `${LEGACY_TOKEN_COOKIE}=old; path=/`;
    clearCredentials();
    expect(readCredentials()).toBeNull();
    expect(document.cookie).not.toContain(LEGACY_TOKEN_COOKIE);
    expect(document.cookie).not.toContain(CREDENTIALS_COOKIE);
  });

  it('reads the refresh token an earlier credentials cookie held, once, for the move to the HttpOnly cookie', () => {
    const old = `${CREDENTIALS_COOKIE}=${encodeURIComponent(JSON.stringify({ accessToken: 'x', refreshToken: 'y' }))}`;
    expect(legacyRefreshToken(old)).toBe('y');
    expect(parseCredentials(old)).toEqual({ accessToken: 'x' });
    expect(legacyRefreshToken(`${LEGACY_TOKEN_COOKIE}=r9`)).toBe('r9');
    expect(legacyRefreshToken('other=1')).toBeNull();
  });

  it('treats a damaged credentials cookie as absent', () => {
    expect(parseCredentials(`${CREDENTIALS_COOKIE}=%7Bnot-json`)).toBeNull();
    expect(parseCredentials(`${CREDENTIALS_COOKIE}=${encodeURIComponent('{"accessToken":1}')}`)).toBeNull();
    expect(hasSession('other=1')).toBe(false);
  });

  it('sees a session in a server Cookie header holding only the HttpOnly refresh cookie (SSR)', () => {
    expect(hasSession(`${REFRESH_COOKIE}=abc; i18n_redirected=ru`)).toBe(true);
    expect(parseCredentials(`${REFRESH_COOKIE}=abc`)).toBeNull();
    const header = `${CREDENTIALS_COOKIE}=${encodeURIComponent(JSON.stringify({ accessToken: 'x' }))}; i18n_redirected=ru`;
    expect(parseCredentials(header)).toEqual({ accessToken: 'x' });
  });
});
