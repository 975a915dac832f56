/**
 * Every setting of the server, parsed once from the environment with zod (the variables and
 * their rules are in settings.ts) into the typed `Config` the rest of the server reads.
 *
 * Each setting has a working default for one machine; `.env.example` and README list them.
 * `loadConfig()` throws a ZodError naming the bad variable when a value does not parse.
 */
import { resolve } from 'node:path';
import type { LimitName, LimitRule } from './security/limits.js';
import { clientOf, envSchema, parseOrigins, parseTrustProxy } from './settings.js';

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

/** Countries where Stripe Connect pays recipients (cross-border payouts); `STRIPE_COUNTRIES` overrides. */
export const DEFAULT_STRIPE_COUNTRIES = 'AT,AU,BE,BG,CA,CH,CY,CZ,DE,DK,EE,ES,FI,FR,GB,GR,HR,HU,IE,IT,JP,LI,LT,LU,LV,MT,MX,NL,NO,NZ,PL,PT,RO,SE,SG,SI,SK,US';

/**
 * Parses the settings from `env` (default `process.env`), applying defaults.
 * @throws ZodError when a variable is present but invalid.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const dataDir = resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  let database: Config['database'];
  if (url && /^postgres(ql)?:\/\//.test(url)) database = { kind: 'postgres', url };
  else if (url && url.startsWith('file:')) database = { kind: 'sqlite', file: resolve(url.slice(5)) };
  else if (url) throw new Error(`DATABASE_URL must start with postgres:// or file: (got ${url.split(':')[0]}:…)`);
  else database = { kind: 'sqlite', file: resolve(dataDir, 'studio.sqlite') };
  const port = e.PORT;
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) {
    throw new Error('SMTP_URL is required when MAIL_TRANSPORT=smtp (e.g. smtp://user:pass@mail.example.com:587)');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    allowedOrigins: parseOrigins(e.ALLOWED_ORIGINS, 'ALLOWED_ORIGINS'),
    publicWsUrl: e.PUBLIC_WS_URL === undefined || e.PUBLIC_WS_URL === '' ? '/api/graphql' : e.PUBLIC_WS_URL === 'off' ? null : e.PUBLIC_WS_URL,
    buildPollIntervalMs: e.BUILD_POLL_INTERVAL_MS,
    serviceWorker: e.SERVICE_WORKER === 'on',
    siteName: e.SITE_NAME,
    dataDir,
    database,
    migrateOnStart: e.MIGRATE_ON_START === 'on',
    redis: { url: e.REDIS_URL ?? null, keyPrefix: e.REDIS_KEY_PREFIX },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? ''),
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL_SECONDS,
    refreshReuseGraceMs: e.REFRESH_REUSE_GRACE_MS,
    sessionMaxAge: Math.round(e.SESSION_MAX_AGE_DAYS * 86400),
    graphql: {
      persistedOnly: e.GRAPHQL_PERSISTED_ONLY ?? e.NODE_ENV === 'production',
      maxDepth: e.GRAPHQL_MAX_DEPTH,
      maxCost: e.GRAPHQL_MAX_COST,
      maxAliases: e.GRAPHQL_MAX_ALIASES,
    },
    rateLimit: { authMax: e.RATE_LIMIT_AUTH_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    webDistDir: resolve(e.WEB_DIST_DIR),
    persistedQueriesFile: resolve(e.PERSISTED_QUERIES_FILE),
    pageCacheMaxEntries: e.PAGE_CACHE_MAX_ENTRIES,
    pageCacheMaxAgeSeconds: e.PAGE_CACHE_MAX_AGE_SECONDS,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    seed: e.SEED,
    contentDir: resolve(e.CONTENT_DIR),
    limits: {
      order: { max: e.ORDER_RATE_LIMIT_MAX, windowSeconds: e.ORDER_RATE_LIMIT_WINDOW_SECONDS },
      passwordGuess: e.RATE_LIMIT_PASSWORD_GUESS,
      resetIp: e.RATE_LIMIT_RESET_IP,
      resetEmail: e.RATE_LIMIT_RESET_EMAIL,
      codeSend: e.RATE_LIMIT_CODE_SEND,
      codeEntry: e.RATE_LIMIT_CODE_ENTRY,
      upload: e.RATE_LIMIT_UPLOAD,
      challengeOrder: e.CHALLENGE_AFTER_ORDERS,
      challengeRegister: e.CHALLENGE_AFTER_REGISTRATIONS,
      twoFactor: e.RATE_LIMIT_TWO_FACTOR,
      analyticsView: e.RATE_LIMIT_ANALYTICS_VIEW,
    },
    passwordGuessMaxDelaySeconds: e.PASSWORD_GUESS_MAX_DELAY_SECONDS,
    challenge: {
      cost: e.CHALLENGE_COST,
      counterMax: e.CHALLENGE_COUNTER_MAX,
      expiresSeconds: e.CHALLENGE_EXPIRES_SECONDS,
      afterPasswordFailures: e.CHALLENGE_AFTER_PASSWORD_FAILURES,
    },
    uploadsDir: resolve(e.UPLOADS_DIR ?? resolve(dataDir, 'uploads')),
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
    social: {
      google: clientOf('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      github: clientOf('GITHUB', e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET),
      yandex: clientOf('YANDEX', e.YANDEX_CLIENT_ID, e.YANDEX_CLIENT_SECRET),
      vk: clientOf('VK', e.VK_CLIENT_ID, e.VK_CLIENT_SECRET),
      oidc: (() => {
        const client = clientOf('OIDC', e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET);
        if (!client && !e.OIDC_ISSUER) return null;
        if (!client || !e.OIDC_ISSUER) throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
        return { issuer: e.OIDC_ISSUER, ...client, name: e.OIDC_NAME };
      })(),
      allowedCallbackOrigins: parseOrigins(e.ALLOWED_CALLBACK_ORIGINS, 'ALLOWED_CALLBACK_ORIGINS'),
    },
    mail: {
      transport: e.MAIL_TRANSPORT,
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `"${e.SITE_NAME.replace(/["\\]/g, '\\$&')}" <no-reply@localhost>`,
      salesEmail: e.SALES_EMAIL,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryMaxMs: e.MAIL_RETRY_MAX_MS,
      smtpConnections: e.MAIL_SMTP_CONNECTIONS,
    },
    payouts: {
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : null,
      stripeCountries: (e.STRIPE_COUNTRIES || DEFAULT_STRIPE_COUNTRIES)
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter((c) => /^[A-Z]{2}$/.test(c)),
      minimums: Object.fromEntries(
        e.PAYOUT_MINIMUM.split(',')
          .filter((p) => p.trim())
          .map((p) => {
            const [c, n] = p.trim().split(':');
            return [c!, Number(n)];
          }),
      ),
      defaultMinimum: 2000,
      cooldownMs: Math.round(e.PAYOUT_COOLDOWN_HOURS * 3_600_000),
    },
    twoFactorRecoveryDelayMs: Math.round(e.TWO_FACTOR_RECOVERY_DELAY_HOURS * 3_600_000),
    referrals: { commissionBasisPoints: Math.round(e.REFERRAL_COMMISSION_PERCENT * 100), holdMs: Math.round(e.REFERRAL_HOLD_DAYS * 86_400_000) },
    jobs: { worker: e.JOBS_WORKER === 'on', pollIntervalMs: e.JOBS_POLL_INTERVAL_MS, concurrency: e.JOBS_CONCURRENCY, leaseMs: e.JOBS_LEASE_MS },
  };
}
