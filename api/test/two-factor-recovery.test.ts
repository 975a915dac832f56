/**
 * The e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY, decision 0047) over real HTTP on
 * SQLite and PostgreSQL, with mail delivered to a real SMTP sink and the real job queue: a sign-in
 * that passed the password asks for it with its challenge token → 202 with the time, and a mail
 * in the account's language with that time and the cancel link; a second request answers the same
 * time and mails nothing; once due (a delay of a few seconds here) the job removes the
 * authenticator and its recovery codes, the password alone signs in, and the completion mail comes
 * once — also when the job runs again. The link cancels it (once), and so does a sign-in that
 * passed the second factor; each is a timeline entry and a mail. A bad challenge answers the
 * second step's 401, a bad cancel token 404.
 */
import { decodeJwt } from 'jose';
import { expect, it, vi } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { RECOVERY_JOB } from '../src/modules/identity/accountSecurity/twoFactorRecovery.js';
import { describeEachDb, uniqueDevice, uniqueEmail } from './harness.js';
import { TIMELINE, enableTwoFactor, passwordLogin, secondStep, stepNow, totpAt } from './account-security-helpers.js';
import type { Member } from './requests-helpers.js';
import { mailbox, postAs, useSecurityRig } from './security-flows.js';

type Locale = 'en' | 'ru' | 'es';
/** A delay of about three seconds. */
const DELAY_HOURS = 3 / 3600;
const REQUESTED: Record<Locale, RegExp> = {
  en: /will be turned off/,
  ru: /будет выключена/,
  es: /Se desactivará la autenticación/,
};
const COMPLETED: Record<Locale, RegExp> = { en: /Two-factor authentication is off/, ru: /аутентификация на Studio выключена/, es: /está desactivada/ };
const CANCELLED: Record<Locale, RegExp> = { en: /stays on/, ru: /остаётся включённой/, es: /sigue activada/ };
const CANCEL_PAGE: Record<Locale, string> = {
  en: 'http://studio.test/auth/cancel-recovery?token=',
  ru: 'http://studio.test/ru/auth/cancel-recovery?token=',
  es: 'http://studio.test/es/auth/cancel-recovery?token=',
};

describeEachDb('two-factor recovery by e-mail on %s', (kind) => {
  const rig = useSecurityRig(kind, { TWO_FACTOR_RECOVERY_DELAY_HOURS: String(DELAY_HOURS) });
  const mail = mailbox(
    () => rig.server,
    () => rig.smtp,
  );
  const db = () => rig.server.app.database.db;

  /** A verified member in `locale` with 2FA on: its secret and recovery codes too. */
  async function memberWith2fa(locale: Locale) {
    const email = uniqueEmail(`rec-${locale}`);
    const password = 'a long enough password';
    const deviceToken = uniqueDevice('rec');
    const answer = await rig.server.post('/api/auth/register', { email, password, name: 'Rita Recovery', deviceToken, locale });
    expect(answer.status, answer.text).toBe(201);
    const localId = String(decodeJwt(answer.json.accessToken).sub);
    await db().updateTable('users').set({ isVerified: 1 }).where('id', '=', localId).execute();
    const user: Member = {
      email,
      password,
      name: 'Rita Recovery',
      deviceToken,
      accessToken: answer.json.accessToken,
      refreshToken: answer.json.refreshToken,
      localId,
      id: globalId('User', localId),
    };
    const { secret, recoveryCodes } = await enableTwoFactor(rig.server, user);
    return { ...user, secret, recoveryCodes };
  }

  /** The first step of a sign-in: the challenge token. */
  async function challengeOf(user: Member): Promise<string> {
    const first = await passwordLogin(rig.server, user);
    expect(first.status, first.text).toBe(200);
    expect(first.json.twoFactorRequired).toBe(true);
    return first.json.challengeToken;
  }

  const ask = (challengeToken: string, deviceToken: string) => postAs(rig.server, '/api/auth/login/2fa/recovery', { challengeToken, deviceToken });
  const cancel = (token: string) => postAs(rig.server, '/api/auth/2fa/recovery/cancel', { token });
  const tokenOf = (text: string | undefined) => decodeURIComponent(/cancel-recovery\?token=([^\s"<>&]+)/.exec(text ?? '')![1]!);
  const kinds = async (localId: string) =>
    (await db().selectFrom('securityEvents').select(['kind', 'method']).where('userId', '=', localId).orderBy('created').execute()).map(
      (e) => `${e.kind}:${e.method ?? ''}`,
    );
  const twoFactorOn = async (localId: string) =>
    !!(await db().selectFrom('totpSecrets').select('confirmedAt').where('userId', '=', localId).executeTakeFirst())?.confirmedAt;
  const recoveryCodesLeft = async (localId: string) => (await db().selectFrom('recoveryCodes').select('id').where('userId', '=', localId).execute()).length;
  const runRecoveries = () => rig.server.app.jobs.runDue([RECOVERY_JOB]);

  it("asks, mails the time and the cancel link in the user's language, answers a second request the same without a mail, and turns 2FA off when due — once", async () => {
    const user = await memberWith2fa('ru');
    const challengeToken = await challengeOf(user);
    const before = Date.now();
    const asked = await ask(challengeToken, user.deviceToken);
    expect(asked.status, asked.text).toBe(202);
    const dueAt = Date.parse(asked.json.dueAt);
    expect(dueAt - before).toBeGreaterThan(DELAY_HOURS * 3_600_000 - 1000);
    expect(dueAt - before).toBeLessThan(DELAY_HOURS * 3_600_000 + 5000);
    expect(asked.headers.get('cache-control')).toContain('no-store');

    const notice = await mail.only(user.email, REQUESTED.ru);
    const text = notice.text ?? '';
    const when = new Intl.DateTimeFormat('ru', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }).format(new Date(dueAt));
    expect(text).toContain(`будет выключена ${when}`);
    expect(text).toContain('Устройство: Firefox 132 на Linux');
    expect(text).toContain(CANCEL_PAGE.ru);
    expect(notice.html).toContain('<html lang="ru">');
    expect(tokenOf(text)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Again while pending (also from a new sign-in): the same time, no second mail.
    const again = await ask(challengeToken, user.deviceToken);
    expect(again.status).toBe(202);
    expect(again.json.dueAt).toBe(asked.json.dueAt);
    expect((await ask(await challengeOf(user), user.deviceToken)).json.dueAt).toBe(asked.json.dueAt);
    await rig.server.app.mail.drain();
    expect(mail.mailsTo(user.email).filter((m) => REQUESTED.ru.test(m.subject ?? ''))).toHaveLength(1);
    expect(await kinds(user.localId)).toContain('TWO_FACTOR_RECOVERY_REQUESTED:email');

    // Not before it is due: 2FA stays on and the password alone still gets a challenge.
    await runRecoveries();
    expect(await twoFactorOn(user.localId)).toBe(true);

    // Due: the job turns 2FA off and the recovery codes go with it.
    await vi.waitFor(
      async () => {
        await runRecoveries();
        expect(await twoFactorOn(user.localId)).toBe(false);
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(await recoveryCodesLeft(user.localId)).toBe(0);
    const signedIn = await passwordLogin(rig.server, user);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(typeof signedIn.json.accessToken).toBe('string');
    expect(signedIn.json.twoFactorRequired).toBeUndefined();
    const done = await mail.only(user.email, COMPLETED.ru);
    expect(done.text).toContain('Устройство: Firefox 132 на Linux');

    // The job once more (a second worker, a retry): nothing more is removed, recorded or mailed.
    const recovery = await db().selectFrom('twoFactorRecoveries').select(['id', 'status']).where('userId', '=', user.localId).executeTakeFirstOrThrow();
    expect(recovery.status).toBe('done');
    await rig.server.app.jobs.enqueue(RECOVERY_JOB, { recoveryId: recovery.id });
    await runRecoveries();
    await rig.server.app.mail.drain();
    expect(mail.mailsTo(user.email).filter((m) => COMPLETED.ru.test(m.subject ?? ''))).toHaveLength(1);
    expect((await kinds(user.localId)).filter((k) => k === 'TWO_FACTOR_DISABLED:email-recovery')).toHaveLength(1);
    // The timeline shows it (ACC-TIMELINE) through GraphQL.
    const events = await rig.server.graphql(TIMELINE, { id: user.id, first: 20 }, signedIn.json.accessToken);
    const shown = events.data.node.securityEvents.edges.map((e: { node: { kind: string; method: string | null } }) => `${e.node.kind}:${e.node.method ?? ''}`);
    expect(shown).toEqual(expect.arrayContaining(['TWO_FACTOR_DISABLED:email-recovery', 'TWO_FACTOR_RECOVERY_REQUESTED:email']));
    // The link of a carried-out recovery says so.
    const late = await cancel(tokenOf(text));
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('RECOVERY_ALREADY_DONE');
  });

  it('the mailed link cancels it, once: 2FA stays on past the time, with an entry and a mail', async () => {
    const user = await memberWith2fa('es');
    expect((await ask(await challengeOf(user), user.deviceToken)).status).toBe(202);
    const notice = await mail.only(user.email, REQUESTED.es);
    expect(notice.text).toContain(CANCEL_PAGE.es);
    const token = tokenOf(notice.text);
    const cancelled = await cancel(token);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toEqual({ cancelled: true });
    const used = await cancel(token);
    expect(used.status).toBe(409);
    expect(used.json.error.code).toBe('RECOVERY_ALREADY_CANCELLED');
    const told = await mail.only(user.email, CANCELLED.es);
    expect(told.text).toContain('enlace');
    expect(await kinds(user.localId)).toContain('TWO_FACTOR_RECOVERY_CANCELLED:link');

    await new Promise((resolve) => setTimeout(resolve, DELAY_HOURS * 3_600_000 + 500));
    await runRecoveries();
    expect(await twoFactorOn(user.localId)).toBe(true);
    expect((await passwordLogin(rig.server, user)).json.twoFactorRequired).toBe(true);
    await rig.server.app.mail.drain();
    expect(mail.mailsTo(user.email).filter((m) => COMPLETED.es.test(m.subject ?? ''))).toEqual([]);

    // A new request after a cancel starts again and mails again.
    expect((await ask(await challengeOf(user), user.deviceToken)).status).toBe(202);
    expect(await mail.arrived(user.email, REQUESTED.es)).toHaveLength(2);
  });

  it('a sign-in with the authenticator (or a recovery code) cancels a pending recovery', async () => {
    const user = await memberWith2fa('en');
    expect((await ask(await challengeOf(user), user.deviceToken)).status).toBe(202);
    await mail.only(user.email, REQUESTED.en);
    const signedIn = await postAs(rig.server, '/api/auth/login/2fa', {
      challengeToken: await challengeOf(user),
      deviceToken: user.deviceToken,
      code: totpAt(user.secret, stepNow()),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const told = await mail.only(user.email, CANCELLED.en);
    expect(told.text).toContain('a sign-in used a code');
    expect(told.text).toContain('Device: Firefox 132 on Linux');
    expect(await kinds(user.localId)).toContain('TWO_FACTOR_RECOVERY_CANCELLED:sign-in');
    await new Promise((resolve) => setTimeout(resolve, DELAY_HOURS * 3_600_000 + 500));
    await runRecoveries();
    expect(await twoFactorOn(user.localId)).toBe(true);

    // With a recovery code too.
    expect((await ask(await challengeOf(user), user.deviceToken)).status).toBe(202);
    const byCode = await secondStep(rig.server, {
      challengeToken: await challengeOf(user),
      deviceToken: user.deviceToken,
      recoveryCode: user.recoveryCodes[0]!,
    });
    expect(byCode.status, byCode.text).toBe(200);
    expect((await db().selectFrom('twoFactorRecoveries').select('status').where('userId', '=', user.localId).execute()).map((r) => r.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
  });

  it('refuses a bad challenge as the second step does, and a bad cancel token with 404; nothing is mailed', async () => {
    const user = await memberWith2fa('en');
    const challengeToken = await challengeOf(user);
    for (const [token, device] of [
      ['not-a-challenge', user.deviceToken],
      [challengeToken, uniqueDevice('other')],
    ] as const) {
      const refused = await ask(token, device);
      expect(refused.status).toBe(401);
      expect(refused.json.error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    }
    // A spent challenge (the sign-in completed) no longer asks.
    expect((await secondStep(rig.server, { challengeToken, deviceToken: user.deviceToken, code: totpAt(user.secret, stepNow()) })).status).toBe(200);
    expect((await ask(challengeToken, user.deviceToken)).status).toBe(401);
    expect((await postAs(rig.server, '/api/auth/login/2fa/recovery', { deviceToken: user.deviceToken })).status).toBe(400);

    const unknown = await cancel('x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('RECOVERY_LINK_INVALID');
    expect((await cancel('')).status).toBe(400);
    await rig.server.app.mail.drain();
    expect(mail.mailsTo(user.email).filter((m) => REQUESTED.en.test(m.subject ?? '') || CANCELLED.en.test(m.subject ?? ''))).toEqual([]);
    expect(await db().selectFrom('twoFactorRecoveries').select('id').where('userId', '=', user.localId).execute()).toEqual([]);
  });
});
