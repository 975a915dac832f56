// Lint: typescript-eslint's recommended rules over every package's TypeScript, import boundaries
// between our packages and between the web layers (eslint-plugin-boundaries), and the React hook
// rules over the code that holds React components. lint/lint-config.test.mjs proves each boundary
// rule rejects a new violation and lets the allowed import through.
import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The architectural elements, matched on the path from the repository root (first match wins).
 * Types are prefixed by their package (`web-*`, `api-*`) so a policy can name a whole package.
 */
const elements = [
  // web, top to bottom: the root (entries) → shell/ and routes/ → features/<area>/ → shared modules.
  { type: 'web-shell', pattern: 'web/src/shell' },
  { type: 'web-routes', pattern: 'web/src/routes' },
  { type: 'web-feature', pattern: 'web/src/features/*', capture: ['area'] },
  { type: 'web-shared', pattern: 'web/src/(session|relay|i18n|app|theme|forms|sw|account)', capture: ['module'] },
  // Global styles: any layer may import them.
  { type: 'web-styles', pattern: 'web/src/styles' },
  // The component tests' harness (renderWithRelay, mock data): used by tests only, may reach any layer.
  { type: 'web-test-support', pattern: 'web/src/test' },
  // Anything else in web: the entries (entry-client.tsx, entry-server.tsx), build scripts, configs.
  { type: 'web-root', pattern: 'web' },
  // api (decision 0051): the GraphQL edge, the platform (the database layer apart), the modules,
  // and the root (app.ts and services.ts, the composition root; main.ts; ssr/).
  { type: 'api-graphql', pattern: 'api/src/graphql' },
  { type: 'api-db', pattern: 'api/src/platform/db' },
  { type: 'api-platform', pattern: 'api/src/platform' },
  { type: 'api-module', pattern: 'api/src/modules/*', capture: ['module'] },
  { type: 'api-root', pattern: 'api/src' },
  { type: 'api-test', pattern: 'api' },
  { type: 'ui', pattern: 'ui' },
  { type: 'site', pattern: 'site' },
  { type: 'schema', pattern: 'schema' },
  { type: 'e2e', pattern: 'e2e' },
  { type: 'testing', pattern: 'testing/*', capture: ['name'] },
].map((element) => ({ partialMatch: false, ...element }));

/** Files that need a rule of their own inside an element. */
const files = [
  // The top of the web app: only the rest of the web root imports these.
  { category: 'entry', pattern: 'web/src/entry-*.tsx' },
  // REST handlers: decode, check policy, call a service (no Kysely).
  { category: 'rest-routes', pattern: 'api/src/**/routes.ts' },
  // Route types (Loader, RouteContext, pageNotFound, RouteHandle): features may import these.
  { category: 'route-types', pattern: 'web/src/routes/types.ts' },
  // Tests and stories are not part of the import graph a layer builds: they may reach any layer.
  { category: 'test', pattern: '**/*.{test,spec,stories}.{ts,tsx}' },
  // Access and refresh token functions: only session/ and the Relay wiring use them.
  { category: 'token-functions', pattern: 'web/src/session/tokens.ts' },
];

/**
 * The api modules and the modules each may import (through its index.ts): the arrows of the module
 * graph, one way only (decision 0051). Anything else a module needs from another is a domain event
 * the composition root wires (platform/events.ts).
 */
const API_MODULES = { identity: [], content: [], money: ['identity'], requests: ['money'] };
const moduleDoor = (module) => ({ to: { element: { type: 'api-module', captured: { module }, internalPath: 'index.ts' } } });
const api = (...types) => ({ to: { element: { types: types.map((type) => `api-${type}`) } } });

const web = (...layers) => ({ to: { element: { types: layers.map((layer) => `web-${layer}`) } } });
/** A workspace package imported by its name (its package.json exports), never by a relative path. */
const viaPackage = (...types) => ({ to: { element: { types } }, dependency: { source: '@studio/**' } });

/**
 * `boundaries/dependencies` policies. Local imports are disallowed unless a policy allows them; a
 * later policy overrides an earlier one, so the disallowing policies come last.
 */
const policies = [
  // Registry packages and Node built-ins: anywhere (Kysely is narrowed below).
  { allow: { to: { module: { origin: ['external', 'core'] } } } },

  // Package direction: ui ← web; schema/site ← api, web, e2e; api never imports web source.
  { from: { element: { type: 'ui' } }, allow: { to: { element: { type: 'ui' } } } },
  { from: { element: { type: 'site' } }, allow: { to: { element: { type: 'site' } } } },
  { from: { element: { type: 'schema' } }, allow: { to: { element: { type: 'schema' } } } },
  { from: { element: { type: 'testing' } }, allow: { to: { element: { type: 'testing' } } } },
  { from: { element: { types: 'web-*' } }, allow: viaPackage('ui', 'site', 'schema') },
  { from: { element: { types: 'api-*' } }, allow: viaPackage('site', 'schema') },
  { from: { element: { type: 'api-test' } }, allow: [api('test', 'root', 'graphql', 'platform', 'db', 'module'), viaPackage('testing')] },
  // api layers: the platform imports no module; the edges (root, graphql/) enter a module only by
  // its index; a module imports its own files, the platform and the doors of the modules it may use.
  { from: { element: { types: ['api-platform', 'api-db'] } }, allow: api('platform', 'db') },
  {
    from: { element: { types: ['api-root', 'api-graphql'] } },
    allow: [api('root', 'graphql', 'platform', 'db'), ...Object.keys(API_MODULES).map(moduleDoor)],
  },
  ...Object.entries(API_MODULES).map(([module, uses]) => ({
    from: { element: { type: 'api-module', captured: { module } } },
    allow: [api('platform', 'db'), { to: { element: { type: 'api-module', captured: { module } } } }, ...uses.map(moduleDoor)],
  })),
  // e2e drives the built server; it reads other packages only through their exports.
  { from: { element: { type: 'e2e' } }, allow: [{ to: { element: { type: 'e2e' } } }, viaPackage('site', 'schema', 'web', 'testing')] },

  // The same by name, whether or not the name resolves: ui, site and schema import none of ours,
  // and the api never imports web (it loads web's built bundle at run time).
  {
    from: { element: { types: ['ui', 'site', 'schema'] } },
    disallow: { dependency: { source: '@studio/**' } },
    message: 'ui, site and schema import none of our packages',
  },
  {
    from: { element: { types: 'api-*' } },
    disallow: { dependency: { source: '@studio/web{,/**}' } },
    message: 'The api never imports web: it loads the built bundle at run time',
  },

  // web layers: imports only go down (root: the entries, scripts → routes/ (the table) → shell/
  // (the document the table mounts) → features/<area>/ → shared modules), and nothing below the
  // root imports an entry. The route types (routes/types.ts) sit with the shared modules.
  { from: { element: { type: 'web-root' } }, allow: web('root', 'shell', 'routes', 'feature', 'shared', 'styles') },
  {
    from: { element: { type: 'web-shell' } },
    allow: [web('shell', 'feature', 'shared', 'styles'), { to: { element: { type: 'web-routes' }, file: { categories: 'route-types' } } }],
  },
  { from: { element: { type: 'web-routes' } }, allow: web('routes', 'shell', 'feature', 'shared', 'styles') },
  // A feature imports its own files and another feature only through that feature's index.ts (its door).
  {
    from: { element: { type: 'web-feature' } },
    allow: [
      web('shared', 'styles'),
      { to: { element: { type: 'web-feature', captured: { area: '{{ from.element.captured.area }}' } } } },
      { to: { element: { type: 'web-feature', internalPath: 'index.ts' } } },
      { to: { element: { type: 'web-routes' }, file: { categories: 'route-types' } } },
    ],
  },
  { from: { element: { type: 'web-shared' } }, allow: web('shared', 'styles') },
  { from: { element: { types: 'web-*' }, file: { categories: 'test' } }, allow: web('shell', 'routes', 'feature', 'shared', 'styles', 'test-support') },
  { from: { element: { type: 'web-test-support' } }, allow: web('shell', 'routes', 'feature', 'shared', 'styles', 'test-support') },
  {
    from: { element: { type: 'web-routes' }, file: { categories: 'route-types' } },
    disallow: web('shell', 'feature'),
    message: 'routes/types.ts imports no page: features import it, so it must not import them back',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { file: { categories: 'token-functions' } } },
    message: 'Features never touch tokens: call authorizedFetch (session/) instead',
  },

  // No Kysely outside services and db/: resolvers and REST handlers call a service.
  {
    from: { element: { types: ['api-graphql', 'web-*', 'ui', 'e2e', 'site', 'schema'] } },
    disallow: { to: { module: { source: 'kysely' } } },
    message: 'Only services and db/ use Kysely; call a service instead',
  },
  {
    from: { file: { categories: 'rest-routes' } },
    disallow: { to: { module: { source: 'kysely' } } },
    message: 'Only services and db/ use Kysely; call a service instead',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/__generated__/**',
      '**/.tmp/**',
      '**/.tmp-*/**',
      'e2e/test-results*/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      'storybook-static/**',
      '**/.vitest-attachments/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { [fileURLToPath(new URL('lint/typescript-resolver.cjs', import.meta.url))]: {} },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, policies }],
    },
  },
  {
    // Resolvers and REST handlers never query the database themselves (the same rule for the
    // `db` a resolver gets from its context, which no import shows).
    files: ['api/src/graphql/**/*.ts', 'api/src/**/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: 'Only services and db/ query the database; call a service instead',
        },
      ],
    },
  },
  {
    // Only where React components live: elsewhere `use…` names are Playwright fixtures' `use` and
    // Yoga plugins (`useServer`), not hooks.
    files: ['web/src/**/*.{ts,tsx}', 'ui/src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
