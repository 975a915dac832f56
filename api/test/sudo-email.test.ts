/**
 * Changing one's own e-mail address under re-authentication (ACC-SUDO, ACC-EMAIL) on SQLite and
 * PostgreSQL: without `checkPassword` the session needs a proof of the last 10 minutes (a sign-in
 * or `reauthenticate`), else `REAUTHENTICATION_REQUIRED` and nothing is stored; the password given
 * inline is such a proof too and stamps the session; an account without a password can change its
 * address with a recent proof.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectCode } from './admin-helpers.js';
import { REAUTH, REGENERATE, START_2FA, enableTwoFactor, stepNow, totpAt } from './account-security-helpers.js';
import { type TestServer, describeEachDb, ok, startServer } from './harness.js';
import { ageSession } from './payouts-helpers.js';
import { type Member, member } from './requests-helpers.js';

const UPDATE =
  'mutation ($id: ID!, $email: String, $fullName: String, $checkPassword: String) { updateUser(id: $id, email: $email, fullName: $fullName, checkPassword: $checkPassword) { fullName pendingEmail } }';
const VIEWER = '{ viewer { email pendingEmail fullName } }';

describeEachDb('e-mail change under re-authentication on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { JOBS_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(async () => {
    await server?.close();
  });
  const newAddress = (user: Member) => `moved-${user.localId.slice(0, 8)}-${Date.now()}@example.test`;
  const viewer = async (user: Member) => ok(await server.graphql(VIEWER, {}, user.accessToken)).viewer;

  it('a fresh sign-in counts; after 10 minutes it asks for a proof, stores nothing, then succeeds', async () => {
    const user = await member(server, 'Eve Email');
    const first = newAddress(user);
    expect(ok(await server.graphql(UPDATE, { id: user.id, email: first }, user.accessToken)).updateUser.pendingEmail).toBe(first);

    await ageSession(server, user);
    const second = newAddress(user);
    const refused = expectCode(
      await server.graphql(UPDATE, { id: user.id, email: second, fullName: 'Not Saved' }, user.accessToken),
      'REAUTHENTICATION_REQUIRED',
    );
    expect(refused.extensions?.['methods']).toEqual(['PASSWORD']); // what the dialog may offer
    expect(await viewer(user)).toMatchObject({ pendingEmail: first, fullName: 'Eve Email' });

    ok(await server.graphql(REAUTH, { password: user.password }, user.accessToken));
    expect(ok(await server.graphql(UPDATE, { id: user.id, email: second }, user.accessToken)).updateUser.pendingEmail).toBe(second);
  });

  it('the current password given inline is a proof: it stamps the session for the next sensitive step', async () => {
    const user = await member(server, 'Ike Inline');
    await ageSession(server, user);
    expectCode(
      await server.graphql(UPDATE, { id: user.id, email: newAddress(user), checkPassword: 'not the password' }, user.accessToken),
      'WRONG_PASSWORD',
      'checkPassword',
    );
    expectCode(await server.graphql(START_2FA, {}, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    const address = newAddress(user);
    expect(ok(await server.graphql(UPDATE, { id: user.id, email: address, checkPassword: user.password }, user.accessToken)).updateUser.pendingEmail).toBe(
      address,
    );
    expect(ok(await server.graphql(START_2FA, {}, user.accessToken)).startTwoFactorSetup.secret).toEqual(expect.any(String));
  });

  it('with 2FA the inline password is not enough (decision 0044): the change waits for a second factor', async () => {
    const user = await member(server, 'Ida Inline');
    const { secret } = await enableTwoFactor(server, user);
    await ageSession(server, user);
    const refused = expectCode(
      await server.graphql(UPDATE, { id: user.id, email: newAddress(user), checkPassword: user.password }, user.accessToken),
      'REAUTHENTICATION_REQUIRED',
    );
    expect(refused.extensions?.['methods']).toEqual(['TOTP']);
    expectCode(await server.graphql(REGENERATE, {}, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    ok(await server.graphql(REAUTH, { code: totpAt(secret, stepNow()) }, user.accessToken));
    expect(ok(await server.graphql(REGENERATE, {}, user.accessToken)).regenerateRecoveryCodes.recoveryCodes).toHaveLength(10);
  });

  it('an account without a password changes its address with a recent proof (here an authenticator code)', async () => {
    const user = await member(server, 'Pat Passwordless');
    const { secret } = await enableTwoFactor(server, user);
    await server.app.database.db.updateTable('users').set({ passwordHash: null }).where('id', '=', user.localId).execute();
    await ageSession(server, user);
    // A password it does not have proves nothing (decision 0044: an old session is asked for a proof first).
    expectCode(
      await server.graphql(UPDATE, { id: user.id, email: newAddress(user), checkPassword: 'anything' }, user.accessToken),
      'REAUTHENTICATION_REQUIRED',
    );
    const refused = expectCode(await server.graphql(UPDATE, { id: user.id, email: newAddress(user) }, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    expect(refused.extensions?.['methods']).toEqual(['TOTP']);
    ok(await server.graphql(REAUTH, { code: totpAt(secret, stepNow()) }, user.accessToken));
    const address = newAddress(user);
    expect(ok(await server.graphql(UPDATE, { id: user.id, email: address }, user.accessToken)).updateUser.pendingEmail).toBe(address);
  });
});
