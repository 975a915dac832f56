/**
 * Sessions the user controls (SESSION-DEVICES): the list of a user's live sessions (refresh-token
 * families, SESSION-TOKENS) with the device each was started from, and signing out one of them or
 * all but the current one. A revoked family can no longer refresh, and its access tokens are
 * refused at once (`SessionService.authenticate` checks `revokedAt` on every request).
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../platform/config.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { SessionRow } from '../../../platform/db/types.js';
import { USER_AGENT_MAX, approximateNetwork } from '../../../platform/http/device.js';

/** What a session keeps of the device it was started from: the raw User-Agent (≤ `USER_AGENT_MAX` characters) and the approximate network. */
export interface SessionDevice {
  userAgent: string | null;
  network: string | null;
}

/**
 * The device of `request` as a session stores it: its User-Agent header cut to `USER_AGENT_MAX`
 * (null when absent or blank; the label is computed when read, `deviceLabel`) and the approximate
 * network of the trusted `request.ip` (`approximateNetwork`, never the full address).
 */
export function sessionDeviceOf(request: Pick<FastifyRequest, 'headers' | 'ip'>): SessionDevice {
  const header = request.headers['user-agent'];
  const userAgent = typeof header === 'string' ? header.slice(0, USER_AGENT_MAX).trim() : '';
  return { userAgent: userAgent || null, network: approximateNetwork(request.ip) };
}

/** Why a session was revoked by its user (`sessions.revoked_reason`). */
export const REVOKED_BY_USER = 'user';

export class SessionListService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'refreshTokenTtl'>,
  ) {}

  /**
   * The instant before which a session's last refresh token has expired: every start and rotation
   * sets `lastUsed` and issues a token valid `refreshTokenTtl` seconds, so a family is live while
   * `lastUsed` is later than now − TTL (ISO 8601 UTC strings compare in time order).
   */
  private liveSince(now: number): string {
    return nowIso(now - this.config.refreshTokenTtl * 1000);
  }

  /**
   * One page of the live sessions of `userId` (not revoked, not expired), most recently used first
   * (ties by start, then id, so pages are stable), and how many live sessions there are in all.
   */
  async live(userId: string, slice: { limit: number; offset: number }, now = Date.now()): Promise<{ rows: SessionRow[]; totalCount: number }> {
    const base = this.db.selectFrom('sessions').where('userId', '=', userId).where('revokedAt', 'is', null).where('lastUsed', '>', this.liveSince(now));
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('lastUsed', 'desc').orderBy('created', 'desc').orderBy('id').limit(slice.limit).offset(slice.offset).execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** Session `id` (live or not), or undefined. */
  async byId(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Signs out session `sessionId` of `userId` (idempotent: an already revoked one stays revoked).
   * @returns false when there is no such session of that user (the caller answers FORBIDDEN).
   */
  async revoke(userId: string, sessionId: string): Promise<boolean> {
    const row = await this.db.selectFrom('sessions').select(['id', 'userId']).where('id', '=', sessionId).executeTakeFirst();
    if (!row || row.userId !== userId) return false;
    await this.db
      .updateTable('sessions')
      .set({ revokedAt: nowIso(), revokedReason: REVOKED_BY_USER })
      .where('id', '=', sessionId)
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .execute();
    return true;
  }

  /**
   * Signs out every live session of `userId` except `keepSessionId` (the current one).
   * @returns how many live (not expired) sessions were signed out.
   */
  async revokeOthers(userId: string, keepSessionId: string, now = Date.now()): Promise<number> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revokedAt: nowIso(now), revokedReason: REVOKED_BY_USER })
      .where('userId', '=', userId)
      .where('id', '!=', keepSessionId)
      .where('revokedAt', 'is', null)
      .where('lastUsed', '>', this.liveSince(now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
