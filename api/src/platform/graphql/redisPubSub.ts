/**
 * The Redis transport of the live-update bus (pubsub.ts, LIVE-UPDATES): Yoga's `createPubSub` over
 * `@graphql-yoga/redis-event-target`, with two ioredis clients (a subscriber-mode connection cannot
 * publish), so notices cross processes. Publishing never throws; a lost connection is re-subscribed
 * by us, and content listeners then hear `{ kind: 'all' }` (decision 0042).
 */
import { randomUUID } from 'node:crypto';
import { type PubSub, type PubSubEventTarget, createPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { Redis } from 'ioredis';
import { connect, quit } from './redisClients.js';
import { type ContentChange, ContentListeners, type ContentTopics, LiveBus, type Topics, contentChangedKey, parseContentChange } from './liveTopics.js';
import type { OrderTopics } from './orderPubSub.js';
import type { PubSubLog } from './pubsub.js';

/** The two Redis connections of one bus, and the event target over them. */
class RedisLink {
  closed = false;
  readonly publisher: Redis;
  readonly subscriber: Redis;
  readonly eventTarget: PubSubEventTarget<Topics>;
  // The channels this process listens on. ioredis's own resubscription after a reconnect drops the
  // promise of its SUBSCRIBE, so a connection lost again at that moment ended in an unhandled
  // rejection ("Connection is closed"); with `autoResubscribe: false` we resubscribe ourselves.
  private readonly channels = new Set<string>();

  /**
   * Connects in the background (an unreachable Redis fails nothing here). `listeningAgain` is called
   * each time the subscriber's channels listen again after a lost or refused connection.
   */
  constructor(
    url: string,
    keyPrefix: string,
    private readonly log: PubSubLog,
    private readonly listeningAgain: () => void,
  ) {
    this.publisher = connect(url, keyPrefix, 'publisher', { maxRetriesPerRequest: 20 }, log, () => this.closed);
    // SUBSCRIBE/UNSUBSCRIBE wait for the connection instead of failing after N reconnections. No
    // ready check: its INFO fails once a SUBSCRIBE issued during the handshake has put the connection
    // in subscriber mode, which dropped the connection and, after reconnecting, its channels (a
    // listener registered while the client connects never heard a notice); pub/sub commands are
    // valid while Redis loads its data, which is all the ready check waits for.
    this.subscriber = connect(
      url,
      keyPrefix,
      'subscriber',
      { maxRetriesPerRequest: null, enableReadyCheck: false, autoResubscribe: false },
      log,
      () => this.closed,
      () => this.resubscribe(),
    );
    this.eventTarget = this.createEventTarget();
  }

  /** A logger of a failed Redis command `what` (e.g. `PUBLISH`); silent once closed. */
  report(what: string): (error: unknown) => void {
    return (error: unknown) => {
      if (!this.closed) this.log.warn({ err: error }, `live updates: Redis ${what} failed`);
    };
  }

  /** Quits both clients (at once when Redis is unreachable). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([quit(this.publisher), quit(this.subscriber)]);
  }

  // Back after a lost connection: notices may have been missed, so every cached page goes — once a
  // PING sent behind the re-SUBSCRIBE is answered, i.e. once the channels listen again
  // (decision 0042). A failed PING means the connection went again; the next return flushes.
  private resubscribe(): void {
    if (this.channels.size > 0) void this.subscriber.subscribe(...this.channels).catch(this.report('SUBSCRIBE'));
    void this.subscriber.ping().then(
      () => !this.closed && this.listeningAgain(),
      () => {},
    );
  }

  /** The event target over the two clients. */
  private createEventTarget(): PubSubEventTarget<Topics> {
    // The event target uses only these members and drops the promises they return: these adapters
    // catch them, since an unhandled rejection would end the process.
    const publishClient = {
      publish: (channel: string, message: string) =>
        this.closed ? Promise.resolve(0) : this.publisher.publish(channel, message).catch(this.report('PUBLISH')),
    };
    const subscribeClient = {
      on: (event: 'message', listener: (channel: string, message: string) => void) => this.subscriber.on(event, listener),
      subscribe: (channel: string) => {
        this.channels.add(channel);
        return this.subscriber.subscribe(channel).catch(this.report('SUBSCRIBE'));
      },
      unsubscribe: (channel: string) => {
        this.channels.delete(channel);
        return this.closed ? Promise.resolve(0) : this.subscriber.unsubscribe(channel).catch(this.report('UNSUBSCRIBE'));
      },
    };
    return createRedisEventTarget({
      publishClient: publishClient as unknown as Redis,
      subscribeClient: subscribeClient as unknown as Redis,
    }) as PubSubEventTarget<Topics>;
  }
}

/** The bus across processes through Redis at `url` (see the module docstring and pubsub.ts). */
export class RedisLivePubSub extends LiveBus {
  readonly transport = 'redis' as const;
  private readonly link: RedisLink;
  private readonly contentBus: PubSub<ContentTopics>;
  private readonly contentKey: string;
  /** This bus's random id: its own content notices come back from Redis, and are dropped by it. */
  private readonly origin = randomUUID();
  /** Stops hearing other processes' content notices; set while this process has content listeners. */
  private stopRemote: (() => void) | null = null;

  /** Connects to `url` in the background; `keyPrefix` starts every channel; `log` hears of failures. */
  constructor(url: string, keyPrefix: string, log: PubSubLog) {
    const content = new ContentListeners(log);
    const link = new RedisLink(url, keyPrefix, log, () => content.tell({ kind: 'all' }));
    const orderBus = createPubSub<OrderTopics>({ eventTarget: link.eventTarget as unknown as PubSubEventTarget<OrderTopics> });
    super(keyPrefix, createPubSub<Topics>({ eventTarget: link.eventTarget }), orderBus, content, link.report('PUBLISH'));
    this.link = link;
    this.contentBus = createPubSub<ContentTopics>({ eventTarget: link.eventTarget as unknown as PubSubEventTarget<ContentTopics> });
    this.contentKey = contentChangedKey(keyPrefix);
  }

  /** Announces user `userId`'s change to every process; a failure is logged, never thrown. */
  publishUserChanged(userId: string): void {
    this.publish(this.userKey, userId);
  }

  /** Announces user `userId`'s ledger change to every process; a failure is logged, never thrown. */
  publishLedgerChanged(userId: string): void {
    this.publish(this.ledgerKey, userId);
  }

  /** Tells this process's listeners at once, then the others through Redis (with `origin`); never throws. */
  publishContentChanged(change: ContentChange): void {
    this.content.tell(change);
    try {
      this.contentBus.publish(this.contentKey, 'site', { ...change, origin: this.origin });
    } catch (error) {
      this.link.report('PUBLISH')(error);
    }
  }

  /** Adds `listener`, and listens to the other processes while any listener is left. Answers a function that removes it. */
  onContentChanged(listener: (change: ContentChange) => void): () => void {
    const stop = this.content.add(listener);
    this.stopRemote ??= this.listenRemote();
    return () => {
      stop();
      if (this.content.size === 0) {
        this.stopRemote?.();
        this.stopRemote = null;
      }
    };
  }

  /** Quits the Redis clients; nothing is published afterwards. */
  async close(): Promise<void> {
    await this.link.close();
  }

  private publish(key: string, userId: string): void {
    try {
      this.pubsub.publish(key, userId, { id: userId });
    } catch (error) {
      this.link.report('PUBLISH')(error);
    }
  }

  /** Notices from the other processes, for as long as this process has listeners; its own echo is dropped. */
  private listenRemote(): () => void {
    const source = this.contentBus.subscribe(this.contentKey, 'site');
    void (async () => {
      for await (const notice of source) if (notice?.origin !== this.origin) this.content.tell(parseContentChange(notice));
    })();
    return () => void source.return?.();
  }
}
