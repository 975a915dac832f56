/**
 * The users page of the back-office (ADMIN-USERS): the list of every account, newest first, with a
 * case-insensitive search over e-mail address, name and username and a role filter; and ending
 * all sessions of a user at once, audited in the same transaction (ADMIN-AUDIT). Who may call
 * these is graphql/policy.ts's (administrators only).
 */
import { type AuditActor, contains, likePattern, recordAudit } from '../../../platform/audit.js';
import type { Config } from '../../../platform/config.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { UserRow } from '../../../platform/db/types.js';

/** Why a session was revoked by an administrator (`sessions.revoked_reason`). */
export const REVOKED_BY_ADMIN = 'admin';

/** The filters of the users page. */
export interface UserFilters {
  limit: number;
  offset: number;
  /** Case-insensitive text in the e-mail address, full name or username. */
  search?: string | undefined;
  /** Only users with this role (`USER` or `ADMIN`). */
  role?: string | undefined;
}

export interface AdminUserServiceDeps {
  db: Db;
  config: Pick<Config, 'refreshTokenTtl'>;
  /** Tells live subscribers that a user's record changed (their open tabs learn their sessions ended). */
  userChanged(userId: string): void;
}

export class AdminUserService {
  constructor(private readonly deps: AdminUserServiceDeps) {}

  /** The instant before which a session has expired (auth/sessionList.ts: live while `lastUsed` is later than now − refresh TTL). */
  private liveSince(now: number): string {
    return nowIso(now - this.deps.config.refreshTokenTtl * 1000);
  }

  /** `limit` users from `offset` matching the filters, newest account first (ties by id), and how many match in all. */
  async page(filters: UserFilters): Promise<{ rows: UserRow[]; totalCount: number }> {
    let query = this.deps.db.selectFrom('users');
    if (filters.role) query = query.where('role', '=', filters.role);
    if (filters.search) {
      const pattern = likePattern(filters.search);
      query = query.where((eb) => eb.or(['email', 'full_name', 'username'].map((column) => contains(column, pattern))));
    }
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(filters.limit).offset(filters.offset).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** How many live sessions (not revoked, not expired) each user of `ids` has, in the order of `ids`; a loader's batch. */
  async activeSessionCounts(ids: readonly string[], now = Date.now()): Promise<number[]> {
    const rows = await this.deps.db
      .selectFrom('sessions')
      .select(['userId', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('userId', 'in', [...ids])
      .where('revokedAt', 'is', null)
      .where('lastUsed', '>', this.liveSince(now))
      .groupBy('userId')
      .execute();
    const counts = new Map(rows.map((row) => [row.userId, Number(row.n)]));
    return ids.map((id) => counts.get(id) ?? 0);
  }

  /**
   * Signs out every session of `user` (reason `admin`): their refresh tokens stop working and their
   * access tokens are refused from the next request. Audited as `user.endSessions` with the number
   * of live sessions before and after, in the same transaction; then announced (`userChanged`).
   * @returns how many live sessions were signed out (expired ones are revoked too, not counted).
   */
  async endSessions(user: UserRow, actor: AuditActor, now = Date.now()): Promise<number> {
    const endedCount = await this.deps.db.transaction().execute(async (trx) => {
      const revokedAt = nowIso(now);
      const live = await trx
        .updateTable('sessions')
        .set({ revokedAt, revokedReason: REVOKED_BY_ADMIN })
        .where('userId', '=', user.id)
        .where('revokedAt', 'is', null)
        .where('lastUsed', '>', this.liveSince(now))
        .executeTakeFirst();
      await trx
        .updateTable('sessions')
        .set({ revokedAt, revokedReason: REVOKED_BY_ADMIN })
        .where('userId', '=', user.id)
        .where('revokedAt', 'is', null)
        .execute();
      const count = Number(live.numUpdatedRows);
      await recordAudit(trx, {
        actor,
        action: 'user.endSessions',
        target: { type: 'User', id: user.id, label: user.email },
        before: { activeSessionCount: count },
        after: { activeSessionCount: 0 },
      });
      return count;
    });
    this.deps.userChanged(user.id);
    return endedCount;
  }
}
