import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './returnTo';

describe('safeNextPath (AUTH-RETURN)', () => {
  it('keeps same-site paths with query and fragment', () => {
    expect(safeNextPath('/ru/profile/earnings')).toBe('/ru/profile/earnings');
    expect(safeNextPath('/order?product=dom#form')).toBe('/order?product=dom#form');
    expect(safeNextPath('/es')).toBe('/es');
    expect(safeNextPath('/')).toBe('/');
  });

  it.each([
    null,
    undefined,
    '',
    'profile',
    'https://evil.test/',
    'http:/evil.test',
    'javascript:alert(1)',
    '/javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.test',
    '//evil.test/ru/profile',
    '///evil.test',
    '/\\evil.test',
    '\\\\evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/%2F/evil.test',
    '/%2f%2fevil.test',
    '/%252F%252Fevil.test',
    '/%5Cevil.test',
    '/%09/evil.test',
    '/%E0%A4%A',
    ' /profile',
    '/auth',
    '/ru/auth?next=/profile',
    '/auth/reset',
    '/es/loading?code=x',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeNextPath('/a/../../profile')).toBe('/profile');
    expect(safeNextPath('/./profile')).toBe('/profile');
  });
});

describe('signInPath', () => {
  it('carries the current path', () => {
    expect(signInPath('/ru/profile/earnings')).toBe('/auth?next=%2Fru%2Fprofile%2Fearnings');
    expect(signInPath('/order?product=dom', 'register')).toBe('/auth?mode=register&next=%2Forder%3Fproduct%3Ddom');
  });

  it('adds nothing for the home page, the auth pages or an unsafe path', () => {
    expect(signInPath('/')).toBe('/auth');
    expect(signInPath('/ru')).toBe('/auth');
    expect(signInPath('/auth?mode=register')).toBe('/auth');
    expect(signInPath('//evil.test')).toBe('/auth');
  });
});
