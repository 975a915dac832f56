/**
 * Checks of the strict nonce-based Content-Security-Policy (SEC-HEADERS), shared by
 * security-headers.test.ts (API answers) and ssr.test.ts (pages).
 */
import { expect } from 'vitest';

/** The directives of a CSP header value: name → sources. */
export function parseCsp(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/**
 * Asserts the strict CSP and answers its script nonce; with `nonce: 'none'` asserts there is none
 * (a stored HTML-first page answered by the fast path: no inline script at all, SITE-DELIVERY).
 */
export function expectStrictCsp(headers: Headers, options: { nonce?: 'one' | 'none' } = {}): string {
  const header = headers.get('content-security-policy');
  expect(header, 'content-security-policy').toBeTruthy();
  const csp = parseCsp(header);
  const script = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(script).toContain("'self'");
  expect(script).not.toContain("'unsafe-inline'");
  expect(script).not.toContain("'unsafe-eval'");
  expect(script).not.toContain('*');
  expect(
    script.some((s) => /^https?:$|^data:$/.test(s)),
    'no scheme-wide script sources',
  ).toBe(false);
  const nonces = script.filter((s) => s.startsWith("'nonce-"));
  if (options.nonce === 'none') {
    expect(nonces).toHaveLength(0);
    return '';
  }
  expect(nonces).toHaveLength(1);
  const nonce = /^'nonce-([A-Za-z0-9+/=_-]+)'$/.exec(nonces[0]!)?.[1];
  expect(nonce, nonces[0]).toBeDefined();
  expect(Buffer.from(nonce!, 'base64').length).toBeGreaterThanOrEqual(16); // ≥ 128 bits
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  return nonce!;
}
