/**
 * The findings the one proof table closes (ACC-SUDO, decision 0044), on SQLite and PostgreSQL, each
 * with an "old session" — one whose sign-in and last proof are older than 10 minutes, what someone
 * who copied an access token once holds:
 * - a password-less account: setting a first password asks a proof (a mailed code or a passkey),
 *   so the password can no longer become an inline proof for moving the address (takeover);
 * - linking a provider: `get-login-url` asks a proof, and the callback links only for a session
 *   that had one when it started and is still signed in;
 * - turning two-factor authentication on, signing out the others, unlinking ask a proof;
 * - an account with 2FA: the password alone is no proof (`PROOF_NOT_ACCEPTED`, inline too).
 * Stripe onboarding (proof, pause, mail) is proof-stripe.test.ts's.
 */
import { expect, it } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { expectCode } from './admin-helpers.js';
import { CONFIRM_2FA, START_2FA, enableTwoFactor, stepNow, totpAt } from './account-security-helpers.js';
import { describeEachDb, ok } from './harness.js';
import { ageSession, sessionOf } from './payouts-helpers.js';
import { markVerified, member } from './requests-helpers.js';
import { mailbox, socialBrowser, useSecurityRig } from './security-flows.js';

const REAUTH =
  'mutation ($password: String, $code: String, $emailCode: String) { reauthenticate(password: $password, code: $code, emailCode: $emailCode) { validUntil } }';
const SEND_CODE = 'mutation { sendReauthenticationCode { sentTo expiresAt } }';
const UPDATE_PASSWORD =
  'mutation ($newPassword: String!, $oldPassword: String) { updatePassword(newPassword: $newPassword, oldPassword: $oldPassword) { id } }';
const UPDATE_EMAIL =
  'mutation ($id: ID!, $email: String, $checkPassword: String) { updateUser(id: $id, email: $email, checkPassword: $checkPassword) { pendingEmail } }';
const REVOKE_OTHERS = 'mutation { revokeOtherSessions { revokedCount } }';
const UNLINK = 'mutation ($accountId: String!) { deleteAccount(accountId: $accountId) { id } }';
const METHODS = '{ viewer { reauthenticationMethods } }';
const NEW_PASSWORD = 'Another-Long-Passphrase-42';

describeEachDb('one proof rule for every way in on %s', (kind) => {
  const rig = useSecurityRig(kind);
  const browser = socialBrowser(() => rig.server);
  const mails = mailbox(
    () => rig.server,
    () => rig.smtp,
  );
  const db = () => rig.server.app.database.db;
  const user = (localId: string) => db().selectFrom('users').selectAll().where('id', '=', localId).executeTakeFirstOrThrow();

  async function passwordless(name: string) {
    const m = await member(rig.server, name);
    await db().updateTable('users').set({ passwordHash: null }).where('id', '=', m.localId).execute();
    return m;
  }

  it('a password-less account: no first password and no inline-password e-mail change from an old session; a mailed code proves the owner', async () => {
    const victim = await passwordless('Pia Passwordless');
    await ageSession(rig.server, victim);
    const refused = expectCode(await rig.server.graphql(UPDATE_PASSWORD, { newPassword: NEW_PASSWORD }, victim.accessToken), 'REAUTHENTICATION_REQUIRED');
    expect(refused.extensions?.['methods']).toEqual(['EMAIL_CODE']);
    expect((await user(victim.localId)).passwordHash).toBeNull();
    // Even with a password it knew, the old session could not move the address with it.
    expectCode(
      await rig.server.graphql(UPDATE_EMAIL, { id: victim.id, email: `thief-${Date.now()}@example.test`, checkPassword: NEW_PASSWORD }, victim.accessToken),
      'REAUTHENTICATION_REQUIRED',
    );
    expect((await user(victim.localId)).pendingEmail).toBeNull();
    expect(ok(await rig.server.graphql(METHODS, {}, victim.accessToken)).viewer.reauthenticationMethods).toEqual(['EMAIL_CODE']);

    // The owner, who reads the mailbox: a mailed code is the proof, then the first password is set.
    expect(ok(await rig.server.graphql(SEND_CODE, {}, victim.accessToken)).sendReauthenticationCode.sentTo).toBe(victim.email);
    const [mail] = await mails.arrived(victim.email, /confirm it is you/);
    const code = /^\s*([A-Z0-9]{8})\s*$/m.exec(mail!.text ?? '')![1]!;
    expectCode(await rig.server.graphql(REAUTH, { emailCode: code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA' }, victim.accessToken), 'CODE_INVALID', 'emailCode');
    ok(await rig.server.graphql(REAUTH, { emailCode: code.toLowerCase() }, victim.accessToken));
    ok(await rig.server.graphql(UPDATE_PASSWORD, { newPassword: NEW_PASSWORD }, victim.accessToken));
    expect((await user(victim.localId)).passwordHash).not.toBeNull();
  });

  it('an account with a password asks for the password, not a mailed code', async () => {
    const owner = await member(rig.server, 'Paco Password');
    expectCode(await rig.server.graphql(SEND_CODE, {}, owner.accessToken), 'PROOF_NOT_ACCEPTED');
    await ageSession(rig.server, owner);
    // The current password given with the change is the proof for an account without a second factor.
    ok(await rig.server.graphql(UPDATE_PASSWORD, { newPassword: NEW_PASSWORD, oldPassword: owner.password }, owner.accessToken));
  });

  it('linking a provider: get-login-url asks an old session for a proof; a link started with one is refused once that session has ended', async () => {
    const owner = await member(rig.server, 'Lia Link');
    await markVerified(rig.server, owner);
    await ageSession(rig.server, owner);
    const refused = await browser.askLink(owner.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED', methods: ['PASSWORD'] });
    expect(await db().selectFrom('socialStates').select('id').where('userId', '=', owner.localId).execute()).toHaveLength(0);

    // After the proof the link works (the control) …
    ok(await rig.server.graphql(REAUTH, { password: owner.password }, owner.accessToken));
    expect((await browser.link(owner.accessToken, `lia-${owner.localId.slice(0, 6)}`)).searchParams.get('success')).toBe('success');
    // … and a link whose session was signed out before the provider came back links nothing.
    const second = await member(rig.server, 'Sol Signedout');
    await markVerified(rig.server, second);
    const landing = await browser.link(second.accessToken, `sol-${second.localId.slice(0, 6)}`, async () => {
      await db().updateTable('sessions').set({ revokedAt: new Date().toISOString(), revokedReason: 'test' }).where('id', '=', sessionOf(second)).execute();
    });
    expect(landing.searchParams.get('error')).toBe('REAUTHENTICATION_REQUIRED');
    expect(await db().selectFrom('serviceAccounts').select('id').where('userId', '=', second.localId).execute()).toHaveLength(0);
  });

  it('turning two-factor authentication on, signing out the others and unlinking ask an old session for a proof', async () => {
    const owner = await member(rig.server, 'Tom Totp');
    await ageSession(rig.server, owner);
    expectCode(await rig.server.graphql(START_2FA, {}, owner.accessToken), 'REAUTHENTICATION_REQUIRED');
    expectCode(await rig.server.graphql(CONFIRM_2FA, { code: '123456' }, owner.accessToken), 'REAUTHENTICATION_REQUIRED');
    expect(await db().selectFrom('totpSecrets').select('userId').where('userId', '=', owner.localId).execute()).toHaveLength(0);
    const other = await rig.server.post('/api/auth/login', { email: owner.email, password: owner.password, deviceToken: `other-${owner.localId}` });
    expect(other.status).toBe(200);
    expectCode(await rig.server.graphql(REVOKE_OTHERS, {}, owner.accessToken), 'REAUTHENTICATION_REQUIRED');
    const live = await db().selectFrom('sessions').select('id').where('userId', '=', owner.localId).where('revokedAt', 'is', null).execute();
    expect(live).toHaveLength(2);
    // Unlinking: the table asks before the resolver looks the account up.
    expectCode(await rig.server.graphql(UNLINK, { accountId: globalId('ServiceAccount', 'any') }, owner.accessToken), 'REAUTHENTICATION_REQUIRED');
  });

  it('an account with 2FA: the password alone is no proof, inline or not; an authenticator code is', async () => {
    const owner = await member(rig.server, 'Ada Authenticator');
    const { secret } = await enableTwoFactor(rig.server, owner);
    await ageSession(rig.server, owner);
    const weak = expectCode(await rig.server.graphql(REAUTH, { password: owner.password }, owner.accessToken), 'PROOF_NOT_ACCEPTED', 'password');
    expect(weak.extensions?.['methods']).toEqual(['TOTP']);
    const address = `moved-${Date.now()}@example.test`;
    const inline = expectCode(
      await rig.server.graphql(UPDATE_EMAIL, { id: owner.id, email: address, checkPassword: owner.password }, owner.accessToken),
      'REAUTHENTICATION_REQUIRED',
    );
    expect(inline.extensions?.['methods']).toEqual(['TOTP']);
    expect((await user(owner.localId)).pendingEmail).toBeNull();
    ok(await rig.server.graphql(REAUTH, { code: totpAt(secret, stepNow()) }, owner.accessToken));
    expect(
      ok(await rig.server.graphql(UPDATE_EMAIL, { id: owner.id, email: address, checkPassword: owner.password }, owner.accessToken)).updateUser.pendingEmail,
    ).toBe(address);
  });
});
