/**
 * Sessions the user controls (SESSION-DEVICES, ACC-POLICY): `User.sessions`, the `Session` type and
 * the mutations `revokeSession` / `revokeOtherSessions`. Only the user themselves may list or sign
 * out their sessions — administrators included, anyone else gets `Forbidden resource`
 * (`canManageSessions`, policy.ts). The rules and queries are auth/sessionList.ts's.
 */
import type { SessionRow, UserRow } from '../../platform/db/types.js';
import { deviceLabel } from '../../platform/http/device.js';
import { forbidden } from '../../platform/graphql/errors.js';
import { expectId, globalId } from '../../platform/graphql/ids.js';
import { canManageSessions } from '../policy.js';
import { type ConnectionArgs, type Ctx, connection, page, requireViewer, userOrForbidden } from './common.js';

/** Sessions per page when `first` is not given. */
const DEFAULT_SESSIONS_PAGE = 20;

export const sessionResolvers = {
  User: {
    async sessions(user: UserRow, args: ConnectionArgs, ctx: Ctx) {
      if (!canManageSessions(ctx.viewer, user.id)) throw forbidden();
      const slice = page(args, DEFAULT_SESSIONS_PAGE);
      return connection(await ctx.sessionList.live(user.id, slice), args, slice);
    },
  },
  Session: {
    id: (s: SessionRow) => globalId('Session', s.id),
    deviceLabel: (s: SessionRow) => deviceLabel(s.userAgent),
    network: (s: SessionRow) => s.network,
    created: (s: SessionRow) => s.created,
    lastUsed: (s: SessionRow) => s.lastUsed,
    current: (s: SessionRow, _: unknown, ctx: Ctx) => s.id === ctx.viewer?.sessionId,
  },
  Mutation: {
    async revokeSession(_: unknown, { id }: { id: string }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const sessionId = expectId(id, 'Session', 'id');
      // Another user's session and an unknown id answer alike, so ids cannot be probed.
      if (!(await ctx.sessionList.revoke(viewer.userId, sessionId))) throw forbidden();
      await ctx.security.record(viewer, 'SESSION_ENDED', sessionId === viewer.sessionId ? 'this device' : 'one device'); // ACC-TIMELINE
      return { revokedSessionId: globalId('Session', sessionId), current: sessionId === viewer.sessionId, user: await userOrForbidden(ctx, viewer.userId) };
    },

    async revokeOtherSessions(_: unknown, __: unknown, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const revokedCount = await ctx.sessionList.revokeOthers(viewer.userId, viewer.sessionId);
      if (revokedCount > 0) await ctx.security.record(viewer, 'SESSION_ENDED', 'all other devices'); // ACC-TIMELINE
      return { revokedCount, user: await userOrForbidden(ctx, viewer.userId) };
    },
  },
};
