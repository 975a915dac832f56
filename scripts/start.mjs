// `pnpm start`: builds whatever is missing (Relay artifacts, web client + SSR bundles, api),
// then runs the server in production mode on HOST:PORT (default 0.0.0.0:3000). The server
// creates, migrates and seeds the SQLite database in data/ on first start.
// It sizes the server's libuv thread pool (UV_THREADPOOL_SIZE: the password hashes at once plus
// room for file and DNS work, api/src/platform/threadpool.ts), which the server cannot do for itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const need = [
  join(root, 'site/dist/locales.js'),
  join(root, 'web/persisted-queries.json'),
  join(root, 'web/dist/client/.vite/manifest.json'),
  join(root, 'web/dist/server/entry-server.js'),
  join(root, 'api/dist/main.js'),
  join(root, 'api/dist/platform/threadpool.js'),
];
if (need.some((file) => !existsSync(file))) {
  console.log('Building the site (first start)…');
  const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { threadpoolSize } = await import(pathToFileURL(join(root, 'api/dist/platform/threadpool.js')).href);
const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, UV_THREADPOOL_SIZE: String(threadpoolSize(process.env)) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
