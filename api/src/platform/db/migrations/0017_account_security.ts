import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres, text } from './columns.js';

/**
 * The account security centre (decision 0040):
 * - `totp_secrets`: one authenticator (TOTP) per user (ACC-2FA): the secret sealed with the secret
 *   box (purpose `totp`), `confirmed_at` null while the enrolment waits for its first code, and
 *   `last_used_step` — the 30-second step of the last accepted code, so a code is never accepted twice.
 * - `recovery_codes`: ten single-use codes per user, stored as HMAC-SHA-256 (ACC-2FA).
 * - `two_factor_challenges`: a password (or social) sign-in waiting for its second factor, keyed
 *   by the SHA-256 of the challenge token, bound to the device, short-lived, with its wrong tries.
 * - `passkeys`: WebAuthn credentials (ACC-PASSKEYS), the public key (COSE, base64url) and the
 *   signature counter; `webauthn_challenges` the single-use ceremony challenges.
 * - `security_events`: the security timeline (ACC-TIMELINE), append-only — UPDATE is refused by
 *   triggers, and so is DELETE while the account exists (deleting an account erases its timeline).
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    const postgres = await isPostgres(db);
    await db.schema
      .createTable('totp_secrets')
      .addColumn('user_id', text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret_sealed', text, (c) => c.notNull())
      .addColumn('confirmed_at', text)
      .addColumn('last_used_step', 'bigint')
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', text, (c) => c.notNull())
      .addColumn('used_at', text)
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();
    await db.schema
      .createTable('two_factor_challenges')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_token', text, (c) => c.notNull())
      .addColumn('method', text, (c) => c.notNull())
      .addColumn('return_path', text)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', text, (c) => c.notNull())
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    // Each password sign-in of a 2FA account sweeps the expired challenges.
    await db.schema.createIndex('two_factor_challenges_expires').on('two_factor_challenges').column('expires_at').execute();
    await db.schema
      .createTable('passkeys')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', text, (c) => c.notNull())
      .addColumn('public_key', text, (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', text)
      .addColumn('created', text, (c) => c.notNull())
      .addColumn('last_used', text)
      .execute();
    await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
    await db.schema
      .createTable('webauthn_challenges')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('purpose', text, (c) => c.notNull())
      .addColumn('expires_at', text, (c) => c.notNull())
      .execute();
    // Every options request (each /auth visit with passkey autofill) sweeps the expired challenges.
    await db.schema.createIndex('webauthn_challenges_expires').on('webauthn_challenges').column('expires_at').execute();
    await db.schema
      .createTable('security_events')
      .addColumn('id', text, (c) => c.primaryKey())
      // No foreign key: deleting the account deletes its events explicitly (users/profile.ts).
      .addColumn('user_id', text, (c) => c.notNull())
      .addColumn('kind', text, (c) => c.notNull())
      .addColumn('method', text)
      .addColumn('session_id', text)
      .addColumn('user_agent', text)
      .addColumn('network', text)
      .addColumn('created', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('security_events_user_created').on('security_events').columns(['user_id', 'created']).execute();

    // Append-only: UPDATE refused always, DELETE while the account still exists (ACC-TIMELINE).
    if (postgres) {
      await sql`create or replace function security_events_append_only() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' and not exists (select 1 from users where id = old.user_id) then return old; end if;
          raise exception 'the security timeline is append-only: % on % refused', tg_op, tg_table_name;
        end $$`.execute(db);
      await sql`create trigger security_events_append_only before update or delete on security_events for each row execute function security_events_append_only()`.execute(
        db,
      );
    } else {
      await sql`create trigger security_events_no_update before update on security_events begin select raise(abort, 'the security timeline is append-only: update on security_events refused'); end`.execute(
        db,
      );
      await sql`create trigger security_events_no_delete before delete on security_events when exists (select 1 from users where id = old.user_id) begin select raise(abort, 'the security timeline is append-only: delete on security_events refused'); end`.execute(
        db,
      );
    }
  },
  async down(db: Kysely<any>) {
    for (const table of ['security_events', 'webauthn_challenges', 'passkeys', 'two_factor_challenges', 'recovery_codes', 'totp_secrets'])
      await db.schema.dropTable(table).execute();
    if (await isPostgres(db)) await sql`drop function if exists security_events_append_only()`.execute(db);
  },
};
