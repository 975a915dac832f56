/**
 * Sessions and refresh-token rotation (SESSION-TOKENS).
 *
 * A session is one refresh-token family, one per (user, deviceToken). Every refresh rotates
 * the token: the presented one is marked used and a successor is issued. Presenting a used
 * token again is treated as theft and revokes the whole family — unless it happens within
 * `refreshReuseGraceMs` of its use while the successor is still unused, which is two
 * requests of one client racing (answered 409 without revoking; see
 * docs/decisions/0005-refresh-token-rotation.md).
 * A family ends `sessionMaxAge` seconds after its sign-in however often it was rotated
 * (SESSION-MAX-AGE, decision 0026).
 */
import { type KeyObject, createSecretKey, randomUUID } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import { liveSessionUser, liveSessionUserQuery } from './sessionLookup.js';
import { RefreshRotation } from './refreshRotation.js';
import type { Config } from '../../../platform/config.js';
import { type Db, isUniqueViolation, nowIso } from '../../../platform/db/index.js';
import type { UserRow } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { SessionDevice } from './sessionList.js';
import { type AccessClaims, type TokenPair, hashToken, newOpaqueToken, signAccessToken, verifyAccessToken } from './tokens.js';

export type { TokenPair } from './tokens.js';

/** What a rotation answers: the new pair and when the session's absolute lifetime ends (ms since the epoch). */
export interface RotatedTokenPair extends TokenPair {
  sessionEndsAt: number;
}

export class SessionService {
  // Imported once: jose would otherwise import a raw secret on every sign and verify.
  private readonly key: KeyObject;
  /** The compiled session-and-user lookup of `authenticate` (sessionLookup.ts). */
  private liveSessionUser: CompiledQuery<UserRow> | undefined;
  private readonly rotation: RefreshRotation;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'jwtSecret' | 'accessTokenTtl' | 'refreshTokenTtl' | 'refreshReuseGraceMs' | 'sessionMaxAge' | 'publicUrl'>,
  ) {
    this.key = createSecretKey(config.jwtSecret);
    this.rotation = new RefreshRotation({
      db,
      config,
      key: this.key,
      issueAccess: (claims) => this.issueAccess(claims),
      revokeSession: (sessionId, reason) => this.revokeSession(sessionId, reason),
    });
  }

  private issueAccess(claims: AccessClaims): Promise<string> {
    return signAccessToken(claims, this.key, this.config.accessTokenTtl, this.config.publicUrl);
  }

  /**
   * Starts a new family for `userId` on `deviceToken`, revoking any earlier family of that
   * device (one family per device), and answers its first credentials with the session id (the
   * security timeline names it, ACC-TIMELINE). The session keeps `device`
   * (raw User-Agent and approximate network) for the user's session list (SESSION-DEVICES), and
   * `options.secondFactor`: whether the sign-in passed a second factor or was a passkey's (ACC-SUDO).
   */
  async start(
    userId: string,
    deviceToken: string,
    device: SessionDevice,
    options: { secondFactor?: boolean } = {},
  ): Promise<TokenPair & { sessionId: string }> {
    // A concurrent login on the same device may win the unique index sessions_live_device;
    // then revoke its family in turn and try again (the newest login keeps the device).
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.startOnce(userId, deviceToken, device, options.secondFactor === true);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  private async startOnce(userId: string, deviceToken: string, device: SessionDevice, secondFactor: boolean): Promise<TokenPair & { sessionId: string }> {
    const now = Date.now();
    const sessionId = randomUUID();
    const refreshToken = newOpaqueToken();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ revokedAt: nowIso(now), revokedReason: 'replaced' })
        .where('userId', '=', userId)
        .where('deviceToken', '=', deviceToken)
        .where('revokedAt', 'is', null)
        .execute();
      await trx
        .insertInto('sessions')
        .values({
          id: sessionId,
          userId,
          deviceToken,
          created: nowIso(now),
          lastUsed: nowIso(now),
          revokedAt: null,
          revokedReason: null,
          userAgent: device.userAgent,
          network: device.network,
          // ACC-SUDO (decision 0044): whether this sign-in counts as a proof for an account with 2FA.
          secondFactorSignIn: secondFactor ? 1 : 0,
        })
        .execute();
      await this.rotation.insertRefreshToken(trx, sessionId, refreshToken, now);
    });
    return { accessToken: await this.issueAccess({ userId, sessionId }), refreshToken, sessionId };
  }

  /**
   * Rotates `refreshToken`. Idempotent within `REFRESH_REUSE_GRACE_MS`: the same token presented
   * again (a lost response, a concurrent request) while its successor is unused answers the same
   * successor with a new access token (decision 0005).
   * @throws HttpError 401 INVALID_REFRESH_TOKEN (unknown, expired, revoked family),
   *   401 REFRESH_TOKEN_REUSED (family revoked now), 409 REFRESH_TOKEN_RACE (presented again within
   *   the window after its successor was already used), 401 SESSION_EXPIRED (the session is older
   *   than `sessionMaxAge`; the family is revoked, SESSION-MAX-AGE).
   */
  async rotate(refreshToken: string): Promise<RotatedTokenPair> {
    const now = Date.now();
    const row = await this.db
      .selectFrom('refreshTokens as t')
      .innerJoin('sessions as s', 's.id', 't.sessionId')
      .select(['t.id', 't.sessionId', 't.expiresAt', 't.usedAt', 's.userId', 's.revokedAt', 's.created'])
      .where('t.tokenHash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    const invalid = new HttpError(401, 'INVALID_REFRESH_TOKEN', 'The refresh token is not valid; sign in again.');
    if (!row || row.revokedAt !== null || Date.parse(row.expiresAt) <= now) throw invalid;
    const sessionEndsAt = this.sessionEnd(row.created);
    if (sessionEndsAt <= now) {
      await this.revokeSession(row.sessionId, 'expired');
      throw new HttpError(401, 'SESSION_EXPIRED', 'This session has reached its maximum lifetime; sign in again.');
    }
    const credentials = await this.rotation.rotateLive(row, refreshToken, now);
    return { ...credentials, sessionEndsAt };
  }

  /** When a session that started at `created` (ISO) ends, in ms since the epoch (SESSION-MAX-AGE). */
  sessionEnd(created: string | Date): number {
    return new Date(created).getTime() + this.config.sessionMaxAge * 1000;
  }

  /**
   * The session family `refreshToken` belongs to — live or not, used or not — so a sign-out that
   * presents the refresh cookie can end it (AUTH-LOGOUT, decision 0026); null when unknown.
   */
  async familyOf(refreshToken: string): Promise<{ sessionId: string; userId: string } | null> {
    const row = await this.db
      .selectFrom('refreshTokens as t')
      .innerJoin('sessions as s', 's.id', 't.sessionId')
      .select(['t.sessionId', 's.userId'])
      .where('t.tokenHash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * The role of the user whose live session `refreshToken` belongs to (not revoked, token not
   * expired, session within `sessionMaxAge`), or null. Read-only: nothing rotates. The server
   * renders administrators' pages only for `ADMIN` (ADMIN-AREA); the API checks every operation anyway.
   */
  async roleOf(refreshToken: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('refreshTokens as t')
      .innerJoin('sessions as s', 's.id', 't.sessionId')
      .innerJoin('users as u', 'u.id', 's.userId')
      .select(['u.role', 't.expiresAt', 's.revokedAt', 's.created'])
      .where('t.tokenHash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    const now = Date.now();
    if (!row || row.revokedAt !== null || Date.parse(row.expiresAt) <= now || this.sessionEnd(row.created) <= now) return null;
    return row.role;
  }

  /** Revokes one family. */
  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revokedAt: nowIso(), revokedReason: reason })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  /** Revokes the family of `deviceToken` and the family `sessionId` of `userId` (AUTH-LOGOUT). */
  async revokeDevice(userId: string, deviceToken: string, sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revokedAt: nowIso(), revokedReason: 'logout' })
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('deviceToken', '=', deviceToken), eb('id', '=', sessionId)]))
      .where('revokedAt', 'is', null)
      .execute();
  }

  /** Revokes every family of `userId` except `keepSessionId` (password change). */
  async revokeOthers(userId: string, keepSessionId: string | null, reason: string): Promise<void> {
    let q = this.db.updateTable('sessions').set({ revokedAt: nowIso(), revokedReason: reason }).where('userId', '=', userId).where('revokedAt', 'is', null);
    if (keepSessionId) q = q.where('id', '!=', keepSessionId);
    await q.execute();
  }

  /**
   * Authenticates a bearer access token: valid signature and expiry, and a family not revoked.
   * @returns the claims with the user's row, or why it was refused.
   */
  async authenticate(accessToken: string): Promise<(AccessClaims & { user: UserRow }) | 'expired' | 'invalid' | 'revoked'> {
    const claims = await verifyAccessToken(accessToken, this.key, this.config.publicUrl);
    if (typeof claims === 'string') return claims;
    this.liveSessionUser ??= liveSessionUserQuery(this.db);
    const user = await liveSessionUser(this.db, this.liveSessionUser, claims.sessionId, claims.userId);
    return user ? { ...claims, user } : 'revoked';
  }
}
