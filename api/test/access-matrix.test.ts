/**
 * The access matrix (ACC-POLICY) over real HTTP on SQLite and PostgreSQL:
 * every operation that takes an id is attacked by user B with user A's ids — each `updateUser`
 * field, `deleteUser`, `updatePassword(userId:)`, `deleteAccount` of A's linked account, and reads
 * of A's private fields, Image, ServiceAccount and ReferralCode nodes, `revokeSession` of A's
 * session and A's `sessions` (SESSION-DEVICES: refused to administrators too). Each attack must be refused
 * (`Forbidden resource` / FORBIDDEN, or null with that error for a private field) AND leave A's
 * rows exactly as they were (re-read from the database). A may not set its own role, isVerified
 * or type; an administrator may do all of it, with an e-mail change applying at once and deletion
 * needing no confirmation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/platform/db/index.js';
import { globalId } from '../src/platform/graphql/ids.js';
import {
  describeEachDb,
  type GraphQLResult,
  ok,
  PRIVATE_USER_FIELDS,
  type Registered,
  startServer,
  type TestServer,
  uniqueDevice,
  uniqueEmail,
} from './harness.js';

const FORBIDDEN = 'Forbidden resource';

/** Every private field of User (schema 1.3.0, "Private."). */

const UPDATE_USER = `
  mutation (
    $id: ID!, $email: String, $username: String, $fullName: String, $bio: String, $phone: String,
    $telegram: String, $isVerified: Boolean, $role: UserRoles, $type: UserTypes,
    $withdrawalMethod: WithdrawalMethods, $imageId: ID, $checkPassword: String
  ) {
    updateUser(
      id: $id, email: $email, username: $username, fullName: $fullName, bio: $bio, phone: $phone,
      telegram: $telegram, isVerified: $isVerified, role: $role, type: $type,
      withdrawalMethod: $withdrawalMethod, imageId: $imageId, checkPassword: $checkPassword
    ) { id email pendingEmail role isVerified type }
  }`;
const DELETE_USER = 'mutation ($id: ID!, $confirmation: String) { deleteUser(id: $id, confirmation: $confirmation) { id } }';
const UPDATE_PASSWORD = `mutation ($newPassword: String!, $oldPassword: String, $userId: ID) {
  updatePassword(newPassword: $newPassword, oldPassword: $oldPassword, userId: $userId) { id }
}`;
const DELETE_ACCOUNT = 'mutation ($a: String!) { deleteAccount(accountId: $a) { id } }';
const REVOKE_SESSION = 'mutation ($id: ID!) { revokeSession(id: $id) { revokedSessionId } }';

interface Member extends Registered {
  /** Global id. */
  id: string;
  /** Database id. */
  localId: string;
}

/** Asserts exactly the refusal `Forbidden resource` / FORBIDDEN and no data. */
function expectForbidden(result: GraphQLResult) {
  expect(result.status, result.text).toBe(200);
  expect(result.errors, result.text).toHaveLength(1);
  expect(result.errors![0], result.text).toMatchObject({ message: FORBIDDEN, extensions: { code: 'FORBIDDEN' } });
  expect(result.data ?? null, result.text).toBeNull();
}

describeEachDb('access matrix on %s', (kind) => {
  let server: TestServer;
  let a: Member;
  let b: Member;
  let admin: Member;
  /** A's linked social account, its avatar image and its referral code (global ids). */
  let accountId: string;
  let imageId: string;
  let referralCodeId: string;
  /** A's first session (global id). */
  let sessionId: string;
  /** A's pending new address. */
  let aPending: string;

  const db = () => server.app.database.db;

  async function member(name: string, role: 'USER' | 'ADMIN' = 'USER'): Promise<Member> {
    const registered = await server.register({ name });
    const row = await db().selectFrom('users').select('id').where('email', '=', registered.email).executeTakeFirstOrThrow();
    if (role === 'ADMIN') await db().updateTable('users').set({ role: 'ADMIN' }).where('id', '=', row.id).execute();
    return { ...registered, localId: row.id, id: globalId('User', row.id) };
  }

  /** Everything of A that an attack could change, straight from the database. */
  async function snapshot(localId: string) {
    const [user, accounts, images, sessions, codes, resets, referralCodes] = await Promise.all([
      db().selectFrom('users').selectAll().where('id', '=', localId).executeTakeFirst(),
      db().selectFrom('serviceAccounts').selectAll().where('userId', '=', localId).orderBy('id').execute(),
      db().selectFrom('images').selectAll().where('userId', '=', localId).orderBy('id').execute(),
      db().selectFrom('sessions').select(['id', 'revokedAt']).where('userId', '=', localId).orderBy('id').execute(),
      db().selectFrom('emailCodes').selectAll().where('userId', '=', localId).orderBy('id').execute(),
      db().selectFrom('passwordResets').selectAll().where('userId', '=', localId).orderBy('id').execute(),
      db().selectFrom('referralCodes').selectAll().where('userId', '=', localId).orderBy('id').execute(),
    ]);
    return { user, accounts, images, sessions, codes, resets, referralCodes };
  }

  beforeAll(async () => {
    server = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' });
    [a, b, admin] = await Promise.all([member('Alice Anders'), member('Bob Brown'), member('Ada Admin', 'ADMIN')]);

    // A's private data, so that a refused read (null) differs from an empty value.
    ok(
      await server.graphql(
        UPDATE_USER,
        { id: a.id, phone: '+14155550123', telegram: 'alice_tg', bio: 'Alice bio', withdrawalMethod: 'BANK_TRANSFER' },
        a.accessToken,
      ),
    );
    aPending = uniqueEmail('alice-pending');
    ok(await server.graphql(UPDATE_USER, { id: a.id, email: aPending, checkPassword: a.password }, a.accessToken));
    // A linked social account and an avatar row of A, inserted directly.
    const accountLocal = randomUUID();
    await db()
      .insertInto('serviceAccounts')
      .values({
        id: accountLocal,
        userId: a.localId,
        created: nowIso(),
        serviceAccountType: 'OIDC',
        serviceEmail: a.email,
        servicePhone: null,
        serviceTokenExpiredAt: null,
        serviceType: 'GOOGLE',
        serviceUserId: `google-${accountLocal}`,
        serviceUsername: 'alice.g',
      })
      .execute();
    accountId = globalId('ServiceAccount', accountLocal);
    const imageLocal = randomUUID();
    await db()
      .insertInto('images')
      .values({ id: imageLocal, userId: a.localId, created: nowIso(), ext: 'webp', sourceFileName: 'alice.jpg', type: 'AVATAR', path: `${imageLocal}.webp` })
      .execute();
    await db().updateTable('users').set({ imageId: imageLocal }).where('id', '=', a.localId).execute();
    imageId = globalId('Image', imageLocal);
    const code = await db().selectFrom('referralCodes').select('id').where('userId', '=', a.localId).executeTakeFirstOrThrow();
    referralCodeId = globalId('ReferralCode', code.id);
    const session = await db().selectFrom('sessions').select('id').where('userId', '=', a.localId).orderBy('created').executeTakeFirstOrThrow();
    sessionId = globalId('Session', session.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  // -------------------------------------------------------------------------------------------
  describe('B acting on A', () => {
    const attacks: Array<{ name: string; run: () => Promise<GraphQLResult> }> = [
      ...(
        [
          ['email (with A’s password)', () => ({ email: uniqueEmail('hijack'), checkPassword: a.password })],
          ['email (with B’s password)', () => ({ email: uniqueEmail('hijack'), checkPassword: b.password })],
          ['username', () => ({ username: `hijacked-${randomUUID().slice(0, 6)}` })],
          ['fullName', () => ({ fullName: 'Hijacked' })],
          ['bio', () => ({ bio: 'pwned' })],
          ['bio cleared', () => ({ bio: '' })],
          ['phone', () => ({ phone: '+14155550999' })],
          ['telegram', () => ({ telegram: 'hijacker' })],
          ['withdrawalMethod', () => ({ withdrawalMethod: 'STRIPE' })],
          ['imageId (A’s own image)', () => ({ imageId })],
          ['role', () => ({ role: 'ADMIN' })],
          ['isVerified', () => ({ isVerified: true })],
          ['type', () => ({ type: 'PARTNER' })],
          ['all fields at once', () => ({ fullName: 'X', role: 'ADMIN', isVerified: true, type: 'PARTNER', phone: '' })],
        ] as Array<[string, () => Record<string, unknown>]>
      ).map(([field, variables]) => ({
        name: `updateUser(${field})`,
        run: () => server.graphql(UPDATE_USER, { id: a.id, ...variables() }, b.accessToken),
      })),
      { name: 'deleteUser without confirmation', run: () => server.graphql(DELETE_USER, { id: a.id }, b.accessToken) },
      { name: 'deleteUser with A’s password', run: () => server.graphql(DELETE_USER, { id: a.id, confirmation: a.password }, b.accessToken) },
      { name: 'deleteUser with B’s password', run: () => server.graphql(DELETE_USER, { id: a.id, confirmation: b.password }, b.accessToken) },
      {
        name: 'updatePassword(userId: A) with A’s old password',
        run: () => server.graphql(UPDATE_PASSWORD, { userId: a.id, newPassword: 'taken over password', oldPassword: a.password }, b.accessToken),
      },
      {
        name: 'updatePassword(userId: A) without old password',
        run: () => server.graphql(UPDATE_PASSWORD, { userId: a.id, newPassword: 'taken over password' }, b.accessToken),
      },
      { name: 'deleteAccount(A’s linked account)', run: () => server.graphql(DELETE_ACCOUNT, { a: accountId }, b.accessToken) },
      { name: 'revokeSession(A’s session)', run: () => server.graphql(REVOKE_SESSION, { id: sessionId }, b.accessToken) },
    ];

    it.each(attacks)('is refused and changes nothing: $name', async ({ run }) => {
      const before = await snapshot(a.localId);
      expectForbidden(await run());
      expect(await snapshot(a.localId)).toEqual(before);
      // B itself is unchanged too (no part of a mixed request was applied anywhere).
      const bUser = await db().selectFrom('users').select(['role', 'isVerified', 'type', 'fullName']).where('id', '=', b.localId).executeTakeFirstOrThrow();
      expect(bUser).toEqual({ role: 'USER', isVerified: 0, type: 'CLIENT', fullName: 'Bob Brown' });
    });

    it('A is still signed in and intact after all attacks', async () => {
      const viewer = ok(
        await server.graphql('{ viewer { id fullName email pendingEmail phone role accounts { id } image { id } } }', undefined, a.accessToken),
      ).viewer;
      expect(viewer).toEqual({
        id: a.id,
        fullName: 'Alice Anders',
        email: a.email,
        pendingEmail: aPending,
        phone: '+14155550123',
        role: 'USER',
        accounts: [{ id: accountId }],
        image: { id: imageId },
      });
      expect((await server.login(a.email, a.password, uniqueDevice())).status).toBe(200);
    });

    it.each([
      ['user(id:)', `query ($id: ID!) { u: user(id: $id) { id fullName ${PRIVATE_USER_FIELDS.join(' ')} } }`],
      ['node(id:)', `query ($id: ID!) { u: node(id: $id) { id ... on User { fullName ${PRIVATE_USER_FIELDS.join(' ')} } } }`],
    ])('%s: every private field of A is null with `Forbidden resource`, for B and for anonymous', async (_name, query) => {
      for (const token of [b.accessToken, undefined]) {
        const result = await server.graphql(query, { id: a.id }, token);
        expect(result.status).toBe(200);
        expect(result.data.u.id).toBe(a.id);
        expect(result.data.u.fullName).toBe('Alice Anders'); // public
        const leaked = Object.entries(result.data.u).filter(([key, value]) => key !== 'id' && key !== 'fullName' && value !== null);
        expect(leaked).toEqual([]);
        expect(result.errors).toHaveLength(PRIVATE_USER_FIELDS.length);
        const paths = result.errors!.map((e) => e.path?.[1]).sort();
        expect(paths).toEqual(PRIVATE_USER_FIELDS.map((f) => f.split(' ')[0]).sort());
        for (const error of result.errors!) expect(error).toMatchObject({ message: FORBIDDEN, extensions: { code: 'FORBIDDEN' } });
        // The text of the private values appears nowhere in the answer.
        for (const secret of [a.email, aPending, '+14155550123', 'alice_tg']) expect(result.text).not.toContain(secret);
      }
    });

    it('the file name A uploaded (Image.sourceFileName) is null for B and anonymous, and readable by A', async () => {
      const query = 'query ($id: ID!) { user(id: $id) { image { id sourceFileName } } }';
      for (const token of [b.accessToken, undefined]) {
        const result = await server.graphql(query, { id: a.id }, token);
        expect(result.json, result.text).toEqual({ data: { user: { image: { id: imageId, sourceFileName: null } } } });
        expect(result.text).not.toContain('alice.jpg');
      }
      const own = await server.graphql(query, { id: a.id }, a.accessToken);
      expect(own.json).toEqual({ data: { user: { image: { id: imageId, sourceFileName: 'alice.jpg' } } } });
    });

    it('node(id:) of A’s Image, ServiceAccount, ReferralCode and Session is null for B and for anonymous', async () => {
      for (const id of [imageId, accountId, referralCodeId, sessionId]) {
        for (const token of [b.accessToken, undefined]) {
          const result = await server.graphql(
            'query ($id: ID!) { node(id: $id) { id ... on Image { url } ... on ServiceAccount { serviceEmail serviceUserId } ... on ReferralCode { code } } }',
            { id },
            token,
          );
          expect(result.json, `${id}: ${result.text}`).toEqual({ data: { node: null } });
        }
      }
      // The owner gets them.
      for (const id of [imageId, accountId, referralCodeId, sessionId]) {
        const own = await server.graphql('query ($id: ID!) { node(id: $id) { id } }', { id }, a.accessToken);
        expect(own.json).toEqual({ data: { node: { id } } });
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('A acting on itself', () => {
    it.each([
      [{ role: 'ADMIN' }],
      [{ isVerified: true }],
      [{ type: 'PARTNER' }],
      [{ fullName: 'Mixed', role: 'ADMIN' }],
      [{ bio: 'mixed', isVerified: true, type: 'PARTNER' }],
    ])('may not set %j: refused and nothing changes', async (variables) => {
      const before = await snapshot(a.localId);
      expectForbidden(await server.graphql(UPDATE_USER, { id: a.id, ...variables }, a.accessToken));
      expect(await snapshot(a.localId)).toEqual(before);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('the administrator acting on A', () => {
    it('reads every private field of A, and A’s Image and ServiceAccount nodes', async () => {
      const result = await server.graphql(`query ($id: ID!) { user(id: $id) { ${PRIVATE_USER_FIELDS.join(' ')} } }`, { id: a.id }, admin.accessToken);
      const user = ok(result).user;
      expect(user).toMatchObject({
        email: a.email,
        pendingEmail: aPending,
        phone: '+14155550123',
        telegram: 'alice_tg',
        role: 'USER',
        isVerified: false,
        type: 'CLIENT',
        balance: 0,
        withdrawalMethod: 'BANK_TRANSFER',
        accounts: [{ id: accountId }],
        defaultReferralCode: { id: referralCodeId },
      });
      for (const id of [imageId, accountId]) {
        expect((await server.graphql('query ($id: ID!) { node(id: $id) { id } }', { id }, admin.accessToken)).json).toEqual({ data: { node: { id } } });
      }
    });

    it('may neither list nor sign out A’s sessions (SESSION-DEVICES), and A stays signed in', async () => {
      const before = await snapshot(a.localId);
      const read = await server.graphql('query ($id: ID!) { user(id: $id) { sessions { totalCount } } }', { id: a.id }, admin.accessToken);
      expect(read.errors?.[0], read.text).toMatchObject({ message: FORBIDDEN, extensions: { code: 'FORBIDDEN' } });
      expect(read.data.user.sessions).toBeNull();
      expect((await server.graphql('query ($id: ID!) { node(id: $id) { id } }', { id: sessionId }, admin.accessToken)).json).toEqual({ data: { node: null } });
      expectForbidden(await server.graphql(REVOKE_SESSION, { id: sessionId }, admin.accessToken));
      expect(await snapshot(a.localId)).toEqual(before);
      expect(ok(await server.graphql('{ viewer { id } }', undefined, a.accessToken)).viewer.id).toBe(a.id);
    });

    it('changes A’s role, isVerified and type', async () => {
      const updated = ok(await server.graphql(UPDATE_USER, { id: a.id, role: 'ADMIN', isVerified: true, type: 'PARTNER' }, admin.accessToken)).updateUser;
      expect(updated).toMatchObject({ id: a.id, role: 'ADMIN', isVerified: true, type: 'PARTNER' });
      const row = await db().selectFrom('users').select(['role', 'isVerified', 'type']).where('id', '=', a.localId).executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'ADMIN', isVerified: 1, type: 'PARTNER' });
      // A sees it too; then the administrator takes the role back.
      expect(ok(await server.graphql('{ viewer { role } }', undefined, a.accessToken)).viewer.role).toBe('ADMIN');
      ok(await server.graphql(UPDATE_USER, { id: a.id, role: 'USER', isVerified: false }, admin.accessToken));
      const back = await db().selectFrom('users').select(['role', 'isVerified', 'type']).where('id', '=', a.localId).executeTakeFirstOrThrow();
      expect(back).toEqual({ role: 'USER', isVerified: 0, type: 'PARTNER' });
    });

    it('changes A’s e-mail at once: no code, no pending address, A signs in with the new one', async () => {
      const newEmail = uniqueEmail('alice-by-admin');
      const updated = ok(await server.graphql(UPDATE_USER, { id: a.id, email: newEmail }, admin.accessToken)).updateUser;
      expect(updated).toMatchObject({ id: a.id, email: newEmail, pendingEmail: null });
      const row = await db().selectFrom('users').select(['email', 'pendingEmail']).where('id', '=', a.localId).executeTakeFirstOrThrow();
      expect(row).toEqual({ email: newEmail, pendingEmail: null });
      const mails = await db().selectFrom('mailOutbox').select('id').where('recipient', '=', newEmail).execute();
      expect(mails).toEqual([]);
      expect((await server.login(newEmail, a.password, uniqueDevice())).status).toBe(200);
      expect((await server.login(a.email, a.password, uniqueDevice())).status).toBe(401);
      a.email = newEmail;
    });

    it('disconnects A’s linked account and sets A’s password without the old one (A’s sessions end)', async () => {
      const removed = ok(await server.graphql(DELETE_ACCOUNT, { a: accountId }, admin.accessToken));
      expect(removed.deleteAccount).toEqual({ id: accountId });
      expect(await db().selectFrom('serviceAccounts').select('id').where('userId', '=', a.localId).execute()).toEqual([]);

      const newPassword = 'set by the administrator';
      expect(ok(await server.graphql(UPDATE_PASSWORD, { userId: a.id, newPassword }, admin.accessToken)).updatePassword).toEqual({ id: a.id });
      expect((await server.graphql('{ viewer { id } }', undefined, a.accessToken)).status).toBe(401);
      expect((await server.refresh(a.refreshToken)).status).toBe(401);
      // The administrator's own session is untouched.
      expect(ok(await server.graphql('{ viewer { id } }', undefined, admin.accessToken)).viewer.id).toBe(admin.id);
      const login = await server.login(a.email, newPassword, uniqueDevice());
      expect(login.status).toBe(200);
      a.accessToken = login.json.accessToken;
      a.password = newPassword;
    });

    it('deletes A without confirmation', async () => {
      expect(ok(await server.graphql(DELETE_USER, { id: a.id }, admin.accessToken)).deleteUser).toEqual({ id: a.id });
      const after = await snapshot(a.localId);
      expect(after).toEqual({ user: undefined, accounts: [], images: [], sessions: [], codes: [], resets: [], referralCodes: [] });
      expect((await server.graphql('{ viewer { id } }', undefined, a.accessToken)).status).toBe(401);
      expect((await server.login(a.email, a.password, uniqueDevice())).status).toBe(401);
      // B and the administrator are still there.
      expect(ok(await server.graphql('{ viewer { id } }', undefined, b.accessToken)).viewer.id).toBe(b.id);
    });
  });
});
