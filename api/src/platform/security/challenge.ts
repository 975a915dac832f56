/**
 * The proof-of-work challenge (SEC-CHALLENGE, decision 0029; OWASP ASVS 5.0 §2.4.1 anti-automation):
 * ALTCHA v2 (`altcha-lib`), PBKDF2/SHA-256, self-hosted — no third party sees the visitor.
 *
 * - `GET /api/challenge` (challengeRoutes.ts) answers `issue()`: a challenge signed with HMAC keys
 *   derived from the server's signing secret (security/signingSecret.ts, so every process of a site
 *   accepts every other's challenges), valid for `CHALLENGE_EXPIRES_SECONDS`.
 * - The widget (web/src/forms/Challenge.tsx) solves it and sends the payload: base64 of the JSON
 *   `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`.
 * - `verify(payload)` checks signature, expiry and solution, then records the signature in
 *   `used_challenges` until the challenge expires: a solved payload works once, in any process.
 * - `requireChallenge(challenges, gate, key, payload)` is what an operation calls: it counts one
 *   event for `key` (the client IP) under the gate's limit (`challengeOrder`, `challengeRegister`,
 *   security/limits.ts); below the threshold nothing is asked, above it a valid payload is needed.
 *   `demandChallenge(challenges, payload)` asks unconditionally, for callers with their own count.
 */
import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Config } from '../config.js';
import { type Db, isUniqueViolation, nowIso } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import type { LimitName, RateLimits } from './limits.js';

/** Where the clients fetch a challenge. */
export const CHALLENGE_PATH = '/api/challenge';

/** The key derivation of our challenges (bundled with the widget, WebCrypto in the browser). */
const ALGORITHM = 'PBKDF2/SHA-256';

/** The longest payload looked at (a real one is well under 1 KB). */
const MAX_PAYLOAD_LENGTH = 4096;

/** The operations that may ask for a challenge, each with its per-IP count (security/limits.ts). */
export const CHALLENGE_GATES = { order: 'challengeOrder', register: 'challengeRegister' } as const satisfies Record<string, LimitName>;
export type ChallengeGate = keyof typeof CHALLENGE_GATES;

/** The decoded payload; `verifySolution` checks the rest. */
const payloadShape = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().max(256),
      salt: z.string().max(256),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(256).optional(),
      expiresAt: z.number(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().min(1).max(256),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256), time: z.number().optional() }),
});

/** Why a payload was refused (for logs and tests; clients only see CHALLENGE_INVALID). */
export type ChallengeRefusal = 'malformed' | 'expired' | 'invalid' | 'replayed';

export interface Challenges {
  /** A fresh signed challenge, the JSON `GET /api/challenge` answers. */
  issue(): Promise<Challenge>;
  /** Checks a solved payload and uses it up. @returns null when accepted, else why it was refused. */
  verify(payload: string): Promise<ChallengeRefusal | null>;
  /** Counts one event of `key` under `gate`; true when the count is past the threshold (a challenge is due). */
  due(gate: ChallengeGate, key: string): Promise<boolean>;
}

/** An HMAC key for `purpose`, derived from the site's signing secret (hex text, as altcha-lib takes it). */
function derivedSecret(signingSecret: Uint8Array, purpose: string): string {
  return createHmac('sha256', signingSecret).update(`altcha:${purpose}`).digest('hex');
}

/**
 * Builds the challenge service. `config.jwtSecret` must already be the shared signing secret
 * (`withSigningSecret`); used signatures live in `db` (`used_challenges`, migration 0011).
 * `now` (milliseconds) dates new challenges; tests pass a clock in the past to make expired ones.
 */
export function createChallenges(db: Db, limits: RateLimits, config: Pick<Config, 'jwtSecret' | 'challenge'>, now: () => number = Date.now): Challenges {
  const hmacSignatureSecret = derivedSecret(config.jwtSecret, 'challenge');
  const hmacKeySignatureSecret = derivedSecret(config.jwtSecret, 'key');
  const { cost, counterMax, expiresSeconds } = config.challenge;
  return {
    issue() {
      return createChallenge({
        algorithm: ALGORITHM,
        cost,
        counter: randomInt(counterMax, Math.floor(counterMax / 2)),
        deriveKey,
        expiresAt: Math.floor(now() / 1000) + expiresSeconds,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    async verify(payload) {
      if (payload.length > MAX_PAYLOAD_LENGTH) return 'malformed';
      let decoded: z.infer<typeof payloadShape>;
      try {
        decoded = payloadShape.parse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
      } catch {
        return 'malformed';
      }
      // Our own limit on the work a payload may make us do, whatever it claims (the signature covers it too).
      if (decoded.challenge.parameters.cost !== cost) return 'invalid';
      let result;
      try {
        result = await verifySolution({ ...decoded, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      } catch {
        return 'malformed';
      }
      if (result.expired) return 'expired';
      if (!result.verified) return 'invalid';
      const now = nowIso();
      await db.deleteFrom('usedChallenges').where('expires', '<', now).execute();
      try {
        const expires = nowIso(decoded.challenge.parameters.expiresAt * 1000);
        await db.insertInto('usedChallenges').values({ signature: decoded.challenge.signature, expires }).execute();
      } catch (error) {
        if (isUniqueViolation(error)) return 'replayed';
        throw error;
      }
      return null;
    },
    async due(gate, key) {
      return (await limits.consume(CHALLENGE_GATES[gate], key)) !== null;
    },
  };
}

/**
 * What an operation calls before it acts (SEC-CHALLENGE): counts the attempt of `key` (the trusted
 * `request.ip`) under `gate`, and once that count is past its threshold demands a solved challenge.
 * @param payload the widget's payload sent with the request, if any (ignored below the threshold).
 * @throws HttpError 428 CHALLENGE_REQUIRED (with `challengeUrl`) when one is due and none was sent;
 *   HttpError 400 CHALLENGE_INVALID when the payload is malformed, wrong, expired or used before.
 *   GraphQL resolvers turn these into `extensions.code` through `fromServiceError` (platform/graphql/errors.ts).
 */
export async function requireChallenge(
  challenges: Challenges,
  gate: ChallengeGate,
  key: string | undefined,
  payload: string | null | undefined,
): Promise<void> {
  if (await challenges.due(gate, key ?? 'unknown')) await demandChallenge(challenges, payload);
}

/**
 * Demands a solved challenge now, for a caller that decided itself that one is due (e.g. sign-in
 * after repeated failures of one account, counted by its own limit).
 * @throws HttpError 428 CHALLENGE_REQUIRED without a payload, 400 CHALLENGE_INVALID for a bad one.
 */
export async function demandChallenge(challenges: Challenges, payload: string | null | undefined): Promise<void> {
  if (!payload) {
    throw new HttpError(428, 'CHALLENGE_REQUIRED', 'Many requests came from this address: solve the challenge and send it again.', {
      challengeUrl: CHALLENGE_PATH,
    });
  }
  const refusal = await challenges.verify(payload);
  if (refusal) throw new HttpError(400, 'CHALLENGE_INVALID', `The challenge answer was not accepted (${refusal}); fetch a new challenge and solve it.`);
}
