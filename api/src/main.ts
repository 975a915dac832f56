/**
 * Starts the server: parses the settings, builds the app, listens on HOST:PORT and shuts
 * down gracefully on SIGINT/SIGTERM (in-flight requests finish, then sockets and the
 * database close; after SHUTDOWN_TIMEOUT_MS the process exits anyway).
 *
 * A data directory or database file it cannot open or write (read-only, full, no permission), or a
 * database it cannot bring to this build's schema (decision 0043), stops the start with one line
 * and exit code 1, not a stack trace.
 */
import closeWithGrace from 'close-with-grace';
import { type App, buildApp } from './app.js';
import { type Config, loadConfig } from './platform/config.js';
import { MigrationError } from './platform/db/index.js';
import { databaseLabel, storageFault } from './platform/http/unavailable.js';
import { threadpoolWarning } from './platform/threadpool.js';

let config: Config | undefined;
let app: App;
try {
  config = loadConfig();
  app = await buildApp(config, { viteDev: process.env['STUDIO_VITE_DEV'] === '1' });
} catch (error) {
  if (error instanceof MigrationError) {
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
  const e = error as { code?: string; message?: string; path?: unknown };
  // A missing parent on a read-only disk reports ENOENT: any file-system error names its path.
  const fault =
    storageFault(error, config ? databaseLabel(config.database) : 'DATA_DIR') ??
    (typeof e?.path === 'string' ? { code: 'STORAGE_READ_ONLY', path: e.path } : null);
  if (!fault) throw error;
  const detail = `${e.code ?? fault.code}: ${e.message ?? String(error)}`;
  console.error(
    fault.code === 'DATABASE_UNAVAILABLE'
      ? `Cannot start: the database at ${fault.path} is not reachable (${detail}). Check DATABASE_URL and that the server is running.`
      : `Cannot start: ${fault.path} cannot be opened for writing (${detail}). Check that the disk has space and that DATA_DIR is writable by this user.`,
  );
  process.exit(1);
}

closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
  if (err) app.fastify.log.error({ err }, 'shutting down after an error');
  else app.fastify.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.fastify.listen({ host: config.host, port: config.port });
// The pool is sized by whoever started this process (threadpool.ts); say so when it is too small.
const poolWarning = threadpoolWarning(process.env, config.passwordHashing.concurrency);
if (poolWarning) app.fastify.log.warn(poolWarning);
app.fastify.log.info(`${config.siteName} is serving ${config.publicUrl} (database: ${app.database.kind}, live updates: ${app.pubsub.transport})`);
