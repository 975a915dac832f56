/**
 * Starts the server: parses the settings, builds the app, listens on HOST:PORT and shuts
 * down gracefully on SIGINT/SIGTERM (in-flight requests finish, then sockets and the
 * database close; after SHUTDOWN_TIMEOUT_MS the process exits anyway).
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { threadpoolWarning } from './threadpool.js';

const config = loadConfig();
const app = await buildApp(config, { viteDev: process.env['STUDIO_VITE_DEV'] === '1' });

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
