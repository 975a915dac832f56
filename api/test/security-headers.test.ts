/**
 * Security headers (SEC-HEADERS) on API responses: a strict nonce-based
 * Content-Security-Policy with a fresh nonce per response, nosniff, Referrer-Policy,
 * Permissions-Policy, X-Frame-Options, and Strict-Transport-Security only in production.
 * Headers do not depend on the database, so these run on SQLite only. The pages' headers
 * (with the built web app) are checked in ssr.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStrictCsp, parseCsp } from './csp.js';
import { type TestServer, startServer } from './harness.js';

function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
  const permissions = headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'geolocation', 'microphone', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
  // Passkeys on our own origin only (ACC-PASSKEYS).
  expect(permissions).toContain('publickey-credentials-get=(self)');
  expect(permissions).toContain('publickey-credentials-create=(self)');
  expect(headers.get('x-powered-by')).toBeNull();
}

describe('security headers', () => {
  let server: TestServer;
  let production: TestServer;

  beforeAll(async () => {
    [server, production] = await Promise.all([
      startServer('sqlite', { MAIL_TRANSPORT: 'memory' }),
      startServer('sqlite', { NODE_ENV: 'production', GRAPHQL_PERSISTED_ONLY: 'false', MAIL_TRANSPORT: 'memory' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), production?.close()]);
  });

  it('the health check and a GraphQL answer carry the strict CSP, without a nonce (no API answer is a document with scripts)', async () => {
    const health = await server.get('/api/health');
    const health2 = await server.get('/api/health');
    const graphql = await server.graphql('{ viewer { id } }');
    expect(health.status).toBe(200);
    expect(graphql.status).toBe(200);
    for (const response of [health, health2, graphql]) expectStrictCsp(response.headers, { nonce: 'none' });
  });

  it('nosniff, Referrer-Policy, Permissions-Policy and X-Frame-Options on API answers, errors included', async () => {
    const responses = [
      await server.get('/api/health'),
      await server.graphql('{ viewer { id } }'),
      await server.graphql('{ viewer { id } }', undefined, 'garbage.token.here'), // 401
      await server.post('/api/auth/login', { email: 'nobody@example.test', password: 'x', deviceToken: 'd' }), // 401
      await server.post('/api/auth/login', '{ not json'), // 400
      await server.get('/api/no-such-route'), // 404
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 401, 401, 400, 404]);
    for (const response of responses) {
      expectCommonHeaders(response.headers);
      expectStrictCsp(response.headers, { nonce: 'none' });
    }
  });

  it('no Strict-Transport-Security when NODE_ENV=test', async () => {
    for (const response of [await server.get('/api/health'), await server.graphql('{ viewer { id } }')]) {
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('Strict-Transport-Security for a year when NODE_ENV=production, with the same strict headers', async () => {
    for (const response of [await production.get('/api/health'), await production.graphql('{ viewer { id } }'), await production.get('/api/no-such-route')]) {
      const hsts = response.headers.get('strict-transport-security') ?? '';
      expect(hsts).toMatch(/max-age=31536000\b/);
      expect(hsts).toMatch(/includeSubDomains/i);
      expectCommonHeaders(response.headers);
      expectStrictCsp(response.headers, { nonce: 'none' });
      // No Vite HMR socket allowance in production.
      expect(parseCsp(response.headers.get('content-security-policy')).get('connect-src')).not.toContain('ws:');
    }
  });
});
