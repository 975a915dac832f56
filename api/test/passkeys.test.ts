/**
 * Passkeys (ACC-PASSKEYS) on SQLite and PostgreSQL with a software authenticator written here: a
 * P-256 key pair, `none` attestation and ES256 assertions built by hand (CBOR through
 * @simplewebauthn/server's helpers). Registration needs a recent proof (ACC-SUDO) and a live
 * challenge; a passkey signs in without an e-mail address (a discoverable credential names its user)
 * and counts as both factors even with 2FA on; a replayed assertion, a counter that does not grow
 * and a wrong origin are refused; a passkey proves identity for `reauthenticate(passkey)`; removal
 * is recorded on the timeline.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { expectCode } from './admin-helpers.js';
import { REAUTH, TIMELINE, enableTwoFactor } from './account-security-helpers.js';
import { type TestServer, describeEachDb, ok, startServer, uniqueDevice } from './harness.js';
import { ageSession } from './payouts-helpers.js';
import { member } from './requests-helpers.js';
import { SoftAuthenticator } from './soft-authenticator.js';

const SITE = 'http://studio.test';
const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const START = 'mutation { startPasskeyRegistration { options } }';
const FINISH = 'mutation ($response: String!, $name: String!) { finishPasskeyRegistration(response: $response, name: $name) { id name created lastUsed } }';
const DELETE = 'mutation ($id: ID!) { deletePasskey(id: $id) { passkeys { id } } }';
const START_REAUTH = 'mutation { startPasskeyReauthentication { options } }';

describeEachDb('passkeys on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { PUBLIC_URL: SITE, MAIL_TRANSPORT: 'memory' });
  });
  afterAll(async () => {
    await server?.close();
  });
  const options = async () => (await server.post('/api/auth/passkey/options', {})).json.options as string;

  it('registers behind a recent proof, signs in without an e-mail as two factors, refuses replays and clones', async () => {
    const user = await member(server, 'Pia Passkey');
    const { recoveryCodes } = await enableTwoFactor(server, user);
    const authenticator = new SoftAuthenticator();
    await ageSession(server, user);
    expectCode(await server.graphql(START, {}, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    // With 2FA a second factor is the proof, not the password (decision 0044).
    ok(await server.graphql(REAUTH, { code: recoveryCodes[0]! }, user.accessToken));
    const creation = ok(await server.graphql(START, {}, user.accessToken)).startPasskeyRegistration.options as string;
    expect(JSON.parse(creation)).toMatchObject({
      rp: { id: 'studio.test' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // Bad input: not JSON, and a wrong name.
    expectCode(await server.graphql(FINISH, { response: 'not json', name: 'Laptop' }, user.accessToken), 'PASSKEY_INVALID');
    expectCode(await server.graphql(FINISH, { response: authenticator.register(creation), name: '' }, user.accessToken), 'BAD_USER_INPUT', 'name');
    const added = ok(await server.graphql(FINISH, { response: authenticator.register(creation), name: 'Laptop' }, user.accessToken)).finishPasskeyRegistration;
    expect(added).toMatchObject({ name: 'Laptop', lastUsed: null });
    // The challenge was single use.
    expectCode(await server.graphql(FINISH, { response: authenticator.register(creation), name: 'Again' }, user.accessToken), 'PASSKEY_INVALID');

    // Sign in: no e-mail, no code although 2FA is on.
    const device = uniqueDevice('passkey');
    const request = await options();
    expect(JSON.parse(request).allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.assert(request);
    const signedIn = await server.post('/api/auth/passkey/login', { response: assertion, deviceToken: device });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.json.accessToken).toEqual(expect.any(String));
    // The same assertion again: refused (challenge spent); a counter that does not grow: refused (a clone).
    expect((await server.post('/api/auth/passkey/login', { response: assertion, deviceToken: device })).json.error.code).toBe('PASSKEY_INVALID');
    const cloned = await server.post('/api/auth/passkey/login', {
      response: authenticator.assert(await options(), { keepCounter: true }),
      deviceToken: device,
    });
    expect(cloned.status).toBe(400);
    expect(cloned.json.error.code).toBe('PASSKEY_INVALID');
    // Another origin: refused.
    expect(
      (await server.post('/api/auth/passkey/login', { response: authenticator.assert(await options(), { origin: 'https://evil.test' }), deviceToken: device }))
        .json.error.code,
    ).toBe('PASSKEY_INVALID');
    // Bad bodies: 400, never 500.
    expect((await server.post('/api/auth/passkey/login', { response: '{"id":1}', deviceToken: device })).status).toBe(400);
    expect((await server.post('/api/auth/passkey/login', { deviceToken: device })).status).toBe(400);
    const events = ok(await server.graphql(TIMELINE, { id: user.id, first: 50 }, signedIn.json.accessToken)).node;
    expect(events.reauthenticationMethods).toEqual(['TOTP', 'PASSKEY']);
    expect(events.securityEvents.edges[0].node).toMatchObject({ kind: 'SIGN_IN', method: 'passkey' });
    expect(events.securityEvents.edges.map((e: { node: { kind: string } }) => e.node.kind)).toContain('PASSKEY_ADDED');
  });

  it('proves identity for reauthenticate(passkey) and is removed behind a recent proof', async () => {
    const user = await member(server, 'Remy Remove');
    const authenticator = new SoftAuthenticator();
    const creation = ok(await server.graphql(START, {}, user.accessToken)).startPasskeyRegistration.options as string;
    const added = ok(await server.graphql(FINISH, { response: authenticator.register(creation), name: 'Phone' }, user.accessToken)).finishPasskeyRegistration;
    await ageSession(server, user);
    expectCode(await server.graphql(DELETE, { id: added.id }, user.accessToken), 'REAUTHENTICATION_REQUIRED');
    const request = ok(await server.graphql(START_REAUTH, {}, user.accessToken)).startPasskeyReauthentication.options as string;
    expect(JSON.parse(request).allowCredentials.map((c: { id: string }) => c.id)).toEqual([b64(authenticator.id)]);
    // A sign-in challenge cannot be used to re-authenticate.
    expectCode(await server.graphql(REAUTH, { passkey: authenticator.assert(await options()) }, user.accessToken), 'PASSKEY_INVALID');
    ok(await server.graphql(REAUTH, { passkey: authenticator.assert(request) }, user.accessToken));
    const other = await member(server, 'Otto Other');
    expect((await server.graphql(DELETE, { id: added.id }, other.accessToken)).errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect(ok(await server.graphql(DELETE, { id: added.id }, user.accessToken)).deletePasskey.passkeys).toEqual([]);
    const kinds = ok(await server.graphql(TIMELINE, { id: user.id }, user.accessToken)).node.securityEvents.edges.map(
      (e: { node: { kind: string } }) => e.node.kind,
    );
    expect(kinds.slice(0, 2)).toEqual(['PASSKEY_REMOVED', 'PASSKEY_ADDED']);
    // MAIL-SECURITY: one notice each, naming the passkey, queued with the change.
    const notices = () => (server.app.mail.sent ?? []).filter((m) => m.to === user.email && /passkey/.test(m.subject));
    await vi.waitFor(async () => {
      await server.app.mail.drain();
      expect(notices()).toHaveLength(2);
    }, 10_000);
    const mails = notices().sort((a, b) => (a.subject < b.subject ? -1 : 1)); // added, removed
    expect(mails.map((m) => m.subject)).toEqual(['A passkey was added to your Studio account', 'A passkey was removed from your Studio account']);
    expect(mails[1]!.text).toContain('The passkey “Phone” was removed');
  });
});
