/**
 * Account flows (ACC-EMAIL, ACC-RESET, ACC-PASSWORD, AUTH-LOGIN) over real HTTP on SQLite and
 * PostgreSQL, with mail read from a real SMTP sink (smtp-server + mailparser): no account
 * enumeration by reset or login, password reset end to end, e-mail verification codes, e-mail
 * change, session revocation, argon2 rehash on sign-in, and the per-account and per-user rate
 * limits (a describe of its own with small RATE_LIMIT_* settings). Secrets (reset tokens, codes)
 * must be stored only as hashes (ACC-EMAIL, ACC-RESET).
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HASH_OPTIONS, hashPassword, needsRehash, verifyPassword } from '../src/modules/identity/auth/passwords.js';
import { nowIso } from '../src/platform/db/index.js';
import { globalId } from '../src/platform/graphql/ids.js';
import { describeEachDb, type GraphQLResult, ok, type Registered, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';
import { type Sink, startSink } from './smtp-sink.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** 8 characters of A–Z and 2–9 without I, O, 0 and 1. */
const CODE = /^[A-HJ-NP-Z2-9]{8}$/;
const VIEWER = '{ viewer { id email pendingEmail isVerified } }';
const UPDATE_EMAIL =
  'mutation ($id: ID!, $email: String, $checkPassword: String) { updateUser(id: $id, email: $email, checkPassword: $checkPassword) { email pendingEmail } }';
const SEND_VERIFICATION = 'mutation { sendEmailVerification { sentTo expiresAt user { isVerified } } }';
const VERIFY = 'mutation ($code: String!) { verifyEmail(code: $code) { isVerified email } }';
const CONFIRM_CHANGE = 'mutation ($code: String!) { confirmEmailChange(code: $code) { email pendingEmail isVerified } }';
const CANCEL_CHANGE = 'mutation { cancelEmailChange { email pendingEmail } }';
const UPDATE_PASSWORD =
  'mutation ($newPassword: String!, $oldPassword: String) { updatePassword(newPassword: $newPassword, oldPassword: $oldPassword) { id } }';

interface Member extends Registered {
  id: string;
  localId: string;
}

function recipients(mail: ParsedMail): string[] {
  const to = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

/** The code line of a code mail (the code stands alone on its line in the text part). */
function codeIn(mail: ParsedMail): string {
  const match = /^\s*([A-Z0-9]{8})\s*$/m.exec(mail.text ?? '');
  expect(match, `no code in: ${mail.text}`).not.toBeNull();
  return match![1]!;
}

/** One GraphQL error with `code`, no data; answers the error. */
function expectCode(result: GraphQLResult, code: string) {
  expect(result.errors, result.text).toHaveLength(1);
  expect(result.errors![0]!.extensions?.['code'], result.text).toBe(code);
  expect(result.data ?? null, result.text).toBeNull();
  return result.errors![0]!;
}

/** A code that is not `code` (first character changed within the alphabet). */
function wrongCode(code: string): string {
  return (code[0] === 'A' ? 'B' : 'A') + code.slice(1);
}

describe('needsRehash', () => {
  it('is false for a hash with the current parameters and true for anything else', async () => {
    const password = 'unit test password';
    const current = await hashPassword(password);
    expect(current).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(current)).toBe(false);
    const weak = await hashPassword(password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(weak).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
    expect(needsRehash(weak)).toBe(true);
    expect(await verifyPassword(weak, password)).toBe(true);
    for (const variant of [
      current.replace('m=19456', 'm=65536'),
      current.replace('t=2', 't=3'),
      current.replace('t=2', 't=1'),
      current.replace('p=1', 'p=2'),
      current.replace('$argon2id$', '$argon2i$'),
      current.replace('$argon2id$', '$argon2d$'),
      '$2b$10$abcdefghijklmnopqrstuuJ3Nb2Yl6mWmXGsF7pYV3Z7E9l2Bn1hS', // bcrypt
      'plain text',
      '',
    ]) {
      expect(needsRehash(variant), variant).toBe(true);
    }
    expect(HASH_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });
});

describeEachDb('accounts on %s', (kind) => {
  let smtp: Sink;
  let server: TestServer;
  /** Mails already handed to a test by `nextMail`. */
  const taken = new Set<ParsedMail>();

  const db = () => server.app.database.db;

  async function member(name = 'Test User', overrides: { email?: string; password?: string } = {}): Promise<Member> {
    const registered = await server.register({ name, ...overrides });
    const row = await db().selectFrom('users').select('id').where('email', '=', registered.email).executeTakeFirstOrThrow();
    return { ...registered, localId: row.id, id: globalId('User', row.id) };
  }

  const mailsTo = (address: string) => smtp.received.filter((m) => recipients(m).includes(address));

  /** Waits for the next not yet taken mail to `address` whose subject matches `subject`, and takes it. */
  async function nextMail(address: string, subject: RegExp): Promise<ParsedMail> {
    let found: ParsedMail | undefined;
    await vi.waitFor(
      async () => {
        await server.app.mail.drain();
        found = mailsTo(address).find((m) => !taken.has(m) && subject.test(m.subject ?? ''));
        expect(found, `a mail to ${address} with subject ${subject}`).toBeDefined();
      },
      { timeout: 10_000, interval: 30 },
    );
    taken.add(found!);
    return found!;
  }

  /** Lets queued mail go out, then answers the mails to `address` (for "no mail was sent" checks). */
  async function settledMailsTo(address: string): Promise<ParsedMail[]> {
    await sleep(150);
    await server.app.mail.drain();
    return mailsTo(address);
  }

  const verificationMail = (address: string) => nextMail(address, /verification code/);
  const resetMail = (address: string, subject = /Reset your/) => nextMail(address, subject);

  /** Whether `secret` appears anywhere in the rows of `tables`. */
  async function storedAnywhere(secret: string, tables: Array<'passwordResets' | 'emailCodes' | 'mailOutbox' | 'users' | 'sessions' | 'refreshTokens'>) {
    const found: string[] = [];
    for (const table of tables) {
      const rows = await db().selectFrom(table).selectAll().execute();
      if (JSON.stringify(rows).includes(secret)) found.push(table);
    }
    return found;
  }

  beforeAll(async () => {
    smtp = await startSink();
    server = await startServer(kind, {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JOBS_POLL_INTERVAL_MS: '600000', // explicit drains deliver
      RATE_LIMIT_RESET_IP: '1000/3600',
      RATE_LIMIT_RESET_EMAIL: '1000/3600',
      RATE_LIMIT_CODE_SEND: '1000/900',
      RATE_LIMIT_CODE_ENTRY: '1000/900',
      RATE_LIMIT_PASSWORD_GUESS: '1000/900',
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  // -------------------------------------------------------------------------------------------
  describe('no account enumeration', () => {
    it('POST /api/auth/reset answers the same for a known and an unknown e-mail; only the known one gets a mail', async () => {
      const known = await member();
      const unknown = uniqueEmail('nobody');
      const a = await server.post('/api/auth/reset', { email: known.email });
      const b = await server.post('/api/auth/reset', { email: unknown });
      expect(a.status).toBe(202);
      expect(b.status).toBe(a.status);
      expect(b.text).toBe(a.text);
      expect(b.headers.get('content-type')).toBe(a.headers.get('content-type'));
      // Upper case and spaces are the same address.
      const c = await server.post('/api/auth/reset', { email: `  ${unknown.toUpperCase()} ` });
      expect([c.status, c.text]).toEqual([a.status, a.text]);

      const mail = await resetMail(known.email);
      expect(mail.text).toContain('/auth/change-password?token=');
      expect(await settledMailsTo(unknown)).toEqual([]);
    });

    it('POST /api/auth/login answers the same status, code and message for an unknown e-mail and a wrong password', async () => {
      const known = await member();
      const wrongPassword = await server.login(known.email, 'not the password', uniqueDevice());
      const unknownEmail = await server.login(uniqueEmail('nobody'), 'not the password', uniqueDevice());
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(wrongPassword.status);
      expect(unknownEmail.json).toEqual(wrongPassword.json);
      expect(wrongPassword.json.error.code).toBe('INVALID_CREDENTIALS');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('password reset', () => {
    const resetLink = (mail: ParsedMail, locale: 'ru' | 'es') => {
      const match = new RegExp(`(https?://[^\\s"<>]+)/${locale}/auth/change-password\\?token=([^\\s"<>&]+)`).exec(mail.text ?? '');
      expect(match, `no /${locale} reset link in: ${mail.text}`).not.toBeNull();
      expect(mail.html).toContain(`/${locale}/auth/change-password?token=`);
      return decodeURIComponent(match![2]!);
    };
    const confirm = (token: string, password: string) => server.post('/api/auth/reset/confirm', { token, password });
    /** The link's status by `POST /api/auth/reset/check`, which never uses it. */
    const check = async (token: string) => {
      const result = await server.post('/api/auth/reset/check', { token });
      expect(result.status, result.text).toBe(200);
      return result.json.data.status as string;
    };

    let user: Member;
    let second: { accessToken: string; refreshToken: string };
    let resetToken: string;

    beforeAll(async () => {
      user = await member('Rita Reset');
      const login = await server.login(user.email, user.password, uniqueDevice('second'));
      expect(login.status).toBe(200);
      second = login.json;
    });

    it('mails a link in the requested language; the token is stored only as a hash', async () => {
      expect((await server.post('/api/auth/reset', { email: user.email, locale: 'es' })).status).toBe(202);
      const mail = await resetMail(user.email, /Restablece tu contraseña/);
      const token = resetLink(mail, 'es');
      expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits
      const rows = await db().selectFrom('passwordResets').selectAll().where('userId', '=', user.localId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).not.toBe(token);
      expect(JSON.stringify(rows)).not.toContain(token);
      resetToken = token;
    });

    it('refuses a common or too short password with 400 VALIDATION_FAILED and changes nothing', async () => {
      for (const password of ['Password123', 'qwertyuiop', 'short']) {
        const result = await confirm(resetToken, password);
        expect(result.status, password).toBe(400);
        expect(result.json.error.code, password).toBe('VALIDATION_FAILED');
      }
      expect((await server.graphql('{ viewer { id } }', undefined, second.accessToken)).status).toBe(200);
      expect((await server.login(user.email, user.password, uniqueDevice())).status).toBe(200);
    });

    it('tells whether a link works before it is used (valid), as often as asked, without using it', async () => {
      expect(await check(resetToken)).toBe('valid');
      expect(await check(resetToken)).toBe('valid');
      expect(await check(` ${resetToken} `)).toBe('valid');
      const rows = await db().selectFrom('passwordResets').select(['usedAt']).where('userId', '=', user.localId).execute();
      expect(rows).toEqual([{ usedAt: null }]);
      // No token, or one that cannot be one, is a 400 with the field, never a 500.
      for (const body of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token: 42 }]) {
        const result = await server.post('/api/auth/reset/check', body);
        expect(result.status, JSON.stringify(body)).toBe(400);
        expect(result.json.error.code).toBe('VALIDATION_FAILED');
        expect(result.json.error.message).toMatch(/^token: /);
      }
    });

    it('refuses the current password as the new one with 400 PASSWORD_UNCHANGED and keeps the link (ACC-PASSWORD)', async () => {
      const result = await confirm(resetToken, user.password);
      expect(result.status, result.text).toBe(400);
      expect(result.json.error).toMatchObject({ code: 'PASSWORD_UNCHANGED', field: 'password' });
      expect(await check(resetToken)).toBe('valid');
    });

    it('with a good password: 200, every session revoked, the new password signs in and the old does not; the link is single use', async () => {
      const newPassword = 'a fresh reset password';
      const result = await confirm(resetToken, newPassword);
      expect(result.status, result.text).toBe(200);
      expect(result.json).toEqual({ data: { removedLinks: [], removedPasskeys: [], twoFactorRemoved: false } });
      for (const session of [user, second]) {
        expect((await server.graphql('{ viewer { id } }', undefined, session.accessToken)).status).toBe(401);
        expect((await server.refresh(session.refreshToken)).status).toBe(401);
      }
      expect((await server.login(user.email, user.password, uniqueDevice())).status).toBe(401);
      const login = await server.login(user.email, newPassword, uniqueDevice());
      expect(login.status).toBe(200);
      user.password = newPassword;
      user.accessToken = login.json.accessToken;

      const again = await confirm(resetToken, 'yet another new password');
      expect(again.status).toBe(400);
      expect(again.json.error.code).toBe('RESET_TOKEN_INVALID');
      expect(await check(resetToken)).toBe('used');
      expect((await server.login(user.email, newPassword, uniqueDevice())).status).toBe(200);
    });

    it('a newer link voids the older one', async () => {
      expect((await server.post('/api/auth/reset', { email: user.email, locale: 'ru' })).status).toBe(202);
      const first = resetLink(await resetMail(user.email, /Сброс пароля/), 'ru');
      expect((await server.post('/api/auth/reset', { email: user.email, locale: 'ru' })).status).toBe(202);
      const newer = resetLink(await resetMail(user.email, /Сброс пароля/), 'ru');
      expect(newer).not.toBe(first);

      expect(await check(first)).toBe('invalid');
      expect(await check(newer)).toBe('valid');
      const old = await confirm(first, 'password from the old link');
      expect(old.status).toBe(400);
      expect(old.json.error.code).toBe('RESET_TOKEN_INVALID');
      expect((await server.login(user.email, 'password from the old link', uniqueDevice())).status).toBe(401);

      expect((await confirm(newer, 'password from the newer link')).status).toBe(200);
      expect((await server.login(user.email, 'password from the newer link', uniqueDevice())).status).toBe(200);
      user.password = 'password from the newer link';
    });

    it('an expired link is refused with RESET_TOKEN_INVALID', async () => {
      expect((await server.post('/api/auth/reset', { email: user.email, locale: 'es' })).status).toBe(202);
      const token = resetLink(await resetMail(user.email, /Restablece/), 'es');
      await db()
        .updateTable('passwordResets')
        .set({ expiresAt: nowIso(Date.now() - 1000) })
        .where('userId', '=', user.localId)
        .execute();
      expect(await check(token)).toBe('expired');
      const result = await confirm(token, 'password after expiry');
      expect(result.status).toBe(400);
      expect(result.json.error.code).toBe('RESET_TOKEN_INVALID');
      expect((await server.login(user.email, user.password, uniqueDevice())).status).toBe(200);
    });

    it('an unknown token is refused with RESET_TOKEN_INVALID', async () => {
      expect(await check('A'.repeat(43))).toBe('invalid');
      const result = await confirm('A'.repeat(43), 'some good password');
      expect(result.status).toBe(400);
      expect(result.json.error.code).toBe('RESET_TOKEN_INVALID');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('e-mail verification', () => {
    let user: Member;
    let firstCode: string;

    beforeAll(async () => {
      user = await member('Vera Verify');
    });

    it('registration mails an 8-character code without look-alike characters; the viewer is not verified', async () => {
      const mail = await verificationMail(user.email);
      firstCode = codeIn(mail);
      expect(firstCode).toMatch(CODE);
      expect(mail.subject).toContain(firstCode);
      expect(ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer.isVerified).toBe(false);
    });

    it('stores the code only as a hash', async () => {
      const rows = await db().selectFrom('emailCodes').selectAll().where('userId', '=', user.localId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ purpose: 'verify', email: user.email, attempts: 0 });
      expect(JSON.stringify(rows)).not.toContain(firstCode);
    });

    it('wrong codes answer CODE_INVALID with attemptsLeft 4…0; after 5 the right code is CODE_EXPIRED', async () => {
      for (const left of [4, 3, 2, 1, 0]) {
        const error = expectCode(await server.graphql(VERIFY, { code: wrongCode(firstCode) }, user.accessToken), 'CODE_INVALID');
        expect(error.extensions?.['attemptsLeft']).toBe(left);
      }
      expectCode(await server.graphql(VERIFY, { code: firstCode }, user.accessToken), 'CODE_EXPIRED');
      expect(ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer.isVerified).toBe(false);
    });

    it('sendEmailVerification mails a new code that works in lower case with a space; then ALREADY_VERIFIED', async () => {
      const sent = ok(await server.graphql(SEND_VERIFICATION, undefined, user.accessToken)).sendEmailVerification;
      expect(sent.sentTo).toBe(user.email);
      expect(sent.user).toEqual({ isVerified: false });
      const expiresIn = Date.parse(sent.expiresAt) - Date.now();
      expect(expiresIn).toBeGreaterThan(19 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(20 * 60_000);

      const code = codeIn(await verificationMail(user.email));
      expect(code).toMatch(CODE);
      // The earlier code is void.
      if (code !== firstCode) expectCode(await server.graphql(VERIFY, { code: firstCode }, user.accessToken), 'CODE_INVALID');
      const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()}`;
      expect(ok(await server.graphql(VERIFY, { code: typed }, user.accessToken)).verifyEmail).toEqual({ isVerified: true, email: user.email });
      expect(ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer.isVerified).toBe(true);
      const row = await db().selectFrom('users').select('isVerified').where('id', '=', user.localId).executeTakeFirstOrThrow();
      expect(row.isVerified).toBe(1);

      expectCode(await server.graphql(VERIFY, { code }, user.accessToken), 'ALREADY_VERIFIED');
      expectCode(await server.graphql(SEND_VERIFICATION, undefined, user.accessToken), 'ALREADY_VERIFIED');
    });

    it('an expired code is CODE_EXPIRED', async () => {
      const other = await member('Exp Ired');
      const code = codeIn(await verificationMail(other.email));
      await db()
        .updateTable('emailCodes')
        .set({ expiresAt: nowIso(Date.now() - 1000) })
        .where('userId', '=', other.localId)
        .execute();
      expectCode(await server.graphql(VERIFY, { code }, other.accessToken), 'CODE_EXPIRED');
      expect(ok(await server.graphql(VIEWER, undefined, other.accessToken)).viewer.isVerified).toBe(false);
    });

    it('without a token verifyEmail answers HTTP 401', async () => {
      const result = await server.graphql(VERIFY, { code: 'ABCDEFGH' });
      expect(result.status).toBe(401);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('e-mail change', () => {
    let user: Member;
    const oldEmail = uniqueEmail('changer-old');

    beforeAll(async () => {
      user = await member('Chad Change', { email: oldEmail });
      await verificationMail(oldEmail); // the registration mail
    });

    it('mails a code to the new address only; confirming swaps the address, verifies it and notifies the old address', async () => {
      const newEmail = uniqueEmail('changer-new');
      const started = ok(await server.graphql(UPDATE_EMAIL, { id: user.id, email: newEmail, checkPassword: user.password }, user.accessToken)).updateUser;
      expect(started).toEqual({ email: oldEmail, pendingEmail: newEmail });
      const mail = await nextMail(newEmail, /Confirm your new email address/);
      const code = codeIn(mail);
      expect(code).toMatch(CODE);
      expect(mail.text).toContain(newEmail);
      expect((await settledMailsTo(oldEmail)).filter((m) => !taken.has(m))).toEqual([]);
      const stored = await db().selectFrom('emailCodes').selectAll().where('userId', '=', user.localId).where('purpose', '=', 'change').execute();
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(code);

      // A wrong code first, then the right one.
      expect(expectCode(await server.graphql(CONFIRM_CHANGE, { code: wrongCode(code) }, user.accessToken), 'CODE_INVALID').extensions?.['attemptsLeft']).toBe(
        4,
      );
      const confirmed = ok(await server.graphql(CONFIRM_CHANGE, { code }, user.accessToken)).confirmEmailChange;
      expect(confirmed).toEqual({ email: newEmail, pendingEmail: null, isVerified: true });

      const notice = await nextMail(oldEmail, /email address was changed/);
      expect(notice.text).toContain(oldEmail);
      expect(notice.text).toContain(newEmail);
      expect((await server.login(newEmail, user.password, uniqueDevice())).status).toBe(200);
      expect((await server.login(oldEmail, user.password, uniqueDevice())).status).toBe(401);
      user.email = newEmail;
    });

    it('a password change voids a pending change: pendingEmail null, the code CODE_EXPIRED', async () => {
      const target = uniqueEmail('changer-voided');
      ok(await server.graphql(UPDATE_EMAIL, { id: user.id, email: target, checkPassword: user.password }, user.accessToken));
      const code = codeIn(await nextMail(target, /Confirm your new email address/));
      const newPassword = 'changed while pending';
      ok(await server.graphql(UPDATE_PASSWORD, { newPassword, oldPassword: user.password }, user.accessToken));
      user.password = newPassword;
      expect(ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer).toMatchObject({ email: user.email, pendingEmail: null });
      expectCode(await server.graphql(CONFIRM_CHANGE, { code }, user.accessToken), 'CODE_EXPIRED');
      expect(await db().selectFrom('emailCodes').select('id').where('userId', '=', user.localId).where('purpose', '=', 'change').execute()).toEqual([]);
      expect((await server.login(target, newPassword, uniqueDevice())).status).toBe(401);
    });

    it('cancelEmailChange voids it too', async () => {
      const target = uniqueEmail('changer-cancelled');
      ok(await server.graphql(UPDATE_EMAIL, { id: user.id, email: target, checkPassword: user.password }, user.accessToken));
      const code = codeIn(await nextMail(target, /Confirm your new email address/));
      expect(ok(await server.graphql(CANCEL_CHANGE, undefined, user.accessToken)).cancelEmailChange).toEqual({ email: user.email, pendingEmail: null });
      expectCode(await server.graphql(CONFIRM_CHANGE, { code }, user.accessToken), 'CODE_EXPIRED');
      expect(ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer).toMatchObject({ email: user.email, pendingEmail: null });
    });

    it('a password reset voids a pending change too', async () => {
      const target = uniqueEmail('changer-reset');
      ok(await server.graphql(UPDATE_EMAIL, { id: user.id, email: target, checkPassword: user.password }, user.accessToken));
      const code = codeIn(await nextMail(target, /Confirm your new email address/));
      expect((await server.post('/api/auth/reset', { email: user.email })).status).toBe(202);
      const link = /change-password\?token=([^\s"<>&]+)/.exec((await resetMail(user.email)).text ?? '');
      const newPassword = 'reset while pending';
      expect((await server.post('/api/auth/reset/confirm', { token: decodeURIComponent(link![1]!), password: newPassword })).status).toBe(200);
      const login = await server.login(user.email, newPassword, uniqueDevice());
      expect(login.status).toBe(200);
      user.accessToken = login.json.accessToken;
      user.password = newPassword;
      expect(ok(await server.graphql(VIEWER, undefined, user.accessToken)).viewer.pendingEmail).toBeNull();
      expectCode(await server.graphql(CONFIRM_CHANGE, { code }, user.accessToken), 'CODE_EXPIRED');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('secrets at rest', () => {
    it('after delivery, no reset token or code is kept in plain text anywhere in the database (mail_outbox included)', async () => {
      const user = await member('Sam Secret');
      const code = codeIn(await verificationMail(user.email));
      expect((await server.post('/api/auth/reset', { email: user.email })).status).toBe(202);
      const link = /change-password\?token=([^\s"<>&]+)/.exec((await resetMail(user.email)).text ?? '');
      const token = decodeURIComponent(link![1]!);
      // The sink has the mail a moment before the worker records the row as sent.
      await expect
        .poll(async () => (await db().selectFrom('mailOutbox').select('status').where('recipient', '=', user.email).execute()).map((r) => r.status).sort(), {
          timeout: 5000,
        })
        .toEqual(['sent', 'sent']);
      const tables = ['passwordResets', 'emailCodes', 'mailOutbox', 'users', 'sessions', 'refreshTokens'] as const;
      // The tables holding each secret in plain text (mail_outbox keeps the rendered text and HTML).
      const holding = { code: await storedAnywhere(code, [...tables]), resetToken: await storedAnywhere(token, [...tables]) };
      expect(holding).toEqual({ code: [], resetToken: [] });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('session revocation', () => {
    it('updatePassword keeps the caller’s session and revokes the others', async () => {
      const user = await member('Rev Oke');
      const others = await Promise.all([1, 2].map(() => server.login(user.email, user.password, uniqueDevice('other'))));
      for (const o of others) expect(o.status).toBe(200);
      ok(await server.graphql(UPDATE_PASSWORD, { newPassword: 'a changed password', oldPassword: user.password }, user.accessToken));
      for (const o of others) {
        expect((await server.graphql('{ viewer { id } }', undefined, o.json.accessToken)).status).toBe(401);
        expect((await server.refresh(o.json.refreshToken)).status).toBe(401);
      }
      expect(ok(await server.graphql('{ viewer { id } }', undefined, user.accessToken)).viewer.id).toBe(user.id);
      expect((await server.refresh(user.refreshToken)).status).toBe(200);
      const sessions = await db().selectFrom('sessions').select(['revokedAt', 'revokedReason']).where('userId', '=', user.localId).execute();
      expect(sessions.filter((s) => s.revokedAt === null)).toHaveLength(1);
      expect(sessions.filter((s) => s.revokedReason === 'password-change')).toHaveLength(2);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('rehash on sign-in', () => {
    it('a hash made with weaker parameters is replaced with m=19456,t=2,p=1 at the next sign-in', async () => {
      const user = await member('Old Hash');
      const weak = await hashPassword(user.password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
      await db().updateTable('users').set({ passwordHash: weak }).where('id', '=', user.localId).execute();

      // A wrong password does not rehash.
      expect((await server.login(user.email, 'not the password', uniqueDevice())).status).toBe(401);
      expect((await db().selectFrom('users').select('passwordHash').where('id', '=', user.localId).executeTakeFirstOrThrow()).passwordHash).toBe(weak);

      expect((await server.login(user.email, user.password, uniqueDevice())).status).toBe(200);
      const stored = (await db().selectFrom('users').select('passwordHash').where('id', '=', user.localId).executeTakeFirstOrThrow()).passwordHash!;
      expect(stored).not.toBe(weak);
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(needsRehash(stored)).toBe(false);
      expect((await server.login(user.email, user.password, uniqueDevice())).status).toBe(200);
      // Unchanged by a sign-in with current parameters.
      expect((await db().selectFrom('users').select('passwordHash').where('id', '=', user.localId).executeTakeFirstOrThrow()).passwordHash).toBe(stored);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('rate limits', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startServer(kind, {
        MAIL_TRANSPORT: 'memory',
        JOBS_POLL_INTERVAL_MS: '600000',
        RATE_LIMIT_PASSWORD_GUESS: '3/60',
        RATE_LIMIT_CODE_SEND: '2/60',
      });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('after three free wrong passwords and one delayed, even the right one waits with 429 and Retry-After; another account still signs in', async () => {
      const [victim, bystander] = await Promise.all([limited.register({ name: 'Victim' }), limited.register({ name: 'Bystander' })]);
      // Three free failures, then one more that holds the next attempt back (decision 0030).
      for (let i = 0; i < 4; i++) expect((await limited.login(victim.email, `wrong password ${i}`, uniqueDevice())).status).toBe(401);
      for (const password of [victim.password, 'wrong again']) {
        const blocked = await limited.login(victim.email, password, uniqueDevice());
        expect(blocked.status).toBe(429);
        expect(blocked.json.error.code).toBe('TOO_MANY_REQUESTS');
        const retryAfter = Number(blocked.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(blocked.json.error.retryAfterSeconds).toBe(retryAfter);
      }
      expect((await limited.login(bystander.email, bystander.password, uniqueDevice())).status).toBe(200);
      // Also keyed by e-mail when there is no such account, so the limit tells nothing either.
      const nobody = uniqueEmail('nobody');
      for (let i = 0; i < 4; i++) expect((await limited.login(nobody, 'whatever', uniqueDevice())).status).toBe(401);
      expect((await limited.login(nobody, 'whatever', uniqueDevice())).status).toBe(429);
    });

    it('concurrent wrong passwords for one e-mail get no more than the limit’s guesses', async () => {
      const target = await limited.register({ name: 'Burst Target' });
      const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => limited.login(target.email, `burst guess ${i}`, uniqueDevice())));
      const statuses = burst.map((r) => r.status);
      // Only the three free guesses and the one that took the delay gate were checked (decision 0030).
      expect(statuses.filter((s) => s === 401).length, statuses.join(',')).toBeLessThanOrEqual(4);
      expect(statuses.filter((s) => s === 429).length, statuses.join(',')).toBeGreaterThanOrEqual(8);
    });

    it('sendEmailVerification beyond the codeSend limit answers TOO_MANY_REQUESTS with extensions.retryAfterSeconds', async () => {
      const user = await limited.register({ name: 'Code Sender' });
      for (let i = 0; i < 2; i++) ok(await limited.graphql(SEND_VERIFICATION, undefined, user.accessToken));
      const error = expectCode(await limited.graphql(SEND_VERIFICATION, undefined, user.accessToken), 'TOO_MANY_REQUESTS');
      expect(error.extensions?.['retryAfterSeconds']).toEqual(expect.any(Number));
      expect(error.extensions!['retryAfterSeconds']).toBeGreaterThanOrEqual(1);
      expect(error.extensions!['retryAfterSeconds']).toBeLessThanOrEqual(60);
    });
  });
});
