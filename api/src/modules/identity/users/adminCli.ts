/**
 * The operator's command for the first administrator (ACC-ADMIN-BOOTSTRAP), on the database the
 * server's settings name (`DATABASE_URL`, `DATA_DIR`):
 *   pnpm admin:create --email <address> [--name <full name>] [--locale en|ru|es]
 * Promotes the account of that address, or creates it without a password and queues a
 * password-reset mail (a running server's job worker sends it). Exit codes: 0 done, 2 usage error.
 */
import { parseArgs } from 'node:util';
import * as fields from '@studio/site/fields';
import { DEFAULT_LOCALE } from '@studio/site/locales';
import { z } from 'zod';
import { loadConfig } from '../../../platform/config.js';
import { openDatabase } from '../../../platform/db/index.js';
import { createJobQueue } from '../../../platform/jobs/queue.js';
import { createMailService } from '../../../platform/mail/index.js';
import { createOrPromoteAdmin } from './admin.js';

const USAGE = 'usage: pnpm admin:create --email <address> [--name <full name>] [--locale en|ru|es]';
const argsSchema = z.object({ email: fields.email, name: fields.fullName.default('Administrator'), locale: fields.locale.default(DEFAULT_LOCALE) });

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

let values: Record<string, unknown>;
try {
  // `pnpm admin:create -- --email …` passes the `--` along.
  const args = process.argv[2] === '--' ? process.argv.slice(3) : process.argv.slice(2);
  ({ values } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' }, locale: { type: 'string' } }, strict: true }));
} catch (error) {
  usage((error as Error).message);
}
const parsed = argsSchema.safeParse(values);
if (!parsed.success) usage(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));

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
  const outcome = await createOrPromoteAdmin({ db: database.db, mail }, { email: parsed.data.email, fullName: parsed.data.name, locale: parsed.data.locale });
  const said = {
    'already-admin': `${outcome.email} is already an administrator.`,
    promoted: `${outcome.email} is now an administrator. Their sessions keep working; the new role applies at once.`,
    created: `Created the administrator ${outcome.email}. A link to choose a password is queued for that address; the server's mail worker sends it.`,
  }[outcome.kind];
  console.log(said);
  await mail.close();
} finally {
  await database.close();
}
