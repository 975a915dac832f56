/**
 * The security mails (MAIL-SECURITY) over real HTTP on SQLite and PostgreSQL, delivered to a real
 * SMTP sink: password changed (and a first password set), password reset completed, e-mail address
 * changed (to the OLD address), provider linked (real test OpenID provider), account deleted (by
 * its owner and by an administrator), two-factor authentication on and off and new recovery codes
 * (a passkey added or removed: passkeys.test.ts). Each is sent once, to the right address, in the user's
 * language, and names the time (Intl, UTC) and the device (label and approximate network) of the
 * request that made the change.
 */
import type { ParsedMail } from 'mailparser';
import { expect, it } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { describeEachDb, ok, uniqueDevice, uniqueEmail } from './harness.js';
import { CONFIRM_2FA, DISABLE_2FA, REGENERATE, START_2FA, stepNow, totpAt } from './account-security-helpers.js';
import { SITE, graphqlAs, mailbox, useSecurityRig, postAs, socialBrowser } from './security-flows.js';

type Locale = 'en' | 'ru' | 'es';
/** The device line as each language writes it, and the fixed words of the fields. */
const DEVICE: Record<Locale, string> = { en: 'Device: Firefox 132 on Linux', ru: 'Устройство: Firefox 132 на Linux', es: 'Dispositivo: Firefox 132 en Linux' };
const NETWORK: Record<Locale, string> = { en: 'Network: 127.0.0.x', ru: 'Сеть: 127.0.0.x', es: 'Red: 127.0.0.x' };
const RESET_PAGE: Record<Locale, string> = { en: `${SITE}/auth/reset`, ru: `${SITE}/ru/auth/reset`, es: `${SITE}/es/auth/reset` };

/** Checks that `mail` names the device, today's date in `locale` (UTC) and, unless `noReset`, the reset page. */
function expectEvent(mail: ParsedMail, locale: Locale, options: { noReset?: boolean } = {}) {
  const text = mail.text ?? '';
  expect(text).toContain(DEVICE[locale]);
  expect(text).toContain(NETWORK[locale]);
  expect(text).toContain(new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date()));
  expect(text).toMatch(/\d{1,2}:\d{2}\s?(?:[AP]M )?UTC/);
  expect(mail.html).toContain(`<html lang="${locale}">`);
  if (options.noReset) expect(text).not.toContain('/auth/reset');
  else expect(text).toContain(RESET_PAGE[locale]);
}

describeEachDb('security mails on %s', (kind) => {
  const rig = useSecurityRig(kind, { RATE_LIMIT_CODE_SEND: '1000/900' });
  const social = socialBrowser(() => rig.server);
  const mail = mailbox(
    () => rig.server,
    () => rig.smtp,
  );
  const db = () => rig.server.app.database.db;

  /** Registers a user in `locale` whose address is verified; answers the address, password, token and local id. */
  async function member(locale: Locale, options: { verified?: boolean } = {}) {
    const email = uniqueEmail(`sec-${locale}`);
    const password = 'a long enough password';
    const answer = await rig.server.post('/api/auth/register', { email, password, name: 'Ana Test', deviceToken: uniqueDevice(), locale });
    expect(answer.status, answer.text).toBe(201);
    const row = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    if (options.verified !== false) await db().updateTable('users').set({ isVerified: 1 }).where('id', '=', row.id).execute();
    return { email, password, accessToken: answer.json.accessToken as string, id: row.id };
  }

  it('password changed: once, to the account, in its language, with time and device', async () => {
    const user = await member('ru');
    ok(
      await graphqlAs(
        rig.server,
        'mutation ($o: String, $n: String!) { updatePassword(oldPassword: $o, newPassword: $n) { id } }',
        { o: user.password, n: 'another long password' },
        user.accessToken,
      ),
    );
    const changed = await mail.only(user.email, /Пароль на .* изменён/);
    expect(changed.text).toContain('Пароль вашего аккаунта');
    expectEvent(changed, 'ru');
  });

  it('a first password set on a social account says so', async () => {
    const signedIn = await social.signIn(`first-${process.pid}-${Date.now()}`);
    if (!('accessToken' in signedIn)) throw new Error(signedIn.error);
    const me = ok(await rig.server.graphql('{ viewer { email } }', undefined, signedIn.accessToken)).viewer;
    ok(await graphqlAs(rig.server, 'mutation ($n: String!) { updatePassword(newPassword: $n) { id } }', { n: 'my very first password' }, signedIn.accessToken));
    const set = await mail.only(me.email, /A password was set/);
    expectEvent(set, 'en');
  });

  it("password reset completed: once, in the user's language, from the device that completed it", async () => {
    const user = await member('es');
    expect((await rig.server.post('/api/auth/reset', { email: user.email, locale: 'es' })).status).toBe(202);
    const link = (await mail.arrived(user.email, /Restablece tu contraseña/))[0]!;
    const token = decodeURIComponent(/change-password\?token=([^\s"<>&]+)/.exec(link.text ?? '')![1]!);
    expect((await postAs(rig.server, '/api/auth/reset/confirm', { token, password: 'reset to this one' })).status).toBe(200);
    const done = await mail.only(user.email, /Se ha restablecido/);
    expectEvent(done, 'es');
  });

  it('e-mail changed: the notice goes to the OLD address once the change is confirmed, and nothing to the new one', async () => {
    const user = await member('es');
    const newEmail = uniqueEmail('moved');
    const UPDATE = 'mutation ($id: ID!, $email: String, $p: String) { updateUser(id: $id, email: $email, checkPassword: $p) { pendingEmail } }';
    ok(await rig.server.graphql(UPDATE, { id: globalId('User', user.id), email: newEmail, p: user.password }, user.accessToken));
    const codeMail = (await mail.arrived(newEmail, /Confirma tu nueva dirección/))[0]!;
    const code = /^\s*([A-Z0-9]{8})\s*$/m.exec(codeMail.text ?? '')![1]!;
    await rig.server.app.mail.drain();
    expect(mail.mailsTo(user.email).filter((m) => /Se ha cambiado/.test(m.subject ?? ''))).toEqual([]);
    ok(await graphqlAs(rig.server, 'mutation ($code: String!) { confirmEmailChange(code: $code) { email } }', { code }, user.accessToken));
    const notice = await mail.only(user.email, /Se ha cambiado tu dirección de correo/);
    expect(notice.text).toContain(`de ${user.email} a ${newEmail}`);
    expectEvent(notice, 'es');
    expect(mail.mailsTo(newEmail).filter((m) => /Se ha cambiado/.test(m.subject ?? ''))).toEqual([]);
  });

  it('provider linked: once, naming the provider and its account, from the browser that came back', async () => {
    const user = await member('en');
    const name = `linked-${process.pid}-${Date.now()}`;
    expect((await social.link(user.accessToken, name)).searchParams.get('success')).toBe('success');
    const linked = await mail.only(user.email, /Test ID was connected/);
    expect(linked.text).toContain(`The Test ID account “${name}” was connected`);
    expectEvent(linked, 'en');
  });

  it('account deleted by its owner, and by an administrator: once each, to the deleted address', async () => {
    const owner = await member('ru');
    ok(
      await graphqlAs(
        rig.server,
        'mutation ($id: ID!, $c: String) { deleteUser(id: $id, confirmation: $c) { id } }',
        { id: globalId('User', owner.id), c: owner.password },
        owner.accessToken,
      ),
    );
    const gone = await mail.only(owner.email, /Аккаунт на .* удалён/);
    expect(gone.text).toContain('Ваш аккаунт');
    expectEvent(gone, 'ru', { noReset: true });

    const admin = await member('en');
    await db().updateTable('users').set({ role: 'ADMIN' }).where('id', '=', admin.id).execute();
    const target = await member('es', { verified: false });
    ok(await graphqlAs(rig.server, 'mutation ($id: ID!) { deleteUser(id: $id) { id } }', { id: globalId('User', target.id) }, admin.accessToken));
    const removed = await mail.only(target.email, /Se ha eliminado tu cuenta/);
    expect(removed.text).toContain('Un administrador ha eliminado');
    expectEvent(removed, 'es', { noReset: true });
    expect(mail.mailsTo(admin.email).filter((m) => /deleted/.test(m.subject ?? ''))).toEqual([]);
  });

  it("two-factor on, new recovery codes, two-factor off: one mail each, in the user's language, with time and device", async () => {
    const user = await member('ru');
    const { secret } = ok(await graphqlAs(rig.server, START_2FA, {}, user.accessToken)).startTwoFactorSetup;
    ok(await graphqlAs(rig.server, CONFIRM_2FA, { code: totpAt(secret, stepNow()) }, user.accessToken));
    const on = await mail.only(user.email, /Двухфакторная аутентификация на .* включена/);
    expect(on.text).toContain('Для вашего аккаунта');
    expectEvent(on, 'ru');
    ok(await graphqlAs(rig.server, REGENERATE, {}, user.accessToken));
    expectEvent(await mail.only(user.email, /Новые резервные коды/), 'ru');
    ok(await graphqlAs(rig.server, DISABLE_2FA, {}, user.accessToken));
    expectEvent(await mail.only(user.email, /Двухфакторная аутентификация на .* выключена/), 'ru');
    // A wrong first code changes nothing and tells nobody.
    const other = await member('en');
    const setup = ok(await graphqlAs(rig.server, START_2FA, {}, other.accessToken)).startTwoFactorSetup;
    const wrong = totpAt(setup.secret, stepNow()) === '000000' ? '111111' : '000000';
    expect((await graphqlAs(rig.server, CONFIRM_2FA, { code: wrong }, other.accessToken)).errors?.[0]?.extensions?.['code']).toBe('CODE_INVALID');
    await rig.server.app.mail.drain();
    expect((await db().selectFrom('mailOutbox').select('template').where('recipient', '=', other.email).execute()).map((r) => r.template)).toEqual([
      'emailVerificationCode',
    ]);
  });

  it('a failed change sends nothing: a wrong current password queues no mail', async () => {
    const user = await member('en');
    const wrong = await graphqlAs(
      rig.server,
      'mutation ($o: String, $n: String!) { updatePassword(oldPassword: $o, newPassword: $n) { id } }',
      { o: 'not it at all', n: 'another long password' },
      user.accessToken,
    );
    expect(wrong.errors?.[0]?.extensions?.['code']).toBe('WRONG_PASSWORD');
    await rig.server.app.mail.drain();
    const rows = await db().selectFrom('mailOutbox').select('template').where('recipient', '=', user.email).execute();
    expect(rows.map((r) => r.template)).toEqual(['emailVerificationCode']);
  });
});
