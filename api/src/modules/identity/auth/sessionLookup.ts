/**
 * The lookup behind every authenticated request (SESSION-TOKENS): one query answers both "is the
 * session family live?" and "who is it?" — the user's row when the session exists, belongs to the
 * user and is not revoked. Compiled once per database handle: only its two parameters change
 * (decision 0038).
 */
import type { CompiledQuery } from 'kysely';
import type { Db } from '../../../platform/db/index.js';
import type { UserRow } from '../../../platform/db/types.js';

/** The compiled lookup of `db`; parameters: session id, user id. */
export function liveSessionUserQuery(db: Db): CompiledQuery<UserRow> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .selectAll('u')
    .where('s.id', '=', '')
    .where('s.userId', '=', '')
    .where('s.revokedAt', 'is', null)
    .compile();
}

/** The user of a live session `sessionId` of `userId`, or undefined. */
export async function liveSessionUser(db: Db, query: CompiledQuery<UserRow>, sessionId: string, userId: string): Promise<UserRow | undefined> {
  const { rows } = await db.executeQuery<UserRow>({ ...query, parameters: [sessionId, userId] });
  return rows[0];
}
