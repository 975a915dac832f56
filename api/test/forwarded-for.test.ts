/**
 * A client cannot choose its own address (TRUST_PROXY, SEC-LIMITS; decision 0025), on SQLite and
 * PostgreSQL: with the default (no proxy trusted) a fresh `X-Forwarded-For` on every request does
 * not escape the per-IP limits of sign-in, registration, reset requests and orders; with
 * `TRUST_PROXY=1` (one proxy in front) the address the proxy appended is the one counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';

const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
const LIMIT = 3;
const TRIES = 8;

/** A new forged address per request, as the audit's script sent them. */
const forged = (i: number) => `198.51.100.${i + 1}`;

function orderInput() {
  return {
    name: 'Olga Orlova',
    email: uniqueEmail('xff'),
    interest: 'design',
    budget: 'NOT_SURE',
    message: 'A voice assistant, please.',
    consent: true,
    locale: 'EN',
  };
}

describeEachDb('X-Forwarded-For on %s', (kind) => {
  describe('no proxy trusted (the default)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(kind, { RATE_LIMIT_AUTH_MAX: String(LIMIT), ORDER_RATE_LIMIT_MAX: String(LIMIT) });
    });
    afterAll(async () => {
      await server?.close();
    });

    const routes: Array<[string, string, (i: number) => unknown]> = [
      ['sign-in', '/api/auth/login', () => ({ email: uniqueEmail('xff'), password: 'not the password', deviceToken: uniqueDevice() })],
      [
        'registration',
        '/api/auth/register',
        () => ({ email: uniqueEmail('xff'), password: 'a long enough password', name: 'Xavier', deviceToken: uniqueDevice() }),
      ],
      ['reset request', '/api/auth/reset', () => ({ email: uniqueEmail('xff') })],
    ];

    it.each(routes)('%s: a forged address per request is still limited', async (_name, path, body) => {
      const statuses: number[] = [];
      for (let i = 0; i < TRIES; i++) statuses.push((await server.post(path, body(i), { 'x-forwarded-for': forged(i) })).status);
      expect(statuses.filter((s) => s === 429).length, statuses.join(',')).toBe(TRIES - LIMIT);
      expect(statuses.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
    });

    it('orders: a forged address per request stores no more than the limit', async () => {
      const db = server.app.database.db;
      const before = Number(
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const codes: string[] = [];
      for (let i = 0; i < TRIES; i++) {
        const result = await (
          await fetch(`${server.baseUrl}/api/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': forged(i) },
            body: JSON.stringify({ query: CREATE_ORDER, variables: { input: orderInput() } }),
          })
        ).json();
        codes.push(result.errors?.[0]?.extensions?.code ?? 'OK');
      }
      const after = Number(
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(after - before, codes.join(',')).toBe(LIMIT);
      expect(
        codes.slice(LIMIT).every((code) => code !== 'OK'),
        codes.join(','),
      ).toBe(true);
    });
  });

  describe('TRUST_PROXY=1 (one proxy in front)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(kind, { RATE_LIMIT_AUTH_MAX: String(LIMIT), TRUST_PROXY: '1' });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('counts the address the proxy appended, not what the client wrote before it', async () => {
      const statuses: number[] = [];
      // The client forges a new first entry each time; the proxy's entry (the last) stays the same.
      for (let i = 0; i < TRIES; i++) {
        statuses.push((await server.post('/api/auth/reset', { email: uniqueEmail('xff') }, { 'x-forwarded-for': `${forged(i)}, 203.0.113.7` })).status);
      }
      expect(statuses.filter((s) => s === 429).length, statuses.join(',')).toBe(TRIES - LIMIT);
      // Another real client behind the same proxy has its own count.
      expect((await server.post('/api/auth/reset', { email: uniqueEmail('xff') }, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(202);
    });
  });
});
