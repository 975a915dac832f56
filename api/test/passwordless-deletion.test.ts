/**
 * Deleting an account without a password (ACC-DELETE): the e-mail address is no confirmation; a
 * code mailed by `sendAccountDeletionCode` (through the real SMTP sink) is, wrong codes are counted
 * (attemptsLeft, `codeEntry`), and accounts with a password cannot ask for one. Both databases.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { describeEachDb, type GraphQLResult, ok, startServer, type TestServer } from './harness.js';
import { type Sink, startSink } from './smtp-sink.js';

const SEND_CODE = 'mutation { sendAccountDeletionCode { sentTo expiresAt user { email } } }';
const DELETE_USER = 'mutation ($id: ID!, $confirmation: String) { deleteUser(id: $id, confirmation: $confirmation) { id } }';
const VIEWER = '{ viewer { email passwordIsSet } }';

function recipients(mail: ParsedMail): string[] {
  const to = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

/** The error's code and extensions (exactly one error, no data). */
function errorOf(result: GraphQLResult) {
  expect(result.errors, result.text).toHaveLength(1);
  expect(result.data ?? null, result.text).toBeNull();
  const error = result.errors![0]!;
  return { code: error.extensions?.['code'], extensions: error.extensions ?? {} };
}

describeEachDb('passwordless deletion on %s', (kind) => {
  let smtp: Sink;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSink();
    server = await startServer(kind, {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JOBS_POLL_INTERVAL_MS: '600000', // explicit drains deliver
      RATE_LIMIT_CODE_SEND: '2/900',
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** A registered account whose password is then removed, as an account made by social sign-in has none. */
  async function passwordless(name: string) {
    const registered = await server.register({ name });
    const db = server.app.database.db;
    const row = await db.selectFrom('users').select('id').where('email', '=', registered.email).executeTakeFirstOrThrow();
    await db.updateTable('users').set({ passwordHash: null }).where('id', '=', row.id).execute();
    return { ...registered, localId: row.id, id: globalId('User', row.id) };
  }

  /** The code of the deletion mail to `address` (waits for it), and the mail. */
  async function deletionCode(address: string): Promise<{ code: string; mail: ParsedMail }> {
    let mail: ParsedMail | undefined;
    await vi.waitFor(
      async () => {
        await server.app.mail.drain();
        mail = smtp.received.find((m) => recipients(m).includes(address) && /delete your/.test(m.subject ?? ''));
        expect(mail, `a deletion mail to ${address}`).toBeDefined();
      },
      { timeout: 10_000, interval: 30 },
    );
    const match = /^\s*([A-Z0-9]{8})\s*$/m.exec(mail!.text ?? '');
    expect(match, mail!.text).not.toBeNull();
    return { code: match![1]!, mail: mail! };
  }

  const exists = async (localId: string) => !!(await server.app.database.db.selectFrom('users').select('id').where('id', '=', localId).executeTakeFirst());

  it('refuses the e-mail address (and nothing) as confirmation; a mailed code deletes the account, wrong codes counted first', async () => {
    const user = await passwordless('Social Only');
    expect(ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer).toEqual({ email: user.email, passwordIsSet: false });
    // Before any code: the address, nothing, or a guess confirm nothing.
    for (const confirmation of [user.email, '', undefined]) {
      const { code, extensions } = errorOf(await server.graphql(DELETE_USER, { id: user.id, confirmation }, user.accessToken));
      expect(code).toBe('CODE_EXPIRED');
      expect(extensions['field']).toBe('confirmation');
    }
    expect(await exists(user.localId)).toBe(true);

    const sent = ok(await server.graphql(SEND_CODE, undefined, user.accessToken)).sendAccountDeletionCode;
    expect(sent.sentTo).toBe(user.email);
    expect(sent.user.email).toBe(user.email);
    expect(Date.parse(sent.expiresAt)).toBeGreaterThan(Date.now());
    const { code, mail } = await deletionCode(user.email);
    expect(mail.subject).toContain(code);

    // With a live code, the address is just a wrong code: counted.
    const byEmail = errorOf(await server.graphql(DELETE_USER, { id: user.id, confirmation: user.email }, user.accessToken));
    expect(byEmail.code).toBe('CODE_INVALID');
    expect(byEmail.extensions).toMatchObject({ field: 'confirmation', attemptsLeft: 4 });
    const wrong = (code[0] === 'A' ? 'B' : 'A') + code.slice(1);
    const byGuess = errorOf(await server.graphql(DELETE_USER, { id: user.id, confirmation: wrong }, user.accessToken));
    expect(byGuess.extensions).toMatchObject({ code: 'CODE_INVALID', attemptsLeft: 3 });
    expect(await exists(user.localId)).toBe(true);

    // The right code, in lower case with a space: deleted, and its token no longer works.
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()}`;
    expect(ok(await server.graphql(DELETE_USER, { id: user.id, confirmation: typed }, user.accessToken)).deleteUser).toEqual({ id: user.id });
    expect(await exists(user.localId)).toBe(false);
    expect((await server.graphql(VIEWER, undefined, user.accessToken)).status).toBe(401);
  });

  it('voids the code after five wrong tries', async () => {
    const user = await passwordless('Guessing Thief');
    ok(await server.graphql(SEND_CODE, undefined, user.accessToken));
    const { code } = await deletionCode(user.email);
    const wrong = (code[0] === 'A' ? 'B' : 'A') + code.slice(1);
    for (let left = 4; left >= 0; left--) {
      expect(errorOf(await server.graphql(DELETE_USER, { id: user.id, confirmation: wrong }, user.accessToken)).extensions).toMatchObject({
        code: 'CODE_INVALID',
        attemptsLeft: left,
      });
    }
    expect(errorOf(await server.graphql(DELETE_USER, { id: user.id, confirmation: code }, user.accessToken)).code).toBe('CODE_EXPIRED');
    expect(await exists(user.localId)).toBe(true);
  });

  it('limits sending codes (TOO_MANY_REQUESTS with retryAfterSeconds) and refuses accounts that have a password', async () => {
    const user = await passwordless('Code Spammer');
    for (let i = 0; i < 2; i++) ok(await server.graphql(SEND_CODE, undefined, user.accessToken));
    const limited = errorOf(await server.graphql(SEND_CODE, undefined, user.accessToken));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.extensions['retryAfterSeconds']).toEqual(expect.any(Number));

    const withPassword = await server.register({ name: 'Has Password' });
    expect(errorOf(await server.graphql(SEND_CODE, undefined, withPassword.accessToken)).code).toBe('PASSWORD_IS_SET');
  });
});
