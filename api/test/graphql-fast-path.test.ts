/**
 * The persisted-operation fast path (decision 0038, GRAPHQL-LIMITS): a persisted document is parsed
 * and validated once however many requests run it (counted by `documentCacheStats`), a document
 * over graphql-armor's limits is refused on every request — the first one and the cached ones —
 * and the answers stay Yoga's (viewer data, anonymous null, 401 for a bad token, GET).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documentCacheStats } from '../src/graphql/documentCache.js';
import { describeEachDb, type Registered, startServer, type TestServer } from './harness.js';

const idOf = (text: string) => createHash('sha256').update(text).digest('hex');

describeEachDb('persisted-operation fast path', (kind) => {
  // Texts unique to this suite and database, so no other server of the process has parsed them.
  const VIEWER = `query FastPathViewer_${kind} { viewer { id email } }`;
  const DEEP = `query FastPathDeep_${kind} { products { edges { node { slug } } } }`;
  const apq = (text: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: idOf(text) } } });
  let dir: string;
  let server: TestServer;
  let user: Registered;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-fast-path-'));
    const file = join(dir, 'persisted-queries.json');
    writeFileSync(file, JSON.stringify({ [idOf(VIEWER)]: VIEWER, [idOf(DEEP)]: DEEP }));
    server = await startServer(kind, { GRAPHQL_PERSISTED_ONLY: 'true', PERSISTED_QUERIES_FILE: file, GRAPHQL_MAX_DEPTH: '3' });
    user = await server.register();
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('parses and validates a persisted operation once across many requests', async () => {
    const before = { ...documentCacheStats };
    for (let i = 0; i < 40; i++) {
      const body = i % 2 ? apq(VIEWER) : { documentId: idOf(VIEWER) };
      const result = await server.graphqlBody(body, user.accessToken);
      expect(result.status).toBe(200);
      expect(result.json).toEqual({ data: { viewer: { id: expect.any(String), email: user.email } } });
    }
    // GET goes through Yoga's own request handling, and meets the same cached document.
    const extensions = encodeURIComponent(JSON.stringify(apq(VIEWER).extensions));
    const viaGet = await server.get(`/api/graphql?extensions=${extensions}`, { authorization: `Bearer ${user.accessToken}` });
    expect(viaGet.json?.data?.viewer?.email).toBe(user.email);
    expect(documentCacheStats.parses - before.parses).toBe(1);
    expect(documentCacheStats.validations - before.validations).toBe(1);
  });

  it('refuses a persisted document over the depth limit on every request, from the cache as the first time', async () => {
    const before = { ...documentCacheStats };
    for (let i = 0; i < 5; i++) {
      const result = await server.graphqlBody(apq(DEEP), user.accessToken);
      expect(result.errors?.[0]?.message).toMatch(/depth limit of 3/);
      expect(result.data).toBeUndefined();
    }
    expect(documentCacheStats.validations - before.validations).toBe(1);
  });

  it("keeps Yoga's answers for anonymous visitors and refused tokens", async () => {
    const anonymous = await server.graphqlBody(apq(VIEWER));
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({ data: { viewer: null } });
    const garbage = await server.graphqlBody(apq(VIEWER), 'not-a-token');
    expect(garbage.status).toBe(401);
    expect(garbage.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    const unknown = await server.graphqlBody(
      { extensions: { persistedQuery: { version: 1, sha256Hash: idOf('query Unknown { viewer { id } }') } } },
      user.accessToken,
    );
    expect(unknown.errors?.[0]?.message).toBe('PersistedQueryNotFound');
  });
});
