import { type Kysely, sql } from 'kysely';

/** The column type of every text column, on SQLite and PostgreSQL alike. */
export const text = 'text' as const;

/** Whether `db` is PostgreSQL (SQLite has no `version()`): for the few statements that differ. */
export async function isPostgres(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}
