/**
 * Refresh-token rotation proper (SESSION-TOKENS, decision 0005): the used token's successor, the
 * replay of a rotation within the grace window, and what reuse outside it means (theft: the family
 * is revoked).
 */
import { type KeyObject, createHmac, randomUUID } from 'node:crypto';
import type { Config } from '../../../platform/config.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import { HttpError } from '../../../platform/http/errors.js';
import { type AccessClaims, type TokenPair, hashToken } from './tokens.js';

/** What rotation needs from the session service. */
export interface RotationDeps {
  db: Db;
  config: Pick<Config, 'refreshTokenTtl' | 'refreshReuseGraceMs'>;
  /** The signing key (the successor of a token is an HMAC under it). */
  key: KeyObject;
  issueAccess(claims: AccessClaims): Promise<string>;
  revokeSession(sessionId: string, reason: string): Promise<void>;
}

/** Rotates live refresh tokens of a family (see the module docstring). */
export class RefreshRotation {
  constructor(private readonly deps: RotationDeps) {}

  /** Stores `token` (hashed) as the live token of family `sessionId`, valid `refreshTokenTtl` from `now`. */
  async insertRefreshToken(trx: Db, sessionId: string, token: string, now: number): Promise<void> {
    await trx
      .insertInto('refreshTokens')
      .values({
        id: randomUUID(),
        sessionId,
        tokenHash: hashToken(token),
        created: nowIso(now),
        expiresAt: nowIso(now + this.deps.config.refreshTokenTtl * 1000),
        usedAt: null,
      })
      .execute();
  }

  /** Rotation proper of a live, unexpired token `row` (see `rotate`). */
  async rotateLive(row: { id: string; sessionId: string; userId: string; usedAt: string | null }, refreshToken: string, now: number): Promise<TokenPair> {
    // The successor is derived from the token it replaces, so a rotation answered to a client that
    // never received it (a tab closed or reloaded mid-refresh, a dropped response) can be answered
    // again with the same pair within the grace window instead of leaving every tab signed out.
    const successor = this.successorOf(refreshToken);
    if (row.usedAt !== null) {
      const replay = await this.replayWithinGrace(row, successor, now);
      if (replay) return replay;
      throw await this.onReuse(row.sessionId, row.usedAt, now);
    }

    const won = await this.deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('refreshTokens')
        .set({ usedAt: nowIso(now) })
        .where('id', '=', row.id)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await this.insertRefreshToken(trx, row.sessionId, successor, now);
      await trx
        .updateTable('sessions')
        .set({ lastUsed: nowIso(now) })
        .where('id', '=', row.sessionId)
        .execute();
      return true;
    });
    if (!won) {
      // A concurrent request with the same token rotated it first: the same pair is the answer.
      const replay = await this.replayWithinGrace({ ...row, usedAt: nowIso(now) }, successor, now);
      if (replay) return replay;
      throw raceError();
    }
    return { accessToken: await this.deps.issueAccess({ userId: row.userId, sessionId: row.sessionId }), refreshToken: successor };
  }

  /** The refresh token that replaces `token`: HMAC-SHA-256 under the signing secret, base64url (256 bits). */
  private successorOf(token: string): string {
    return createHmac('sha256', this.deps.key).update(`refresh-successor:${token}`).digest('base64url');
  }

  /**
   * Answers the pair of a rotation already done, when the token was used less than
   * `REFRESH_REUSE_GRACE_MS` ago and its successor is still unused: the same successor and a new
   * access token. Otherwise null (the caller decides between race and reuse).
   */
  private async replayWithinGrace(
    row: { sessionId: string; userId: string; usedAt: string | null },
    successor: string,
    now: number,
  ): Promise<TokenPair | null> {
    if (row.usedAt === null || now - Date.parse(row.usedAt) >= this.deps.config.refreshReuseGraceMs) return null;
    const next = await this.deps.db
      .selectFrom('refreshTokens')
      .select(['id', 'usedAt'])
      .where('sessionId', '=', row.sessionId)
      .where('tokenHash', '=', hashToken(successor))
      .executeTakeFirst();
    if (!next || next.usedAt !== null) return null;
    return { accessToken: await this.deps.issueAccess({ userId: row.userId, sessionId: row.sessionId }), refreshToken: successor };
  }

  private async onReuse(sessionId: string, usedAt: string, now: number): Promise<HttpError> {
    const withinGrace = now - Date.parse(usedAt) < this.deps.config.refreshReuseGraceMs;
    if (withinGrace) {
      const laterUse = await this.deps.db
        .selectFrom('refreshTokens')
        .select('id')
        .where('sessionId', '=', sessionId)
        .where('usedAt', '>', usedAt)
        .executeTakeFirst();
      if (!laterUse) return raceError();
    }
    await this.deps.revokeSession(sessionId, 'reuse');
    return new HttpError(401, 'REFRESH_TOKEN_REUSED', 'This refresh token was already used; the session was signed out for safety.');
  }
}

function raceError(): HttpError {
  return new HttpError(409, 'REFRESH_TOKEN_RACE', 'This refresh token was just rotated by a concurrent request; use the newest credentials.');
}
