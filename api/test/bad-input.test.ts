/**
 * Bad input found by fuzzing answers 4xx, never 500 (API-ERRORS, API-TEXT), on SQLite and
 * PostgreSQL: GET /api/graphql with non-JSON `variables`/`extensions`; NUL and other control
 * characters in REST bodies, GraphQL variables and inline arguments (refused before anything is
 * written; PostgreSQL text cannot hold NUL); concurrent `sendEmailVerification`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { describeEachDb, type GraphQLResult, ok, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';

const NUL = '\u0000';
const VIEWER = '{ viewer { id } }';
const UPDATE_USER = 'mutation ($id: ID!, $username: String, $fullName: String, $bio: String) { updateUser(id: $id, username: $username, fullName: $fullName, bio: $bio) { username fullName bio } }';
const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
const SEND_VERIFICATION = 'mutation { sendEmailVerification { sentTo } }';

/** One GraphQL error with `code`; answers it. */
function expectCode(result: GraphQLResult, code: string) {
  expect(result.status, result.text).toBeLessThan(500);
  expect(result.errors, result.text).toHaveLength(1);
  expect(result.errors![0]!.extensions?.['code'], result.text).toBe(code);
  return result.errors![0]!;
}

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
    Number((await db().selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('email', 'like', `${email.split('@')[0]}%`).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    server = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000', RATE_LIMIT_CODE_SEND: '5/60' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /api/graphql with non-JSON variables or extensions answers 400 with a message', async () => {
    for (const [param, value] of [['variables', 'not-json'], ['extensions', '{'], ['variables', '[1]']]) {
      const result = await server.get(`/api/graphql?query=${encodeURIComponent('{ __typename }')}&${param}=${encodeURIComponent(value!)}`, { accept: 'application/json' });
      expect(result.status, result.text).toBe(400);
      expect(result.json.errors[0].message).toContain(`"${param}"`);
    }
    const fine = await server.get(`/api/graphql?query=${encodeURIComponent('{ __typename }')}&variables=${encodeURIComponent('{}')}`, { accept: 'application/json' });
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
    const images = async () => Number((await db().selectFrom('images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await images();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'face\u0001.png');
    const response = await fetch(`${server.baseUrl}/api/uploads/avatar`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.accessToken}` } });
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
    const count = async () => Number((await db().selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
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
    const mails = await db().selectFrom('mailOutbox').select('id').where('recipient', '=', user.email).where('template', '=', 'emailVerificationCode').execute();
    expect(mails.length).toBe(1 + sent.length); // the registration's code and one per accepted send
    const codes = await db().selectFrom('emailCodes').select('id').where('userId', '=', Buffer.from(id, 'base64').toString().split(':')[1]!).execute();
    expect(codes.length).toBe(1);
  });
});
