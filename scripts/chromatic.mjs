#!/usr/bin/env node
/**
 * `pnpm chromatic`: publish Storybook to Chromatic's hosted visual review, but only when
 * CHROMATIC_PROJECT_TOKEN is set (hosted CI). Without it this prints why it skipped and exits 0;
 * the local visual regression (ui/vitest.config.ts) is what `pnpm test` relies on.
 */
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('chromatic: CHROMATIC_PROJECT_TOKEN is not set; skipping the hosted upload (local screenshots run in pnpm test).');
  process.exit(0);
}
const result = spawnSync('pnpm', ['exec', 'chromatic', '--build-script-name', 'build-storybook', '--exit-zero-on-changes', '--only-changed'], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
