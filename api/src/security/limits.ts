/**
 * The server's named rate limits beyond the per-IP limit of every /api/auth route
 * (`@fastify/rate-limit`, auth/routes.ts): each counts events per key in a fixed window with
 * rate-limiter-flexible — in Redis when `REDIS_URL` is set, so every process shares the counts,
 * with an in-memory insurance limiter while Redis is unreachable; otherwise in memory.
 * `pluginOptions` puts the per-IP /api/auth counts into the same Redis (decision 0025).
 *
 * | name          | key             | counts                                   | default    |
 * |---------------|-----------------|------------------------------------------|------------|
 * | order         | IP              | orders placed (orders/service.ts)        | 5 / 3600 s |
 * | loginAccount  | e-mail          | failed sign-ins of one account           | 10 / 900 s |
 * | resetIp       | IP              | password-reset requests                  | 10 / 3600 s|
 * | resetEmail    | e-mail          | password-reset requests for one address  | 3 / 3600 s |
 * | codeSend      | user id         | e-mail codes sent (verify, change)       | 3 / 900 s  |
 * | codeEntry     | user id         | codes entered (right or wrong)           | 10 / 900 s |
 * | upload        | user id         | avatar uploads                           | 20 / 3600 s|
 * | challengeOrder    | IP          | orders before a challenge is required    | 3 / 3600 s |
 * | challengeRegister | IP          | registrations before a challenge         | 3 / 3600 s |
 *
 * Settings: `RATE_LIMIT_<NAME>` = `<max>/<windowSeconds>`, e.g. `RATE_LIMIT_LOGIN_ACCOUNT=10/900`
 * (the two `challenge*` counts: `CHALLENGE_AFTER_ORDERS`, `CHALLENGE_AFTER_REGISTRATIONS`, SEC-CHALLENGE)
 * (OWASP ASVS 5.0 §6.3.1: limit automated attacks on credentials, keyed by account and address).
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.js';

export const LIMIT_NAMES = ['order', 'loginAccount', 'resetIp', 'resetEmail', 'codeSend', 'codeEntry', 'upload', 'challengeOrder', 'challengeRegister'] as const;
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
   * Redis: this module's connection and the key prefix `<REDIS_KEY_PREFIX>limit:auth-ip:`, so all
   * processes share one count per route and address; `skipOnError` lets requests through while
   * Redis is unreachable (the per-account limits still count, in memory). Without Redis: in memory.
   */
  readonly pluginOptions: { redis?: Redis; nameSpace?: string; skipOnError?: boolean };
  /**
   * Resolves true once the Redis connection is ready (at once without Redis), or false after
   * `timeoutMs` — so a server does not start counting in memory merely because it was fast.
   */
  connected(timeoutMs: number): Promise<boolean>;
  /** Takes back one event `consume` counted for `key` under `name` when the action was refused before it ran (a busy server). */
  refund(name: LimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

/** Builds the limits of `config.limits`, sharing one Redis connection when Redis is configured. */
export function createRateLimits(config: Pick<Config, 'limits' | 'redis'>): RateLimits {
  const client = config.redis.url
    ? new Redis(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: `${config.redis.keyPrefix}rate-limits` })
    : null;
  client?.on('error', () => {}); // reconnects by itself; the insurance limiter covers the gap
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const name of LIMIT_NAMES) {
    const rule = config.limits[name];
    const options = { points: rule.max, duration: rule.windowSeconds, keyPrefix: `${config.redis.keyPrefix}limit:${name}` };
    limiters.set(name, client ? new RateLimiterRedis({ ...options, storeClient: client, insuranceLimiter: new RateLimiterMemory(options) }) : new RateLimiterMemory(options));
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
    pluginOptions: client ? { redis: client, nameSpace: `${config.redis.keyPrefix}limit:auth-ip:`, skipOnError: true } : {},
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
