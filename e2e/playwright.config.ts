/**
 * Playwright journeys against the built server (`pnpm build` first) in Debian's Chromium.
 *
 * The server runs from `api/dist` on http://localhost:3100 with a fresh database: DATA_DIR is
 * `e2e/.tmp/data`, wiped and recreated here. This happens in the config module rather than in a
 * `globalSetup`, because Playwright starts the `webServer` *before* running global setup (see
 * `createGlobalSetupTasks` in playwright/lib/runner: plugin setup, then global setup), so a
 * global setup would delete the database under a running server. Workers load this module too;
 * they inherit E2E_DATA_DIR from the runner and must not wipe anything.
 *
 * Always `localhost`, never 127.0.0.1: the session cookies are Secure, and Chromium accepts
 * Secure cookies over plain http only on localhost.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const PORT = 3100;
const BASE_URL = `http://localhost:${PORT}`;

function dataDir(): string {
  const inherited = process.env['E2E_DATA_DIR'];
  if (inherited) return inherited;
  const dir = resolve(here, '.tmp', 'data');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env['E2E_DATA_DIR'] = dir;
  return dir;
}

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env['CI'],
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node ../api/dist/main.js',
    cwd: here,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: 'localhost',
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '1000',
      PUBLIC_URL: BASE_URL,
    },
  },
});
