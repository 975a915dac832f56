/**
 * Property-based fuzzing of every REST body and every GraphQL argument (API-ERRORS, API-TEXT):
 * whatever arrives — wrong types, control characters, NUL, huge strings, nested junk, extra keys,
 * broken JSON — the answer is never a 5xx, a GraphQL answer never carries a masked internal error,
 * and the server is still healthy afterwards. On SQLite and PostgreSQL, with fixed seeds so a
 * failure reproduces (fast-check prints the counterexample and the path to replay it).
 */
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isNonNullType,
  isListType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import fc from 'fast-check';
import { typeDefs } from '@studio/schema';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type Registered, startServer, type TestServer } from './harness.js';

const SEED = 20261124;
const schema = buildSchema(typeDefs);

/** Strings people and scripts send by mistake or on purpose. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    '\u202eevil',
    '𝔘𝔫𝔦',
    'x'.repeat(5000),
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '{"a":1}',
    'null',
    'VXNlcjox',
    '%00',
    '\ud800',
  ),
);
const scalar = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map((b) => Number(b)),
);
const { junk } = fc.letrec<{ junk: unknown }>((tie) => ({
  junk: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('junk'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('junk'), { maxKeys: 4 }),
  ),
}));

/** A body built from plausible values per key, each sometimes replaced by junk or dropped, plus stray keys. */
function bodyOf(plausible: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(Object.entries(plausible).map(([key, arb]) => [key, fc.oneof(arb, junk)]));
  const record = fc.record(fields, { requiredKeys: [] });
  const withExtra = fc.tuple(record, fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a }));
  return fc.oneof(
    { weight: 6, arbitrary: withExtra },
    { weight: 1, arbitrary: junk },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ raw: text })) },
  );
}

const email = fc.oneof(fc.emailAddress(), nastyString);
const password = fc.oneof(fc.constant('correct horse battery'), nastyString);
const device = fc.oneof(fc.constant('fuzz-device-token-0001'), nastyString);
const locale = fc.constantFrom('en', 'ru', 'es', 'de', '');

/** Every REST route that takes a body, with the keys of its contract. */
const REST_BODIES: Array<{ path: string; body: fc.Arbitrary<unknown> }> = [
  {
    path: '/api/auth/register',
    body: bodyOf({ email, password, name: nastyString, fullName: nastyString, username: nastyString, deviceToken: device, locale }),
  },
  { path: '/api/auth/login', body: bodyOf({ email, password, deviceToken: device, locale }) },
  { path: '/api/auth/refresh', body: bodyOf({ refreshToken: nastyString }) },
  { path: '/api/auth/logout', body: bodyOf({ deviceToken: device }) },
  { path: '/api/auth/reset', body: bodyOf({ email, locale }) },
  { path: '/api/auth/reset/confirm', body: bodyOf({ token: nastyString, password }) },
  { path: '/api/auth/social/exchange', body: bodyOf({ code: nastyString, deviceToken: device }) },
];

/** GET routes whose query string is input. */
const QUERY_ROUTES = ['/api/auth/google/login', '/api/auth/oidc/get-login-url', '/api/auth/github/callback', '/api/graphql'];
const queryString = fc
  .dictionary(fc.constantFrom('query', 'variables', 'extensions', 'operationName', 'state', 'code', 'error', 'returnPath', 'deviceToken', 'x'), nastyString, {
    maxKeys: 4,
  })
  .map((params) => new URLSearchParams(params as Record<string, string>).toString());

/** A value of `type` that GraphQL would accept, or near it (ids of real objects, enum values). */
function plausibleFor(type: GraphQLInputType, ids: string[]): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return plausibleFor(type.ofType, ids);
  if (isListType(type)) return fc.array(plausibleFor(type.ofType, ids), { maxLength: 3 });
  const named = getNamedType(type);
  if (isEnumType(named)) return fc.constantFrom(...named.getValues().map((v) => v.name));
  if (isInputObjectType(named)) {
    const fields = Object.fromEntries(Object.values(named.getFields()).map((f) => [f.name, fc.oneof(plausibleFor(f.type, ids), junk)]));
    return fc.record(fields, { requiredKeys: [] });
  }
  switch (named.name) {
    case 'ID':
      return fc.oneof(fc.constantFrom(...ids), nastyString);
    case 'Int':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.integer());
    case 'Boolean':
      return fc.boolean();
    default:
      return nastyString;
  }
}

/** `query|mutation ($a: T …) { field(a: $a …) { __typename } }` for one root field. */
function documentFor(operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${operation}${vars ? ` (${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

function rootFields(): Array<{ operation: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }> {
  const out: Array<{ operation: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }> = [];
  for (const [operation, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) if (field.args.length > 0) out.push({ operation, field });
  }
  return out;
}

/** Fails with the request when an answer is a 5xx or a masked internal GraphQL error. */
function expectHandled(what: string, status: number, text: string): void {
  expect(status, `${what} → ${status}: ${text.slice(0, 500)}`).toBeLessThan(500);
  expect(text, `${what} → masked internal error`).not.toMatch(/INTERNAL_SERVER_ERROR|Unexpected error\./);
}

describeEachDb('fuzzing REST bodies and GraphQL arguments (%s)', (kind) => {
  let server: TestServer;
  let user: Registered;
  let ids: string[] = [];
  beforeAll(async () => {
    // Limits raised so the inputs reach the code behind them instead of a 429.
    server = await startServer(kind, { RATE_LIMIT_UPLOAD: '100000/3600', RATE_LIMIT_PASSWORD_GUESS: '100000/86400', ORDER_RATE_LIMIT_MAX: '100000' });
    user = await server.register();
    const viewer = (await server.graphql('{ viewer { id } products(first: 1) { edges { node { id } } } }', undefined, user.accessToken)).data;
    ids = [viewer.viewer.id, viewer.products.edges[0]?.node.id ?? 'UHJvZHVjdDox', 'VXNlcjpub25l'];
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it.each(REST_BODIES)(
    'POST $path answers 4xx or 2xx to any body',
    async ({ path, body }) => {
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const raw = value && typeof value === 'object' && 'raw' in value ? String((value as { raw: unknown }).raw) : JSON.stringify(value ?? null);
          const response = await fetch(server.baseUrl + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
            body: raw,
          });
          expectHandled(`POST ${path} ${raw.slice(0, 200)}`, response.status, await response.text());
        }),
        { seed: SEED, numRuns: 120 },
      );
    },
    120_000,
  );

  it('POST /api/uploads/avatar answers 4xx or 2xx to any upload', async () => {
    const upload = fc.record({
      name: nastyString,
      type: fc.oneof(fc.constantFrom('image/png', 'image/svg+xml', 'text/plain', ''), nastyString),
      bytes: fc.uint8Array({ maxLength: 2048 }),
      field: fc.constantFrom('file', 'avatar', ''),
    });
    await fc.assert(
      fc.asyncProperty(upload, async ({ name, type, bytes, field }) => {
        const form = new FormData();
        form.append(field, new Blob([bytes], { type: type.replace(/[^\x20-\x7e]/g, '') }), name);
        const response = await fetch(`${server.baseUrl}/api/uploads/avatar`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.accessToken}` },
          body: form,
        });
        expectHandled(`upload ${JSON.stringify({ name, type, field, size: bytes.length })}`, response.status, await response.text());
      }),
      { seed: SEED, numRuns: 150 },
    );
  }, 120_000);

  it('GET routes answer 4xx or 2xx/3xx to any query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...QUERY_ROUTES), queryString, async (path, query) => {
        const response = await fetch(`${server.baseUrl}${path}?${query}`, { redirect: 'manual' });
        expectHandled(`GET ${path}?${query.slice(0, 200)}`, response.status, await response.text());
      }),
      { seed: SEED, numRuns: 300 },
    );
  }, 120_000);

  const fields = rootFields();
  it('the schema has fields with arguments to fuzz', () => {
    expect(fields.length).toBeGreaterThan(8);
  });

  it.each(fields.map(({ operation, field }) => ({ name: `${operation} ${field.name}`, operation, field })))(
    '$name: any arguments are answered without an internal error',
    async ({ operation, field }) => {
      const document = documentFor(operation, field);
      const variables = fc.record(
        Object.fromEntries(field.args.map((a) => [a.name, fc.oneof({ weight: 3, arbitrary: plausibleFor(a.type, ids) }, { weight: 1, arbitrary: junk })])),
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(variables, fc.boolean(), async (vars, signedIn) => {
          const result = await server.graphql(document, vars, signedIn ? user.accessToken : undefined);
          expectHandled(`${document} ${JSON.stringify(vars).slice(0, 300)}`, result.status, result.text);
        }),
        { seed: SEED, numRuns: 60 },
      );
    },
    120_000,
  );

  it('is still healthy after the fuzzing', async () => {
    expect((await server.get('/api/health/ready')).status).toBe(200);
  });
});
