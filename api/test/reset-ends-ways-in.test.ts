/**
 * A password reset ends the ways in it does not trust (ACC-RESET, decision 0045) over real HTTP on
 * SQLite and PostgreSQL, with the real test OpenID provider, a software passkey and a real SMTP
 * sink. The attack: someone holding a session of the owner's — an old copied token, or one taken
 * right after a sign-in — adds their own way in (a provider link, a passkey, an authenticator); the
 * owner takes the account back with "forgot password". Each way in records the session that added
 * it and what that session had proved then: the reset removes what no proof or only the password
 * vouched for (both links and passkeys; for an authenticator, what no proof vouched for), keeps
 * what a second factor vouched for, and names what it removed in the answer, the mail (en/ru/es)
 * and on the timeline.
 */
import { claimsFor } from '@studio/test-oidc-provider';
import { expect, it } from 'vitest';
import { CONFIRM_2FA, REAUTH, START_2FA, enableTwoFactor, passwordLogin, stepNow, totpAt } from './account-security-helpers.js';
import { describeEachDb, ok, uniqueDevice } from './harness.js';
import { ageSession } from './payouts-helpers.js';
import { type Member, member } from './requests-helpers.js';
import { mailbox, postAs, socialBrowser, useSecurityRig } from './security-flows.js';
import { SoftAuthenticator } from './soft-authenticator.js';

const START_PASSKEY = 'mutation { startPasskeyRegistration { options } }';
const FINISH_PASSKEY = 'mutation ($response: String!, $name: String!) { finishPasskeyRegistration(response: $response, name: $name) { id name } }';
let run = 0;
const login = (label: string) => `${label}-${process.pid}-${++run}`;

describeEachDb('a reset ends the ways in it does not trust on %s', (kind) => {
  const rig = useSecurityRig(kind);
  const social = socialBrowser(() => rig.server);
  const mail = mailbox(
    () => rig.server,
    () => rig.smtp,
  );
  const db = () => rig.server.app.database.db;

  /** A verified member whose mails are in `locale`. */
  async function owner(locale = 'en'): Promise<Member> {
    const user = await member(rig.server, 'Olga Owner');
    await db().updateTable('users').set({ isVerified: 1, locale }).where('id', '=', user.localId).execute();
    return user;
  }

  /** The owner asks for a reset and follows the mailed link: the confirm answer. */
  async function resetByMailbox(email: string, password: string) {
    expect((await rig.server.post('/api/auth/reset', { email })).status).toBe(202);
    const resetMail = (await mail.arrived(email, /Reset your|Сброс пароля|Restablece/)).at(-1)!;
    const token = /change-password\?token=([^\s"<>&]+)/.exec(resetMail.text ?? '')?.[1];
    expect(token, resetMail.text).toBeTruthy();
    const answer = await postAs(rig.server, '/api/auth/reset/confirm', { token: decodeURIComponent(token!), password });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data as { removedLinks: { service: string; name: string | null }[]; removedPasskeys: string[]; twoFactorRemoved: boolean };
  }

  /** Adds a passkey named `name` as `user` (whose session must have a recent proof). */
  async function addPasskey(user: Member, name: string): Promise<SoftAuthenticator> {
    const authenticator = new SoftAuthenticator();
    const { options } = ok(await rig.server.graphql(START_PASSKEY, {}, user.accessToken)).startPasskeyRegistration;
    ok(await rig.server.graphql(FINISH_PASSKEY, { response: authenticator.register(options), name }, user.accessToken));
    return authenticator;
  }

  /** A passkey sign-in with `authenticator`: the HTTP status. */
  async function passkeySignIn(authenticator: SoftAuthenticator): Promise<number> {
    const options = (await rig.server.post('/api/auth/passkey/options', {})).json.options as string;
    return (await rig.server.post('/api/auth/passkey/login', { response: authenticator.assert(options), deviceToken: uniqueDevice() })).status;
  }

  const kinds = async (userId: string) =>
    (await db().selectFrom('securityEvents').select(['kind', 'method']).where('userId', '=', userId).orderBy('created').execute()).map(
      (e) => `${e.kind}:${e.method ?? ''}`,
    );

  it('a provider linked before the proof rule (no provenance) is removed by the reset, and the provider no longer signs into the account', async () => {
    const victim = await owner('ru');
    const mallory = login('mallory');
    expect((await social.link(victim.accessToken, mallory)).searchParams.get('success')).toBe('success');
    // What an older build left: a link with no record of what vouched for it (an old session could
    // link then; ACC-SUDO refuses that now, proof-policy.test.ts).
    await db().updateTable('serviceAccounts').set({ addedProof: null, addedSessionId: null }).where('userId', '=', victim.localId).execute();
    const before = await social.signIn(mallory);
    if (!('accessToken' in before)) throw new Error(before.error);
    expect(ok(await rig.server.graphql('{ viewer { email } }', undefined, before.accessToken)).viewer.email).toBe(victim.email);

    const removed = await resetByMailbox(victim.email, 'the owner takes it back');
    expect(removed).toEqual({ removedLinks: [{ service: 'OIDC', name: mallory }], removedPasskeys: [], twoFactorRemoved: false });
    expect(await db().selectFrom('serviceAccounts').select('id').where('userId', '=', victim.localId).execute()).toEqual([]);
    const notice = await mail.only(victim.email, /Пароль на .* сброшен/);
    expect(notice.text).toContain(`Test ID (${mallory})`);
    // The attacker's provider identity now reaches an account of its own, not the owner's.
    const after = await social.signIn(mallory);
    if (!('accessToken' in after)) throw new Error(after.error);
    expect(ok(await rig.server.graphql('{ viewer { email } }', undefined, after.accessToken)).viewer.email).toBe(claimsFor(mallory).email);
    expect(await kinds(victim.localId)).toContain('PROVIDER_UNLINKED:password-reset');
  });

  it('a provider linked by a freshly signed-in (hijacked) session is removed too: the password vouched for it', async () => {
    const victim = await owner('es');
    const mallory = login('hijack');
    expect((await social.link(victim.accessToken, mallory)).searchParams.get('success')).toBe('success');
    const row = await db()
      .selectFrom('serviceAccounts')
      .select(['addedProof', 'addedSessionId'])
      .where('userId', '=', victim.localId)
      .executeTakeFirstOrThrow();
    expect(row.addedProof).toBe('password');
    expect(row.addedSessionId).not.toBeNull();

    const removed = await resetByMailbox(victim.email, 'la dueña vuelve');
    expect(removed.removedLinks).toEqual([{ service: 'OIDC', name: mallory }]);
    const notice = await mail.only(victim.email, /Se ha restablecido/);
    expect(notice.text).toContain(`Test ID (${mallory})`);
  });

  it('a passkey added on the password alone is removed and no longer signs in; one added on a second factor stays', async () => {
    const victim = await owner('en');
    const planted = await addPasskey(victim, 'Mallory key'); // the session's fresh sign-in was by password
    expect(await passkeySignIn(planted)).toBe(200);

    const removed = await resetByMailbox(victim.email, 'a brand new secret');
    expect(removed).toEqual({ removedLinks: [], removedPasskeys: ['Mallory key'], twoFactorRemoved: false });
    expect(await passkeySignIn(planted)).toBe(400);
    const notice = await mail.only(victim.email, /password was reset/);
    expect(notice.text).toContain('Mallory key');
    expect(await kinds(victim.localId)).toContain('PASSKEY_REMOVED:password-reset');

    // Proved with the authenticator: the reset must not let the mailbox alone undo it (decision 0040).
    const owned = await owner('en');
    const { secret } = await enableTwoFactor(rig.server, owned);
    ok(await rig.server.graphql(REAUTH, { code: totpAt(secret, stepNow()) }, owned.accessToken));
    const mine = await addPasskey(owned, 'My laptop');
    const myLogin = login('mine');
    expect((await social.link(owned.accessToken, myLogin)).searchParams.get('success')).toBe('success');
    const kept = await resetByMailbox(owned.email, 'another brand new secret');
    expect(kept).toEqual({ removedLinks: [], removedPasskeys: [], twoFactorRemoved: false });
    expect(await passkeySignIn(mine)).toBe(200);
    expect(await db().selectFrom('serviceAccounts').select('addedProof').where('userId', '=', owned.localId).execute()).toEqual([
      { addedProof: 'second-factor' },
    ]);
  });

  it('keeps the link an account was created with', async () => {
    const name = login('signup');
    const signedUp = await social.signIn(name);
    if (!('accessToken' in signedUp)) throw new Error(signedUp.error);
    const removed = await resetByMailbox(claimsFor(name).email!, 'a first password');
    expect(removed).toEqual({ removedLinks: [], removedPasskeys: [], twoFactorRemoved: false });
    const again = await social.signIn(name);
    if (!('accessToken' in again)) throw new Error(again.error);
    expect(ok(await rig.server.graphql('{ viewer { email } }', undefined, again.accessToken)).viewer.email).toBe(claimsFor(name).email);
  });

  it('two-factor authentication recorded without a proof is removed by the reset; turned on with a recent proof it stays', async () => {
    const victim = await owner('es');
    const { secret } = ok(await rig.server.graphql(START_2FA, {}, victim.accessToken)).startTwoFactorSetup;
    ok(await rig.server.graphql(CONFIRM_2FA, { code: totpAt(secret, stepNow() - 1) }, victim.accessToken));
    // An old session cannot turn it on any more (ACC-SUDO); the reset's rule still ends one recorded without a proof.
    await ageSession(rig.server, victim);
    expect((await rig.server.graphql(START_2FA, {}, victim.accessToken)).errors?.[0]?.extensions?.['code']).toBe('REAUTHENTICATION_REQUIRED');
    await db().updateTable('totpSecrets').set({ addedProof: 'none' }).where('userId', '=', victim.localId).execute();
    expect((await passwordLogin(rig.server, victim)).json).toHaveProperty('twoFactorRequired', true);

    const removed = await resetByMailbox(victim.email, 'sin el autenticador ajeno');
    expect(removed).toEqual({ removedLinks: [], removedPasskeys: [], twoFactorRemoved: true });
    const signedIn = await rig.server.post('/api/auth/login', { email: victim.email, password: 'sin el autenticador ajeno', deviceToken: uniqueDevice() });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toHaveProperty('accessToken');
    const notice = await mail.only(victim.email, /Se ha restablecido/);
    expect(notice.text).toContain('Verificación en dos pasos');
    expect(await kinds(victim.localId)).toContain('TWO_FACTOR_DISABLED:password-reset');

    const owned = await owner('en');
    await enableTwoFactor(rig.server, owned); // fresh sign-in: the password vouched, within the window
    const kept = await resetByMailbox(owned.email, 'the authenticator stays on');
    expect(kept.twoFactorRemoved).toBe(false);
    const again = await rig.server.post('/api/auth/login', { email: owned.email, password: 'the authenticator stays on', deviceToken: uniqueDevice() });
    expect(again.json).toHaveProperty('twoFactorRequired', true);
  });
});
