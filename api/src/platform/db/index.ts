/**
 * The database: Kysely over SQLite (better-sqlite3, the embedded default) or PostgreSQL (pg),
 * chosen by `Config.database`. `openDatabase` opens it and runs the migrations.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, type Driver, Kysely, Migrator, SqliteDialect, type SqliteDatabase, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrationProvider } from './migrations/index.js';
import { ReadRetryingPostgresDialect } from './retryReads.js';
import type { Database } from './types.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'sqlite' | 'postgres';
  /** Answers true when a trivial query succeeds (used by /api/health). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Kysely's SQLite dialect, except that a ROLLBACK after SQLite already rolled the transaction back
 * by itself (it does on SQLITE_FULL and some I/O errors) is skipped: Kysely's would fail with "no
 * transaction is active" and hide the real error — a full disk would look like a bug (a 500).
 */
class AutoRollbackAwareSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: cachingStatements(sqlite) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

/** How many prepared statements `cachingStatements` keeps (least recently used ones are dropped). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * `sqlite` for Kysely's SQLite dialect, with its prepared statements kept per SQL text (decision
 * 0038): Kysely prepares every query anew, and preparing costs more than running a point lookup
 * (~70 µs for the session check of every authenticated request). A statement that is mid-iteration
 * (`busy`, a streamed query) is not shared: a fresh one is prepared for that call.
 */
function cachingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        statements.delete(text);
        statements.set(text, cached); // most recently used last
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        statements.set(text, statement);
        if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}

/** Where a lost PostgreSQL connection is reported (the app's logger). */
export interface DatabaseLog {
  warn(obj: unknown, msg?: string): void;
}

/** The database cannot be brought to this build's schema (the message says why and what to do). */
export class MigrationError extends Error {}

/** What `migrationState` found: this build's migrations not yet applied, and applied ones this build does not know. */
export interface MigrationState {
  pending: string[];
  unknown: string[];
}

/** Compares the migrations recorded in the database (Kysely's `kysely_migration`) with this build's. */
export async function migrationState(db: Db): Promise<MigrationState> {
  const ours = Object.keys(await migrationProvider.getMigrations());
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = tables.some((t) => t.name === 'kysely_migration')
    ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name)
    : [];
  const done = new Set(applied);
  const known = new Set(ours);
  return { pending: ours.filter((name) => !done.has(name)), unknown: applied.filter((name) => !known.has(name)).sort() };
}

/**
 * Applies this build's pending migrations (decision 0043): none to apply → nothing happens, also
 * when the database carries migrations of a newer build (`unknown`: a rolling deploy, or a roll
 * back), which Kysely's migrator would refuse as "corrupted". Only a database that lacks one of
 * this build's migrations while it carries unknown ones is refused: this build's schema would be
 * applied out of order on top of a newer one.
 * @returns the names applied and the unknown (newer) ones found.
 * @throws Error naming the migrations when the database cannot be brought to this build's schema.
 */
export async function migrate(db: Db): Promise<{ applied: string[]; unknown: string[] }> {
  const state = await migrationState(db);
  if (state.pending.length === 0) return { applied: [], unknown: state.unknown };
  if (state.unknown.length > 0) {
    throw new MigrationError(
      `Database migrations ${state.pending.join(', ')} of this build are missing, but the database has migrations this build does not know (${state.unknown.join(', ')}); run the build that made them, or restore a backup`,
    );
  }
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new MigrationError(`Database migration ${failed ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName), unknown: state.unknown };
}

/**
 * What `openDatabase` does about migrations: apply pending ones (`apply`), only check that none is
 * pending (`check`), or nothing (`none`: `pnpm db:migrate` calls `migrate` itself).
 */
export type MigrateMode = 'apply' | 'check' | 'none';

/**
 * Opens the database of `config.database` and applies pending migrations (`MIGRATE_ON_START=on`,
 * the single-process default) or checks that there are none (`off`: `pnpm db:migrate` ran them as a
 * deployment step). A database migrated by a newer build is served as it is (`migrate`).
 * SQLite runs with WAL, synchronous=FULL and foreign keys on. On PostgreSQL a connection the server
 * drops (restart, `pg_terminate_backend`) fails only the query that was using it — a plain read is
 * run once more on a fresh connection (retryReads.ts) — the error is reported to `log`, never
 * thrown at the process, and the pool opens a new connection next time.
 * @throws when the database cannot be reached, a migration fails, or (`check`) one is pending.
 */
export async function openDatabase(
  config: Pick<Config, 'database'>,
  log: DatabaseLog = { warn: () => {} },
  mode: MigrateMode = 'apply',
): Promise<DatabaseHandle> {
  let db: Db;
  const plugins = [new CamelCasePlugin()];
  if (config.database.kind === 'sqlite') {
    mkdirSync(dirname(config.database.file), { recursive: true });
    const sqlite = new SQLite(config.database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // SQLite's lower() folds ASCII only; searches fold with JavaScript's Unicode rules (decision 0031).
    sqlite.function('casefold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
    db = new Kysely<Database>({ dialect: new AutoRollbackAwareSqliteDialect(sqlite), plugins });
  } else {
    const pool = new pg.Pool({ connectionString: config.database.url, max: 10 });
    const lost = (error: Error) => log.warn({ err: error }, 'database connection lost; the pool reconnects');
    // pg emits a dropped connection's error on the client: the pool listens only while it is idle,
    // so a client checked out by a query needs its own listener, or the error is uncaught.
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    db = new Kysely<Database>({ dialect: new ReadRetryingPostgresDialect({ pool }), plugins });
  }
  try {
    if (mode === 'apply') {
      const { unknown } = await migrate(db);
      if (unknown.length > 0)
        log.warn(
          { unknown },
          `the database has migrations of a newer build (${unknown.join(', ')}); serving with this build's schema, which they keep working`,
        );
    } else if (mode === 'check') {
      const { pending } = await migrationState(db);
      if (pending.length > 0)
        throw new MigrationError(`Database migrations ${pending.join(', ')} are not applied; run \`pnpm db:migrate\` first (MIGRATE_ON_START=off)`);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    kind: config.database.kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/** True when `error` is a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** The current time as ISO 8601 UTC text, the stored form of every timestamp. */
export function nowIso(ms: number = Date.now()): string {
  return new Date(ms).toISOString();
}
