/**
 * Access tokens: HS256 JWTs signed with jose, `sub` = user id, `sid` = session (refresh family) id,
 * lifetime `Config.accessTokenTtl` (15 min). Refresh tokens: 256 random bits, base64url, stored
 * only as their SHA-256 hex digest (SESSION-TOKENS).
 *
 * jose 6 computes every HMAC with WebCrypto (`crypto.subtle`), which Node runs as a job on the
 * libuv thread pool, whatever the key type (a KeyObject is turned into a CryptoKey once).
 * So that a bearer request does not take a pool thread each time (decision 0024), a token that
 * verified is remembered per key (LRU, `VERIFIED_MAX`) and a repeat of the same bytes skips the
 * HMAC; its expiry is checked again at every use, exactly as jose checks it.
 */
import { type KeyObject, createHash, randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';

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

/** Verified tokens remembered per key (about 0.5 KB each): one per signed-in device is plenty. */
export const VERIFIED_MAX = 10_000;
const verified = new WeakMap<Uint8Array | KeyObject, LRUCache<string, { claims: AccessClaims; exp: number }>>();

/**
 * Verifies an access token's signature, algorithm, issuer and expiry (jose; a token already
 * verified with this `secret` and `issuer` only has its expiry checked again).
 * @returns the claims, or the reason it was refused.
 */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array | KeyObject,
  issuer: string,
): Promise<AccessClaims | TokenProblem> {
  let cache = verified.get(secret);
  if (!cache) verified.set(secret, (cache = new LRUCache({ max: VERIFIED_MAX })));
  const id = `${issuer} ${token}`;
  const known = cache.get(id);
  // jose's rule: expired when `exp` ≤ now in whole seconds (no clock tolerance).
  if (known && known.exp > Math.floor(Date.now() / 1000)) return { ...known.claims };
  if (known) {
    cache.delete(id);
    return 'expired';
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return 'invalid';
    const claims = { userId: payload.sub, sessionId: payload.sid };
    // Only what a re-check of `exp` alone keeps right: our own tokens (an exp, no nbf).
    if (typeof payload.exp === 'number' && payload.nbf === undefined) cache.set(id, { claims, exp: payload.exp });
    return claims;
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
