/**
 * Live-update pub/sub: the change notices behind GraphQL subscriptions (`viewerUpdated`).
 *
 * One topic today, `<prefix>user:changed:<user id>` (the database id, not the global id; prefix
 * `REDIS_KEY_PREFIX`, default `studio:`), with the payload `{ "id": "<user id>" }` and nothing
 * else: a notice says only *that* a user's record changed (or was deleted). Each subscriber then
 * loads the record itself, through the normal loaders and policy, so nothing private travels
 * through the bus and every subscriber sees exactly what it may see.
 *
 * Transport (LIVE-UPDATES):
 * - without `REDIS_URL`: Yoga's `createPubSub` over an in-process EventTarget. Notices reach only
 *   subscribers of the same process — right for one server, wrong for several behind a load
 *   balancer (a change made through one process would not reach sockets held by another).
 * - with `REDIS_URL`: the same `createPubSub` over `@graphql-yoga/redis-event-target`, with two
 *   ioredis clients (a subscriber-mode connection cannot publish), so notices cross processes.
 *
 * Failure rules: publishing never throws and never rejects — the mutation that caused it has
 * already succeeded; a failure is logged and the notice is lost. During a Redis outage ioredis
 * keeps reconnecting by itself (its default back-off, up to 2 s between attempts): publishes wait
 * in its offline queue for up to 20 reconnection attempts and then fail (logged); SUBSCRIBE and
 * UNSUBSCRIBE wait until the connection is back, and channels are re-subscribed on reconnect.
 * Notices published while a subscriber's connection is down are not replayed.
 *
 * Bursts coalesce: each subscription buffers at most one undelivered notice (a sliding buffer),
 * which is enough because a notice carries no data — the subscriber reloads the current record.
 *
 * The same bus carries content-change notices for the page cache (SITE-CACHE): topic
 * `<prefix>content:changed:site`, payload a `ContentChange` (what changed: a product, a news
 * item, or everything) plus `origin`, the publishing bus's random id. They carry only public ids
 * and slugs. A payload a listener cannot read (e.g. from an older process during a rolling deploy,
 * which sent `{ "id": "site" }`) counts as `{ "kind": "all" }`, so an unknown change always
 * flushes every page. Coherence without Redis (decision 0042):
 * - the publishing process's own listeners hear a change at once, synchronously inside
 *   `publishContentChanged`, not through Redis (its echo from Redis, recognised by `origin`, is
 *   dropped), so the process that made a change never serves the old page, Redis or not;
 * - when the subscriber connection comes back after it was lost (or after Redis refused it at
 *   start), the listeners hear `{ "kind": "all" }` once Redis has answered a PING sent behind the
 *   re-subscription — any notice published after that reaches this process, and every page
 *   rendered before it is dropped, so notices lost during the outage cost nothing;
 * - the page cache's maximum age (`PAGE_CACHE_MAX_AGE_SECONDS`) bounds what is left.
 *
 * Request changes (REQ-CLIENT-AREA, `orderUpdated`): each committed change of a request (status,
 * assignee, note, message) is announced on `<prefix>order:changed:<order id>` and, when the
 * request belongs to a user, on `<prefix>user:orders:changed:<user id>`, with the payload
 * `{ "orderId": "<id>", "userId": "<id>" | null }` (database ids) and nothing else; subscribers
 * reload the request through the policy. Bursts coalesce per request: a subscription keeps at most
 * one undelivered notice for each request (a user's list hears of every request that changed).
 * A payload that is not of this shape is dropped.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type PubSub, type PubSubEventTarget, Repeater, SlidingBuffer, createPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { Redis } from 'ioredis';
import { connect, quit } from './redisClients.js';
import { z } from 'zod';
import type { Config } from '../config.js';
import { type OrderChange, type OrderChangeFilter, type OrderTopics, orderChanges } from './orderPubSub.js';

export { type OrderChange, type OrderChangeFilter, orderChangedKeys } from './orderPubSub.js';

/** The payload of a user-change notice: the database id of the user whose record changed or was deleted. */
export interface UserChange {
  id: string;
}

/**
 * What a content-change notice says changed (SITE-CACHE). The page cache maps it to the pages that
 * show it (`ssr/pageKeys.ts`); ids are database ids, slugs are product slugs.
 */
export type ContentChange =
  /** Everything, or a change the sender cannot name: every cached page goes. */
  | { kind: 'all' }
  /**
   * A product's texts (any locale). `newsIds`: the news items about it (their pages show its name);
   * `newsSlugs`: every slug those items have or had (their addresses, SITE-NEWS).
   */
  | { kind: 'product'; slug: string; newsIds: string[]; newsSlugs?: string[] | undefined }
  /**
   * A news item created, changed, (un)published or deleted. `productSlugs`: the products it is
   * about, before and after; `slugs`: every slug it has or had in any language, before and after.
   */
  | { kind: 'news'; id: string; productSlugs: string[]; slugs?: string[] | undefined };

const ids = z.array(z.string().min(1).max(200)).max(10_000);
const contentChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('product'), slug: z.string().min(1).max(200), newsIds: ids, newsSlugs: ids.optional() }),
  z.object({ kind: z.literal('news'), id: z.string().min(1).max(200), productSlugs: ids, slugs: ids.optional() }),
]);

/** A notice's payload as a `ContentChange`; anything unreadable is `{ kind: 'all' }` (flush everything). */
export function parseContentChange(payload: unknown): ContentChange {
  const parsed = contentChangeSchema.safeParse(payload);
  return parsed.success ? parsed.data : { kind: 'all' };
}

/** The routing keys and payloads of the bus, as `createPubSub` types them: `(key, userId, payload)`. */
type Topics = Record<string, [userId: string, payload: UserChange]>;
/** A content-change notice on the wire: the change and the random id of the bus that sent it. */
type ContentNotice = ContentChange & { origin?: string };
/** The content-change notices, on the same event target: `(key, 'site', notice)`. */
type ContentTopics = Record<string, [site: 'site', payload: ContentNotice]>;

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

/** The routing key of user-change notices; the topic is `<key>:<user id>`. */
export function userChangedKey(keyPrefix: string): string {
  return `${keyPrefix}user:changed`;
}

/** The routing key of content-change notices (one topic, `<key>:site`). */
export function contentChangedKey(keyPrefix: string): string {
  return `${keyPrefix}content:changed`;
}

/**
 * This process's content-change listeners. `tell` calls each one synchronously; one that throws is
 * logged and the others still hear the change.
 */
function contentListeners(log: PubSubLog) {
  const listeners = new Set<(change: ContentChange) => void>();
  return {
    listeners,
    tell(change: ContentChange): void {
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch (error) {
          log.error({ err: error }, 'page cache: a content-change listener failed');
        }
      }
    },
  };
}

/**
 * Creates the bus for `config.redis`: in-process when `url` is null, Redis otherwise. Connecting
 * to Redis happens in the background; an unreachable Redis does not fail this call or the server.
 */
export function createLivePubSub(config: Pick<Config, 'redis'>, log: PubSubLog): LivePubSub {
  const key = userChangedKey(config.redis.keyPrefix);
  const active = new Map<string, number>();
  const activeSubscriptions = (userId?: string) => (userId === undefined ? [...active.values()].reduce((a, b) => a + b, 0) : (active.get(userId) ?? 0));
  const subscribeUserChanges = (pubsub: PubSub<Topics>) => (userId: string) => coalesced(pubsub, key, userId, active);
  const ledgerKey = `${config.redis.keyPrefix}user:ledger:changed`;
  const ledgerActive = new Map<string, number>();
  const subscribeLedgerChanges = (pubsub: PubSub<Topics>) => (userId: string) => coalesced(pubsub, ledgerKey, userId, ledgerActive);
  const contentKey = contentChangedKey(config.redis.keyPrefix);
  const content = contentListeners(log);
  const listenLocally = (listener: (change: ContentChange) => void) => {
    content.listeners.add(listener);
    return () => void content.listeners.delete(listener);
  };
  if (!config.redis.url) {
    const pubsub = createPubSub<Topics>();
    const orderBus = createPubSub<OrderTopics>();
    return {
      transport: 'memory',
      ...orderChanges(orderBus, config.redis.keyPrefix, (error) => log.warn({ err: error }, 'live updates: publishing a request change failed')),
      publishUserChanged: (userId) => pubsub.publish(key, userId, { id: userId }),
      subscribeUserChanges: subscribeUserChanges(pubsub),
      publishLedgerChanged: (userId) => pubsub.publish(ledgerKey, userId, { id: userId }),
      subscribeLedgerChanges: subscribeLedgerChanges(pubsub),
      activeSubscriptions,
      // One process: its listeners are everyone (SITE-CACHE).
      publishContentChanged: (change) => content.tell(change),
      onContentChanged: listenLocally,
      close: async () => {},
    };
  }

  let closed = false;
  const publisher = connect(config.redis.url, config.redis.keyPrefix, 'publisher', { maxRetriesPerRequest: 20 }, log, () => closed);
  const report = (what: string) => (error: unknown) => {
    if (!closed) log.warn({ err: error }, `live updates: Redis ${what} failed`);
  };
  // The channels this process listens on. ioredis's own resubscription after a reconnect drops the
  // promise of its SUBSCRIBE, so a connection lost again at that moment ended in an unhandled
  // rejection ("Connection is closed"); with `autoResubscribe: false` we resubscribe ourselves.
  const channels = new Set<string>();
  // Back after a lost connection: notices may have been missed, so every cached page goes — once a
  // PING sent behind the re-SUBSCRIBE is answered, i.e. once the channels listen again
  // (decision 0042). A failed PING means the connection went again; the next return flushes.
  const resubscribeAndFlush = () => {
    if (channels.size > 0) void subscriber.subscribe(...channels).catch(report('SUBSCRIBE'));
    void subscriber.ping().then(
      () => !closed && content.tell({ kind: 'all' }),
      () => {},
    );
  };
  // SUBSCRIBE/UNSUBSCRIBE wait for the connection instead of failing after N reconnections. No
  // ready check: its INFO fails once a SUBSCRIBE issued during the handshake has put the connection
  // in subscriber mode, which dropped the connection and, after reconnecting, its channels (a
  // listener registered while the client connects never heard a notice); pub/sub commands are
  // valid while Redis loads its data, which is all the ready check waits for.
  const subscriber = connect(
    config.redis.url,
    config.redis.keyPrefix,
    'subscriber',
    { maxRetriesPerRequest: null, enableReadyCheck: false, autoResubscribe: false },
    log,
    () => closed,
    resubscribeAndFlush,
  );
  // The event target uses only these members and drops the promises they return: these adapters
  // catch them, since an unhandled rejection would end the process.
  const publishClient = {
    publish: (channel: string, message: string) => (closed ? Promise.resolve(0) : publisher.publish(channel, message).catch(report('PUBLISH'))),
  };
  const subscribeClient = {
    on: (event: 'message', listener: (channel: string, message: string) => void) => subscriber.on(event, listener),
    subscribe: (channel: string) => {
      channels.add(channel);
      return subscriber.subscribe(channel).catch(report('SUBSCRIBE'));
    },
    unsubscribe: (channel: string) => {
      channels.delete(channel);
      return closed ? Promise.resolve(0) : subscriber.unsubscribe(channel).catch(report('UNSUBSCRIBE'));
    },
  };
  const eventTarget = createRedisEventTarget({
    publishClient: publishClient as unknown as Redis,
    subscribeClient: subscribeClient as unknown as Redis,
  }) as PubSubEventTarget<Topics>;
  const pubsub = createPubSub<Topics>({ eventTarget });
  const contentBus = createPubSub<ContentTopics>({ eventTarget: eventTarget as unknown as PubSubEventTarget<ContentTopics> });
  // Notices from the other processes, for as long as this process has listeners; its own echo is dropped.
  const origin = randomUUID();
  let stopRemote: (() => void) | null = null;
  const listenRemote = () => {
    const source = contentBus.subscribe(contentKey, 'site');
    void (async () => {
      for await (const notice of source) if (notice?.origin !== origin) content.tell(parseContentChange(notice));
    })();
    return () => void source.return?.();
  };
  const orderBus = createPubSub<OrderTopics>({ eventTarget: eventTarget as unknown as PubSubEventTarget<OrderTopics> });
  return {
    transport: 'redis',
    ...orderChanges(orderBus, config.redis.keyPrefix, report('PUBLISH')),
    publishUserChanged(userId) {
      try {
        pubsub.publish(key, userId, { id: userId });
      } catch (error) {
        report('PUBLISH')(error);
      }
    },
    subscribeUserChanges: subscribeUserChanges(pubsub),
    publishLedgerChanged(userId) {
      try {
        pubsub.publish(ledgerKey, userId, { id: userId });
      } catch (error) {
        report('PUBLISH')(error);
      }
    },
    subscribeLedgerChanges: subscribeLedgerChanges(pubsub),
    activeSubscriptions,
    publishContentChanged(change) {
      content.tell(change);
      try {
        contentBus.publish(contentKey, 'site', { ...change, origin });
      } catch (error) {
        report('PUBLISH')(error);
      }
    },
    onContentChanged(listener) {
      const stop = listenLocally(listener);
      stopRemote ??= listenRemote();
      return () => {
        stop();
        if (content.listeners.size === 0) {
          stopRemote?.();
          stopRemote = null;
        }
      };
    },
    async close() {
      closed = true;
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}

/**
 * `pubsub.subscribe(key, userId)` drained at once into a repeater of its own with a sliding buffer
 * of one. (createPubSub's `repeaterBuffer` option would share one buffer object between all
 * subscriptions; and its unbuffered repeater throws after 1024 unconsumed notices.)
 */
function coalesced(pubsub: PubSub<Topics>, key: string, userId: string, active: Map<string, number>): Repeater<UserChange> {
  return new Repeater<UserChange>(async (push, stop) => {
    const source = pubsub.subscribe(key, userId);
    void stop.then(() => source.return());
    // The for-await's first next() runs the source's executor at once, which adds the listener.
    active.set(userId, (active.get(userId) ?? 0) + 1);
    try {
      for await (const change of source) void push(change);
    } finally {
      const left = (active.get(userId) ?? 1) - 1;
      if (left > 0) active.set(userId, left);
      else active.delete(userId);
    }
    stop();
  }, new SlidingBuffer(1));
}
