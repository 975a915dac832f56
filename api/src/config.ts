/**
 * Every setting of the server, parsed once from the environment with zod (DESIGN.md §9).
 *
 * Each setting has a working default for one machine; `.env.example` and README list them.
 * `loadConfig()` throws a ZodError naming the bad variable when a value does not parse.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { LimitName, LimitRule } from './security/limits.js';

/** The repository root (two levels above `api/src` or `api/dist`). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A rate limit written `<max>/<windowSeconds>` (security/limits.ts). */
const limitRule = z
  .string()
  .regex(/^\d+\/\d+$/, 'A rate limit is written <max>/<windowSeconds>, e.g. 10/900')
  .transform((v) => {
    const [max, windowSeconds] = v.split('/').map(Number) as [number, number];
    return { max: Math.max(1, max), windowSeconds: Math.max(1, windowSeconds) };
  });

/** An optional setting where an empty value means unset. */
const optionalText = z.string().optional().transform((v) => (v ? v : undefined));

/** `ALLOWED_CALLBACK_ORIGINS`: comma-separated http(s) origins; each is normalised by the URL parser. */
function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => {
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        throw new Error(`ALLOWED_CALLBACK_ORIGINS: "${v}" is not an origin such as https://app.example.com`);
      }
      if (!/^https?:$/.test(url.protocol) || url.origin !== v.replace(/\/$/, '')) {
        throw new Error(`ALLOWED_CALLBACK_ORIGINS: "${v}" must be a bare http(s) origin such as https://app.example.com (no path)`);
      }
      return url.origin;
    });
}

/** A provider's client credentials when both are set; a half-configured provider is an error. */
function clientOf(name: string, id: string | undefined, secret: string | undefined): { clientId: string; clientSecret: string } | null {
  if (!id && !secret) return null;
  if (!id || !secret) throw new Error(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`);
  return { clientId: id, clientSecret: secret };
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  // GraphQL WebSocket endpoint for browsers: unset → `/api/graphql` on the site; `off` → no subscriptions.
  PUBLIC_WS_URL: z.string().optional(),
  BUILD_POLL_INTERVAL_MS: z.coerce.number().int().min(1000).default(600000),
  SITE_NAME: z.string().min(1).max(60).default('Studio'),
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_KEY_PREFIX: z.string().max(100).default('studio:'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(604800),
  REFRESH_REUSE_GRACE_MS: z.coerce.number().int().min(0).default(2000),
  GRAPHQL_PERSISTED_ONLY: bool.optional(),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).default(10),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(100).default(5000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(15),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60000),
  WEB_DIST_DIR: z.string().default(resolve(repoRoot, 'web', 'dist')),
  PERSISTED_QUERIES_FILE: z.string().default(resolve(repoRoot, 'web', 'persisted-queries.json')),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10000),
  SEED: bool.default(true),
  CONTENT_DIR: z.string().default(resolve(repoRoot, 'content')),
  ORDER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  ORDER_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'memory']).default('outbox'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).optional().or(z.literal('').transform(() => undefined)),
  SALES_EMAIL: z.email().default('sales@localhost'),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(1).default(5000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3600000),
  MAIL_SENDING_STALE_MS: z.coerce.number().int().min(1000).default(600000),
  UPLOADS_DIR: z.string().optional(),
  RATE_LIMIT_LOGIN_ACCOUNT: limitRule.prefault('10/900'),
  RATE_LIMIT_RESET_IP: limitRule.prefault('10/3600'),
  RATE_LIMIT_RESET_EMAIL: limitRule.prefault('3/3600'),
  RATE_LIMIT_CODE_SEND: limitRule.prefault('3/900'),
  RATE_LIMIT_CODE_ENTRY: limitRule.prefault('10/900'),
  RATE_LIMIT_UPLOAD: limitRule.prefault('20/3600'),
  // Social sign-in (issue 7): a provider is enabled when its client id and secret are set.
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  YANDEX_CLIENT_ID: optionalText,
  YANDEX_CLIENT_SECRET: optionalText,
  VK_CLIENT_ID: optionalText,
  VK_CLIENT_SECRET: optionalText,
  OIDC_ISSUER: z.url('OIDC_ISSUER must be a URL, e.g. https://id.example.com').optional().or(z.literal('').transform(() => undefined)),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: z.string().min(1).max(40).default('OpenID Connect'),
  ALLOWED_CALLBACK_ORIGINS: z.string().default(''),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The public origin of the site, e.g. `http://localhost:3000` (no trailing slash). */
  publicUrl: string;
  /** GraphQL WebSocket endpoint the browser uses (a path is relative to the page's origin); null when off. */
  publicWsUrl: string | null;
  /** How often browsers poll `/_build/latest.json` for a new deployment, in ms (10 minutes by default). */
  buildPollIntervalMs: number;
  siteName: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /**
   * Cross-process pub/sub of live updates (subscriptions, DESIGN.md §4): `url` from `REDIS_URL`
   * (null = in-process only, one server), and `keyPrefix` (`REDIS_KEY_PREFIX`, default `studio:`)
   * put before every channel name so several sites or test runs can share one Redis.
   */
  redis: { url: string | null; keyPrefix: string };
  jwtSecret: Uint8Array;
  /** Access-token lifetime in seconds (15 minutes by default, DESIGN.md §7). */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds (7 days, the token cookie's max-age in SPEC.md §9). */
  refreshTokenTtl: number;
  /** A rotated refresh token presented again within this many ms is a concurrent race, not a theft. */
  refreshReuseGraceMs: number;
  graphql: { persistedOnly: boolean; maxDepth: number; maxCost: number; maxAliases: number };
  rateLimit: { authMax: number; windowMs: number };
  webDistDir: string;
  persistedQueriesFile: string;
  pageCacheMaxEntries: number;
  logLevel: string;
  shutdownTimeoutMs: number;
  seed: boolean;
  /** Seed content (content/README.md): products and news read on start when `seed` is on. */
  contentDir: string;
  /** The named rate limits of security/limits.ts (`order` from ORDER_RATE_LIMIT_*, the others from RATE_LIMIT_<NAME>). */
  limits: Record<LimitName, LimitRule>;
  /** Where uploaded images are stored (`UPLOADS_DIR`, default `<dataDir>/uploads`). */
  uploadsDir: string;
  /**
   * Social sign-in (issue 7, api/src/auth/social): each provider's client credentials, null when
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
   * Outgoing mail (api/src/mail, DESIGN.md §9). `transport`: `outbox` writes `.eml` files into
   * `<dataDir>/outbox/` (the default), `smtp` sends through `smtpUrl`, `memory` keeps messages in
   * the process (tests). `from` is the From header (default `"<SITE_NAME>" <no-reply@localhost>`),
   * `salesEmail` receives order notifications. The worker polls the durable outbox every
   * `workerIntervalMs` ms; a failed delivery is retried after `retryBaseMs · 2^(attempt−1)` ms,
   * capped at `retryMaxMs`, up to `maxAttempts` attempts in all; a row left `sending` for
   * `sendingStaleMs` ms (a process died mid-send) is marked failed, never resent.
   */
  mail: {
    transport: 'outbox' | 'smtp' | 'memory';
    smtpUrl: string | null;
    from: string;
    salesEmail: string;
    workerIntervalMs: number;
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
    sendingStaleMs: number;
  };
}

/**
 * Reads the JWT signing secret: `JWT_SECRET` when set, otherwise a random 256-bit secret
 * generated once into `<dataDir>/jwt-secret` so tokens survive restarts.
 */
function resolveJwtSecret(explicit: string | undefined, dataDir: string): Uint8Array {
  if (explicit) return new TextEncoder().encode(explicit);
  const file = resolve(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

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
    publicWsUrl: e.PUBLIC_WS_URL === undefined || e.PUBLIC_WS_URL === '' ? '/api/graphql' : e.PUBLIC_WS_URL === 'off' ? null : e.PUBLIC_WS_URL,
    buildPollIntervalMs: e.BUILD_POLL_INTERVAL_MS,
    siteName: e.SITE_NAME,
    dataDir,
    database,
    redis: { url: e.REDIS_URL ?? null, keyPrefix: e.REDIS_KEY_PREFIX },
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, dataDir),
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL_SECONDS,
    refreshReuseGraceMs: e.REFRESH_REUSE_GRACE_MS,
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
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    seed: e.SEED,
    contentDir: resolve(e.CONTENT_DIR),
    limits: {
      order: { max: e.ORDER_RATE_LIMIT_MAX, windowSeconds: e.ORDER_RATE_LIMIT_WINDOW_SECONDS },
      loginAccount: e.RATE_LIMIT_LOGIN_ACCOUNT,
      resetIp: e.RATE_LIMIT_RESET_IP,
      resetEmail: e.RATE_LIMIT_RESET_EMAIL,
      codeSend: e.RATE_LIMIT_CODE_SEND,
      codeEntry: e.RATE_LIMIT_CODE_ENTRY,
      upload: e.RATE_LIMIT_UPLOAD,
    },
    uploadsDir: resolve(e.UPLOADS_DIR ?? resolve(dataDir, 'uploads')),
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
      allowedCallbackOrigins: parseOrigins(e.ALLOWED_CALLBACK_ORIGINS),
    },
    mail: {
      transport: e.MAIL_TRANSPORT,
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `"${e.SITE_NAME.replace(/["\\]/g, '\\$&')}" <no-reply@localhost>`,
      salesEmail: e.SALES_EMAIL,
      workerIntervalMs: e.MAIL_WORKER_INTERVAL_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryMaxMs: e.MAIL_RETRY_MAX_MS,
      sendingStaleMs: e.MAIL_SENDING_STALE_MS,
    },
  };
}
