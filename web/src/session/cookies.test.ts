import { afterEach, describe, expect, it } from 'vitest';
import { CREDENTIALS_COOKIE, LEGACY_TOKEN_COOKIE, REFRESH_COOKIE, SESSION_MARKER_COOKIE } from '@studio/site/cookies';
import { hasSession, legacyRefreshToken, parseCredentials } from './cookies';
import { clearCredentials, readCredentials, writeCredentials } from './credentials';

afterEach(() => {
  clearCredentials();
  document.cookie = `${SESSION_MARKER_COOKIE}=; path=/; max-age=0`;
});

describe('the access token in memory only (SESSION-COOKIES, decision 0048)', () => {
  it('keeps the access token where no script reads it later: no cookie, no storage', () => {
    writeCredentials({ accessToken: 'a.b.c' });
    expect(readCredentials()).toEqual({ accessToken: 'a.b.c' });
    expect(document.cookie).not.toContain('a.b.c');
    expect(document.cookie).not.toContain(CREDENTIALS_COOKIE);
    expect(JSON.stringify({ ...localStorage })).not.toContain('a.b.c');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('a.b.c');
    clearCredentials();
    expect(readCredentials()).toBeNull();
  });

  it('deletes a leftover refresh-token cookie of an earlier version when writing and clearing', () => {
    document.cookie = `${LEGACY_TOKEN_COOKIE}=old; path=/`;
    expect(legacyRefreshToken()).toBe('old');
    writeCredentials({ accessToken: 'a.b.c' });
    expect(document.cookie).not.toContain(LEGACY_TOKEN_COOKIE);
    document.cookie = `${LEGACY_TOKEN_COOKIE}=old; path=/`;
    clearCredentials();
    expect(document.cookie).not.toContain(LEGACY_TOKEN_COOKIE);
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

  it('sees a session in the marker the server sets, and in a server Cookie header holding only the HttpOnly refresh cookie (SSR)', () => {
    expect(hasSession(document.cookie)).toBe(false);
    document.cookie = `${SESSION_MARKER_COOKIE}=1; path=/`;
    expect(hasSession(document.cookie)).toBe(true);
    expect(hasSession(`${REFRESH_COOKIE}=abc; i18n_redirected=ru`)).toBe(true);
    expect(parseCredentials(`${REFRESH_COOKIE}=abc`)).toBeNull();
  });
});
