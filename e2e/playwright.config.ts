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
 *
 * Mail: the runner process also starts a real SMTP server (smtp-server, plain SMTP without TLS
 * or authentication) on 127.0.0.1:2587, and the app sends through it (MAIL_TRANSPORT=smtp). Each
 * accepted message is written as one `.eml` file into `e2e/.tmp/mail/` (wiped at start), which
 * tests read with `waitForMail` (tests/fixtures.ts). Same rule as the data directory: only the
 * runner starts it; workers inherit E2E_MAIL_DIR and leave it alone.
 *
 * Social sign-in: the runner also starts the test OpenID provider, @studio/test-oidc-provider
 * (testing/oidc-provider; a real oidc-provider with a "Sign in to Test ID" form: any username
 * signs in, see `claimsFor` there) on http://127.0.0.1:3190 (E2E_OIDC_PORT), and the server gets
 * it as its generic OpenID Connect provider: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and
 * OIDC_NAME "Test ID", with the redirect URI `${PUBLIC_URL}/api/auth/oidc/callback`. Always
 * 127.0.0.1, never localhost:
 * cookies ignore ports, so on localhost the provider's cookies and the site's would share one jar.
 * Same rule again: only the runner starts it (imported there only, so workers do not even load
 * oidc-provider); workers inherit E2E_OIDC_ISSUER and E2E_OIDC_CLIENT_SECRET. Tests sign in there
 * with `signInAtTestProvider` (tests/fixtures.ts). The provider keeps everything in memory and
 * prints two warnings at start (Node 20 is "unsupported", the in-memory adapter): both harmless.
 *
 * The browser presents a normal desktop Chrome user agent: the server treats HeadlessChrome's
 * default one as a bot (isbot), and bots get error statuses with an empty body and no root
 * redirect (SITE-PAGES, SITE-LOCALES).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

const here = dirname(fileURLToPath(import.meta.url));
// Overridable so two runs can share a machine
// (e.g. `E2E_PORT=3200 E2E_SMTP_PORT=2687 E2E_OIDC_PORT=3290 E2E_TMP=.tmp-b`).
const PORT = Number(process.env['E2E_PORT'] ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
const SMTP_PORT = Number(process.env['E2E_SMTP_PORT'] ?? 2587);
const OIDC_PORT = Number(process.env['E2E_OIDC_PORT'] ?? 3190);
const OIDC_CLIENT_ID = 'studio-test';
const TMP = process.env['E2E_TMP'] ?? '.tmp';
/** Where order notifications go (SALES_EMAIL); tests/fixtures.ts has the same address. */
const SALES_EMAIL = 'sales@studio.test';
/** A current desktop Chrome on Linux: not a bot to isbot, unlike HeadlessChrome's default. */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

function dataDir(): string {
  const inherited = process.env['E2E_DATA_DIR'];
  if (inherited) return inherited;
  const dir = resolve(here, TMP, 'data');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env['E2E_DATA_DIR'] = dir;
  return dir;
}

/**
 * The SMTP sink's mail directory, started once in the runner process: a fresh `.tmp/mail`, and
 * an SMTP server on 127.0.0.1:SMTP_PORT writing every accepted message there as
 * `<time>-<n>.eml` (through a temporary name and a rename, so a reader never sees half a file).
 * The server is unref'd: it never keeps the runner alive after the run.
 */
async function mailSink(): Promise<string> {
  const inherited = process.env['E2E_MAIL_DIR'];
  if (inherited) return inherited;
  const dir = resolve(here, TMP, 'mail');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const name = `${Date.now()}-${String(++count).padStart(4, '0')}`;
          // The envelope, as a header the message itself does not carry (mailparser keeps it).
          const envelope = `X-Envelope-To: ${session.envelope.rcptTo.map((r) => r.address).join(', ')}\r\n`;
          writeFileSync(join(dir, `${name}.tmp`), Buffer.concat([Buffer.from(envelope), ...chunks]));
          renameSync(join(dir, `${name}.tmp`), join(dir, `${name}.eml`));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolveListen, reject) => {
    server.server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolveListen());
  }).catch((error: unknown) => {
    throw new Error(`The e2e SMTP sink could not listen on 127.0.0.1:${SMTP_PORT}: ${String(error)}`);
  });
  server.server.unref();
  process.env['E2E_MAIL_DIR'] = dir;
  return dir;
}

await mailSink();

/**
 * The test OpenID provider, started once in the runner process on 127.0.0.1:OIDC_PORT with
 * one client for this server's callback; workers get the same issuer and secret from the
 * environment. The provider lives as long as the runner.
 */
async function openIdProvider(): Promise<{ issuer: string; clientSecret: string }> {
  const issuer = process.env['E2E_OIDC_ISSUER'];
  const clientSecret = process.env['E2E_OIDC_CLIENT_SECRET'];
  if (issuer && clientSecret) return { issuer, clientSecret };
  // Imported here, not at the top: workers never start it and need not load oidc-provider.
  const { startTestOpenIdProvider } = await import('@studio/test-oidc-provider');
  const provider = await startTestOpenIdProvider({
    port: OIDC_PORT,
    host: '127.0.0.1',
    clientId: OIDC_CLIENT_ID,
    redirectUris: [`${BASE_URL}/api/auth/oidc/callback`],
  }).catch((error: unknown) => {
    throw new Error(`The e2e OpenID provider could not listen on 127.0.0.1:${OIDC_PORT}: ${String(error)}`);
  });
  process.env['E2E_OIDC_ISSUER'] = provider.issuer;
  process.env['E2E_OIDC_CLIENT_SECRET'] = provider.clientSecret;
  return provider;
}

const oidc = await openIdProvider();

/** The webhook secrets the fake Stripe signs with and the server checks (test values). */
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_platform';
const STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_e2e_connect';
const STRIPE_PORT = Number(process.env['E2E_STRIPE_PORT'] ?? 3191);

/**
 * The fake Stripe (testing/fake-stripe), started once in the runner process on
 * 127.0.0.1:STRIPE_PORT with its webhooks pointed at the server under test; workers reach its
 * controls (complete onboarding, send events) at E2E_STRIPE_URL. Same rule as the others: only the
 * runner starts it.
 */
async function fakeStripe(): Promise<string> {
  const inherited = process.env['E2E_STRIPE_URL'];
  if (inherited) return inherited;
  const { startFakeStripe } = await import('@studio/fake-stripe');
  const stripe = await startFakeStripe({
    port: STRIPE_PORT,
    host: '127.0.0.1',
    webhooks: {
      platform: { url: `${BASE_URL}/api/webhooks/stripe`, secret: STRIPE_WEBHOOK_SECRET },
      connect: { url: `${BASE_URL}/api/webhooks/stripe-connect`, secret: STRIPE_CONNECT_WEBHOOK_SECRET },
    },
  }).catch((error: unknown) => {
    throw new Error(`The e2e fake Stripe could not listen on 127.0.0.1:${STRIPE_PORT}: ${String(error)}`);
  });
  process.env['E2E_STRIPE_URL'] = stripe.url;
  return stripe.url;
}

const stripeUrl = await fakeStripe();

export default defineConfig({
  testDir: 'tests',
  outputDir: TMP === '.tmp' ? 'test-results' : `test-results-${TMP.replace(/\W/g, '')}`,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env['CI'],
  reporter: 'list',
  // A failure bound, not a speed target (those are benches): the longest journeys (register, sign
  // out and in; two devices; a password reset with its mail) take 20–60 s on a 2-core machine with
  // two browsers, so 30 s failed them at random.
  timeout: 90_000,
  expect: { timeout: 5_000 },
  // The news editor's journey publishes items on the one server every spec shares, whose news
  // list, sitemap and "Load more" the other specs check against the seeded news: it runs after them.
  projects: [
    { name: 'site', testIgnore: /admin-news\.spec\.ts$/ },
    { name: 'content-changes', testMatch: /admin-news\.spec\.ts$/, dependencies: ['site'] },
  ],
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
    userAgent: USER_AGENT,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node ../api/dist/main.js',
    cwd: here,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: 'localhost',
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '1000',
      // Two free wrong passwords per account, then the growing delay (passwords.spec.ts shows its
      // wait); per account, so specs with their own accounts are untouched (SEC-LIMITS passwordGuess).
      RATE_LIMIT_PASSWORD_GUESS: '2/86400',
      PUBLIC_URL: BASE_URL,
      // Mail through the SMTP sink above, picked up quickly by the outbox worker.
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      SALES_EMAIL,
      JOBS_POLL_INTERVAL_MS: '200',
      MAIL_RETRY_BASE_MS: '1000',
      // A referral commission's hold in seconds, not days (referral.spec.ts watches it end): 0.0002 days ≈ 17 s.
      REFERRAL_HOLD_DAYS: '0.0002',
      // Every test sends from the same address; the default (5 an hour) is for real visitors.
      ORDER_RATE_LIMIT_MAX: '50',
      // ... and registers many accounts: no proof-of-work challenge here (challenge.spec.ts runs its own server with low thresholds).
      CHALLENGE_AFTER_ORDERS: '1000/3600',
      CHALLENGE_AFTER_REGISTRATIONS: '1000/3600',
      // Social sign-in through the test OpenID provider above.
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: 'Test ID',
      // Payouts through the fake Stripe (payouts.spec.ts); no cool-down so one journey can choose and request.
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_API_URL: stripeUrl,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET,
      PAYOUT_COOLDOWN_HOURS: '0',
    },
  },
});
