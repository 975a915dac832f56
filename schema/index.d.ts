/** Absolute path of `schema.graphql`, the current contract (the SDL the server and Relay build from). */
export declare const schemaPath: string;

/** The SDL text of `schema.graphql`, read synchronously when the module loads. */
export declare const typeDefs: string;

/**
 * The version of the newest frozen release in `releases/` (e.g. `1.0.0`), compared
 * semver-numerically; `0.0.0` when nothing has been released yet.
 */
export declare const version: string;
