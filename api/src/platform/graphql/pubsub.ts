/**
 * Live-update pub/sub: the change notices behind GraphQL subscriptions (`viewerUpdated`,
 * `orderUpdated`, `transactionsUpdated`) and the page cache's content-change notices. The topics and
 * payloads are liveTopics.ts (users, ledgers, content) and orderPubSub.ts (requests); each notice
 * says only *that* something changed, and subscribers reload it through the policy.
 *
 * Transport (LIVE-UPDATES):
 * - without `REDIS_URL`: Yoga's `createPubSub` over an in-process EventTarget. Notices reach only
 *   subscribers of the same process — right for one server, wrong for several behind a load
 *   balancer (a change made through one process would not reach sockets held by another).
 * - with `REDIS_URL`: the same `createPubSub` over `@graphql-yoga/redis-event-target`, with two
 *   ioredis clients (a subscriber-mode connection cannot publish), so notices cross processes
 *   (redisPubSub.ts).
 *
 * Failure rules: publishing never throws and never rejects — the mutation that caused it has
 * already succeeded; a failure is logged and the notice is lost. During a Redis outage ioredis
 * keeps reconnecting by itself (its default back-off, up to 2 s between attempts): publishes wait
 * in its offline queue for up to 20 reconnection attempts and then fail (logged); SUBSCRIBE and
 * UNSUBSCRIBE wait until the connection is back, and channels are re-subscribed on reconnect.
 * Notices published while a subscriber's connection is down are not replayed.
 *
 * Content changes without Redis stay coherent (SITE-CACHE, decision 0042):
 * - the publishing process's own listeners hear a change at once, synchronously inside
 *   `publishContentChanged`, not through Redis (its echo from Redis, recognised by `origin`, is
 *   dropped), so the process that made a change never serves the old page, Redis or not;
 * - when the subscriber connection comes back after it was lost (or after Redis refused it at
 *   start), the listeners hear `{ "kind": "all" }` once Redis has answered a PING sent behind the
 *   re-subscription — any notice published after that reaches this process, and every page
 *   rendered before it is dropped, so notices lost during the outage cost nothing;
 * - the page cache's maximum age (`PAGE_CACHE_MAX_AGE_SECONDS`) bounds what is left.
 *
 * Request changes (REQ-CLIENT-AREA, `orderUpdated`) are announced after each committed change of a
 * request; bursts coalesce per request (orderPubSub.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Repeater, createPubSub } from 'graphql-yoga';
import type { Config } from '../config.js';
import { type ContentChange, ContentListeners, LiveBus, type Topics, type UserChange } from './liveTopics.js';
import type { OrderChange, OrderChangeFilter, OrderTopics } from './orderPubSub.js';
import { RedisLivePubSub } from './redisPubSub.js';

export { type ContentChange, type UserChange, contentChangedKey, parseContentChange, userChangedKey } from './liveTopics.js';
export { type OrderChange, type OrderChangeFilter, orderChangedKeys } from './orderPubSub.js';

/** The log the bus reports to (Fastify's pino logger in the app). */
export type PubSubLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface LivePubSub {
  /** `memory` (in-process only) or `redis` (across processes). */
  readonly transport: 'memory' | 'redis';
  /**
   * Announces that user `userId` (database id) changed or was deleted. Returns at once; never
   * throws, and a failure to publish is logged, not raised (see the module docstring).
   */
  publishUserChanged(userId: string): void;
  /**
   * The change notices of user `userId` from now on, until the consumer calls `return()` (which
   * unsubscribes at once, also while waiting). At most one undelivered notice is kept.
   */
  subscribeUserChanges(userId: string): Repeater<UserChange>;
  /**
   * How many subscriptions of this process listen for user `userId` (or for anyone, without an
   * argument). With Redis, a channel is live on the server once Redis answers the SUBSCRIBE, which
   * may be a moment after this count rose (`PUBSUB NUMSUB <topic>` tells).
   */
  activeSubscriptions(userId?: string): number;
  /**
   * Announces that public content (products, news) changed, so every process drops the cached
   * pages that show it (SITE-CACHE): this process's listeners are called before this returns,
   * the other processes' through Redis. Never throws, like `publishUserChanged` (a listener that
   * throws is logged).
   */
  publishContentChanged(change: ContentChange): void;
  /**
   * Calls `listener` with each content-change notice: this process's at once, other processes'
   * through Redis (an unreadable payload arrives as `{ kind: 'all' }`), and `{ kind: 'all' }`
   * when the Redis subscription is back after a lost connection (decision 0042). Answers a
   * function that stops listening.
   */
  onContentChanged(listener: (change: ContentChange) => void): () => void;
  /**
   * Announces that a request changed (REQ-CLIENT-AREA), to the request's topic and its client's.
   * Call it after the change committed. Never throws, like `publishUserChanged`.
   */
  publishOrderChanged(change: OrderChange): void;
  /**
   * The change notices of one request or of every request of one user, from now on, until the
   * consumer calls `return()`. At most one undelivered notice per request is kept.
   */
  subscribeOrderChanges(filter: OrderChangeFilter): Repeater<OrderChange>;
  /** How many request-change subscriptions of this process listen (to the request or user `id`, or any). */
  activeOrderSubscriptions(id?: string): number;
  /**
   * Announces that user `userId`'s ledger changed (LEDGER-LIVE, `transactionsUpdated`), on
   * `<prefix>user:ledger:changed:<user id>` with the payload `{ "id": "<user id>" }`. Never throws.
   */
  publishLedgerChanged(userId: string): void;
  /** The ledger-change notices of user `userId`, coalesced like `subscribeUserChanges`. */
  subscribeLedgerChanges(userId: string): Repeater<UserChange>;
  /** Quits the Redis clients (at once when Redis is unreachable); nothing is published afterwards. */
  close(): Promise<void>;
}

/**
 * Creates the bus for `config.redis`: in-process when `url` is null, Redis otherwise. Connecting
 * to Redis happens in the background; an unreachable Redis does not fail this call or the server.
 */
export function createLivePubSub(config: Pick<Config, 'redis'>, log: PubSubLog): LivePubSub {
  const { url, keyPrefix } = config.redis;
  return url ? new RedisLivePubSub(url, keyPrefix, log) : new MemoryLivePubSub(keyPrefix, log);
}

/** The bus of one process (no `REDIS_URL`): its subscribers and listeners are everyone. */
export class MemoryLivePubSub extends LiveBus {
  readonly transport = 'memory' as const;

  /** @param keyPrefix starts every routing key; @param log hears of failed publishes and listeners. */
  constructor(keyPrefix: string, log: PubSubLog) {
    const orderBus = createPubSub<OrderTopics>();
    const reportOrderPublish = (error: unknown) => log.warn({ err: error }, 'live updates: publishing a request change failed');
    super(keyPrefix, createPubSub<Topics>(), orderBus, new ContentListeners(log), reportOrderPublish);
  }

  /** Announces user `userId`'s change to this process's subscribers. */
  publishUserChanged(userId: string): void {
    this.pubsub.publish(this.userKey, userId, { id: userId });
  }

  /** Announces user `userId`'s ledger change to this process's subscribers. */
  publishLedgerChanged(userId: string): void {
    this.pubsub.publish(this.ledgerKey, userId, { id: userId });
  }

  /** Tells this process's listeners, synchronously: one process, its listeners are everyone (SITE-CACHE). */
  publishContentChanged(change: ContentChange): void {
    this.content.tell(change);
  }

  /** Adds `listener`; answers a function that removes it. */
  onContentChanged(listener: (change: ContentChange) => void): () => void {
    return this.content.add(listener);
  }

  /** Nothing to close in-process. */
  async close(): Promise<void> {}
}
