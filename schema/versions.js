// Internal helpers shared by index.js and check.mjs: semantic versions and the frozen releases.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const RELEASE_FILE = /^v((?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*))\.graphql$/;

/**
 * Parses a plain `MAJOR.MINOR.PATCH` version (no pre-release or build suffix).
 * @param {string} text
 * @returns {[number, number, number] | null} the three numbers, or null when `text` is not such a version
 */
export function parseVersion(text) {
  const match = VERSION.exec(String(text).trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * Compares two `MAJOR.MINOR.PATCH` versions numerically (so 10.0.0 comes after 9.0.0).
 * @param {string} a
 * @param {string} b
 * @returns {number} negative when a < b, 0 when equal, positive when a > b
 */
export function compareVersions(a, b) {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) throw new Error(`not a MAJOR.MINOR.PATCH version: ${pa ? b : a}`);
  return pa[0] - pb[0] || pa[1] - pb[1] || pa[2] - pb[2];
}

/**
 * Lists the frozen releases (`v<MAJOR>.<MINOR>.<PATCH>.graphql`) of a releases directory,
 * oldest first. Other files are ignored; a missing directory has no releases.
 * @param {string} dir
 * @returns {{ version: string, file: string }[]}
 */
export function listReleases(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => RELEASE_FILE.exec(name))
    .filter((match) => match !== null)
    .map((match) => ({ version: match[1], file: join(dir, match[0]) }))
    .sort((a, b) => compareVersions(a.version, b.version));
}

/**
 * The newest frozen release of a releases directory.
 * @param {string} dir
 * @returns {{ version: string, file: string } | null} null when there is none
 */
export function newestRelease(dir) {
  return listReleases(dir).at(-1) ?? null;
}
