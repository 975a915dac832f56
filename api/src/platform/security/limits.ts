/**
 * The server's named rate limits beyond the per-IP limit of every /api/auth route
 * (`@fastify/rate-limit`, auth/routes.ts): each counts events per key in a fixed window with
 * rate-limiter-flexible — in Redis when `REDIS_URL` is set, so every process shares the counts,
 * with an in-memory insurance limiter while Redis is unreachable; otherwise in memory.
 * `pluginOptions` puts the per-IP /api/auth counts into the same Redis (decision 0025) through the
 * same kind of insured limiter, so a Redis outage makes each process count for itself instead of
 * letting every request through (SEC-LIMITS, decision 0042).
 *
 * | name          | key             | counts                                   | default    |
 * |---------------|-----------------|------------------------------------------|------------|
 * | order         | IP              | orders placed (orders/service.ts)        | 5 / 3600 s |
 * | passwordGuess | account (or e-mail) | wrong passwords, any operation       | 5 / 86400 s|
 * | resetIp       | IP              | password-reset requests                  | 10 / 3600 s|
 * | resetEmail    | e-mail          | password-reset requests for one address  | 3 / 3600 s |
 * | codeSend      | user id         | e-mail codes sent (verify, change)       | 3 / 900 s  |
 * | codeEntry     | user id         | codes entered (right or wrong)           | 10 / 900 s |
 * | upload        | user id         | avatar uploads                           | 20 / 3600 s|
 * | challengeOrder    | IP          | orders before a challenge is required    | 3 / 3600 s |
 * | challengeRegister | IP          | registrations before a challenge         | 3 / 3600 s |
 * | twoFactor     | user id         | authenticator / recovery codes entered (ACC-2FA) | 10 / 900 s |
 * | analyticsView | IP              | page views counted (ANALYTICS-VISITORS)  | 120 / 600 s|
 *
 * Settings: `RATE_LIMIT_<NAME>` = `<max>/<windowSeconds>`, e.g. `RATE_LIMIT_CODE_SEND=3/900`
 * (the two `challenge*` counts: `CHALLENGE_AFTER_ORDERS`, `CHALLENGE_AFTER_REGISTRATIONS`, SEC-CHALLENGE)
 * (OWASP ASVS 5.0 §6.3.1: limit automated attacks on credentials, keyed by account and address).
 *
 * `passwordGuess` is not a fixed window but a growing delay (`passwordGuesses`, decision 0030):
 * its `max` failures are free, then each further attempt must wait 1 s, 2 s, 4 s … up to
 * `PASSWORD_GUESS_MAX_DELAY_SECONDS` (60) after the one before; the failures are forgotten
 * `windowSeconds` after the first one, or at once after a right password.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.js';

export const LIMIT_NAMES = [
  'order',
  'passwordGuess',
  'resetIp',
  'resetEmail',
  'codeSend',
  'codeEntry',
  'upload',
  'challengeOrder',
  'challengeRegister',
  'twoFactor',
  'analyticsView',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** One limit: at most `max` events per key within `windowSeconds`. */
export interface LimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  /**
   * Counts one event for `key` under `name`.
   * @returns null when allowed, or the seconds until the next event would be allowed.
   */
  consume(name: LimitName, key: string): Promise<number | null>;
  /** The seconds until `key` may act again under `name` without counting anything, or null when it may now. */
  blockedFor(name: LimitName, key: string): Promise<number | null>;
  /** Forgets `key`'s count under `name` (e.g. after a successful sign-in). */
  reset(name: LimitName, key: string): Promise<void>;
  /**
   * The store options of `@fastify/rate-limit` (the per-IP limit of every /api/auth route). With
   * Redis: `insuredStore` on this module's connection, keys
   * `<REDIS_KEY_PREFIX>limit:auth-ip:<METHOD><url>:<address>`, so all processes share one count per
   * route and address, and each process counts in memory while Redis is unreachable (decision
   * 0042). Without Redis: the plugin's own in-memory store.
   */
  readonly pluginOptions: { store?: FastifyRateLimitStoreCtor };
  /**
   * Resolves true once the Redis connection is ready (at once without Redis), or false after
   * `timeoutMs` — so a server does not start counting in memory merely because it was fast.
   */
  connected(timeoutMs: number): Promise<boolean>;
  /** The growing delay of password checks per account (SEC-LIMITS passwordGuess, decision 0030). */
  readonly passwordGuesses: GuessLimiter;
  /** Takes back one event `consume` counted for `key` under `name` when the action was refused before it ran (a busy server). */
  refund(name: LimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

/** What `GuessLimiter.begin` answers: the attempt may run (with its number), or must wait. */
export type GuessTicket = { allowed: true; attempt: number; gated: boolean } | { allowed: false; retryAfterSeconds: number };

/**
 * Password attempts of one key (an account) with a growing delay (SEC-LIMITS passwordGuess,
 * decision 0030). Every attempt is counted before the password is checked, so parallel guesses
 * cannot slip past; only a right password (`succeed`) or an attempt that did not run (`withdraw`)
 * takes the count back.
 */
export interface GuessLimiter {
  /**
   * Counts one attempt for `key`. Attempts beyond the free ones take a gate held for
   * `guessDelaySeconds(attempt)`; while another attempt holds it the answer is
   * `{ allowed: false, retryAfterSeconds }` and nothing stays counted.
   */
  begin(key: string): Promise<GuessTicket>;
  /** The attempts counted for `key` in the current window (0 when none), without counting. */
  failures(key: string): Promise<number>;
  /** A right password: forgets the count and the gate of `key`. */
  succeed(key: string): Promise<void>;
  /** Takes back an attempt of `begin` that never checked the password (a busy server). */
  withdraw(key: string, ticket: GuessTicket): Promise<void>;
}

/**
 * The delay in seconds that attempt number `attempt` (1-based) of one account holds the next one
 * back: 0 for the first `free` attempts, then 1, 2, 4 … capped at `maxSeconds` (decision 0030).
 */
export function guessDelaySeconds(attempt: number, free: number, maxSeconds: number): number {
  if (attempt <= free) return 0;
  return Math.min(maxSeconds, 2 ** Math.min(30, attempt - free - 1));
}

/** Builds the limits of `config.limits`, sharing one Redis connection when Redis is configured. */
export function createRateLimits(config: Pick<Config, 'limits' | 'redis' | 'passwordGuessMaxDelaySeconds'>): RateLimits {
  const client = config.redis.url
    ? new Redis(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: `${config.redis.keyPrefix}rate-limits` })
    : null;
  client?.on('error', () => {}); // reconnects by itself; the insurance limiter covers the gap
  const build = (options: { points: number; duration: number; keyPrefix: string }): RateLimiterAbstract =>
    client ? new RateLimiterRedis({ ...options, storeClient: client, insuranceLimiter: new RateLimiterMemory(options) }) : new RateLimiterMemory(options);
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const name of LIMIT_NAMES) {
    const rule = config.limits[name];
    limiters.set(name, build({ points: rule.max, duration: rule.windowSeconds, keyPrefix: `${config.redis.keyPrefix}limit:${name}` }));
  }
  const get = (name: LimitName) => limiters.get(name)!;
  return {
    async consume(name, key) {
      try {
        await get(name).consume(key);
        return null;
      } catch (error) {
        if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw error;
      }
    },
    async blockedFor(name, key) {
      const res = await get(name).get(key);
      if (!res || res.consumedPoints < config.limits[name].max) return null;
      return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    },
    async reset(name, key) {
      await get(name).delete(key);
    },
    passwordGuesses: createGuessLimiter(config, build),
    pluginOptions: client ? { store: insuredStore(client, `${config.redis.keyPrefix}limit:auth-ip:`) } : {},
    async connected(timeoutMs) {
      if (!client || client.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(timer);
          client.off('ready', onReady);
          resolve(ok);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        client.once('ready', onReady);
      });
    },
    async refund(name, key) {
      await get(name).reward(key, 1);
    },
    async close() {
      client?.disconnect();
    },
  };
}

/** The growing delay of `passwordGuess`: a failure count per window and a gate per key (decision 0030). */
function createGuessLimiter(
  config: Pick<Config, 'limits' | 'redis' | 'passwordGuessMaxDelaySeconds'>,
  build: (options: { points: number; duration: number; keyPrefix: string }) => RateLimiterAbstract,
): GuessLimiter {
  const rule = config.limits.passwordGuess;
  const prefix = `${config.redis.keyPrefix}limit:passwordGuess`;
  // Counts only; never refuses (the gate does).
  const counts = build({ points: Number.MAX_SAFE_INTEGER, duration: rule.windowSeconds, keyPrefix: `${prefix}:count` });
  // One point per key, held for the delay of the attempt that took it (`customDuration`).
  const gate = build({ points: 1, duration: 1, keyPrefix: `${prefix}:gate` });
  return {
    async begin(key) {
      const counted = await counts.consume(key);
      const attempt = counted.consumedPoints;
      const delay = guessDelaySeconds(attempt, rule.max, config.passwordGuessMaxDelaySeconds);
      if (delay === 0) return { allowed: true, attempt, gated: false };
      try {
        await gate.consume(key, 1, { customDuration: delay });
        return { allowed: true, attempt, gated: true };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        await counts.reward(key, 1); // refused before anything was checked: not a guess
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
    },
    async failures(key) {
      return (await counts.get(key))?.consumedPoints ?? 0;
    },
    async succeed(key) {
      await Promise.all([counts.delete(key), gate.delete(key)]);
    },
    async withdraw(key, ticket) {
      if (!ticket.allowed) return;
      await counts.reward(key, 1);
      if (ticket.gated) await gate.delete(key);
    },
  };
}

/** What `@fastify/rate-limit` hands `child()`: the route's merged options (index.js `mergeParams`). */
interface RouteLimitOptions {
  routeInfo: { method: string | string[]; url: string };
}

/**
 * A store for `@fastify/rate-limit` (its `store` option) that counts in Redis through
 * rate-limiter-flexible, with a `RateLimiterMemory` as insurance limiter: while Redis is
 * unreachable (the connection has no offline queue, so a command fails at once) each process counts
 * on its own, and the plugin still refuses beyond `max` (SEC-LIMITS, decision 0042). It only counts
 * — the plugin compares `current` with `max` and answers 429 — in fixed windows of `timeWindow` ms
 * (rounded to whole seconds, at least 1) that start at a key's first request, like the plugin's own
 * stores. Keys: `<namespace><METHOD><url>:<client address>` (`namespace` ends with a colon).
 * Ignores `continueExceeding` and `exponentialBackoff`, which the site does not use.
 */
export function insuredStore(client: Redis, namespace: string): FastifyRateLimitStoreCtor {
  class InsuredStore implements FastifyRateLimitStore {
    /** One limiter per window length (a route has one). */
    private readonly limiters = new Map<number, RateLimiterRedis>();
    /** `keyPrefix` of the limiters; rate-limiter-flexible puts a colon between it and the key. */
    constructor(private readonly keyPrefix: string = namespace.replace(/:$/, '')) {}

    private limiter(timeWindowMs: number): RateLimiterRedis {
      let limiter = this.limiters.get(timeWindowMs);
      if (!limiter) {
        // Counts only: refusing is the plugin's job, so no number of points is ever "too many".
        const options = { points: Number.MAX_SAFE_INTEGER, duration: Math.max(1, Math.round(timeWindowMs / 1000)), keyPrefix: this.keyPrefix };
        limiter = new RateLimiterRedis({ ...options, storeClient: client, insuranceLimiter: new RateLimiterMemory(options) });
        this.limiters.set(timeWindowMs, limiter);
      }
      return limiter;
    }

    /** Counts one request of `key`; answers its count in the current window and the ms the window has left. */
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow = 60_000): void {
      this.limiter(timeWindow)
        .consume(key)
        .then(
          (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const { method, url } = (routeOptions as RouteLimitOptions).routeInfo;
      return new InsuredStore(`${namespace}${Array.isArray(method) ? method.join(',') : method}${url}`);
    }
  }
  // The plugin calls `new Store(globalOptions)`: the namespace's own store, whose children are the routes'.
  return class extends InsuredStore {
    constructor() {
      super();
    }
  };
}
