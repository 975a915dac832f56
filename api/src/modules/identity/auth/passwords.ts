/**
 * Password hashing and password rules (ACC-PASSWORD; OWASP ASVS 5.0 §6.2).
 *
 * Hashing: argon2id at the OWASP Password Storage Cheat Sheet parameters (m = 19 MiB, t = 2,
 * p = 1), computed off the event loop by @node-rs/argon2 (libuv thread pool). A stored hash made
 * with other parameters is re-hashed at the next successful sign-in (`needsRehash`).
 *
 * Bounded (SEC-HASHING): every hash and verification goes through one process-wide
 * `BoundedLimit` — the thread pool it protects is process-wide too — of
 * `PASSWORD_HASH_CONCURRENCY` at once and `PASSWORD_HASH_QUEUE` waiting (`configurePasswordHashing`,
 * called by buildApp). Beyond that the caller gets HttpError 429 `SERVER_BUSY` with
 * `retryAfterSeconds` before any work is done, so a burst of logins can neither take every pool
 * thread (file, DNS and crypto jobs of other requests) nor make each login wait without bound.
 *
 * Rules (ACC-PASSWORD): the shared `@studio/site/passwords` and `@studio/site/fields` rules (the
 * browser checks the same): 8–128 characters, no composition rules, none of the 17,950 most common
 * passwords of `@studio/site/common-passwords.txt`, which only the server always has loaded.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { deserialize } from '@phc/format';
import { newPasswordField } from '@studio/site/fields';
import { PASSWORD_MAX, PASSWORD_MIN, type PasswordContext, parseCommonPasswords } from '@studio/site/passwords';
import { fieldProblem, problemText } from '@studio/site/problems';
import { HttpError } from '../../../platform/http/errors.js';
import { BoundedLimit, type BoundedLimitOptions, QueueFullError } from '../../../platform/security/boundedLimit.js';
import { defaultHashConcurrency, envSchema } from '../../../platform/settings.js';

export { PASSWORD_MAX, PASSWORD_MIN };

// Algorithm.Argon2id; the package declares a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

/** The parameters new hashes are made with (m in KiB). */
export const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The hashing limit of this process, at the settings' defaults until buildApp sets it (`configurePasswordHashing`). */
const hashing = new BoundedLimit({ concurrency: defaultHashConcurrency(), queue: envSchema.shape.PASSWORD_HASH_QUEUE.parse(undefined) });

/** Sets how many hashes run at once and how many may wait (SEC-HASHING; the settings PASSWORD_HASH_*). */
export function configurePasswordHashing(options: BoundedLimitOptions): void {
  hashing.configure(options);
}

/** 429 SERVER_BUSY: the hashing line is full (SEC-HASHING); `Retry-After` is the line's expected drain time. */
export function serverBusy(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'SERVER_BUSY', `The server is checking too many passwords at once; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
}

/** Whether `error` is the `serverBusy` refusal (nothing was hashed or checked). */
export function isServerBusy(error: unknown): boolean {
  return error instanceof HttpError && error.code === 'SERVER_BUSY';
}

/** Runs one argon2 job within the limit; a full line becomes `serverBusy`. */
async function limited<T>(job: () => Promise<T>): Promise<T> {
  try {
    return await hashing.run(job);
  } catch (error) {
    throw error instanceof QueueFullError ? serverBusy(error.retryAfterSeconds) : error;
  }
}

/**
 * Refuses at once when a password check offered now would be refused, so that a caller can
 * decline before it records anything (a sign-in counts its attempt before the check).
 * @throws HttpError 429 SERVER_BUSY.
 */
export function assertHashingRoom(): void {
  if (hashing.full) throw serverBusy(hashing.retryAfterSeconds());
}

function rawHash(password: string, options: { memoryCost: number; timeCost: number; parallelism: number }): Promise<string> {
  return hash(password, { ...options, algorithm: ARGON2ID });
}

/**
 * Hashes `password` to a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`).
 * @throws HttpError 429 SERVER_BUSY when the hashing line is full (nothing was hashed).
 */
export function hashPassword(password: string, options: { memoryCost: number; timeCost: number; parallelism: number } = HASH_OPTIONS): Promise<string> {
  return limited(() => rawHash(password, options));
}

/** A new hash of `password` for a re-hash that can wait for a later sign-in: null when the hashing line is full. */
export async function rehashPassword(password: string): Promise<string | null> {
  try {
    return await hashPassword(password);
  } catch (error) {
    if (isServerBusy(error)) return null;
    throw error;
  }
}

/** Whether a stored PHC hash was made with another algorithm or other parameters than HASH_OPTIONS. */
export function needsRehash(storedHash: string): boolean {
  try {
    const phc = deserialize(storedHash);
    const params = phc.params ?? {};
    return (
      phc.id !== 'argon2id' ||
      Number(params.m) !== HASH_OPTIONS.memoryCost ||
      Number(params.t) !== HASH_OPTIONS.timeCost ||
      Number(params.p) !== HASH_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

// A hash of a random password, verified against when the e-mail is unknown so that a login
// for an unknown account costs the same time as one with a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * Checks `password` against a stored PHC hash. With `storedHash` null it still spends the
 * time of one verification and answers false (no account enumeration by timing).
 * @throws HttpError 429 SERVER_BUSY when the hashing line is full (nothing was checked).
 */
export function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    return limited(async () => {
      // Made once, inside a slot: the first unknown e-mail pays one extra hash.
      decoyHash ??= rawHash(`decoy-${Math.random()}`, HASH_OPTIONS);
      await verify(await decoyHash, password).catch(() => false);
      return false;
    });
  }
  // A malformed stored hash is a wrong password, not an error.
  return limited(() => verify(storedHash, password).catch(() => false));
}

let common: Set<string> | undefined;

/** The common-password list (lower-case), read once from @studio/site (ACC-PASSWORD). */
export function commonPasswords(): Set<string> {
  common ??= parseCommonPasswords(readFileSync(fileURLToPath(import.meta.resolve('@studio/site/common-passwords.txt')), 'utf8'));
  return common;
}

/** The server's rule for a new password (registration, change, reset): the shared rule with the common-password list. */
export const newPassword = newPasswordField(commonPasswords);

/**
 * What is wrong with a new password, as English text for the API's errors ("use at least 8
 * characters"), or null. `context` (the account's e-mail, username, the site name) refuses a
 * password that is mostly those words (ACC-PASSWORD).
 */
export function newPasswordProblem(password: string, context?: PasswordContext): string | null {
  const problem = fieldProblem(context ? newPasswordField(commonPasswords, () => context) : newPassword, password);
  return problem ? problemText(problem) : null;
}

/**
 * The 400 refusal of a new password at `field` (`code` VALIDATION_FAILED for REST, BAD_USER_INPUT
 * for GraphQL), or null when it is acceptable: the message is "field: English text", and
 * `details.problem` the shared rule's message id (e.g. `passwords.error.context`), so the browser
 * can say which rule in the user's language (ACC-PASSWORD).
 */
export function refuseNewPassword(code: 'VALIDATION_FAILED' | 'BAD_USER_INPUT', field: string, password: string, context?: PasswordContext): HttpError | null {
  const problem = fieldProblem(context ? newPasswordField(commonPasswords, () => context) : newPassword, password);
  return problem ? new HttpError(400, code, `${field}: ${problemText(problem)}`, { field, problem: problem.id }) : null;
}
