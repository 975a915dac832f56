/**
 * Live updates (LIVE-UPDATES): `viewerUpdated` and `orderUpdated`. Every mutation that changes a
 * user's record publishes that user's id on the bus (pubsub.ts) after the change is stored;
 * `viewerUpdated` listens for the viewer's own id. Every change of a request publishes the
 * request's id (and its client's); `orderUpdated` listens for one request or for the viewer's own
 * requests (REQ-CLIENT-AREA).
 */
import { Repeater } from 'graphql-yoga';
import type { OrderRow, UserRow } from '../../platform/db/types.js';
import { buildContext, servicesOf } from '../context.js';
import { forbidden, unauthenticated } from '../../platform/graphql/errors.js';
import { expectId } from '../../platform/graphql/ids.js';
import { type Viewer, canReadOrder } from '../policy.js';
import type { OrderChangeFilter } from '../../platform/graphql/pubsub.js';
import { type Ctx, requireViewer } from './common.js';

/**
 * The records of `viewer`'s user after each change notice, for `viewerUpdated`.
 *
 * For every notice (bursts coalesce into one, pubsub.ts) the subscriber's bearer token is checked
 * again, exactly as for a new operation (`buildContext`), and the record is loaded with fresh
 * loaders; the User field resolvers then apply the policy as for `viewer`. Ends:
 * - completes when the user no longer exists (deleted);
 * - (token expiry closes the whole socket with 4403, graphql/server.ts, and the client reconnects);
 * - fails with `UNAUTHENTICATED` "The access token is revoked." at the next notice after its
 *   session ended (sign-out, password change on another device, refresh-token reuse);
 * - stops listening at once when the client unsubscribes or the socket closes.
 * Nested fields run with the subscription's own context, whose viewer is the same user (the
 * token's subject never changes); they read through the services directly, so they are fresh too.
 */
function viewerUpdates(ctx: Ctx, viewer: Viewer): Repeater<UserRow> {
  const services = servicesOf(ctx);
  return new Repeater<UserRow>(async (push, stop) => {
    const changes = ctx.pubsub.subscribeUserChanges(viewer.userId);
    void stop.then(() => changes.return());
    for await (const _change of changes) {
      const fresh = await buildContext(services, ctx.bearer);
      if (typeof fresh === 'string') {
        if (await ctx.users.exists(viewer.userId)) throw unauthenticated(`The access token is ${fresh}.`);
        break;
      }
      const user = await fresh.loaders.user.load(viewer.userId);
      if (!user) break;
      await push(user);
    }
    stop();
  });
}

/**
 * The requests of `filter` after each change notice, for `orderUpdated`: one request (its client
 * or an administrator), or every request of the viewer. As `viewerUpdates`, each notice re-checks
 * the bearer token (`UNAUTHENTICATED` once its session ended) and reloads the request, which is
 * passed on only while the viewer may still read it (and, for the viewer's list, while it is
 * theirs); one request that becomes unreadable ends its subscription with `Forbidden resource`.
 * Notices coalesce per request (pubsub.ts).
 */
function orderUpdates(ctx: Ctx, viewer: Viewer, filter: OrderChangeFilter): Repeater<OrderRow> {
  const services = servicesOf(ctx);
  return new Repeater<OrderRow>(async (push, stop) => {
    const changes = ctx.pubsub.subscribeOrderChanges(filter);
    void stop.then(() => changes.return());
    for await (const change of changes) {
      const fresh = await buildContext(services, ctx.bearer);
      if (typeof fresh === 'string') {
        if (await ctx.users.exists(viewer.userId)) throw unauthenticated(`The access token is ${fresh}.`);
        break;
      }
      const order = await fresh.requests.byId(change.orderId);
      if ('orderId' in filter) {
        if (!order) break;
        if (!canReadOrder(fresh.viewer, order)) throw forbidden();
      } else if (!order || order.userId !== viewer.userId) continue;
      // The fields resolve with this subscription's long-lived context: its loaders must not
      // answer what they cached for an earlier event.
      for (const loader of Object.values(ctx.loaders)) loader.clearAll();
      await push(order);
    }
    stop();
  });
}

export const subscriptionResolvers = {
  Subscription: {
    viewerUpdated: {
      /** Refused without a bearer token: `UNAUTHENTICATED`, as every mutation (API-ERRORS). */
      subscribe(_: unknown, __: unknown, ctx: Ctx) {
        return viewerUpdates(ctx, requireViewer(ctx));
      },
      resolve: (user: UserRow) => user,
    },
    orderUpdated: {
      /** With `id`: that request, for its client or an administrator (others `Forbidden resource`); without: the viewer's own. */
      async subscribe(_: unknown, { id }: { id?: string | null }, ctx: Ctx) {
        const viewer = requireViewer(ctx);
        if (!id) return orderUpdates(ctx, viewer, { userId: viewer.userId });
        const orderId = expectId(id, 'Order', 'id');
        const order = await ctx.requests.byId(orderId);
        if (!order || !canReadOrder(ctx.viewer, order)) throw forbidden();
        return orderUpdates(ctx, viewer, { orderId });
      },
      resolve: (order: OrderRow) => order,
    },
  },
};
