/**
 * `pnpm db:migrate`: applies this build's pending migrations to the database the server's settings
 * name (`DATABASE_URL`, `DATA_DIR`) and exits — the deployment step before new processes start when
 * they run with `MIGRATE_ON_START=off` (decision 0043). Processes of the previous build keep serving
 * the migrated database. Exit code 1 with one line when the database cannot be migrated.
 */
import { loadConfig } from '../config.js';
import { migrate, openDatabase } from './index.js';

const config = loadConfig();
try {
  // Opening without applying, so the one `migrate` below reports what it did.
  const database = await openDatabase(config, { warn: () => {} }, 'none');
  try {
    const { applied, unknown } = await migrate(database.db);
    console.log(applied.length > 0 ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'the database is up to date');
    if (unknown.length > 0) console.log(`the database also has migrations of a newer build: ${unknown.join(', ')}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Cannot migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
