/**
 * `node(id)` (Relay's object identification): any object by its global id (ids.ts), or null for
 * an unknown id and for another user's private object (ACC-POLICY), so ids cannot be probed.
 */
import type { SessionRow } from '../../db/types.js';
import { decodeId } from '../ids.js';
import { canManageSessions, canReadPrivate, isAdmin } from '../policy.js';
import { type Ctx, loadUser } from './common.js';

/** `row` typed as `type` for `Node.__resolveType`, or null. */
function typed<T extends object>(type: string, row: T | null | undefined) {
  return row ? { ...row, __typename: type } : null;
}

/** `row` when it is a live (not revoked) session of the viewer (SESSION-DEVICES), else null. */
function liveOwnSession(ctx: Ctx, row: SessionRow | undefined): SessionRow | null {
  return row && row.revokedAt === null && canManageSessions(ctx.viewer, row.userId) ? row : null;
}

export const nodeResolvers = {
  Node: {
    __resolveType: (obj: { __typename?: string }) => obj.__typename ?? null,
  },
  Query: {
    async node(_: unknown, { id }: { id: string }, ctx: Ctx) {
      const decoded = decodeId(id);
      if (!decoded) return null;
      const own = <T extends { userId: string }>(row: T | undefined) => (row && canReadPrivate(ctx.viewer, row.userId) ? row : null);
      switch (decoded.type) {
        case 'User':
          return typed('User', await loadUser(ctx, decoded.id));
        case 'Product':
          return typed('Product', await ctx.products.byId(decoded.id));
        case 'Image':
          return typed('Image', own(await ctx.users.image(decoded.id)));
        case 'ServiceAccount':
          return typed('ServiceAccount', own(await ctx.linkedAccounts.byId(decoded.id)));
        case 'NewsItem':
          return typed('NewsItem', await ctx.news.byId(decoded.id, isAdmin(ctx.viewer)));
        case 'ReferralCode':
          return typed('ReferralCode', own(await ctx.users.referralCode(decoded.id)));
        case 'Session':
          return typed('Session', liveOwnSession(ctx, await ctx.sessionList.byId(decoded.id)));
      }
    },
  },
};
