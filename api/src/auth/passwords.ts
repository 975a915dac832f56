/**
 * Password hashing with argon2id at the OWASP Password Storage Cheat Sheet parameters
 * (m = 19 MiB, t = 2, p = 1), computed off the event loop by @node-rs/argon2 (DESIGN.md §7).
 */
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package declares a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Minimum and maximum password length in characters (OWASP ASVS 5.0 §6.2: ≥ 8, allow ≥ 64). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Hashes `password` to a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
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
