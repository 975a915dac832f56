/**
 * Live updates (LIVE-UPDATES): `viewerUpdated`. Every mutation that changes a user's record
 * publishes that user's id on the bus (pubsub.ts) after the change is stored; this subscription
 * listens for the viewer's own id.
 */
import { Repeater } from 'graphql-yoga';
import type { UserRow } from '../../db/types.js';
import { buildContext, servicesOf } from '../context.js';
import { unauthenticated } from '../errors.js';
import type { Viewer } from '../policy.js';
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

export const subscriptionResolvers = {
  Subscription: {
    viewerUpdated: {
      /** Refused without a bearer token: `UNAUTHENTICATED`, as every mutation (API-ERRORS). */
      subscribe(_: unknown, __: unknown, ctx: Ctx) {
        return viewerUpdates(ctx, requireViewer(ctx));
      },
      resolve: (user: UserRow) => user,
    },
  },
};
