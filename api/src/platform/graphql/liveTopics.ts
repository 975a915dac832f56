/**
 * The topics and payloads of the live-update bus (pubsub.ts), and what both of its transports share:
 * coalescing subscriptions, their counts, and this process's content-change listeners.
 *
 * User changes (`viewerUpdated`): topic `<prefix>user:changed:<user id>` (the database id, not the
 * global id; prefix `REDIS_KEY_PREFIX`, default `studio:`), with the payload `{ "id": "<user id>" }`
 * and nothing else: a notice says only *that* a user's record changed (or was deleted). Each
 * subscriber then loads the record itself, through the normal loaders and policy, so nothing private
 * travels through the bus and every subscriber sees exactly what it may see. Ledger changes
 * (LEDGER-LIVE) are the same on `<prefix>user:ledger:changed:<user id>`.
 *
 * Bursts coalesce: each subscription buffers at most one undelivered notice (a sliding buffer),
 * which is enough because a notice carries no data — the subscriber reloads the current record.
 *
 * Content changes (SITE-CACHE): topic `<prefix>content:changed:site`, payload a `ContentChange`
 * (what changed: a product, a news item, or everything) plus `origin`, the publishing bus's random
 * id. They carry only public ids and slugs. A payload a listener cannot read (e.g. from an older
 * process during a rolling deploy, which sent `{ "id": "site" }`) counts as `{ "kind": "all" }`, so
 * an unknown change always flushes every page.
 *
 * Request changes (REQ-CLIENT-AREA) are orderPubSub.ts.
 */
import { type PubSub, Repeater, SlidingBuffer } from 'graphql-yoga';
import { z } from 'zod';
import { type OrderChange, type OrderChangeFilter, type OrderTopics, orderChanges } from './orderPubSub.js';
import type { LivePubSub, PubSubLog } from './pubsub.js';

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
export type Topics = Record<string, [userId: string, payload: UserChange]>;
/** A content-change notice on the wire: the change and the random id of the bus that sent it. */
export type ContentNotice = ContentChange & { origin?: string };
/** The content-change notices, on the same event target: `(key, 'site', notice)`. */
export type ContentTopics = Record<string, [site: 'site', payload: ContentNotice]>;

/** The routing key of user-change notices; the topic is `<key>:<user id>`. */
export function userChangedKey(keyPrefix: string): string {
  return `${keyPrefix}user:changed`;
}

/** The routing key of ledger-change notices (LEDGER-LIVE); the topic is `<key>:<user id>`. */
export function ledgerChangedKey(keyPrefix: string): string {
  return `${keyPrefix}user:ledger:changed`;
}

/** The routing key of content-change notices (one topic, `<key>:site`). */
export function contentChangedKey(keyPrefix: string): string {
  return `${keyPrefix}content:changed`;
}

/**
 * This process's content-change listeners. `tell` calls each one synchronously; one that throws is
 * logged and the others still hear the change.
 */
export class ContentListeners {
  private readonly listeners = new Set<(change: ContentChange) => void>();

  /** @param log hears of a listener that threw. */
  constructor(private readonly log: PubSubLog) {}

  /** How many listeners there are. */
  get size(): number {
    return this.listeners.size;
  }

  /** Adds `listener`; answers a function that removes it. */
  add(listener: (change: ContentChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Calls every listener with `change`, in the order they were added; never throws. */
  tell(change: ContentChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.log.error({ err: error }, 'page cache: a content-change listener failed');
      }
    }
  }
}

/**
 * What both transports share over their buses: the user, ledger and request subscriptions with
 * their counts, and the content listeners. A transport adds how notices are published and closed.
 */
export abstract class LiveBus implements LivePubSub {
  abstract readonly transport: 'memory' | 'redis';
  protected readonly userKey: string;
  protected readonly ledgerKey: string;
  private readonly active = new Map<string, number>();
  private readonly ledgerActive = new Map<string, number>();
  private readonly orders: ReturnType<typeof orderChanges>;

  /**
   * @param pubsub the user and ledger notices' bus; @param orderBus the request notices' bus.
   * @param content this process's content listeners. @param reportOrderPublish logs a failed request publish.
   */
  constructor(
    keyPrefix: string,
    protected readonly pubsub: PubSub<Topics>,
    orderBus: PubSub<OrderTopics>,
    protected readonly content: ContentListeners,
    reportOrderPublish: (error: unknown) => void,
  ) {
    this.userKey = userChangedKey(keyPrefix);
    this.ledgerKey = ledgerChangedKey(keyPrefix);
    this.orders = orderChanges(orderBus, keyPrefix, reportOrderPublish);
  }

  abstract publishUserChanged(userId: string): void;
  abstract publishLedgerChanged(userId: string): void;
  abstract publishContentChanged(change: ContentChange): void;
  abstract onContentChanged(listener: (change: ContentChange) => void): () => void;
  abstract close(): Promise<void>;

  /** User `userId`'s change notices from now on, at most one undelivered (see LivePubSub). */
  subscribeUserChanges(userId: string): Repeater<UserChange> {
    return coalesced(this.pubsub, this.userKey, userId, this.active);
  }

  /** User `userId`'s ledger-change notices from now on, at most one undelivered. */
  subscribeLedgerChanges(userId: string): Repeater<UserChange> {
    return coalesced(this.pubsub, this.ledgerKey, userId, this.ledgerActive);
  }

  /** This process's user-change subscriptions to `userId`, or to anyone without an argument. */
  activeSubscriptions(userId?: string): number {
    return userId === undefined ? [...this.active.values()].reduce((a, b) => a + b, 0) : (this.active.get(userId) ?? 0);
  }

  /** Announces a committed request change to the request's and its client's topics; never throws. */
  publishOrderChanged(change: OrderChange): void {
    this.orders.publishOrderChanged(change);
  }

  /** One request's or one user's request-change notices from now on, coalesced per request. */
  subscribeOrderChanges(filter: OrderChangeFilter): Repeater<OrderChange> {
    return this.orders.subscribeOrderChanges(filter);
  }

  /** This process's request-change subscriptions to the request or user `id`, or to any. */
  activeOrderSubscriptions(id?: string): number {
    return this.orders.activeOrderSubscriptions(id);
  }
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
