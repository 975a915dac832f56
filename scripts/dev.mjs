// `pnpm dev`: the api under `tsx watch` (restarts on api changes) with Vite's dev middleware
// for the web app (hot module replacement), plus the Relay compiler and message compiler re-run
// on web source changes. Serves http://localhost:3000.
import { spawn, spawnSync } from 'node:child_process';
import { watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
run([join(root, 'scripts/relay.mjs')]);
run([join(root, 'web/scripts/compile-messages.mjs')]);

let timer;
watch(join(root, 'web/src'), { recursive: true }, (_event, file) => {
  if (!file || file.includes('__generated__')) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (/\.(tsx?|graphql)$/.test(file)) run([join(root, 'scripts/relay.mjs')]);
    if (file.includes('i18n/messages')) run([join(root, 'web/scripts/compile-messages.mjs')]);
  }, 150);
});

const api = spawn(join(root, 'api/node_modules/.bin/tsx'), ['watch', '--clear-screen=false', 'api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // NODE_ENV is explicit: without it the server runs in production (SEC-PRODUCTION-DEFAULT).
  // `source`: load @studio/site from its TypeScript (package.json exports), not a stale dist/.
  env: {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=source`.trim(),
    NODE_ENV: 'development',
    STUDIO_VITE_DEV: '1',
    GRAPHQL_PERSISTED_ONLY: 'false',
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    api.kill(signal);
    process.exit(0);
  });
api.on('exit', (code) => process.exit(code ?? 0));
