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

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;

/** One signer and verifier per key and issuer (fast-jwt compiles its checks once per instance). */
const compiled = new WeakMap<Uint8Array | KeyObject, Map<string, { sign: Signer; verify: Verifier }>>();

function forKey(secret: Uint8Array | KeyObject, issuer: string): { sign: Signer; verify: Verifier } {
  let byIssuer = compiled.get(secret);
  if (!byIssuer) compiled.set(secret, (byIssuer = new Map()));
  let pair = byIssuer.get(issuer);
  if (!pair) {
    const key = 'export' in secret ? secret.export() : Buffer.from(secret);
    pair = {
      sign: createSigner({ key, algorithm: 'HS256', iss: issuer }) as Signer,
      verify: createVerifier({ key, algorithms: ['HS256'], allowedIss: issuer, requiredClaims: ['exp', 'sub', 'sid'] }) as Verifier,
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
  try {
    const payload = forKey(secret, issuer).verify(token);
    // RFC 7519 §4.1.4: the current time must be BEFORE `exp` (fast-jwt also accepts its last millisecond).
    if (typeof payload['exp'] === 'number' && payload['exp'] * 1000 <= Date.now()) return 'expired';
    if (typeof payload['sub'] !== 'string' || typeof payload['sid'] !== 'string') return 'invalid';
    return { userId: payload['sub'], sessionId: payload['sid'] };
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
