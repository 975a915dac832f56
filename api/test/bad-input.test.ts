/**
 * Bad input found by fuzzing answers 4xx, never 500 (API-ERRORS, API-TEXT), on SQLite and
 * PostgreSQL: GET /api/graphql with non-JSON `variables`/`extensions`; NUL and other control
 * characters in REST bodies, GraphQL variables and inline arguments (refused before anything is
 * written; PostgreSQL text cannot hold NUL), also inside a decoded global id — for every ID
 * argument of the schema, found by walking it, so a new one is covered — and inside a passkey
 * answer's credential id; concurrent `sendEmailVerification`.
 */
import { typeDefs } from '@studio/schema';
import {
  type GraphQLArgument,
  type GraphQLInputType,
  buildSchema,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { globalId, type NodeType } from '../src/platform/graphql/ids.js';
import { describeEachDb, type GraphQLResult, ok, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';

const NUL = '\u0000';
const VIEWER = '{ viewer { id } }';
const UPDATE_USER =
  'mutation ($id: ID!, $username: String, $fullName: String, $bio: String) { updateUser(id: $id, username: $username, fullName: $fullName, bio: $bio) { username fullName bio } }';
const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
const SEND_VERIFICATION = 'mutation { sendEmailVerification { sentTo } }';

/** One GraphQL error with `code`; answers it. */
function expectCode(result: GraphQLResult, code: string) {
  expect(result.status, result.text).toBeLessThan(500);
  expect(result.errors, result.text).toHaveLength(1);
  expect(result.errors![0]!.extensions?.['code'], result.text).toBe(code);
  return result.errors![0]!;
}

const NODE_TYPES: NodeType[] = [
  'User',
  'Image',
  'ServiceAccount',
  'ReferralCode',
  'Product',
  'NewsItem',
  'Session',
  'AuditEntry',
  'Order',
  'OrderMessage',
  'OrderNote',
  'LedgerTransaction',
  'Payout',
  'Passkey',
  'SecurityEvent',
];
const schema = buildSchema(typeDefs);

/** A plausible value of a required input, with `probe` at every ID and `pathTo` the ID under test (or null: a harmless id). */
function valueOf(type: GraphQLInputType, probe: string, path: string, target: string): unknown {
  if (isNonNullType(type)) return valueOf(type.ofType, probe, path, target);
  if (isListType(type)) return [valueOf(type.ofType, probe, path, target)];
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]!.value;
  if (isInputObjectType(named)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(named.getFields())) {
      const at = `${path}.${field.name}`;
      if (isNonNullType(field.type) || target.startsWith(at)) out[field.name] = valueOf(field.type, probe, at, target);
    }
    return out;
  }
  switch (named.name) {
    case 'ID':
      return path === target ? probe : globalId('User', 'no-such-user');
    case 'Int':
      return 1;
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    default:
      return 'x';
  }
}

/** Every path to an ID in `args` (an argument, or a field of an input object, to depth 3). */
function idPaths(args: readonly GraphQLArgument[]): string[] {
  const paths: string[] = [];
  const walk = (type: GraphQLInputType, path: string, depth: number) => {
    const named = getNamedType(type);
    if (named.name === 'ID') paths.push(path);
    else if (isInputObjectType(named) && depth < 3) for (const field of Object.values(named.getFields())) walk(field.type, `${path}.${field.name}`, depth + 1);
  };
  for (const arg of args) walk(arg.type, arg.name, 0);
  return paths;
}

/** Each query and mutation field of the schema with an ID among its inputs, and those paths. */
const ID_OPERATIONS = (['query', 'mutation'] as const).flatMap((kind) => {
  const root = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(root.getFields()).flatMap((field) => idPaths(field.args).map((path) => ({ kind, field, path })));
});

describe('NODE_ENV default', () => {
  it('loadConfig without NODE_ENV runs in production (no stack traces, persisted operations only)', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/studio-bad-input-config', JWT_SECRET: 'x'.repeat(40) });
    expect(config.env).toBe('production');
    expect(config.graphql.persistedOnly).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/studio-bad-input-config', NODE_ENV: 'development' }).env).toBe('development');
  });
});

describeEachDb('bad input on %s', (kind) => {
  let server: TestServer;
  const db = () => server.app.database.db;
  const usersWith = async (email: string) =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('email', 'like', `${email.split('@')[0]}%`)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000', RATE_LIMIT_CODE_SEND: '5/60' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /api/graphql with non-JSON variables or extensions answers 400 with a message', async () => {
    for (const [param, value] of [
      ['variables', 'not-json'],
      ['extensions', '{'],
      ['variables', '[1]'],
    ]) {
      const result = await server.get(`/api/graphql?query=${encodeURIComponent('{ __typename }')}&${param}=${encodeURIComponent(value!)}`, {
        accept: 'application/json',
      });
      expect(result.status, result.text).toBe(400);
      expect(result.json.errors[0].message).toContain(`"${param}"`);
    }
    const fine = await server.get(`/api/graphql?query=${encodeURIComponent('{ __typename }')}&variables=${encodeURIComponent('{}')}`, {
      accept: 'application/json',
    });
    expect(fine.status, fine.text).toBe(200);
  });

  it('register with NUL or control characters in e-mail, name or device token: 400 VALIDATION_FAILED, no account', async () => {
    const cases = [
      (email: string) => ({ email: email.replace('@', `${NUL}@`), name: 'Nul Mail' }),
      (email: string) => ({ email, name: `Nul${NUL}Name` }),
      (email: string) => ({ email, name: 'Tab\tName' }), // only the field rule refuses a tab in a single-line field
      (email: string) => ({ email, name: 'Bell\u0007Name' }),
      (email: string) => ({ email, name: 'Nul Device', deviceToken: `device${NUL}` }),
    ];
    for (const make of cases) {
      const email = uniqueEmail('nul');
      const body = { password: 'correct horse battery', deviceToken: uniqueDevice(), ...make(email) };
      const result = await server.post('/api/auth/register', body);
      expect(result.status, result.text).toBe(400);
      expect(result.json.error.code).toBe('VALIDATION_FAILED');
      expect(result.json.error.message).toMatch(/control characters/);
      expect(await usersWith(email), JSON.stringify(body)).toBe(0);
    }
  });

  it('login with NUL in the e-mail or a query/path parameter: 400 VALIDATION_FAILED', async () => {
    const login = await server.login(`a${NUL}@example.test`, 'whatever password', uniqueDevice());
    expect(login.status, login.text).toBe(400);
    expect(login.json.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
    const path = await server.get(`/api/auth/social/github?state=${encodeURIComponent(`/x${NUL}`)}`);
    expect(path.status, path.text).toBe(400);
    expect(path.json.error.code).toBe('VALIDATION_FAILED');
  });

  it('an avatar whose file name holds a control character: 400 VALIDATION_FAILED, no image row', async () => {
    const user = await server.register({ name: 'File Namer' });
    const images = async () =>
      Number(
        (
          await db()
            .selectFrom('images')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await images();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'face\u0001.png');
    const response = await fetch(`${server.baseUrl}/api/uploads/avatar`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'file' });
    expect(await images()).toBe(before);
  });

  it('GraphQL arguments with control characters: BAD_USER_INPUT (HTTP 400), nothing changed; tab and newline stay fine in bio', async () => {
    const user = await server.register({ name: 'Text Tester' });
    const { id } = ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer;
    const before = ok(await server.graphql(UPDATE_USER, { id }, user.accessToken)).updateUser;

    const nulName = await server.graphql(UPDATE_USER, { id, username: `nul${NUL}user` }, user.accessToken);
    expect(nulName.status, nulName.text).toBe(400);
    expect(expectCode(nulName, 'BAD_USER_INPUT').extensions?.['field']).toBe('username');
    expectCode(await server.graphql(UPDATE_USER, { id, bio: `bell\u0007` }, user.accessToken), 'BAD_USER_INPUT');
    // The field rule: a single-line field takes no tab, even though the generic guard lets tabs through.
    const tabName = expectCode(await server.graphql(UPDATE_USER, { id, fullName: 'Tab\tName' }, user.accessToken), 'BAD_USER_INPUT');
    expect(tabName.message).toMatch(/fullName: .*control characters/);
    const inline = await server.graphql(`mutation { updateUser(id: "${id}", fullName: "Inline\\u0000Nul") { fullName } }`, undefined, user.accessToken);
    expect(inline.status, inline.text).toBe(400);
    expectCode(inline, 'BAD_USER_INPUT');
    expect(ok(await server.graphql(UPDATE_USER, { id }, user.accessToken)).updateUser).toEqual(before);

    const bio = 'First line\n\tindented\r\nlast line';
    expect(ok(await server.graphql(UPDATE_USER, { id, bio }, user.accessToken)).updateUser.bio).toBe(bio);
  });

  it('node(id:) with NUL, inline or as a variable: BAD_USER_INPUT (HTTP 400)', async () => {
    const inline = await server.graphql('{ node(id: "VXNlcjo\\u0000") { id } }');
    expect(inline.status, inline.text).toBe(400);
    expectCode(inline, 'BAD_USER_INPUT');
    const variable = await server.graphql('query ($id: ID!) { node(id: $id) { id } }', { id: `User:${NUL}` });
    expect(variable.status, variable.text).toBe(400);
    expect(expectCode(variable, 'BAD_USER_INPUT').extensions?.['field']).toBe('id');
  });

  it('every ID argument of the schema with NUL or a control character inside the decoded id: BAD_USER_INPUT, never an internal error', async () => {
    expect(ID_OPERATIONS.length).toBeGreaterThan(20);
    const admin = await server.register({ name: 'Ida Ids' });
    await db().updateTable('users').set({ role: 'ADMIN' }).where('email', '=', admin.email).execute();
    const failures: string[] = [];
    let refused = 0;
    for (const { kind, field, path } of ID_OPERATIONS) {
      const argName = path.split('.')[0]!;
      for (const type of NODE_TYPES) {
        for (const local of [`a${NUL}b`, 'x\u0001y']) {
          const probe = globalId(type, local);
          const args = field.args.filter((a) => isNonNullType(a.type) || a.name === argName);
          const variables = Object.fromEntries(args.map((a) => [a.name, valueOf(a.type, probe, a.name, path)]));
          const declared = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
          const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
          const selection = isCompositeType(getNamedType(field.type)) ? '{ __typename }' : '';
          const document = `${kind}${declared ? ` (${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selection} }`;
          const result = await server.graphql(document, variables, admin.accessToken);
          const what = `${field.name}(${path} = ${type}:${JSON.stringify(local)})`;
          // A document this test built wrong would prove nothing: that is a failure too.
          if (result.status >= 500 || /INTERNAL_SERVER_ERROR|Unexpected error\.|GRAPHQL_VALIDATION_FAILED/.test(result.text))
            failures.push(`${what} → ${result.status} ${result.text.slice(0, 200)}`);
          else if (result.errors?.some((e) => e.extensions?.['code'] === 'BAD_USER_INPUT')) refused++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  });

  it('a user id whose decoded local id holds NUL: BAD_USER_INPUT naming the argument; node(id:) answers null as for any malformed id', async () => {
    const user = await server.register({ name: 'Nul Local' });
    const probe = globalId('User', `x${NUL}`);
    const node = await server.graphql('query ($id: ID!) { node(id: $id) { id } }', { id: probe }, user.accessToken);
    expect(node.errors, node.text).toBeUndefined();
    expect(node.data.node).toBeNull();
    expect(expectCode(await server.graphql(UPDATE_USER, { id: probe, bio: 'x' }, user.accessToken), 'BAD_USER_INPUT').extensions?.['field']).toBe('id');
  });

  it('POST /api/auth/passkey/login with NUL in the credential id: 400 PASSKEY_INVALID', async () => {
    for (const id of [`cred${NUL}id`, 'cred\u0007id']) {
      const response = JSON.stringify({
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      });
      const answer = await server.post('/api/auth/passkey/login', { response, deviceToken: uniqueDevice() });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json.error).toMatchObject({ code: 'PASSKEY_INVALID', field: 'passkey' });
    }
  });

  it('createOrder with NUL in the name: BAD_USER_INPUT, no order row; a multi-line message is accepted', async () => {
    const input = (overrides: Record<string, unknown>) => ({
      name: 'Olga Orlova',
      email: uniqueEmail('order'),
      interest: 'design',
      budget: 'NOT_SURE',
      message: 'We need a voice assistant for our call centre.',
      consent: true,
      locale: 'EN',
      ...overrides,
    });
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expectCode(await server.graphql(CREATE_ORDER, { input: input({ name: `Olga${NUL}` }) }), 'BAD_USER_INPUT');
    expectCode(await server.graphql(CREATE_ORDER, { input: input({ company: 'Tab\tCo' }) }), 'BAD_USER_INPUT');
    expect(await count()).toBe(before);
    const message = 'Line one of the brief.\n\tLine two, indented.\r\nThe end.';
    const { reference } = ok(await server.graphql(CREATE_ORDER, { input: input({ message }) })).createOrder;
    const row = await db().selectFrom('orders').select('message').where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(row.message).toBe(message);
  });

  it('8 concurrent sendEmailVerification: no 500 and no INTERNAL, at most the codeSend limit (5) of mails, one live code', async () => {
    const user = await server.register({ name: 'Concurrent Sender' });
    const { id } = ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer;
    const results = await Promise.all(Array.from({ length: 8 }, () => server.graphql(SEND_VERIFICATION, undefined, user.accessToken)));
    const sent = results.filter((r) => !r.errors);
    for (const r of results) {
      expect(r.status, r.text).toBeLessThan(500);
      if (r.errors) expectCode(r, 'TOO_MANY_REQUESTS');
      else expect(r.data.sendEmailVerification.sentTo).toBe(user.email);
    }
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(5);
    const mails = await db()
      .selectFrom('mailOutbox')
      .select('id')
      .where('recipient', '=', user.email)
      .where('template', '=', 'emailVerificationCode')
      .execute();
    expect(mails.length).toBe(1 + sent.length); // the registration's code and one per accepted send
    const codes = await db().selectFrom('emailCodes').select('id').where('userId', '=', Buffer.from(id, 'base64').toString().split(':')[1]!).execute();
    expect(codes.length).toBe(1);
  });
});
