import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { migrate, migrationState, openDatabase } from '../src/platform/db/index.js';
import { migrationProvider } from '../src/platform/db/migrations/index.js';
import { BASE_ENV, type TestServer, describeEachDb, startServer } from './harness.js';
import { BUILT_SERVER } from './processes.js';

// Decision 0043: a process starts when the database is ahead of its build (a rolling deploy, a
// roll back), refuses only when one of its own migrations is missing, and `MIGRATE_ON_START=off`
// leaves migrating to `pnpm db:migrate`. "A newer build" is simulated by what a newer build leaves
// behind: a recorded migration this build does not know, and the table it made.

const NEWER = '9999_from_a_newer_build';

describeEachDb('database ahead of the build (%s)', (kind) => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0).reverse()) await s.close();
  });
  const start = async (env: Record<string, string> = {}, shareDataWith?: TestServer) => {
    const s = await startServer(kind, env, { shareDataWith });
    servers.push(s);
    return s;
  };
  /** What a newer build's migration leaves: its record and its table. */
  const migrateAsNewerBuild = async (s: TestServer) => {
    await sql`create table newer_build_things (id text primary key)`.execute(s.app.database.db);
    await sql`insert into kysely_migration (name, timestamp) values (${NEWER}, ${new Date().toISOString()})`.execute(s.app.database.db);
  };
  const configOf = (s: TestServer, env: Record<string, string> = {}) =>
    loadConfig({ ...BASE_ENV, DATA_DIR: s.dataDir, ...(s.config.database.kind === 'postgres' ? { DATABASE_URL: s.config.database.url } : {}), ...env });

  it('an old build starts and serves against a database a newer build migrated', async () => {
    const first = await start();
    await migrateAsNewerBuild(first);
    expect(await migrationState(first.app.database.db)).toEqual({ pending: [], unknown: [NEWER] });
    const old = await start({}, first);
    expect((await old.get('/api/health/ready')).status).toBe(200);
    const user = await old.register();
    expect((await old.login(user.email, user.password, user.deviceToken)).status).toBe(200);
    // The newer build's table is left as it is.
    expect((await sql<{ n: number }>`select count(*) as n from newer_build_things`.execute(old.app.database.db)).rows).toHaveLength(1);
  });

  it('refuses, naming both, when one of its own migrations is missing and the database has newer ones', async () => {
    const first = await start();
    await migrateAsNewerBuild(first);
    await sql`delete from kysely_migration where name = '0017_account_security'`.execute(first.app.database.db);
    await expect(openDatabase(configOf(first))).rejects.toThrow(/0017_account_security of this build are missing.*9999_from_a_newer_build/);
  });

  it('MIGRATE_ON_START=off refuses to start while a migration is pending; pnpm db:migrate applies it', async () => {
    const first = await start();
    // The build's newest migration (migrations apply in name order, so only the last can be pending alone).
    const migrations = await migrationProvider.getMigrations();
    const newest = Object.keys(migrations).sort().at(-1)!;
    await sql`delete from kysely_migration where name = ${newest}`.execute(first.app.database.db);
    // Undo what it made, so that applying it again is real.
    await migrations[newest]!.down!(first.app.database.db);
    await expect(openDatabase(configOf(first, { MIGRATE_ON_START: 'off' }), undefined, 'check')).rejects.toThrow(
      new RegExp(`${newest} are not applied; run \`pnpm db:migrate\``),
    );
    await expect(start({ MIGRATE_ON_START: 'off' }, first)).rejects.toThrow(/pnpm db:migrate/);
    const cli = spawnSync(process.execPath, [join(BUILT_SERVER, '..', 'platform', 'db', 'migrateCli.js')], {
      env: {
        ...process.env,
        ...BASE_ENV,
        DATA_DIR: first.dataDir,
        ...(first.config.database.kind === 'postgres' ? { DATABASE_URL: first.config.database.url } : {}),
      },
      encoding: 'utf8',
    });
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toContain(`applied 1 migration(s): ${newest}`);
    expect(cli.status).toBe(0);
    const next = await start({ MIGRATE_ON_START: 'off' }, first);
    expect((await next.get('/api/health/ready')).status).toBe(200);
    expect(await migrate(next.app.database.db)).toEqual({ applied: [], unknown: [] });
  });
});
