// `pnpm test`: every check CI runs, in order, stopping at the first failure:
// code generation, type checks, lint and a test of the lint config, schema contract, ui component/story tests with a11y and
// screenshot baselines in Chromium, Storybook build, web unit tests, API integration tests
// (SQLite and PostgreSQL), production build, Playwright journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const steps = [
  // First: node scripts of later steps (message compiler, Playwright) load the package's dist.
  ['Shared site facts (build, common-password list, unit tests)', 'pnpm', ['--filter', '@studio/site', 'run', 'check-all']],
  ['Relay compiler', 'pnpm', ['run', 'relay']],
  ['Message catalogues', 'pnpm', ['--filter', '@studio/web', 'run', 'messages']],
  ['Type check', 'pnpm', ['-r', 'run', 'typecheck']],
  ['Lint', 'pnpm', ['run', 'lint']],
  ['Format (Prettier: code and styles as `pnpm format` writes them)', 'pnpm', ['run', 'format:check']],
  ['Lint config (each import boundary rejects a new violation)', 'node', ['--test', 'lint/']],
  ['Schema contract', 'pnpm', ['--filter', '@studio/schema', 'run', 'check']],
  ['UI components, stories, a11y and screenshots (Chromium)', 'pnpm', ['--filter', '@studio/ui', 'run', 'test']],
  ['Storybook build', 'pnpm', ['run', 'build-storybook']],
  ['Web unit tests', 'pnpm', ['--filter', '@studio/web', 'run', 'test']],
  // The API suite serves real pages from the build (api/test/ssr.test.ts), so the build comes first.
  ['Build', 'pnpm', ['run', 'build']],
  ['API integration tests', 'pnpm', ['--filter', '@studio/api', 'run', 'test']],
  ['End-to-end (Chromium)', 'pnpm', ['--filter', '@studio/e2e', 'run', 'test']],
  ['Lighthouse: accessibility, best practices and SEO = 100 (Chromium)', 'node', ['e2e/lighthouse/run.mjs', '--mode', 'check']],
];
const only = process.argv.slice(2);
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.toLowerCase().includes(o.toLowerCase()))) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
console.log('\nAll checks passed.');
