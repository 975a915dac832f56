/**
 * The one error mapping (API-ERRORS, decision 0051): a service's HttpError reaches the client as its
 * code over HTTP, and an expected refusal is not logged as a server error.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './harness.js';

const VERIFY = 'mutation ($code: String!) { verifyEmail(code: $code) { isVerified } }';

describeEachDb('error mapping', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server?.close());

  describe('a service refusal', () => {
    it('answers its code and field, and logs nothing at error level', async () => {
      const user = await server.register();
      const logged = vi.spyOn(server.app.fastify.log, 'error');
      try {
        const result = await server.graphql(VERIFY, { code: 'ZZZZZZZZ' }, user.accessToken);
        expect(result.errors?.[0]?.extensions?.['code']).toBe('CODE_INVALID');
        expect(result.errors?.[0]?.extensions?.['field']).toBe('code');
        expect(result.errors?.[0]?.path).toEqual(['verifyEmail']);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    });
  });
});
