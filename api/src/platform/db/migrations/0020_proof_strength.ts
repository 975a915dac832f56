import type { Kysely, Migration } from 'kysely';
import { text } from './columns.js';

/**
 * How strong a session's proofs were (ACC-SUDO, decision 0044):
 * - `sessions.second_factor_sign_in`: 1 when the sign-in itself passed a second factor (an
 *   authenticator or recovery code) or was made with a passkey; 0 for a password, a social
 *   provider or a registration alone. For an account with two-factor authentication only such a
 *   sign-in counts as a recent proof.
 * - `sessions.reauthenticated_method`: the proof `reauthenticated_at` stands for (`PASSWORD`,
 *   `TOTP`, `PASSKEY`, `EMAIL_CODE`); null for stamps made before this migration (read as `PASSWORD`).
 * - `social_states.session_id`: the session that started linking a provider, so the callback's
 *   link counts only when that session had a recent proof when it started and is still live.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('sessions')
      .addColumn('second_factor_sign_in', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('sessions').addColumn('reauthenticated_method', text).execute();
    await db.schema.alterTable('social_states').addColumn('session_id', text).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('social_states').dropColumn('session_id').execute();
    await db.schema.alterTable('sessions').dropColumn('reauthenticated_method').execute();
    await db.schema.alterTable('sessions').dropColumn('second_factor_sign_in').execute();
  },
};
