import { type Kysely, type Migration, sql } from 'kysely';

// One live refresh family per (user, device), enforced by the database so that concurrent
// logins on one device cannot both leave a live family (PostgreSQL read committed).
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('sessions_live_device')
      .on('sessions')
      .columns(['user_id', 'device_token'])
      .unique()
      .where(sql.ref('revoked_at'), 'is', null)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('sessions_live_device').execute();
  },
};
