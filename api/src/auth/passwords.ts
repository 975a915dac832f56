/**
 * Password hashing and password rules (DESIGN.md §7, OWASP ASVS 5.0 §6.2).
 *
 * Hashing: argon2id at the OWASP Password Storage Cheat Sheet parameters (m = 19 MiB, t = 2,
 * p = 1), computed off the event loop by @node-rs/argon2 (libuv thread pool). A stored hash made
 * with other parameters is re-hashed at the next successful sign-in (`needsRehash`).
 *
 * Rules: the shared `@studio/schema/passwords` module (the browser checks the same): 8–128
 * characters, no composition rules, none of the 17,950 most common passwords of
 * `@studio/schema/common-passwords.txt`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { deserialize } from '@phc/format';
import { PASSWORD_MAX, PASSWORD_MIN, type PasswordProblem, parseCommonPasswords, passwordProblem } from '@studio/site/passwords';

export { PASSWORD_MAX, PASSWORD_MIN };

// Algorithm.Argon2id; the package declares a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

/** The parameters new hashes are made with (m in KiB). */
export const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes `password` to a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string, options: { memoryCost: number; timeCost: number; parallelism: number } = HASH_OPTIONS): Promise<string> {
  return hash(password, { ...options, algorithm: ARGON2ID });
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
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let common: Set<string> | undefined;

/** The common-password list, read once from @studio/schema. */
export function commonPasswords(): Set<string> {
  common ??= parseCommonPasswords(readFileSync(fileURLToPath(import.meta.resolve('@studio/site/common-passwords.txt')), 'utf8'));
  return common;
}

const messages: Record<PasswordProblem, string> = {
  required: 'The password must not be empty',
  tooShort: `The password must be at least ${PASSWORD_MIN} characters`,
  tooLong: `The password must be at most ${PASSWORD_MAX} characters`,
  common: 'This password is one of the most common passwords; choose another one',
};

/** What is wrong with a new password, as an English message for the API's errors, or null. */
export function newPasswordProblem(password: string): string | null {
  const problem = passwordProblem(password, commonPasswords());
  return problem ? messages[problem] : null;
}
