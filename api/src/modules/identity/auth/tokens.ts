/**
 * Access tokens: HS256 JWTs (RFC 7519) signed and verified with fast-jwt, `sub` = user id, `sid` =
 * session (refresh family) id, `iss` = the site's public URL, lifetime `Config.accessTokenTtl`
 * (15 min). Refresh tokens: 256 random bits, base64url, stored only as their SHA-256 hex digest
 * (SESSION-TOKENS).
 *
 * Why fast-jwt and not jose (decision 0024): jose 6 computes every HMAC with WebCrypto, which Node
 * runs as a job on the libuv thread pool — the pool argon2 saturates during a login storm, so every
 * bearer request waited behind password hashes. fast-jwt's HMAC is node:crypto's synchronous
 * `createHmac` (microseconds on the event loop), so token checks never queue behind hashing.
 */
import { type KeyObject, createHash, randomBytes } from 'node:crypto';
import { TokenError, createDecoder, createSigner, createVerifier } from 'fast-jwt';

/** The token pair answered by register, login and refresh: a short-lived access token and its refresh token (SESSION-TOKENS). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;
/** A verified token's claims and its expiry (ms since the epoch; Infinity without `exp`). */
type Verified = { claims: Readonly<AccessClaims>; expiresAtMs: number };
type Compiled = { sign: Signer; verify: Verifier; verified: Map<string, Verified> };

/**
 * How many accepted tokens each key remembers (decision 0038): a client sends the same access token
 * with every request for its 15 minutes, and a token verified once under a key and issuer stays
 * valid until its `exp` (checked again on every use), so a repeat skips the HMAC and the JSON
 * decoding. Revocation is not the token's business: the session check reads the database each time.
 */
const VERIFIED_TOKENS = 10_000;

/** One signer and verifier per key and issuer (fast-jwt compiles its checks once per instance). */
const compiled = new WeakMap<Uint8Array | KeyObject, Map<string, Compiled>>();

function forKey(secret: Uint8Array | KeyObject, issuer: string): Compiled {
  let byIssuer = compiled.get(secret);
  if (!byIssuer) compiled.set(secret, (byIssuer = new Map()));
  let pair = byIssuer.get(issuer);
  if (!pair) {
    const key = 'export' in secret ? secret.export() : Buffer.from(secret);
    pair = {
      sign: createSigner({ key, algorithm: 'HS256', iss: issuer }) as Signer,
      verify: createVerifier({ key, algorithms: ['HS256'], allowedIss: issuer, requiredClaims: ['exp', 'sub', 'sid'] }) as Verifier,
      verified: new Map(),
    };
    byIssuer.set(issuer, pair);
  }
  return pair;
}

/** Signs an access token for `claims` that expires `ttlSeconds` from now (whole seconds, RFC 7519 NumericDate). */
export async function signAccessToken(claims: AccessClaims, secret: Uint8Array | KeyObject, ttlSeconds: number, issuer: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return forKey(secret, issuer).sign({ sub: claims.userId, sid: claims.sessionId, iat: now, exp: now + ttlSeconds });
}

/** Why a bearer token was refused. */
export type TokenProblem = 'expired' | 'invalid';

/**
 * Verifies an access token's signature (HS256 only: `alg: none` and every other algorithm are
 * refused), issuer and expiry, synchronously on the calling thread.
 * @returns the claims, or the reason it was refused.
 */
export async function verifyAccessToken(token: string, secret: Uint8Array | KeyObject, issuer: string): Promise<AccessClaims | TokenProblem> {
  const pair = forKey(secret, issuer);
  const seen = pair.verified.get(token);
  // RFC 7519 §4.1.4: the current time must be BEFORE `exp` (fast-jwt also accepts its last millisecond).
  if (seen) return seen.expiresAtMs <= Date.now() ? 'expired' : seen.claims;
  try {
    const payload = pair.verify(token);
    const expiresAtMs = typeof payload['exp'] === 'number' ? payload['exp'] * 1000 : Infinity;
    if (expiresAtMs <= Date.now()) return 'expired';
    if (typeof payload['sub'] !== 'string' || typeof payload['sid'] !== 'string') return 'invalid';
    const claims = Object.freeze({ userId: payload['sub'], sessionId: payload['sid'] });
    if (pair.verified.size >= VERIFIED_TOKENS) pair.verified.delete(pair.verified.keys().next().value as string);
    pair.verified.set(token, { claims, expiresAtMs });
    return claims;
  } catch (error) {
    return error instanceof TokenError && error.code === TokenError.codes.expired ? 'expired' : 'invalid';
  }
}

const decode = createDecoder() as (token: string) => Record<string, unknown>;

/**
 * When an access token expires, in ms since the epoch, read without verifying it — only for a
 * token that `verifyAccessToken` accepted. Null when it has no `exp` or does not decode.
 */
export function accessTokenExpiry(token: string): number | null {
  try {
    const { exp } = decode(token);
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
