// @studio/schema: the versioned GraphQL contract of Studio.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newestRelease } from './versions.js';

/** Absolute path of `schema.graphql`, the current contract (the SDL the server and Relay build from). */
export const schemaPath = fileURLToPath(new URL('./schema.graphql', import.meta.url));

/** The SDL text of `schema.graphql`, read synchronously when the module loads. */
export const typeDefs = readFileSync(schemaPath, 'utf8');

/**
 * The version of the newest frozen release in `releases/` (e.g. `1.0.0`), compared
 * semver-numerically; `0.0.0` when nothing has been released yet.
 */
export const version = newestRelease(fileURLToPath(new URL('./releases/', import.meta.url)))?.version ?? '0.0.0';
