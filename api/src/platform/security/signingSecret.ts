/**
 * The one signing secret of every process of a site (SESSION-TOKENS, decision 0025): the HMAC key
 * of access tokens, of stored e-mail codes and of the social-token secret box.
 *
 * `JWT_SECRET` when it is set. Otherwise a random 256-bit secret kept in the database (`secrets`
 * row `jwt`), so every process on one database signs and checks with the same key, whatever
 * machine it runs on: each start inserts a candidate with ON CONFLICT DO NOTHING and then reads
 * the row back, so concurrent first starts all end up with whichever insert won.
 *
 * Earlier versions generated the secret into `<DATA_DIR>/jwt-secret`. When that file exists and
 * the database has no secret yet, the file's value is the candidate, so tokens and sealed social
 * tokens issued before the upgrade stay valid. The file is never written or deleted.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { type Db, nowIso } from '../db/index.js';

/** The name of the row in `secrets`. */
const SECRET_NAME = 'jwt';

/** Where the logger of the app reports which secret was adopted. */
interface SecretLog {
  info(obj: unknown, msg?: string): void;
}

/**
 * Answers `config` with `jwtSecret` filled in: unchanged when JWT_SECRET gave it, else the
 * database's shared secret (created or adopted from `<dataDir>/jwt-secret` on the first start).
 * The key bytes are the UTF-8 of the stored text (base64url), as they were for the file.
 * @throws when the database cannot be read or written.
 */
export async function withSigningSecret<C extends Pick<Config, 'jwtSecret' | 'dataDir'>>(config: C, db: Db, log: SecretLog): Promise<C> {
  if (config.jwtSecret.length > 0) return config;
  const legacyFile = join(config.dataDir, 'jwt-secret');
  const legacy = existsSync(legacyFile) ? readFileSync(legacyFile, 'utf8').trim() : '';
  const candidate = legacy || randomBytes(32).toString('base64url');
  await db
    .insertInto('secrets')
    .values({ name: SECRET_NAME, value: candidate, created: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  if (legacy && row.value === legacy) log.info({ file: legacyFile }, 'the signing secret is the one of data/jwt-secret, now kept in the database');
  else if (legacy) log.info({ file: legacyFile }, 'data/jwt-secret is not the shared signing secret of this database; the database’s is used');
  return { ...config, jwtSecret: new TextEncoder().encode(row.value) };
}
