/**
 * The back-office's users and audit log (ADMIN-USERS, ADMIN-AUDIT, ACC-POLICY): `Query.users`,
 * `Query.auditLog`, the `AuditEntry` type, `User.activeSessionCount` and `endUserSessions`.
 * Lists and ending sessions are for administrators only; the session count also for the user
 * themselves (policy.ts). The queries are users/adminUsers.ts's and admin/audit.ts's.
 */
import DataLoader from 'dataloader';
import type { AuditLogRow, UserRow } from '../../platform/db/types.js';
import { badInput, forbidden } from '../../platform/graphql/errors.js';
import { decodeId, expectId, globalId, type NodeType } from '../../platform/graphql/ids.js';
import { canEndSessions, canListUsers, canReadAuditLog, canReadSessionCount } from '../policy.js';
import { type ConnectionArgs, type Ctx, auditActor, connection, loadUser, page, requireViewer, searchArg, userOrForbidden } from './common.js';

/** Rows per page when `first` is not given. */
const DEFAULT_PAGE = 20;

/** The viewer, who must be an administrator for `allowed`. @throws UNAUTHENTICATED without a token, FORBIDDEN otherwise. */
function requireAllowed(ctx: Ctx, allowed: (viewer: Ctx['viewer']) => boolean) {
  const viewer = requireViewer(ctx);
  if (!allowed(viewer)) throw forbidden();
  return viewer;
}

/** The request's batch loader of live-session counts (one query for a page of users), kept per request. */
const sessionCountLoaders = new WeakMap<object, DataLoader<string, number>>();
function sessionCounts(ctx: Ctx): DataLoader<string, number> {
  let loader = sessionCountLoaders.get(ctx.loaders);
  if (!loader) {
    loader = new DataLoader<string, number>((ids) => ctx.adminUsers.activeSessionCounts(ids));
    sessionCountLoaders.set(ctx.loaders, loader);
  }
  return loader;
}

export const adminResolvers = {
  Query: {
    async users(_: unknown, args: ConnectionArgs & { search?: string | null; role?: string | null }, ctx: Ctx) {
      requireAllowed(ctx, canListUsers);
      const slice = page(args, DEFAULT_PAGE);
      const filters = { ...slice, search: searchArg(args.search), role: args.role ?? undefined };
      return connection(await ctx.adminUsers.page(filters), args, slice);
    },

    async auditLog(_: unknown, args: ConnectionArgs & { targetId?: string | null; actorId?: string | null; search?: string | null }, ctx: Ctx) {
      requireAllowed(ctx, canReadAuditLog);
      const slice = page(args, DEFAULT_PAGE);
      let targetId: string | undefined;
      if (args.targetId) {
        const decoded = decodeId(args.targetId);
        if (!decoded) throw badInput('targetId: not a valid id', 'targetId');
        targetId = decoded.id;
      }
      const actorId = args.actorId ? expectId(args.actorId, 'User', 'actorId') : undefined;
      const filters = { ...slice, search: searchArg(args.search), ...(targetId ? { targetId } : {}), ...(actorId ? { actorId } : {}) };
      return connection(await ctx.audit.page(filters), args, slice);
    },
  },
  User: {
    /** The count only, never the devices: administrators do not see where a person signs in (SESSION-DEVICES). */
    async activeSessionCount(user: UserRow, _: unknown, ctx: Ctx) {
      if (!canReadSessionCount(ctx.viewer, user.id)) throw forbidden();
      return sessionCounts(ctx).load(user.id);
    },
  },
  AuditEntry: {
    id: (e: AuditLogRow) => globalId('AuditEntry', e.id),
    actor: (e: AuditLogRow, _: unknown, ctx: Ctx) => loadUser(ctx, e.actorId),
    /** The target's global id of its type (the object may no longer exist). */
    targetId: (e: AuditLogRow) => globalId(e.targetType as NodeType, e.targetId),
  },
  Mutation: {
    async endUserSessions(_: unknown, { id }: { id: string }, ctx: Ctx) {
      requireAllowed(ctx, canEndSessions);
      const actor = await auditActor(ctx);
      const user = await userOrForbidden(ctx, expectId(id, 'User', 'id'));
      const endedCount = await ctx.adminUsers.endSessions(user, actor);
      return { endedCount, user };
    },
  },
};
