/**
 * The environment variables of the server and how each is read (zod): names, types, defaults and
 * the checks that need more than a type (origins, paired client credentials). `loadConfig`
 * (config.ts) turns the parsed variables into `Config`.
 */
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CREDENTIALS_MAX_AGE, TOKEN_MAX_AGE } from '@studio/site/cookies';
import { z } from 'zod';

/** The repository root (three levels above `api/src/platform` or `api/dist/platform`). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A rate limit written `<max>/<windowSeconds>` (security/limits.ts). */
const limitRule = z
  .string()
  .regex(/^\d+\/\d+$/, 'A rate limit is written <max>/<windowSeconds>, e.g. 10/900')
  .transform((v) => {
    const [max, windowSeconds] = v.split('/').map(Number) as [number, number];
    return { max: Math.max(1, max), windowSeconds: Math.max(1, windowSeconds) };
  });

/** An optional setting where an empty value means unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * A comma-separated list of http(s) origins (`ALLOWED_CALLBACK_ORIGINS`, `ALLOWED_ORIGINS`); each is
 * normalised by the URL parser. `name` is the setting, named in the error.
 * @throws Error naming the setting and the entry that is not a bare http(s) origin.
 */
export function parseOrigins(list: string, name: string): string[] {
  return list
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => {
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        throw new Error(`${name}: "${v}" is not an origin such as https://app.example.com`);
      }
      if (!/^https?:$/.test(url.protocol) || url.origin !== v.replace(/\/$/, '')) {
        throw new Error(`${name}: "${v}" must be a bare http(s) origin such as https://app.example.com (no path)`);
      }
      return url.origin;
    });
}

/** The names proxy-addr (Fastify's `trustProxy`) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: whose X-Forwarded-For the server believes when it works out a request's client
 * address (`request.ip`, the key of every per-IP rate limit, SEC-LIMITS), passed to Fastify's
 * `trustProxy`. Empty, `false` or `0`: nobody's — the client is the peer of the TCP connection, so
 * a forged header changes nothing. A hop count `1`, `2`…: the address that many hops back from
 * the server (`1` = the one the balancer in front saw). A comma-separated list of addresses and
 * CIDR ranges (or `loopback`, `linklocal`, `uniquelocal`): only those peers are proxies.
 * `true`: every hop. A hop count or `true` trusts whoever connects, so it is safe only when
 * nothing but the balancer can reach the app's port; an address list is safe everywhere.
 * @throws Error naming TRUST_PROXY and the bad entry.
 */
export function parseTrustProxy(value: string): boolean | number | string[] {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((entry) => {
    const item = entry.trim();
    const [address = '', prefix, extra] = item.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!(PROXY_RANGE_NAMES.has(item) || (family !== 0 && prefixOk && extra === undefined))) {
      throw new Error(
        `TRUST_PROXY: "${item}" is not an address, a CIDR range (10.0.0.0/8) or loopback/linklocal/uniquelocal; use a hop count (1), a comma-separated list, true or false`,
      );
    }
    return item;
  });
}

/**
 * The `trustProxy` option of Fastify for a parsed TRUST_PROXY. Fastify 5.12 treats a bare number
 * as "trust nobody", so a hop count becomes proxy-addr's trust function: the socket peer is hop 0,
 * and the first `hops` addresses counted from it are proxies (what Express means by a number).
 */
export function fastifyTrustProxy(setting: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** A provider's client credentials when both are set; a half-configured provider is an error. */
export function clientOf(name: string, id: string | undefined, secret: string | undefined): { clientId: string; clientSecret: string } | null {
  if (!id && !secret) return null;
  if (!id || !secret) throw new Error(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`);
  return { clientId: id, clientSecret: secret };
}

/** Password hashes at once by default (SEC-HASHING): every core but one, which stays for the event loop. */
export const defaultHashConcurrency = (): number => Math.max(1, availableParallelism() - 1);

/** Every variable the server reads, with its default. */
export const envSchema = z.object({
  // Production unless told otherwise (SEC-PRODUCTION-DEFAULT): a bare `node api/dist/main.js` shows no
  // stack traces and no GraphiQL; `pnpm dev` sets development, the tests set test.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  // GraphQL WebSocket endpoint for browsers: unset → `/api/graphql` on the site; `off` → no subscriptions.
  PUBLIC_WS_URL: z.string().optional(),
  BUILD_POLL_INTERVAL_MS: z.coerce.number().int().min(1000).default(600000),
  // The service worker at /sw.js (SITE-SW): `off` serves a worker that unregisters itself instead.
  SERVICE_WORKER: z.enum(['on', 'off']).default('on'),
  SITE_NAME: z.string().min(1).max(60).default('Studio'),
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_KEY_PREFIX: z.string().max(100).default('studio:'),
  TRUST_PROXY: z.string().default(''),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  // The token lifetimes default to the lifetimes of the cookies that hold them (SESSION-COOKIES).
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(CREDENTIALS_MAX_AGE),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(TOKEN_MAX_AGE),
  REFRESH_REUSE_GRACE_MS: z.coerce.number().int().min(0).default(2000),
  // The absolute lifetime of a session, however often it is refreshed (SESSION-MAX-AGE).
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().max(3650).default(30),
  // Referral earnings (LEDGER-COMMISSION, LEDGER-HOLD): a percentage with at most two decimals, and days (decimals allowed).
  REFERRAL_COMMISSION_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), 'REFERRAL_COMMISSION_PERCENT: use at most two decimals')
    .default(10),
  REFERRAL_HOLD_DAYS: z.coerce.number().min(0).max(3650).default(30),
  // Payouts (PAYOUT-*): Stripe Connect when its key is set; minimums as `USD:2000,EUR:2000` (minor units).
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_API_URL: z
    .url('STRIPE_API_URL must be a URL, e.g. http://127.0.0.1:12111')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_COUNTRIES: z.string().default(''),
  PAYOUT_MINIMUM: z
    .string()
    .regex(/^(\s*[A-Z]{3}:\d+\s*(,|$))*$/, 'PAYOUT_MINIMUM: write CURRENCY:minor units, comma-separated, e.g. USD:2000,EUR:2000')
    .default(''),
  PAYOUT_COOLDOWN_HOURS: z.coerce.number().min(0).max(8760).default(48),
  // ACC-2FA-RECOVERY: how long after the mailed notice a lost authenticator's 2FA is removed (decimals allowed).
  TWO_FACTOR_RECOVERY_DELAY_HOURS: z.coerce.number().min(0).max(8760).default(72),
  GRAPHQL_PERSISTED_ONLY: bool.optional(),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).default(10),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(100).default(5000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60000),
  WEB_DIST_DIR: z.string().default(resolve(repoRoot, 'web', 'dist')),
  PERSISTED_QUERIES_FILE: z.string().default(resolve(repoRoot, 'web', 'persisted-queries.json')),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(1000),
  // The last safety net of page-cache coherence (decision 0042): at least a second, at most a day.
  PAGE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10000),
  SEED: bool.default(true),
  MIGRATE_ON_START: z.enum(['on', 'off']).default('on'),
  CONTENT_DIR: z.string().default(resolve(repoRoot, 'content')),
  ORDER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  ORDER_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'memory']).default('outbox'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .min(3)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SALES_EMAIL: z.email().default('sales@localhost'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(80),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3600000),
  MAIL_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  // The job queue (api/src/jobs): `off` makes a process serve requests only (others run the jobs).
  JOBS_WORKER: z.enum(['on', 'off']).default('on'),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(1).default(2000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).default(120000),
  UPLOADS_DIR: z.string().optional(),
  // SEC-LIMITS passwordGuess (decision 0030): <free failures>/<seconds the failures are remembered>,
  // then a delay doubling from 1 s up to PASSWORD_GUESS_MAX_DELAY_SECONDS between attempts.
  RATE_LIMIT_PASSWORD_GUESS: limitRule.prefault('5/86400'),
  PASSWORD_GUESS_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RATE_LIMIT_RESET_IP: limitRule.prefault('10/3600'),
  RATE_LIMIT_RESET_EMAIL: limitRule.prefault('3/3600'),
  RATE_LIMIT_CODE_SEND: limitRule.prefault('3/900'),
  RATE_LIMIT_CODE_ENTRY: limitRule.prefault('10/900'),
  RATE_LIMIT_UPLOAD: limitRule.prefault('20/3600'),
  /** Authenticator and recovery codes entered per account (sign-in and re-authentication, ACC-2FA). */
  RATE_LIMIT_TWO_FACTOR: limitRule.prefault('10/900'),
  /** Page views counted per client address (documents and beacons; ANALYTICS-VISITORS); beyond it views are answered but not counted. */
  RATE_LIMIT_ANALYTICS_VIEW: limitRule.prefault('120/600'),
  // SEC-CHALLENGE: a proof-of-work challenge is required once one address passes these counts.
  CHALLENGE_AFTER_ORDERS: limitRule.prefault('3/3600'),
  CHALLENGE_AFTER_REGISTRATIONS: limitRule.prefault('3/3600'),
  // …and on sign-in once an account has this many wrong passwords counted (decision 0030's free failures).
  CHALLENGE_AFTER_PASSWORD_FAILURES: z.coerce.number().int().min(0).max(1000).default(5),
  CHALLENGE_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  CHALLENGE_COUNTER_MAX: z.coerce.number().int().min(2).max(10_000_000).default(20000),
  CHALLENGE_EXPIRES_SECONDS: z.coerce.number().int().min(10).max(86400).default(600),
  // SEC-HASHING: argon2 jobs at once, and how many more may wait before a 429 SERVER_BUSY.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(defaultHashConcurrency),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100000).default(32),
  // Social sign-in (AUTH-SOCIAL): a provider is enabled when its client id and secret are set.
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  YANDEX_CLIENT_ID: optionalText,
  YANDEX_CLIENT_SECRET: optionalText,
  VK_CLIENT_ID: optionalText,
  VK_CLIENT_SECRET: optionalText,
  OIDC_ISSUER: z
    .url('OIDC_ISSUER must be a URL, e.g. https://id.example.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: z.string().min(1).max(40).default('OpenID Connect'),
  ALLOWED_CALLBACK_ORIGINS: z.string().default(''),
  // SEC-TRANSPORT: other front-end origins that may call /api with credentials and open the WebSocket.
  ALLOWED_ORIGINS: z.string().default(''),
});
