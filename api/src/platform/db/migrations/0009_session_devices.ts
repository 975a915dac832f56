import { type Kysely, type Migration } from 'kysely';
import { text } from './columns.js';

/**
 * Sessions the user controls (SESSION-DEVICES): a session keeps the device it was started from —
 * the raw User-Agent (cut to `USER_AGENT_MAX`, labelled when read) and the approximate network
 * ("203.0.113.x"). Sessions started before this migration have neither (shown as "Unknown device").
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sessions').addColumn('user_agent', text).execute();
    await db.schema.alterTable('sessions').addColumn('network', text).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sessions').dropColumn('network').execute();
    await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  },
};
