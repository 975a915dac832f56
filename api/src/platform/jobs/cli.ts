/**
 * The operator's command for the job queue, on the database the server's settings name
 * (`DATABASE_URL`, `DATA_DIR`):
 *   pnpm jobs failed <kind>    lists the failed jobs of <kind> (id, attempts, last error, created)
 *   pnpm jobs requeue <kind>   queues them again with fresh attempts (a running server picks them up)
 * Kinds today: `mail`. Exit code 2 on a usage error.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { createMailService } from '../mail/index.js';
import { createJobQueue } from './queue.js';

const [command, kind] = process.argv.slice(2);
if ((command !== 'failed' && command !== 'requeue') || !kind) {
  console.error('usage: pnpm jobs failed <kind> | pnpm jobs requeue <kind>   (kinds: mail)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  const jobs = createJobQueue(database.db, {
    kind: database.kind,
    listenUrl: null,
    concurrency: 1,
    leaseMs: config.jobs.leaseMs,
    pollIntervalMs: config.jobs.pollIntervalMs,
  });
  const mail = createMailService(database.db, jobs, config);
  if (command === 'failed') {
    const rows = await jobs.failed(kind);
    for (const row of rows) console.log(`${row.id}\t${row.attempts} attempts\t${row.created}\t${row.lastError ?? ''}`);
    console.log(`${rows.length} failed ${kind} job(s)`);
  } else {
    const ids = await jobs.requeueFailed(kind);
    console.log(`${ids.length} ${kind} job(s) queued again`);
  }
  await mail.close();
} finally {
  await database.close();
}
