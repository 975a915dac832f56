/**
 * The lint config rejects a new violation of each import boundary and lets the allowed import
 * through. Runs the repository's eslint.config.js (its resolver included) over a small copy of the
 * target layout written to a temporary folder, so the cases do not depend on today's files:
 * `lintText(code, { filePath })` lints a virtual file at a path of that layout.
 *
 * Run: `node --test lint/` (a step of `pnpm test`, next to Lint).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const configFile = fileURLToPath(new URL('../eslint.config.js', import.meta.url));
/** The rules under test; other findings (unused imports in the snippets) are not looked at. */
const RULES = new Set(['boundaries/dependencies', 'no-restricted-syntax', 'react-hooks/rules-of-hooks']);

const json = (value) => JSON.stringify(value);
/** Files of the target layout that the snippets import (path → contents). */
const layout = {
  'web/package.json': json({ name: '@studio/web', exports: { './messages/*.json': './src/i18n/messages/*.json' } }),
  'web/src/entry-client.tsx': 'export {};',
  'web/src/shell/Document.tsx': 'export function Document() { return null; }',
  'web/src/routes/table.tsx': 'export const routes = [];',
  'web/src/routes/types.ts': 'export type Loader = () => unknown;',
  'web/src/features/news/NewsPage.tsx': 'export function NewsPage() { return null; }',
  'web/src/features/order/OrderPage.tsx': 'export function OrderPage() { return null; }',
  'web/src/features/order/index.ts': 'export { OrderPage } from "./OrderPage";',
  'web/src/features/news/NewsList.tsx': 'export function NewsList() { return null; }',
  'web/src/session/tokens.ts': 'export const accessToken = () => null;',
  'web/src/session/authorizedFetch.ts': 'export const authorizedFetch = fetch;',
  'web/src/i18n/useLocale.ts': 'export const useLocale = () => "en";',
  'web/src/i18n/messages/en.json': '{}',
  'web/src/forms/serverErrors.ts': 'export const messageOf = (code: string) => code;',
  'web/src/styles/global.css': '',
  'api/src/platform/db/index.ts': 'export const db = {};',
  'api/src/platform/events.ts': 'export class DomainEventBus {}',
  'api/src/modules/identity/index.ts': 'export { updateUser } from "./users/service";',
  'api/src/modules/identity/users/service.ts': 'export const updateUser = () => {};',
  'api/src/modules/money/index.ts': 'export const pausePayouts = () => {};',
  'api/src/modules/money/payouts/safety.ts': 'export const pausePayouts = () => {};',
  'api/src/modules/requests/index.ts': 'export const claimOrders = () => {};',
  'api/src/modules/requests/claims.ts': 'export const claimOrders = () => {};',
  'api/src/graphql/resolvers.ts': 'export const resolvers = {};',
  'ui/package.json': json({ name: '@studio/ui', exports: { '.': './src/index.ts' } }),
  'ui/src/index.ts': 'export * from "./Button/Button";',
  'ui/src/Button/Button.tsx': 'export function Button() { return null; }',
  'site/package.json': json({ name: '@studio/site', exports: { './pages': { types: './src/pages.ts', source: './src/pages.ts' } } }),
  'site/src/pages.ts': 'export const PAGES = [];',
  'schema/package.json': json({ name: '@studio/schema', exports: { '.': './index.js' } }),
  'schema/index.js': 'export const schema = "";',
  'testing/oidc-provider/package.json': json({ name: '@studio/test-oidc-provider', exports: { '.': './src/index.ts' } }),
  'testing/oidc-provider/src/index.ts': 'export const startTestOpenIdProvider = () => {};',
  'e2e/tests/fixtures.ts': 'export const t = () => "";',
  // A registry package, so `kysely` resolves into node_modules as it does in the repository.
  'node_modules/kysely/package.json': json({ name: 'kysely', types: 'index.d.ts' }),
  'node_modules/kysely/index.d.ts': 'export declare const sql: unknown;',
};
/** The workspace links pnpm makes. */
const links = {
  '@studio/web': 'web',
  '@studio/ui': 'ui',
  '@studio/site': 'site',
  '@studio/schema': 'schema',
  '@studio/test-oidc-provider': 'testing/oidc-provider',
};

let root;
let eslint;
let previousRoot;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'lint-config-'));
  for (const [path, text] of Object.entries(layout)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const [name, target] of Object.entries(links)) {
    mkdirSync(dirname(join(root, 'node_modules', name)), { recursive: true });
    symlinkSync(join(root, target), join(root, 'node_modules', name), 'dir');
  }
  // The plugin's documented override of its root-path setting: element patterns are relative to it.
  previousRoot = process.env['ESLINT_PLUGIN_BOUNDARIES_ROOT_PATH'];
  process.env['ESLINT_PLUGIN_BOUNDARIES_ROOT_PATH'] = root;
  eslint = new ESLint({ cwd: root, overrideConfigFile: configFile });
});

after(() => {
  if (previousRoot === undefined) delete process.env['ESLINT_PLUGIN_BOUNDARIES_ROOT_PATH'];
  else process.env['ESLINT_PLUGIN_BOUNDARIES_ROOT_PATH'] = previousRoot;
  rmSync(root, { recursive: true, force: true });
});

/** The findings of the rules under test for `code` as the file `path` (relative to the layout). */
async function findings(path, code) {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${path} does not parse`);
  return result.messages.filter((m) => RULES.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}

/** One boundary: `bad` (file, code) must fail with `rule`, `good` must pass. */
function boundary(name, { rule = 'boundaries/dependencies', bad, good }) {
  describe(name, () => {
    for (const [path, code] of bad) {
      test(`rejects ${code} in ${path}`, async () => {
        const found = await findings(path, code);
        assert.ok(
          found.some((f) => f.startsWith(`${rule}:`)),
          `expected ${rule}, got ${json(found)}`,
        );
      });
    }
    for (const [path, code] of good) {
      test(`allows ${code} in ${path}`, async () => {
        assert.deepEqual(await findings(path, code), []);
      });
    }
  });
}

boundary('package direction: ui imports nothing of ours', {
  bad: [
    ['ui/src/Card/Card.tsx', "import { PAGES } from '@studio/site/pages';"],
    ['ui/src/Card/Card.tsx', "import { PAGES } from '../../../site/src/pages';"],
  ],
  good: [['ui/src/Card/Card.tsx', "import { Button } from '../Button/Button'; import clsx from 'clsx';"]],
});

boundary('package direction: web imports ui, site and schema by package name only', {
  bad: [
    ['web/src/features/news/NewsList.tsx', "import { Button } from '../../../../ui/src/Button/Button';"],
    ['web/src/features/news/NewsList.tsx', "import { startTestOpenIdProvider } from '@studio/test-oidc-provider';"],
  ],
  good: [
    [
      'web/src/features/news/NewsList.tsx',
      "import { Button } from '@studio/ui'; import { PAGES } from '@studio/site/pages'; import { schema } from '@studio/schema';",
    ],
  ],
});

boundary('package direction: api imports site and schema, never web source', {
  bad: [
    ['api/src/ssr/render.ts', "import { routes } from '../../../web/src/routes/table';"],
    ['api/src/ssr/render.ts', "import messages from '@studio/web/messages/en.json';"],
    ['api/src/modules/identity/users/service.ts', "import { startTestOpenIdProvider } from '@studio/test-oidc-provider';"],
  ],
  good: [
    ['api/src/ssr/render.ts', "import { PAGES } from '@studio/site/pages'; import { schema } from '@studio/schema';"],
    ['api/test/social.test.ts', "import { startTestOpenIdProvider } from '@studio/test-oidc-provider';"],
  ],
});

boundary('package direction: site and schema import none of ours', {
  bad: [
    ['site/src/fields.ts', "import { schema } from '@studio/schema';"],
    ['schema/check.mjs', "import { PAGES } from '@studio/site/pages';"],
  ],
  good: [['site/src/fields.ts', "import { PAGES } from './pages';"]],
});

boundary('package direction: e2e imports no other package source, only package exports', {
  bad: [
    ['e2e/tests/marketing.spec.ts', "import { PRODUCT_SLUGS } from '../../web/src/routes/table';"],
    ['e2e/tests/marketing.spec.ts', "import { PAGES } from '../../site/src/pages';"],
    ['e2e/playwright.config.ts', "const provider = await import('../testing/oidc-provider/src/index');"],
  ],
  good: [
    ['e2e/tests/marketing.spec.ts', "import { PAGES } from '@studio/site/pages'; import { t } from './fixtures';"],
    ['e2e/playwright.config.ts', "const provider = await import('@studio/test-oidc-provider');"],
  ],
});

boundary('web layers: features never import routes/table (route types are fine)', {
  bad: [
    ['web/src/features/news/NewsItemPage.tsx', "import { routes } from '../../routes/table';"],
    ['web/src/features/news/NewsItemPage.tsx', "import { Document } from '../../shell/Document';"],
  ],
  good: [
    [
      'web/src/features/news/NewsItemPage.tsx',
      "import type { Loader } from '../../routes/types'; import { OrderPage } from '../order'; import { useLocale } from '../../i18n/useLocale';",
    ],
  ],
});

boundary('web features: one door each (a feature imports another only through its index.ts)', {
  bad: [
    ['web/src/features/news/NewsItemPage.tsx', "import { OrderPage } from '../order/OrderPage';"],
    ['web/src/features/profile/ProfilePage.tsx', "import { NewsList } from '../news/NewsList';"],
  ],
  good: [
    ['web/src/features/news/NewsItemPage.tsx', "import { OrderPage } from '../order'; import { NewsList } from './NewsList';"],
    ['web/src/routes/table.tsx', "const page = () => import('../features/order/OrderPage');"],
  ],
});

boundary('web layers: features never import token functions', {
  bad: [['web/src/features/profile/uploadAvatar.ts', "import { accessToken } from '../../session/tokens';"]],
  good: [['web/src/features/profile/uploadAvatar.ts', "import { authorizedFetch } from '../../session/authorizedFetch';"]],
});

boundary('web layers: shared modules never import features, routes or shell', {
  bad: [
    ['web/src/session/SessionProvider.tsx', "import { NewsPage } from '../features/news/NewsPage';"],
    ['web/src/i18n/messages.ts', "import { routes } from '../routes/table';"],
    ['web/src/forms/useForm.ts', "import type { Loader } from '../routes/types';"],
    ['web/src/app/events.ts', "import { Document } from '../shell/Document';"],
  ],
  good: [['web/src/session/SessionProvider.tsx', "import { useLocale } from '../i18n/useLocale'; import { messageOf } from '../forms/serverErrors';"]],
});

boundary('web layers: no upward imports, route types import no page', {
  bad: [
    ['web/src/shell/Document.tsx', "import { routes } from '../routes/table';"],
    ['web/src/shell/Document.tsx', "import '../entry-client';"],
    ['web/src/routes/types.ts', "import { NewsPage } from '../features/news/NewsPage';"],
  ],
  good: [
    ['web/src/routes/table.tsx', "const page = () => import('../features/news/NewsPage');"],
    ['web/src/routes/table.tsx', "import { Document } from '../shell/Document';"],
    ['web/src/shell/Document.tsx', "import type { RouteHandle } from '../routes/types'; import '../styles/global.css';"],
    ['web/src/entry-client.tsx', "import { Document } from './shell/Document'; import { routes } from './routes/table';"],
  ],
});

boundary('no Kysely outside services and db/', {
  bad: [
    ['api/src/graphql/content.ts', "import { sql } from 'kysely';"],
    ['api/src/modules/requests/routes.ts', "import { sql } from 'kysely';"],
    ['web/src/features/news/NewsList.tsx', "import { sql } from 'kysely';"],
    ['ui/src/Card/Card.tsx', "import { sql } from 'kysely';"],
    ['e2e/tests/accounts.spec.ts', "import { sql } from 'kysely';"],
  ],
  good: [
    ['api/src/modules/identity/users/service.ts', "import { sql } from 'kysely';"],
    ['api/src/platform/db/migrations.ts', "import { sql } from 'kysely';"],
    ['api/src/graphql/users.ts', "import { updateUser } from '../modules/identity';"],
  ],
});

boundary('api modules: one door each, one way, and the platform imports none', {
  bad: [
    // past a module's door, from an edge and from another module
    ['api/src/graphql/users.ts', "import { updateUser } from '../modules/identity/users/service';"],
    ['api/src/services.ts', "import { pausePayouts } from './modules/money/payouts/safety';"],
    ['api/src/modules/money/payouts/methods.ts', "import { updateUser } from '../../identity/users/service';"],
    // against the arrows: identity imports no module (its reactions are events), money never requests
    ['api/src/modules/identity/credentials/service.ts', "import { pausePayouts } from '../../money';"],
    ['api/src/modules/identity/auth/signIn.ts', "import { claimOrders } from '../../requests';"],
    ['api/src/modules/money/ledger/service.ts', "import { claimOrders } from '../../requests';"],
    // the platform below every module and edge
    ['api/src/platform/mail/service.ts', "import { updateUser } from '../../modules/identity';"],
    ['api/src/platform/audit.ts', "import { resolvers } from '../graphql/resolvers';"],
  ],
  good: [
    ['api/src/graphql/users.ts', "import { updateUser } from '../modules/identity';"],
    ['api/src/services.ts', "import { pausePayouts } from './modules/money'; import { DomainEventBus } from './platform/events';"],
    ['api/src/modules/money/payouts/methods.ts', "import { updateUser } from '../../identity'; import { pausePayouts } from './safety';"],
    ['api/src/modules/requests/service.ts', "import { pausePayouts } from '../money'; import { db } from '../../platform/db';"],
    [
      'api/src/modules/identity/credentials/service.ts',
      "import { DomainEventBus } from '../../../platform/events'; import { updateUser } from '../users/service';",
    ],
    ['api/test/auth.test.ts', "import { pausePayouts } from '../src/modules/money/payouts/safety';"],
  ],
});

boundary('no database queries in resolvers and REST handlers', {
  rule: 'no-restricted-syntax',
  bad: [
    ['api/src/graphql/users.ts', "export const user = (ctx: any) => ctx.db.selectFrom('users').selectAll().execute();"],
    ['api/src/modules/requests/routes.ts', "export const add = (db: any) => db.insertInto('orders').values({}).execute();"],
  ],
  good: [['api/src/modules/requests/service.ts', "export const add = (db: any) => db.insertInto('orders').values({}).execute();"]],
});

boundary('react-hooks: hooks only at the top level of components and hooks', {
  rule: 'react-hooks/rules-of-hooks',
  bad: [
    [
      'ui/src/Card/Card.tsx',
      "import { useState } from 'react';\nexport function Card({ open }: { open: boolean }) { if (open) { useState(0); } return null; }",
    ],
  ],
  good: [['ui/src/Card/Card.tsx', "import { useState } from 'react';\nexport function Card() { const [n] = useState(0); return n; }"]],
});
