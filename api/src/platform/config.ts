/**
 * Every setting of the server, parsed once from the environment with zod (the variables and
 * their rules are in settings.ts) into the typed `Config` the rest of the server reads.
 *
 * Each setting has a working default for one machine; `.env.example` and README list them.
 * `loadConfig()` throws a ZodError naming the bad variable when a value does not parse.
 */
import { resolve } from 'node:path';
import {
  databaseSettings,
  limitSettings,
  mailSettings,
  payoutSettings,
  servingSettings,
  sessionSettings,
  siteSettings,
  socialSettings,
} from './configGroups.js';
import type { LimitName, LimitRule } from './security/limits.js';
import { envSchema } from './settings.js';

export { DEFAULT_STRIPE_COUNTRIES } from './configGroups.js';
export { repoRoot } from './settings.js';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The public origin of the site, e.g. `http://localhost:3000` (no trailing slash). */
  publicUrl: string;
  /**
   * Origins besides `publicUrl`'s that may call `/api` cross-origin with credentials (CORS) and open
   * the GraphQL WebSocket (`ALLOWED_ORIGINS`, SEC-TRANSPORT); normalised, without trailing slash.
   */
  allowedOrigins: string[];
  /** GraphQL WebSocket endpoint the browser uses (a path is relative to the page's origin); null when off. */
  publicWsUrl: string | null;
  /** How often browsers poll `/_build/latest.json` for a new deployment, in ms (10 minutes by default). */
  buildPollIntervalMs: number;
  /** Whether `/sw.js` is the site's service worker (`SERVICE_WORKER=on`, default) or the self-unregistering kill switch (`off`), SITE-SW. */
  serviceWorker: boolean;
  siteName: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /**
   * Whether start applies pending migrations (`MIGRATE_ON_START=on`, the default for one process)
   * or refuses to start while one is pending (`off`: `pnpm db:migrate` is a deployment step of its
   * own, decision 0043). Either way a database migrated by a newer build is served.
   */
  migrateOnStart: boolean;
  /**
   * Cross-process pub/sub of live updates (subscriptions, LIVE-UPDATES): `url` from `REDIS_URL`
   * (null = in-process only, one server), and `keyPrefix` (`REDIS_KEY_PREFIX`, default `studio:`)
   * put before every channel name so several sites or test runs can share one Redis.
   */
  redis: { url: string | null; keyPrefix: string };
  /**
   * Whose X-Forwarded-For gives the client address (`TRUST_PROXY`, settings.ts `parseTrustProxy`):
   * false (default: the TCP peer), a hop count, a list of proxy addresses/CIDRs, or true (any).
   */
  trustProxy: boolean | number | string[];
  /**
   * The HMAC key of access tokens, e-mail codes and the social secret box: `JWT_SECRET`'s bytes.
   * When JWT_SECRET is unset, `loadConfig` leaves it EMPTY and `buildApp` fills it in from the
   * database (security/signingSecret.ts, shared by every process) before any service is built;
   * read it from `App.config`, never from an unbuilt config.
   */
  jwtSecret: Uint8Array;
  /** Access-token lifetime in seconds (15 minutes by default, SESSION-TOKENS). */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds (7 days by default, the token cookie's max-age, SESSION-COOKIES). */
  refreshTokenTtl: number;
  /** A rotated refresh token presented again within this many ms is a concurrent race, not a theft. */
  refreshReuseGraceMs: number;
  /**
   * The absolute lifetime of a session in seconds, from its sign-in however often it is refreshed
   * (`SESSION_MAX_AGE_DAYS`, 30 days by default; SESSION-MAX-AGE, decision 0026).
   */
  sessionMaxAge: number;
  graphql: { persistedOnly: boolean; maxDepth: number; maxCost: number; maxAliases: number };
  rateLimit: { authMax: number; windowMs: number };
  webDistDir: string;
  persistedQueriesFile: string;
  pageCacheMaxEntries: number;
  /** How long a cached page is served at most, in seconds (`PAGE_CACHE_MAX_AGE_SECONDS`, 300; SITE-CACHE, decision 0042). */
  pageCacheMaxAgeSeconds: number;
  logLevel: string;
  shutdownTimeoutMs: number;
  seed: boolean;
  /** Seed content (content/README.md): products and news read on start when `seed` is on. */
  contentDir: string;
  /** The named rate limits of security/limits.ts (`order` from ORDER_RATE_LIMIT_*, the others from RATE_LIMIT_<NAME>). */
  limits: Record<LimitName, LimitRule>;
  /** The longest growing delay between two password attempts of one account, in seconds (SEC-LIMITS passwordGuess, decision 0030). */
  passwordGuessMaxDelaySeconds: number;
  /**
   * The proof-of-work challenge (SEC-CHALLENGE, security/challenge.ts): PBKDF2 iterations per try
   * (`CHALLENGE_COST`), the largest secret counter a solver searches up to (`CHALLENGE_COUNTER_MAX`;
   * the counter is drawn from its upper half) and the seconds a challenge stays valid.
   */
  challenge: { cost: number; counterMax: number; expiresSeconds: number; afterPasswordFailures: number };
  /**
   * Where earlier versions stored uploaded images (`UPLOADS_DIR`, default `<dataDir>/uploads`);
   * images are kept in the database now, and files found here are copied into it on start.
   */
  uploadsDir: string;
  /** Argon2 jobs at once and jobs waiting beyond them (SEC-HASHING; `PASSWORD_HASH_CONCURRENCY`, `PASSWORD_HASH_QUEUE`). */
  passwordHashing: { concurrency: number; queue: number };
  /**
   * Social sign-in (AUTH-SOCIAL, api/src/auth/social): each provider's client credentials, null when
   * not configured (then it is not offered). `oidc` is a generic OpenID Connect provider found by
   * discovery at `issuer` and shown as `name`. `allowedCallbackOrigins` are the origins besides
   * `publicUrl` that a social sign-in may return to (`ALLOWED_CALLBACK_ORIGINS`).
   */
  social: {
    google: { clientId: string; clientSecret: string } | null;
    github: { clientId: string; clientSecret: string } | null;
    yandex: { clientId: string; clientSecret: string } | null;
    vk: { clientId: string; clientSecret: string } | null;
    oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
    allowedCallbackOrigins: string[];
  };
  /**
   * Outgoing mail (api/src/mail, MAIL-OUTBOX). `transport`: `outbox` writes `.eml` files into
   * `<dataDir>/outbox/` (the default), `smtp` sends through `smtpUrl`, `memory` keeps messages in
   * the process (tests). `from` is the From header (default `"<SITE_NAME>" <no-reply@localhost>`),
   * `salesEmail` receives order notifications. Each mail is a job of the queue (`jobs`): a failed
   * delivery is retried after `retryBaseMs · 2^(attempt−1)` ms, capped at `retryMaxMs`, up to
   * `maxAttempts` attempts in all (about three days by default). `smtpConnections` SMTP connections
   * are pooled.
   */
  mail: {
    transport: 'outbox' | 'smtp' | 'memory';
    smtpUrl: string | null;
    from: string;
    salesEmail: string;
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
    smtpConnections: number;
  };
  /**
   * The job queue (api/src/jobs, decision 0022): whether this process runs jobs (`JOBS_WORKER`),
   * how often an idle worker polls (ms), jobs at once per process, and the lease (visibility
   * timeout, ms) after which a job whose process died runs again.
   */
  jobs: { worker: boolean; pollIntervalMs: number; concurrency: number; leaseMs: number };
  /** Referral earnings (ledger/referrals.ts): the commission in basis points (`REFERRAL_COMMISSION_PERCENT` × 100) and the hold in ms (`REFERRAL_HOLD_DAYS`). */
  referrals: { commissionBasisPoints: number; holdMs: number };
  /**
   * Payouts (api/src/payouts): Stripe Connect (null without `STRIPE_SECRET_KEY`: the STRIPE method
   * is not offered), the countries Stripe pays out to, the smallest payout per currency in minor
   * units (`default` for currencies not named) and the cool-down after a security change, in ms.
   */
  payouts: {
    stripe: { secretKey: string; webhookSecret: string | null; connectWebhookSecret: string | null; apiUrl: string | null } | null;
    stripeCountries: string[];
    minimums: Record<string, number>;
    defaultMinimum: number;
    cooldownMs: number;
  };
  /**
   * How long after it was asked for (and mailed) an e-mail recovery of a lost authenticator removes
   * two-factor authentication, in ms (`TWO_FACTOR_RECOVERY_DELAY_HOURS`, 72; ACC-2FA-RECOVERY, decision 0047).
   */
  twoFactorRecoveryDelayMs: number;
}

/**
 * Parses the settings from `env` (default `process.env`), applying defaults; each group is read by
 * configGroups.ts, in the order of `Config`.
 * @throws ZodError when a variable is present but invalid; Error for a wrong combination
 *   (`DATABASE_URL`'s scheme, `SMTP_URL` missing, a half-configured social provider, bad origins).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const dataDir = resolve(e.DATA_DIR);
  const database = databaseSettings(e.DATABASE_URL, dataDir);
  const mail = mailSettings(e);
  return {
    ...siteSettings(e),
    dataDir,
    database,
    migrateOnStart: e.MIGRATE_ON_START === 'on',
    redis: { url: e.REDIS_URL ?? null, keyPrefix: e.REDIS_KEY_PREFIX },
    ...sessionSettings(e),
    ...servingSettings(e),
    ...limitSettings(e),
    uploadsDir: resolve(e.UPLOADS_DIR ?? resolve(dataDir, 'uploads')),
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
    social: socialSettings(e),
    mail,
    payouts: payoutSettings(e),
    twoFactorRecoveryDelayMs: Math.round(e.TWO_FACTOR_RECOVERY_DELAY_HOURS * 3_600_000),
    referrals: { commissionBasisPoints: Math.round(e.REFERRAL_COMMISSION_PERCENT * 100), holdMs: Math.round(e.REFERRAL_HOLD_DAYS * 86_400_000) },
    jobs: { worker: e.JOBS_WORKER === 'on', pollIntervalMs: e.JOBS_POLL_INTERVAL_MS, concurrency: e.JOBS_CONCURRENCY, leaseMs: e.JOBS_LEASE_MS },
  };
}
