import { createRequire } from 'node:module';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * API integration tests: real HTTP against a listening server on SQLite and PostgreSQL
 * (see test/harness.ts). Each test file starts its own servers and databases, so files
 * may run in parallel.
 */
export default defineConfig({
  // `source`: @studio/site from its TypeScript (see its package.json exports), not a stale dist/.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  resolve: {
    conditions: ['source', ...defaultServerConditions],
    alias: [
      // graphql ships CJS (`main`) and ESM (`module`). Node — and so graphql-yoga, graphql-ws and
      // envelop — load the CJS build, while Vite would hand our sources the ESM build: two
      // GraphQLError classes, and every GraphQLError thrown by a resolver or the context would be
      // masked by Yoga as a 500 "Unexpected error". Resolve it the way Node does, as in production.
      { find: /^graphql$/, replacement: require.resolve('graphql') },
    ],
  },
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
  },
});
