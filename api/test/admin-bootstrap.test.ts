/**
 * The first administrator (ACC-ADMIN-BOOTSTRAP) on SQLite and PostgreSQL: `createOrPromoteAdmin`
 * promotes an existing account (its token then passes the admin-only policy) or creates a
 * passwordless one whose reset mail sets its password; an administrator cannot demote themselves
 * (ACC-POLICY); and the built `pnpm admin:create` command
 * (api/dist/modules/identity/users/adminCli.js) against a server's own data, with its usage errors.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '../src/modules/identity/users/admin.js';
import { BASE_ENV, describeEachDb, ok, startServer, type TestServer, uniqueDevice, uniqueEmail } from './harness.js';

const CLI = join(import.meta.dirname, '..', 'dist', 'modules', 'identity', 'users', 'adminCli.js');
const ROLE_CHANGE = 'mutation ($id: ID!) { updateUser(id: $id, type: PARTNER) { type } }';

describeEachDb('first administrator on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(() => server?.close());
  const deps = () => ({ db: server.app.database.db, mail: server.app.mail });

  it('promotes an existing account: its token may then do what only administrators may', async () => {
    const user = await server.register();
    const other = await server.register();
    const otherId = ok(await server.graphql('{ viewer { id } }', undefined, other.accessToken)).viewer.id;
    expect((await server.graphql(ROLE_CHANGE, { id: otherId }, user.accessToken)).errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');

    const outcome = await createOrPromoteAdmin(deps(), { email: user.email, fullName: 'ignored', locale: 'en' });
    expect(outcome).toMatchObject({ kind: 'promoted', email: user.email });
    expect(ok(await server.graphql(ROLE_CHANGE, { id: otherId }, user.accessToken)).updateUser.type).toBe('PARTNER');
    expect((await createOrPromoteAdmin(deps(), { email: user.email, fullName: 'ignored', locale: 'en' })).kind).toBe('already-admin');
  });

  it('an administrator cannot remove their own admin role; another administrator can', async () => {
    const first = await server.register();
    const second = await server.register();
    for (const u of [first, second]) await createOrPromoteAdmin(deps(), { email: u.email, fullName: 'ignored', locale: 'en' });
    const firstId = ok(await server.graphql('{ viewer { id } }', undefined, first.accessToken)).viewer.id;
    const demote = 'mutation ($id: ID!) { updateUser(id: $id, role: USER, fullName: "Renamed") { role fullName } }';
    const own = await server.graphql(demote, { id: firstId }, first.accessToken);
    expect(own.errors?.[0]?.extensions, own.text).toMatchObject({ code: 'OWN_ADMIN_ROLE', field: 'role' });
    const row = await server.app.database.db.selectFrom('users').select(['role', 'fullName']).where('email', '=', first.email).executeTakeFirstOrThrow();
    expect(row.role).toBe('ADMIN');
    expect(row.fullName).not.toBe('Renamed'); // nothing of the refused change is stored
    expect(ok(await server.graphql(demote, { id: firstId }, second.accessToken)).updateUser).toEqual({ role: 'USER', fullName: 'Renamed' });
  });

  it('creates a passwordless administrator whose reset mail sets the first password', async () => {
    const email = uniqueEmail('first-admin');
    const outcome = await createOrPromoteAdmin(deps(), { email, fullName: 'Ada Admin', locale: 'ru' });
    expect(outcome.kind).toBe('created');
    const row = await server.app.database.db
      .selectFrom('users')
      .select(['role', 'passwordHash', 'fullName', 'locale'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'ADMIN', passwordHash: null, fullName: 'Ada Admin', locale: 'ru' });
    const queued = await server.app.database.db.selectFrom('mailOutbox').select(['template', 'locale', 'text']).where('recipient', '=', email).execute();
    expect(queued.map((m) => [m.template, m.locale])).toEqual([['passwordReset', 'ru']]);
    const link = /token=([^\s&"]+)/.exec(queued[0]!.text);
    expect(link, queued[0]!.text).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    const reset = await server.post('/api/auth/reset/confirm', { token, password: 'a long enough passphrase 42' });
    expect(reset.status, reset.text).toBe(200);
    expect((await server.login(email, 'a long enough passphrase 42', uniqueDevice())).status).toBe(200);
  });

  it.skipIf(!existsSync(CLI) && !process.env['CI'])(
    'pnpm admin:create: creates an administrator through the built command, and refuses bad usage with exit 2',
    () => {
      const env = {
        ...process.env,
        ...BASE_ENV,
        DATA_DIR: server.dataDir,
        ...(kind === 'postgres' ? { DATABASE_URL: server.config.database.kind === 'postgres' ? server.config.database.url : '' } : {}),
      };
      const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8', timeout: 30_000 });
      const bad = run('--email', 'not an address');
      expect(bad.status, bad.stderr).toBe(2);
      expect(bad.stderr).toContain('--email');
      expect(run('--mail', 'x@example.com').status).toBe(2);

      const email = uniqueEmail('cli-admin');
      const done = run('--email', email, '--name', 'Cli Admin', '--locale', 'es');
      expect(done.status, done.stderr).toBe(0);
      expect(done.stdout).toContain(`Created the administrator ${email}`);
      const again = run('--', '--email', email);
      expect(again.stdout).toContain('already an administrator');
    },
  );
});
