/**
 * `node(id)` (Relay's object identification): any object by its global id (ids.ts), or null for
 * an unknown id and for another user's private object (ACC-POLICY), so ids cannot be probed.
 */
import type { SessionRow } from '../../platform/db/types.js';
import { decodeId } from '../../platform/graphql/ids.js';
import { canManageSessions, canReadOrder, canReadPrivate, isAdmin } from '../policy.js';
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
        case 'Passkey': {
          const rows = ctx.viewer ? await ctx.security.passkeys.list(ctx.viewer.userId) : [];
          return typed(
            'Passkey',
            rows.find((p) => p.id === decoded.id),
          );
        }
        case 'SecurityEvent': {
          const row = await ctx.security.timeline.byId(decoded.id);
          return typed('SecurityEvent', row && canManageSessions(ctx.viewer, row.userId) ? row : null);
        }
        case 'Session':
          return typed('Session', liveOwnSession(ctx, await ctx.sessionList.byId(decoded.id)));
        case 'Order': {
          // Its client and administrators (REQ-CLIENT-AREA); null for anyone else.
          const order = await ctx.requests.byId(decoded.id);
          return typed('Order', order && canReadOrder(ctx.viewer, order) ? order : null);
        }
        case 'Payout': {
          // Its user and administrators (ACC-POLICY).
          const payout = await ctx.payouts.byId(decoded.id);
          return typed('Payout', payout && (isAdmin(ctx.viewer) || (payout.userId !== null && canReadPrivate(ctx.viewer, payout.userId))) ? payout : null);
        }
        case 'LedgerTransaction':
          // The viewer's own movements only (ACC-POLICY).
          return typed('LedgerTransaction', ctx.viewer ? await ctx.ledger.movement(ctx.viewer.userId, decoded.id) : null);
        case 'OrderMessage':
        case 'OrderNote': {
          // A message: as its request; a note: administrators only (REQ-MESSAGES).
          const message = await ctx.requests.message(decoded.id);
          const isNote = decoded.type === 'OrderNote';
          if (!message || (message.internal === 1) !== isNote) return null;
          const order = await ctx.requests.byId(message.orderId);
          const allowed = isNote ? isAdmin(ctx.viewer) : !!order && canReadOrder(ctx.viewer, order);
          return typed(decoded.type, allowed ? message : null);
        }
      }
    },
  },
};
