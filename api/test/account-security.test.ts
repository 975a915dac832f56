/**
 * The account security centre on SQLite and PostgreSQL (decision 0040): two-factor authentication
 * (ACC-2FA: the secret sealed at rest, ±1 step, no replay, recovery codes single use, the sign-in
 * challenge's expiry, wrong tries and rate limit, social sign-in asks too), re-authentication
 * (ACC-SUDO: the 10-minute window, password or code) and the security timeline (ACC-TIMELINE:
 * entries, append-only, "this wasn't me").
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode } from './admin-helpers.js';
import {
  CONFIRM_2FA,
  DISABLE_2FA,
  REAUTH,
  REGENERATE,
  REPORT,
  START_2FA,
  TIMELINE,
  enableTwoFactor,
  passwordLogin,
  secondStep,
  stepNow,
  totpAt,
} from './account-security-helpers.js';
import { type TestServer, describeEachDb, ok, startServer, uniqueDevice } from './harness.js';
import { ageSession } from './payouts-helpers.js';
import { type Member, member } from './requests-helpers.js';

describeEachDb('account security on %s', (kind) => {
  let server: TestServer;
  let limited: TestServer;
  let roomy: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { JOBS_POLL_INTERVAL_MS: '600000' });
    limited = await startServer(kind, { RATE_LIMIT_TWO_FACTOR: '3/900' });
    // Room for many codes per account, so the challenge's own cap is what stops them.
    roomy = await startServer(kind, { RATE_LIMIT_TWO_FACTOR: '100/900' });
  });
  afterAll(async () => {
    await server?.close();
    await limited?.close();
    await roomy?.close();
  });
  const db = () => server.app.database.db;
  const timeline = async (user: Member, token = user.accessToken) =>
    ok(await server.graphql(TIMELINE, { id: user.id, first: 50 }, token)).node.securityEvents.edges.map((e: { node: Record<string, unknown> }) => e.node);

  describe('two-factor authentication (ACC-2FA)', () => {
    it('is enabled with a first code; the secret is sealed at rest; a wrong first code is refused', async () => {
      const user = await member(server, 'Tessa Totp');
      const { secret, uri } = ok(await server.graphql(START_2FA, {}, user.accessToken)).startTwoFactorSetup;
      expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      expect(uri).toContain(`secret=${secret}`);
      const row = await db().selectFrom('totpSecrets').selectAll().where('userId', '=', user.localId).executeTakeFirstOrThrow();
      expect(row.secretSealed).not.toContain(secret);
      expect(row.secretSealed.split('.')).toHaveLength(5); // a compact JWE
      expectCode(
        await server.graphql(CONFIRM_2FA, { code: '000000' === totpAt(secret, stepNow()) ? '111111' : '000000' }, user.accessToken),
        'CODE_INVALID',
        'code',
      );
      expectCode(await server.graphql(CONFIRM_2FA, { code: 'not a code at all, far too long to be one' }, user.accessToken), 'BAD_USER_INPUT');
      const confirmed = ok(await server.graphql(CONFIRM_2FA, { code: totpAt(secret, stepNow()) }, user.accessToken)).confirmTwoFactorSetup;
      expect(confirmed.recoveryCodes).toHaveLength(10);
      expect(new Set(confirmed.recoveryCodes).size).toBe(10);
      expect(confirmed.user.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10 });
      // Stored hashed only.
      const hashes = await db().selectFrom('recoveryCodes').select('codeHash').where('userId', '=', user.localId).execute();
      expect(hashes).toHaveLength(10);
      for (const { codeHash } of hashes) expect(confirmed.recoveryCodes.map((c: string) => c.replace('-', ''))).not.toContain(codeHash);
      expectCode(await server.graphql(START_2FA, {}, user.accessToken), 'TWO_FACTOR_ALREADY_ENABLED');
    });

    it('two set-ups started at once (a double click) both answer, and one pending secret is kept', async () => {
      const user = await member(server, 'Dora Double');
      const [a, b] = await Promise.all([server.graphql(START_2FA, {}, user.accessToken), server.graphql(START_2FA, {}, user.accessToken)]);
      const secrets = [ok(a).startTwoFactorSetup.secret as string, ok(b).startTwoFactorSetup.secret as string];
      expect(await db().selectFrom('totpSecrets').select('userId').where('userId', '=', user.localId).execute()).toHaveLength(1);
      // The secret that was stored last is the one the first code must come from.
      const results = await Promise.all(
        secrets.map(
          async (secret) =>
            (await server.graphql(CONFIRM_2FA, { code: totpAt(secret, stepNow()) }, user.accessToken)).errors?.[0]?.extensions?.['code'] ?? 'OK',
        ),
      );
      expect(results.filter((r) => r === 'OK')).toHaveLength(1);
    });

    it('sign-in asks for a code: ±1 step accepted, ±2 refused, a code never twice, the token single use', async () => {
      const user = await member(server, 'Wanda Window');
      const { secret } = await enableTwoFactor(server, user);
      const first = await passwordLogin(server, user);
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({ twoFactorRequired: true, challengeToken: expect.any(String) });
      expect(first.json.accessToken).toBeUndefined();
      expect(first.headers.get('set-cookie')).toBeNull();
      const token = first.json.challengeToken as string;
      const step = stepNow();
      // Two steps away: refused (and counted as a wrong try).
      const far = await secondStep(server, { challengeToken: token, deviceToken: user.deviceToken, code: totpAt(secret, step + 2) });
      expect(far.status).toBe(401);
      expect(far.json.error).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID', field: 'code', attemptsLeft: 4 });
      // Another device cannot use the token.
      expect((await secondStep(server, { challengeToken: token, deviceToken: uniqueDevice(), code: totpAt(secret, step + 1) })).json.error.code).toBe(
        'TWO_FACTOR_CHALLENGE_INVALID',
      );
      // One step ahead: accepted; credentials as from login.
      const done = await secondStep(server, { challengeToken: token, deviceToken: user.deviceToken, code: totpAt(secret, step + 1) });
      expect(done.status, done.text).toBe(200);
      expect(done.json.accessToken).toEqual(expect.any(String));
      expect(done.json.refreshToken).toEqual(expect.any(String));
      // The token is spent.
      expect((await secondStep(server, { challengeToken: token, deviceToken: user.deviceToken, code: totpAt(secret, step) })).json.error.code).toBe(
        'TWO_FACTOR_CHALLENGE_INVALID',
      );
      // The same code (and an earlier step's) never works again, even on a fresh challenge.
      const again = (await passwordLogin(server, user)).json.challengeToken as string;
      expect((await secondStep(server, { challengeToken: again, deviceToken: user.deviceToken, code: totpAt(secret, step + 1) })).json.error.code).toBe(
        'TWO_FACTOR_CODE_INVALID',
      );
      expect((await secondStep(server, { challengeToken: again, deviceToken: user.deviceToken, code: totpAt(secret, step) })).json.error.code).toBe(
        'TWO_FACTOR_CODE_INVALID',
      );
      const stored = await db().selectFrom('totpSecrets').select('lastUsedStep').where('userId', '=', user.localId).executeTakeFirstOrThrow();
      expect(Number(stored.lastUsedStep)).toBe(step + 1);
    });

    it('a recovery code works once; the codes can be regenerated behind a recent proof', async () => {
      const user = await member(server, 'Rory Recovery');
      const { recoveryCodes } = await enableTwoFactor(server, user);
      const token = (await passwordLogin(server, user)).json.challengeToken as string;
      // Typed loosely: lower case, spaces instead of the dash.
      const loose = recoveryCodes[0]!.toLowerCase().replace('-', ' ');
      const done = await secondStep(server, { challengeToken: token, deviceToken: user.deviceToken, recoveryCode: loose });
      expect(done.status, done.text).toBe(200);
      const next = (await passwordLogin(server, user)).json.challengeToken as string;
      const reused = await secondStep(server, { challengeToken: next, deviceToken: user.deviceToken, recoveryCode: recoveryCodes[0]! });
      expect(reused.status).toBe(401);
      expect(reused.json.error).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID', field: 'recoveryCode' });
      const fresh = { ...user, accessToken: done.json.accessToken as string };
      expect(ok(await server.graphql(TIMELINE, { id: user.id, first: 1 }, fresh.accessToken)).node.securityEvents.edges[0].node.kind).toBe('TWO_FACTOR_FAILED');
      // Regenerating needs a recent proof.
      await ageSession(server, fresh);
      expectCode(await server.graphql(REGENERATE, {}, fresh.accessToken), 'REAUTHENTICATION_REQUIRED');
      // With 2FA the password alone is no proof (decision 0044); a recovery code is.
      expectCode(await server.graphql(REAUTH, { password: user.password }, fresh.accessToken), 'PROOF_NOT_ACCEPTED');
      ok(await server.graphql(REAUTH, { code: recoveryCodes[2]! }, fresh.accessToken));
      const regenerated = ok(await server.graphql(REGENERATE, {}, fresh.accessToken)).regenerateRecoveryCodes;
      expect(regenerated.user.twoFactor.recoveryCodesLeft).toBe(10);
      expect(regenerated.recoveryCodes).not.toContain(recoveryCodes[1]);
      const old = (await passwordLogin(server, user)).json.challengeToken as string;
      expect((await secondStep(server, { challengeToken: old, deviceToken: user.deviceToken, recoveryCode: recoveryCodes[1]! })).json.error.code).toBe(
        'TWO_FACTOR_CODE_INVALID',
      );
      expect((await secondStep(server, { challengeToken: old, deviceToken: user.deviceToken, recoveryCode: regenerated.recoveryCodes[1] })).status).toBe(200);
    });

    it('a challenge expires, dies after five wrong codes, and bad bodies answer 400', async () => {
      const user = await member(server, 'Ezra Expiry');
      const { secret } = await enableTwoFactor(server, user);
      const token = (await passwordLogin(server, user)).json.challengeToken as string;
      await db()
        .updateTable('twoFactorChallenges')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('userId', '=', user.localId)
        .execute();
      expect((await secondStep(server, { challengeToken: token, deviceToken: user.deviceToken, code: totpAt(secret, stepNow()) })).json.error.code).toBe(
        'TWO_FACTOR_CHALLENGE_INVALID',
      );
      const other = (await passwordLogin(server, user)).json.challengeToken as string;
      for (let i = 0; i < 5; i++) {
        const wrong = await secondStep(server, {
          challengeToken: other,
          deviceToken: user.deviceToken,
          code: '12345' + String(i) === totpAt(secret, stepNow()) ? '999999' : '12345' + String(i),
        });
        expect(wrong.json.error.code).toBe('TWO_FACTOR_CODE_INVALID');
        expect(wrong.json.error.attemptsLeft).toBe(4 - i);
      }
      expect((await secondStep(server, { challengeToken: other, deviceToken: user.deviceToken, code: totpAt(secret, stepNow()) })).json.error.code).toBe(
        'TWO_FACTOR_CHALLENGE_INVALID',
      );
      for (const body of [
        { challengeToken: other, deviceToken: user.deviceToken },
        { challengeToken: other, deviceToken: user.deviceToken, code: '123456', recoveryCode: 'AAAAA-BBBBB' },
        { challengeToken: '', deviceToken: user.deviceToken, code: '123456' },
        'not json',
      ]) {
        const answer = await server.post('/api/auth/login/2fa', body);
        expect(answer.status, answer.text).toBe(400);
        expect(answer.json.error.code).toMatch(/VALIDATION_FAILED|MALFORMED_JSON/);
      }
    });

    it('30 wrong codes sent at once on one challenge: at most five are evaluated', async () => {
      const user = await member(roomy, 'Pia Parallel');
      const { secret } = await enableTwoFactor(roomy, user);
      const token = (await passwordLogin(roomy, user)).json.challengeToken as string;
      const wrong = totpAt(secret, stepNow() + 7);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => secondStep(roomy, { challengeToken: token, deviceToken: user.deviceToken, code: wrong })),
      );
      const codes = answers.map((a) => a.json.error?.code as string);
      expect(codes.filter((c) => c === 'TWO_FACTOR_CODE_INVALID')).toHaveLength(5);
      expect(codes.filter((c) => c === 'TWO_FACTOR_CHALLENGE_INVALID')).toHaveLength(25);
      expect(
        answers
          .map((a) => a.json.error?.attemptsLeft)
          .filter((n) => n !== undefined)
          .sort(),
      ).toEqual([0, 1, 2, 3, 4]);
      // Each evaluated code is one TWO_FACTOR_FAILED on the timeline.
      const failed = await roomy.app.database.db
        .selectFrom('securityEvents')
        .select('id')
        .where('userId', '=', user.localId)
        .where('kind', '=', 'TWO_FACTOR_FAILED')
        .execute();
      expect(failed).toHaveLength(5);
    });

    it('codes entered are rate limited per account (RATE_LIMIT_TWO_FACTOR)', async () => {
      const user = await member(limited, 'Lina Limit');
      const { secret } = await enableTwoFactor(limited, user); // one code entered
      const token = (await passwordLogin(limited, user)).json.challengeToken as string;
      const wrong = totpAt(secret, stepNow() + 5);
      expect((await secondStep(limited, { challengeToken: token, deviceToken: user.deviceToken, code: wrong })).status).toBe(401);
      expect((await secondStep(limited, { challengeToken: token, deviceToken: user.deviceToken, code: wrong })).status).toBe(401);
      const blocked = await secondStep(limited, { challengeToken: token, deviceToken: user.deviceToken, code: totpAt(secret, stepNow()) });
      expect(blocked.status).toBe(429);
      expect(blocked.json.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: expect.any(Number) });
      expect(blocked.headers.get('retry-after')).toBeTruthy();
    });
  });

  describe('re-authentication (ACC-SUDO)', () => {
    it('turning 2FA off needs a proof of the last 10 minutes: password or code, not a wrong one', async () => {
      const user = await member(server, 'Sudo Sam');
      const { secret } = await enableTwoFactor(server, user);
      expect(ok(await server.graphql(DISABLE_2FA, {}, user.accessToken)).disableTwoFactor).toBeTruthy(); // fresh sign-in counts
      const again = await enableTwoFactor(server, user);
      await ageSession(server, user);
      expectCode(await server.graphql(DISABLE_2FA, {}, user.accessToken), 'REAUTHENTICATION_REQUIRED');
      expectCode(await server.graphql(REAUTH, { code: totpAt(again.secret, stepNow() + 3) }, user.accessToken), 'CODE_INVALID', 'code');
      expectCode(await server.graphql(REAUTH, {}, user.accessToken), 'BAD_USER_INPUT');
      expectCode(await server.graphql(REAUTH, { password: user.password, code: '123456' }, user.accessToken), 'BAD_USER_INPUT');
      expectCode(await server.graphql(DISABLE_2FA, {}, user.accessToken), 'REAUTHENTICATION_REQUIRED');
      const { validUntil } = ok(await server.graphql(REAUTH, { code: totpAt(again.secret, stepNow()) }, user.accessToken)).reauthenticate;
      expect(Date.parse(validUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(ok(await server.graphql(DISABLE_2FA, {}, user.accessToken)).disableTwoFactor.twoFactor.enabled).toBe(false);
      expect(secret).not.toBe(again.secret);
      // Off: password sign-in gives credentials at once; no codes left.
      expect((await passwordLogin(server, user)).json.accessToken).toEqual(expect.any(String));
      expect(await db().selectFrom('recoveryCodes').select('id').where('userId', '=', user.localId).execute()).toHaveLength(0);
    });

    it('the window ends after 10 minutes', async () => {
      const user = await member(server, 'Wendy Window');
      const { secret } = await enableTwoFactor(server, user);
      await ageSession(server, user);
      ok(await server.graphql(REAUTH, { code: totpAt(secret, stepNow()) }, user.accessToken));
      ok(await server.graphql(REGENERATE, {}, user.accessToken));
      const sessionId = (
        await db().selectFrom('sessions').select('id').where('userId', '=', user.localId).where('deviceToken', '=', user.deviceToken).executeTakeFirstOrThrow()
      ).id;
      await db()
        .updateTable('sessions')
        .set({ reauthenticatedAt: new Date(Date.now() - 10 * 60_000 - 1000).toISOString() })
        .where('id', '=', sessionId)
        .execute();
      expectCode(await server.graphql(REGENERATE, {}, user.accessToken), 'REAUTHENTICATION_REQUIRED');
      expect(ok(await server.graphql(TIMELINE, { id: user.id }, user.accessToken)).node.reauthenticationMethods).toEqual(['TOTP']); // the password alone does not count with 2FA (decision 0044)
    });
  });

  describe('the security timeline (ACC-TIMELINE)', () => {
    it('records sign-ins, failures and changes with the device; only the user reads it', async () => {
      const user = await member(server, 'Tim Timeline');
      const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
      await server.post('/api/auth/login', { email: user.email, password: 'wrong-password-123', deviceToken: user.deviceToken }, { 'user-agent': ua });
      const { secret } = await enableTwoFactor(server, user);
      const token = (await server.post('/api/auth/login', { email: user.email, password: user.password, deviceToken: user.deviceToken }, { 'user-agent': ua }))
        .json.challengeToken;
      const done = await server.post(
        '/api/auth/login/2fa',
        { challengeToken: token, deviceToken: user.deviceToken, code: totpAt(secret, stepNow()) },
        { 'user-agent': ua },
      );
      const events = await timeline(user, done.json.accessToken);
      expect(events.map((e: { kind: string }) => e.kind)).toEqual(['SIGN_IN', 'TWO_FACTOR_ENABLED', 'SIGN_IN_FAILED', 'SIGN_IN']);
      expect(events[0]).toMatchObject({ method: 'password+totp', deviceLabel: 'Firefox 132 on Linux', network: '127.0.0.x', sessionActive: true });
      expect(events[2]).toMatchObject({ method: 'password', deviceLabel: 'Firefox 132 on Linux', sessionActive: false });
      expect(events[3]).toMatchObject({ method: 'registration', sessionActive: false }); // replaced by the sign-in on the same device
      const stranger = await member(server, 'Sly Stranger');
      const refused = await server.graphql(TIMELINE, { id: user.id }, stranger.accessToken);
      expect(refused.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    });

    it('is append-only in the database; deleting the account erases it', async () => {
      const user = await member(server, 'Ada Append');
      const [row] = await db().selectFrom('securityEvents').select('id').where('userId', '=', user.localId).execute();
      expect(row).toBeDefined();
      await expect(db().updateTable('securityEvents').set({ kind: 'PASSWORD_CHANGED' }).where('id', '=', row!.id).execute()).rejects.toThrow(/append-only/);
      await expect(db().deleteFrom('securityEvents').where('id', '=', row!.id).execute()).rejects.toThrow(/append-only/);
      await expect(sql`delete from security_events where user_id = ${user.localId}`.execute(db())).rejects.toThrow(/append-only/);
      ok(
        await server.graphql(
          'mutation ($id: ID!, $c: String) { deleteUser(id: $id, confirmation: $c) { id } }',
          { id: user.id, c: user.password },
          user.accessToken,
        ),
      );
      expect(await db().selectFrom('securityEvents').select('id').where('userId', '=', user.localId).execute()).toHaveLength(0);
    });

    it('"this wasn\'t me" on an active session ends every session and mails a reset link', async () => {
      const user = await member(server, 'Nina Notme');
      const intruderDevice = uniqueDevice('intruder');
      const intruder = await server.post(
        '/api/auth/login',
        { email: user.email, password: user.password, deviceToken: intruderDevice },
        { 'user-agent': 'curl/8.0' },
      );
      expect(intruder.status).toBe(200);
      const entry = (await timeline(user)).find(
        (e: { kind: string; sessionActive: boolean; method: string | null }) => e.kind === 'SIGN_IN' && e.sessionActive && e.method === 'password',
      );
      expect(entry).toBeDefined();
      expect(ok(await server.graphql(REPORT, { id: entry.id }, user.accessToken)).reportSecurityEvent.signedOutSessions).toBe(2);
      // Both sessions are over.
      expect((await server.graphql('{ viewer { id } }', {}, intruder.json.accessToken)).status).toBe(401);
      expect((await server.graphql('{ viewer { id } }', {}, user.accessToken)).status).toBe(401);
      const resets = await db().selectFrom('passwordResets').select('id').where('userId', '=', user.localId).execute();
      expect(resets).toHaveLength(1);
      const outbox = await db()
        .selectFrom('mailOutbox')
        .select('template')
        .where('recipient', '=', user.email)
        .execute()
        .catch(() => null);
      if (outbox) expect(outbox.map((m) => m.template)).toContain('passwordReset');
      // A stranger's id answers FORBIDDEN; an inactive entry SESSION_NOT_ACTIVE.
      const fresh = await passwordLogin(server, user, uniqueDevice());
      expectCode(await server.graphql(REPORT, { id: entry.id }, fresh.json.accessToken), 'SESSION_NOT_ACTIVE');
      const other = await member(server, 'Otto Other');
      expectCode(await server.graphql(REPORT, { id: entry.id }, other.accessToken), 'FORBIDDEN');
    });
  });

  it('social sign-in of an account with 2FA also asks for the code (the exchange answers a challenge)', async () => {
    const user = await member(server, 'Sol Social');
    const { secret } = await enableTwoFactor(server, user);
    const device = uniqueDevice('social');
    const code = 'one-time-code-' + device;
    const { hashToken } = await import('../src/modules/identity/auth/tokens.js');
    await db()
      .insertInto('socialLoginCodes')
      .values({
        id: hashToken(code),
        userId: user.localId,
        deviceToken: device,
        returnPath: '/profile',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        created: new Date().toISOString(),
      })
      .execute();
    const exchanged = await server.post('/api/auth/social/exchange', { code, deviceToken: device });
    expect(exchanged.status, exchanged.text).toBe(200);
    expect(exchanged.json).toMatchObject({ twoFactorRequired: true, returnPath: '/profile' });
    expect(exchanged.json.accessToken).toBeUndefined();
    const done = await secondStep(server, { challengeToken: exchanged.json.challengeToken, deviceToken: device, code: totpAt(secret, stepNow()) });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ accessToken: expect.any(String), returnPath: '/profile' });
    expect((await timeline(user, done.json.accessToken))[0]).toMatchObject({ kind: 'SIGN_IN', method: 'social+totp' });
  });
});
