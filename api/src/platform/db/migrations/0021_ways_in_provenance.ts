import type { Kysely, Migration } from 'kysely';
import { text } from './columns.js';

/**
 * What vouched for each way into an account, so a password reset can end the ones it does not
 * trust (ACC-RESET, decision 0045):
 * - `sessions.proof_method`: how the session last proved itself — its sign-in's method
 *   (`password`, `password+totp`, `passkey`, `social`, …) or its last re-authentication's
 *   (`password`, `totp`, `recovery`, `passkey`); null for sessions started before this migration.
 * - `added_session_id` and `added_proof` on `service_accounts`, `passkeys` and `totp_secrets`:
 *   the session that added the way in and the class of proof it held then (`none` — no proof within
 *   the window; `password`, `mail`, `social`, `second-factor`, `signup` — the link an account was
 *   created with; `unknown`). Null for rows made before this migration, except links made with
 *   their account (within a minute of it), which become `signup`.
 * - (`social_states.session_id`, the session that started a link, comes from migration 0020.)
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sessions').addColumn('proof_method', text).execute();
    for (const table of ['service_accounts', 'passkeys', 'totp_secrets']) {
      await db.schema.alterTable(table).addColumn('added_session_id', text).execute();
      await db.schema.alterTable(table).addColumn('added_proof', text).execute();
    }
    // Links made with their account: a social sign-up (no later session could have added them).
    const links = await db
      .selectFrom('service_accounts')
      .innerJoin('users', 'users.id', 'service_accounts.user_id')
      .select(['service_accounts.id as id', 'service_accounts.created as linked', 'users.created as joined'])
      .execute();
    for (const link of links as { id: string; linked: string; joined: string }[]) {
      if (Math.abs(Date.parse(link.linked) - Date.parse(link.joined)) <= 60_000) {
        await db.updateTable('service_accounts').set({ added_proof: 'signup' }).where('id', '=', link.id).execute();
      }
    }
  },
  async down(db: Kysely<any>) {
    for (const table of ['service_accounts', 'passkeys', 'totp_secrets']) {
      await db.schema.alterTable(table).dropColumn('added_proof').execute();
      await db.schema.alterTable(table).dropColumn('added_session_id').execute();
    }
    await db.schema.alterTable('sessions').dropColumn('proof_method').execute();
  },
};
