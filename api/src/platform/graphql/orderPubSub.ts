/**
 * The request-change half of the live-update bus (REQ-CLIENT-AREA, pubsub.ts): notices
 * `{ orderId, userId | null }` (database ids, nothing else) on `<prefix>order:changed:<order id>`
 * and, for a request with a client, `<prefix>user:orders:changed:<user id>`, and subscriptions
 * that coalesce bursts per request. Either transport (in-process or Redis) carries them.
 */
import { type PubSub, Repeater } from 'graphql-yoga';
import { z } from 'zod';

/** The payload of a request-change notice (database ids): the request, and its client's account if any. */
export interface OrderChange {
  orderId: string;
  userId: string | null;
}

const orderChangeSchema = z.object({ orderId: z.string().min(1).max(200), userId: z.string().min(1).max(200).nullable() });

/** The request-change notices, on the same event target: `(key, order or user id, change)`. */
export type OrderTopics = Record<string, [id: string, payload: OrderChange]>;

/** Which request-change notices a subscription hears: one request's, or every request of one user. */
export type OrderChangeFilter = { orderId: string } | { userId: string };

/** The routing keys of request-change notices: per request and per client (`<key>:<id>`). */
export function orderChangedKeys(keyPrefix: string): { order: string; user: string } {
  return { order: `${keyPrefix}order:changed`, user: `${keyPrefix}user:orders:changed` };
}

/** The request-change half of the bus over `bus` (either transport); `report` logs a failed publish. */
export function orderChanges(bus: PubSub<OrderTopics>, keyPrefix: string, report: (error: unknown) => void) {
  const keys = orderChangedKeys(keyPrefix);
  const active = new Map<string, number>();
  return {
    publishOrderChanged(change: OrderChange) {
      try {
        bus.publish(keys.order, change.orderId, change);
        if (change.userId) bus.publish(keys.user, change.userId, change);
      } catch (error) {
        report(error);
      }
    },
    subscribeOrderChanges(filter: OrderChangeFilter) {
      const id = 'orderId' in filter ? filter.orderId : filter.userId;
      return coalescedPerOrder(bus.subscribe('orderId' in filter ? keys.order : keys.user, id), id, active);
    },
    activeOrderSubscriptions: (id?: string) => (id === undefined ? [...active.values()].reduce((a, b) => a + b, 0) : (active.get(id) ?? 0)),
  };
}

/**
 * `source` drained at once into a repeater that keeps at most one undelivered notice per request
 * (the latest), delivered oldest request first; notices that are not an `OrderChange` are dropped.
 * Counts itself in `active` under `id` while it listens.
 */
function coalescedPerOrder(source: Repeater<OrderChange>, id: string, active: Map<string, number>): Repeater<OrderChange> {
  return new Repeater<OrderChange>(async (push, stop) => {
    const pending = new Map<string, OrderChange>();
    let wake: (() => void) | undefined;
    let ended = false;
    const finish = () => {
      ended = true;
      wake?.();
    };
    void stop.then(() => {
      finish();
      void source.return();
    });
    active.set(id, (active.get(id) ?? 0) + 1);
    const feeding = (async () => {
      try {
        for await (const notice of source) {
          const parsed = orderChangeSchema.safeParse(notice);
          if (!parsed.success) continue;
          pending.delete(parsed.data.orderId);
          pending.set(parsed.data.orderId, parsed.data);
          wake?.();
        }
      } finally {
        const left = (active.get(id) ?? 1) - 1;
        if (left > 0) active.set(id, left);
        else active.delete(id);
        finish();
      }
    })();
    while (!ended) {
      const next = pending.entries().next();
      if (next.done) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      pending.delete(next.value[0]);
      await push(next.value[1]);
    }
    await feeding;
    stop();
  });
}
