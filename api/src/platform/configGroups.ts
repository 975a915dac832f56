/**
 * The groups of `Config` (config.ts), each read from the parsed environment (`envSchema`,
 * settings.ts): the site, the database, sessions, serving, abuse limits, social sign-in, mail and
 * payouts. Each throws an Error naming the variable when a combination of values is wrong.
 */
import { resolve } from 'node:path';
import type { z } from 'zod';
import type { Config } from './config.js';
import { clientOf, type envSchema, parseOrigins, parseTrustProxy } from './settings.js';

/** The parsed environment: every variable of `envSchema` with its default applied. */
export type Env = z.output<typeof envSchema>;

/** Countries where Stripe Connect pays recipients (cross-border payouts); `STRIPE_COUNTRIES` overrides. */
export const DEFAULT_STRIPE_COUNTRIES = 'AT,AU,BE,BG,CA,CH,CY,CZ,DE,DK,EE,ES,FI,FR,GB,GR,HR,HU,IE,IT,JP,LI,LT,LU,LV,MT,MX,NL,NO,NZ,PL,PT,RO,SE,SG,SI,SK,US';

type SiteSettings = Pick<
  Config,
  'env' | 'host' | 'port' | 'publicUrl' | 'allowedOrigins' | 'publicWsUrl' | 'buildPollIntervalMs' | 'serviceWorker' | 'siteName'
>;

/** Where the site is served and how browsers reach it. @throws Error for a bad `ALLOWED_ORIGINS` entry. */
export function siteSettings(e: Env): SiteSettings {
  const port = e.PORT;
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
  };
}

/**
 * The database of `DATABASE_URL` (`postgres://…` or `file:<path>`), default `<dataDir>/studio.sqlite`.
 * @throws Error for any other scheme.
 */
export function databaseSettings(url: string | undefined, dataDir: string): Config['database'] {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  if (url && url.startsWith('file:')) return { kind: 'sqlite', file: resolve(url.slice(5)) };
  if (url) throw new Error(`DATABASE_URL must start with postgres:// or file: (got ${url.split(':')[0]}:…)`);
  return { kind: 'sqlite', file: resolve(dataDir, 'studio.sqlite') };
}

type SessionSettings = Pick<Config, 'trustProxy' | 'jwtSecret' | 'accessTokenTtl' | 'refreshTokenTtl' | 'refreshReuseGraceMs' | 'sessionMaxAge'>;

/** Client addresses, the signing key and token lifetimes (s; the grace in ms). @throws Error for a bad `TRUST_PROXY`. */
export function sessionSettings(e: Env): SessionSettings {
  return {
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? ''),
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL_SECONDS,
    refreshReuseGraceMs: e.REFRESH_REUSE_GRACE_MS,
    sessionMaxAge: Math.round(e.SESSION_MAX_AGE_DAYS * 86400),
  };
}

type ServingSettings = Pick<
  Config,
  | 'graphql'
  | 'rateLimit'
  | 'webDistDir'
  | 'persistedQueriesFile'
  | 'pageCacheMaxEntries'
  | 'pageCacheMaxAgeSeconds'
  | 'logLevel'
  | 'shutdownTimeoutMs'
  | 'seed'
  | 'contentDir'
>;

/** GraphQL's limits, the built files and page cache, logging, shutdown and seed content (paths resolved). */
export function servingSettings(e: Env): ServingSettings {
  return {
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
  };
}

/** The named rate limits (SEC-LIMITS), the password-guess delay (s) and the challenge (SEC-CHALLENGE). */
export function limitSettings(e: Env): Pick<Config, 'limits' | 'passwordGuessMaxDelaySeconds' | 'challenge'> {
  return {
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
  };
}

/**
 * Social sign-in's providers (AUTH-SOCIAL), null where not configured.
 * @throws Error when a provider has only one of its id and secret, or OIDC lacks one of its three.
 */
export function socialSettings(e: Env): Config['social'] {
  return {
    google: clientOf('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
    github: clientOf('GITHUB', e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET),
    yandex: clientOf('YANDEX', e.YANDEX_CLIENT_ID, e.YANDEX_CLIENT_SECRET),
    vk: clientOf('VK', e.VK_CLIENT_ID, e.VK_CLIENT_SECRET),
    oidc: oidcSettings(e),
    allowedCallbackOrigins: parseOrigins(e.ALLOWED_CALLBACK_ORIGINS, 'ALLOWED_CALLBACK_ORIGINS'),
  };
}

function oidcSettings(e: Env): Config['social']['oidc'] {
  const client = clientOf('OIDC', e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET);
  if (!client && !e.OIDC_ISSUER) return null;
  if (!client || !e.OIDC_ISSUER) throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  return { issuer: e.OIDC_ISSUER, ...client, name: e.OIDC_NAME };
}

/** Outgoing mail (MAIL-OUTBOX; attempts and backoff in ms). @throws Error when `MAIL_TRANSPORT=smtp` has no `SMTP_URL`. */
export function mailSettings(e: Env): Config['mail'] {
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) {
    throw new Error('SMTP_URL is required when MAIL_TRANSPORT=smtp (e.g. smtp://user:pass@mail.example.com:587)');
  }
  return {
    transport: e.MAIL_TRANSPORT,
    smtpUrl: e.SMTP_URL ?? null,
    from: e.MAIL_FROM ?? `"${e.SITE_NAME.replace(/["\\]/g, '\\$&')}" <no-reply@localhost>`,
    salesEmail: e.SALES_EMAIL,
    maxAttempts: e.MAIL_MAX_ATTEMPTS,
    retryBaseMs: e.MAIL_RETRY_BASE_MS,
    retryMaxMs: e.MAIL_RETRY_MAX_MS,
    smtpConnections: e.MAIL_SMTP_CONNECTIONS,
  };
}

/** Payouts: Stripe (null without `STRIPE_SECRET_KEY`), its countries, minimums (minor units) and the cool-down (ms). */
export function payoutSettings(e: Env): Config['payouts'] {
  return {
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
  };
}
