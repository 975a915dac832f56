/**
 * Access tokens: HS256 JWTs signed with jose, `sub` = user id, `sid` = session (refresh family) id,
 * lifetime `Config.accessTokenTtl` (15 min). Refresh tokens: 256 random bits, base64url, stored
 * only as their SHA-256 hex digest (SESSION-TOKENS).
 */
import { type KeyObject, createHash, randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify, errors as joseErrors } from 'jose';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Signs an access token for `claims` that expires `ttlSeconds` from now. */
export function signAccessToken(claims: AccessClaims, secret: Uint8Array | KeyObject, ttlSeconds: number, issuer: string): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

/** Why a bearer token was refused. */
export type TokenProblem = 'expired' | 'invalid';

/**
 * Verifies an access token's signature, algorithm, issuer and expiry.
 * @returns the claims, or the reason it was refused.
 */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array | KeyObject,
  issuer: string,
): Promise<AccessClaims | TokenProblem> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return 'invalid';
    return { userId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
  }
}

/**
 * When an access token expires, in ms since the epoch, read without verifying it — only for a
 * token that `verifyAccessToken` accepted. Null when it has no `exp` or does not decode.
 */
export function accessTokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * A new opaque secret: 256 random bits, base64url, 43 characters. Used for refresh tokens,
 * password-reset tokens, social sign-in one-time codes and browser bindings.
 */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of an opaque token (refresh token, social one-time code, state): its SHA-256 digest in hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
