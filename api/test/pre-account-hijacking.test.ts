/**
 * Pre-account hijacking (ACC-LINKED, ACC-RESET, decision 0028) over real HTTP on SQLite and
 * PostgreSQL, with the real test OpenID provider and a real SMTP sink. The attack: someone
 * registers the victim's address with a password and links their own provider identity while the
 * address is unverified; the victim later takes the account back with a password reset, and the
 * attacker's link must not still sign in. Covered: the link refused while unverified (at the start
 * and at the callback), a link made before this rule (marked by migration 0010) removed by the
 * reset in the same transaction and named in the answer and the mail, a social sign-up whose
 * provider does not vouch for the address treated the same way, and verified users still linking.
 */
import { expect, it } from 'vitest';
import { claimsFor, completeAtProvider } from '@studio/test-oidc-provider';
import { migration as m0010 } from '../src/platform/db/migrations/0010_links_unverified.js';
import { describeEachDb, ok, uniqueDevice, uniqueEmail } from './harness.js';
import { SITE, mailbox, useSecurityRig, postAs, socialBrowser } from './security-flows.js';

const VIEWER = '{ viewer { id email isVerified accounts { serviceType serviceUserId } } }';
let run = 0;
const login = (label: string) => `${label}-${process.pid}-${++run}`;

describeEachDb('pre-account hijacking on %s', (kind) => {
  const rig = useSecurityRig(kind);
  const social = socialBrowser(() => rig.server);
  const mail = mailbox(
    () => rig.server,
    () => rig.smtp,
  );
  const db = () => rig.server.app.database.db;

  const viewer = async (token: string) => ok(await rig.server.graphql(VIEWER, undefined, token)).viewer;

  /** The attacker registers `email` (someone else's address) with their own password. */
  async function registerAs(email: string, locale = 'en') {
    const answer = await rig.server.post('/api/auth/register', {
      email,
      password: 'the attacker password',
      name: 'Not The Owner',
      deviceToken: uniqueDevice(),
      locale,
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.json as { accessToken: string };
  }

  /** The owner of `email` asks for a reset and follows the mailed link: the confirm answer. */
  async function resetByMailbox(email: string, password: string) {
    expect((await rig.server.post('/api/auth/reset', { email })).status).toBe(202);
    const resetMail = (await mail.arrived(email, /Reset your|Сброс пароля|Restablece/)).at(-1)!;
    const token = /change-password\?token=([^\s"<>&]+)/.exec(resetMail.text ?? '')?.[1];
    expect(token, resetMail.text).toBeTruthy();
    return postAs(rig.server, '/api/auth/reset/confirm', { token: decodeURIComponent(token!), password });
  }

  it('refuses to link a provider while the address is unverified, at the start and at the callback', async () => {
    const victim = uniqueEmail('victim');
    const attacker = await registerAs(victim);
    const refused = await social.askLink(attacker.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('SOCIAL_EMAIL_NOT_VERIFIED');
    expect(await db().selectFrom('socialStates').selectAll().execute()).toEqual([]);

    // Verified when the link started, unverified by the time the provider sends the browser back
    // (an administrator changed the address meanwhile): refused at the callback too.
    const other = await registerAs(uniqueEmail('member'));
    const user = await viewer(other.accessToken);
    const userId = (await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    await db().updateTable('users').set({ isVerified: 1 }).where('id', '=', userId).execute();
    const started = await social.askLink(other.accessToken);
    expect(started.status).toBe(200);
    await db().updateTable('users').set({ isVerified: 0 }).where('id', '=', userId).execute();
    const back = await completeAtProvider(started.json.data, login('late'));
    const landing = await fetch(`${rig.server.baseUrl}${back.pathname}${back.search}`, { redirect: 'manual', headers: { cookie: started.cookie! } });
    expect(landing.headers.get('location')).toBe(`${SITE}/loading?error=SOCIAL_EMAIL_NOT_VERIFIED`);
    expect((await viewer(other.accessToken)).accounts).toEqual([]);
  });

  it('the whole attack with a link made before the rule: the reset removes it, says so, and the attacker is out', async () => {
    const victim = uniqueEmail('victim');
    const attacker = await registerAs(victim, 'ru');
    const attackerLogin = login('mallory');
    // Before this rule the link went through while unverified. Reproduce that state: link while
    // (briefly) verified, back to unverified, then migration 0010 marks the row as it does on upgrade.
    await db().updateTable('users').set({ isVerified: 1 }).where('email', '=', victim).execute();
    expect((await social.link(attacker.accessToken, attackerLogin)).searchParams.get('success')).toBe('success');
    await db().updateTable('users').set({ isVerified: 0 }).where('email', '=', victim).execute();
    await m0010.down!(db());
    await m0010.up(db());
    const marked = await db()
      .selectFrom('serviceAccounts')
      .select(['addedUnverified', 'serviceUserId'])
      .where('serviceUserId', '=', claimsFor(attackerLogin).sub)
      .execute();
    expect(marked).toEqual([{ addedUnverified: 1, serviceUserId: claimsFor(attackerLogin).sub }]);

    // The attacker's provider identity signs into the account that bears the victim's address.
    const before = await social.signIn(attackerLogin);
    expect('accessToken' in before && (await viewer(before.accessToken)).email).toBe(victim);

    // The victim takes the account back through the mailbox.
    const confirmed = await resetByMailbox(victim, 'the owner chose this one');
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json).toEqual({ data: { removedLinks: [{ service: 'OIDC', name: attackerLogin }], removedPasskeys: [], twoFactorRemoved: false } });
    expect(await db().selectFrom('serviceAccounts').select('id').where('serviceUserId', '=', claimsFor(attackerLogin).sub).execute()).toEqual([]);
    const notice = await mail.only(victim, /Пароль на .* сброшен/);
    expect(notice.text).toContain(`Test ID (${attackerLogin})`);
    expect(notice.text).toContain('Мы их отключили');

    // The attacker's sessions ended; their provider identity now signs into an account of its own.
    expect((await rig.server.graphql('{ viewer { id } }', undefined, attacker.accessToken)).status).toBe(401);
    const after = await social.signIn(attackerLogin);
    if (!('accessToken' in after)) throw new Error(`sign-in failed: ${after.error}`);
    expect((await viewer(after.accessToken)).email).toBe(claimsFor(attackerLogin).email);
    expect((await rig.server.login(victim, 'the owner chose this one', uniqueDevice())).status).toBe(200);
  });

  it("a social sign-up whose provider does not vouch for the address is marked, and the mailbox owner's reset removes it", async () => {
    const name = `${login('squatter')}.unverified`;
    const address = claimsFor(name).email!;
    const signedUp = await social.signIn(name);
    if (!('accessToken' in signedUp)) throw new Error(signedUp.error);
    expect(await viewer(signedUp.accessToken)).toMatchObject({ email: address, isVerified: false });
    const row = await db().selectFrom('serviceAccounts').select('addedUnverified').where('serviceUserId', '=', claimsFor(name).sub).executeTakeFirstOrThrow();
    expect(row.addedUnverified).toBe(1);

    const confirmed = await resetByMailbox(address, 'owner of the mailbox');
    expect(confirmed.json.data.removedLinks).toEqual([{ service: 'OIDC', name }]);
    const again = await social.signIn(name);
    // The address now belongs to the owner's account: the provider identity is not attached to it.
    expect(again).toEqual({ error: 'SOCIAL_EMAIL_TAKEN' });
  });

  it('never attaches a provider to an existing account by its address, verified or not', async () => {
    const name = login('lookalike');
    await registerAs(claimsFor(name).email!);
    expect(await social.signIn(name)).toEqual({ error: 'SOCIAL_EMAIL_TAKEN' });
    expect(await db().selectFrom('serviceAccounts').select('id').where('serviceUserId', '=', claimsFor(name).sub).execute()).toEqual([]);
  });

  // Decision 0045: only the password vouched for this link (the session's sign-in), and a reset
  // replaces the password, so the reset removes it and says so; a link vouched for by a second
  // factor stays (reset-ends-ways-in.test.ts).
  it('a user who verified the address with the mailed code links a provider, which a later reset removes and names', async () => {
    const email = uniqueEmail('owner');
    const owner = await registerAs(email, 'es');
    const codeMail = (await mail.arrived(email, /código de verificación/))[0]!;
    const code = /^\s*([A-Z0-9]{8})\s*$/m.exec(codeMail.text ?? '')![1]!;
    ok(await rig.server.graphql('mutation ($code: String!) { verifyEmail(code: $code) { isVerified } }', { code }, owner.accessToken));
    const name = login('mine');
    expect((await social.link(owner.accessToken, name)).searchParams.get('success')).toBe('success');
    expect((await viewer(owner.accessToken)).accounts).toEqual([{ serviceType: 'OIDC', serviceUserId: claimsFor(name).sub }]);

    const confirmed = await resetByMailbox(email, 'a forgotten password again');
    expect(confirmed.json).toEqual({ data: { removedLinks: [{ service: 'OIDC', name }], removedPasskeys: [], twoFactorRemoved: false } });
    const done = await mail.only(email, /Se ha restablecido/);
    expect(done.text).toContain(`Test ID (${name})`);
    expect(done.text).toContain('vuelve a añadirlas desde tu perfil');
  });
});
